"""Tiers' Fate reroll: 1 Fate rerolls the d20 of the previous LINE, the other dice stand (003).

003:L228: "1 Fate point rerolls any d20 you roll, and the new roll stands, with the same modifiers
and nothing added. It works on attack rolls, saves, ability tests, disruption checks and injury
rolls. Only the d20 is rolled again, and the other dice you rolled stand. At advantage or
disadvantage you roll both d20s again … You can pay again to reroll the new roll." 003:L230:
"Only player characters have Fate points". The replaying is the shared `rules.systems.reroll`.
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
from rules.systems.tiers.pools import spend_fate

FATE_USAGE = "fate reroll [injury] (1 Fate: the d20 of your previous LINE; both at adv/dis)"
register_usage("tiers", FATE_USAGE)


def pay_fate(ctx: Context, who: Character) -> list[Change]:
    """A reroll costs 1 Fate, session Fate first; only player characters have Fate (003:L230)."""
    changes, _ = spend_fate(ctx, who, 1, "fate reroll")
    return changes


FATE_REROLL = Rule("Fate reroll", "fate reroll", "reroll", pay_fate,
                   "{name}'s only Fate came from that roll, and a reroll comes before it stands")


def the_d20s(who: Character, prev: Previous, dice: tuple[Thrown, ...],
             line: syntax.CommandLine) -> frozenset[int]:
    """The d20 (both at advantage or disadvantage) the words pick: the LINE's first d20 roll,
    or its injury roll with `injury`."""
    d20s = [t for t in pick_words(line, dice, "fate reroll") if t.die == "d20"]
    if not d20s:
        shown = listed(dice) or "none"
        raise RuleError(f"{who.name}'s previous LINE ({prev.input!r}) rolled no d20 to reroll"
                        f" (its dice: {shown})")
    purpose = d20s[0].why
    if purpose == "injury roll":
        owners = {c.character for c in prev.effects if c.pool == "wounds"}
        if owners and owners != {who.name}:
            raise RuleError(f"that injury roll is {', '.join(sorted(map(str, owners)))}'s: only"
                            " the one who rolls a d20 can pay Fate to reroll it")
    return frozenset(t.number - 1 for t in d20s if t.why == purpose)


def reroll_words(line: syntax.CommandLine) -> syntax.CommandLine:
    """`fate reroll [injury]` as `reroll [injury]`; UsageError for any other `fate` words."""
    if line.word == "reroll":
        return line
    args = line.args
    if not args or not isinstance(args[0], syntax.Word) or args[0].text.lower() != "reroll":
        raise UsageError(f"fate: {FATE_USAGE}; Fate is spent with spend fate K, check … fate K"
                         " and recover stamina N")
    return syntax.CommandLine("reroll", args[1:])


def fate_pick(ctx: Context, line: syntax.CommandLine) -> Picker:
    """The d20s a `fate reroll` / `reroll` LINE picks."""
    line = reroll_words(line)
    for arg in line.args:
        if not isinstance(arg, syntax.Word) or arg.text.lower() != "injury":
            raise UsageError(f"fate reroll: unknown word '{arg}' ({FATE_USAGE})")
    who = ctx.active
    return lambda prev, dice: the_d20s(who, prev, dice, line)


def fate(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`fate reroll [injury]` (or `reroll`): spend 1 Fate, reroll the previous LINE's d20, and
    resolve that LINE again."""
    return replay(ctx, FATE_REROLL, fate_pick(ctx, line))


def fate_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    """`odds fate reroll`: the previous LINE's odds with its d20 rerolled (nothing is spent)."""
    return reroll_odds(ctx, FATE_REROLL, fate_pick(ctx, line))
