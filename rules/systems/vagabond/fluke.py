"""`fluke`: 1 Luck rerolls a die of the Hero's previous LINE, which resolves again (seed 000).

000:L39: "Fluke — reroll a die you rolled, before it resolves": any die of the previous LINE,
the d20 when no word picks another. The replaying is the shared `rules.systems.reroll`.
"""

from __future__ import annotations

from rules.campaign import Character
from rules.errors import RuleError, UsageError, register_usage
from rules.exact import Odds
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.systems.protocol import Context
from rules.systems.reroll import Picker, Previous, Rule, Thrown, listed, pick_words, reroll_odds
from rules.systems.reroll import reroll as replay

FLUKE_USAGE = "fluke [d6|d20|damage|favor|hinder|N] (no word: the d20)"
register_usage("vagabond", FLUKE_USAGE)


def pay_luck(ctx: Context, who: Character) -> list[Change]:
    """A Fluke costs 1 Luck."""
    have = ctx.system.pool_value(who, ctx.system.pool("luck", who))
    if have < 1:
        raise RuleError(f"{who.name} has no Luck to spend")
    return [Change(who.name, "luck", have, have - 1, "fluke")]


FLUKE = Rule("Fluke", "fluke", "fluke", pay_luck,
             "{name}'s only Luck came from that roll, and a Fluke rerolls before the roll"
             " resolves")


def the_d20(prev: Previous, dice: tuple[Thrown, ...], who: str) -> int:
    """The d20 a Fluke rerolls by default: the Check's, else the LINE's last d20 (0-based)."""
    index = prev.fields.get("check_die")
    if isinstance(index, int) and not isinstance(index, bool):
        return index
    d20s = [t.number - 1 for t in dice if t.die == "d20"]
    if not d20s:
        raise RuleError(f"{who}'s previous LINE ({prev.input!r}) rolled no d20 to reroll")
    return d20s[-1]


def fluke_pick(ctx: Context, line: syntax.CommandLine) -> Picker:
    """The die a `fluke` LINE's words pick: one die, the d20 when no word is given."""
    words = ctx.input.strip().partition(" ")[2].strip()

    def pick(prev: Previous, dice: tuple[Thrown, ...]) -> frozenset[int]:
        if not line.args:
            return frozenset({the_d20(prev, dice, ctx.active.name)})
        found = pick_words(line, dice, "fluke")
        if not found:
            raise UsageError(f"fluke {words}: no die of {prev.input!r} fits (its dice:"
                             f" {listed(dice) or 'none'})")
        if len(found) > 1:
            raise UsageError(f"fluke {words}: {len(found)} dice fit and a Fluke rerolls one;"
                             f" say which by its place (fluke {found[0].number}): {listed(found)}")
        return frozenset({found[0].number - 1})

    return pick


def fluke(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """Spend 1 Luck, reroll one die of the previous LINE (the d20 unless words pick another),
    and resolve that LINE again."""
    return replay(ctx, FLUKE, fluke_pick(ctx, line))


def fluke_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """`odds fluke …`: the previous LINE's odds with that die rerolled (nothing is spent)."""
    return reroll_odds(ctx, FLUKE, fluke_pick(ctx, line))
