"""Tiers d20 rolls against a DC: saves, disruption checks, and initiative (seed 003).

Save: "Roll d20 + the save stat's die + your Fate die + your Tier, plus any bonus, against the DC
… A total equal to the DC passes." Disruption check: "d20 + relevant stat die + Tier vs DC (by
declaration tier)". The DC tables are not in the excerpt: `dc N` is required.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.dice.results import all_dice
from rules.errors import UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Resolution
from rules.roll_parts import dice_parts
from rules.said import said, said_outcome
from rules.systems.protocol import Context
from rules.systems.tiers.pools import refuse_dead
from rules.systems.tiers.sheet import ADDS_TIER_TO_SAVES, kind_of, title
from rules.systems.tiers.vocabulary import (
    Edge,
    StatDie,
    d20_expr,
    die_of,
    edge_of,
    read_words,
    tier_of,
)

SAVE_USAGE = "save STAT dc N [adv|dis] [bonus B] (inline: sense=d6 fate=d8 tier=2)"
DISRUPT_USAGE = "disrupt STAT dc N [adv|dis] (inline: mind=d6 tier=2)"
register_usage("tiers", SAVE_USAGE, DISRUPT_USAGE)
STAMINA_NOTE = ("failed: spend Stamina equal to the declaration's tier to maintain it"
                " (spend stamina T), or lose it")


@dataclass(frozen=True, slots=True)
class D20Plan:
    """A d20 roll ready to throw or to price: the d20 (advantage), stat dice, flat adds, DC."""

    kind: str
    stat: str
    edge: Edge
    dice: tuple[tuple[str, StatDie], ...]  # (why, die), thrown in this order after the d20
    tier: int
    bonus: int
    dc: int
    notes: tuple[str, ...] = ()
    adds_tier: bool = True

    @property
    def flat(self) -> int:
        return (self.tier if self.adds_tier else 0) + self.bonus

    def expr(self) -> syntax.Expr:
        """The roll as a dice expression, for its exact odds."""
        node: syntax.Expr = d20_expr(self.edge)
        for _, die in self.dice:
            if die.none:
                continue
            term = syntax.Dice(1, die.die)
            node = syntax.BinOp("+", node, term) if die.sign > 0 else syntax.BinOp("-", node, term)
        return syntax.BinOp("+", node, syntax.Num(self.flat)) if self.flat else node


def _dc(words_dc: int | None, command: str, usage: str) -> int:
    if words_dc is None:
        raise UsageError(
            f"{command} needs the DC: dc N (the rules text's DC tables are not in the excerpt:"
            f" the GM names it) ({usage})"
        )
    return words_dc


def no_fate_dice(line: syntax.CommandLine) -> None:
    """`fate K` buys dice on a check only (003: "Fate buys no dice for a save, but 1 Fate point
    rerolls its d20"): a d20 LINE's `fate K` says so, not merely that the word is unknown."""
    args = line.args
    for word, after in zip(args, args[1:], strict=False):
        if isinstance(word, syntax.Word) and word.text.lower() == "fate" \
                and isinstance(after, syntax.ExprArg) and after.as_int() is not None:
            raise UsageError(f"{line.word}: Fate buys no dice for a d20 roll (only on a check);"
                             " 1 Fate rerolls its d20 afterwards: fate reroll")


def plan_save(ctx: Context, line: syntax.CommandLine) -> D20Plan:
    """`save STAT dc N [adv|dis] [bonus B]`: d20 + stat die + Fate die + Tier (+ bonus)."""
    no_fate_dice(line)
    words = read_words(line, SAVE_USAGE, numbers=("dc", "bonus"), flags=("adv", "dis"), stat=True)
    if words.stat is None:
        raise UsageError(f"save needs the save's stat: {SAVE_USAGE}")
    stat = words.stat
    dc = _dc(words.number("dc"), "save", SAVE_USAGE)
    who = ctx.table.active
    # "On a Fate save you roll the Fate die once as the save stat; it is not added twice"
    dice = [(f"the {title(stat)} die", die_of(stat, words, who))]
    if stat != "fate":
        dice.append(("the Fate die", die_of("fate", words, who)))
    edge, notes = edge_of(words, who)
    adds_tier = kind_of(who) in ADDS_TIER_TO_SAVES
    tier = tier_of(words, who) if adds_tier else 0
    if not adds_tier:
        notes += (f"a {kind_of(who)} adds no Tier to a save (player characters and Minors do)",)
    return D20Plan("save", stat, edge, tuple(dice), tier, words.number("bonus") or 0, dc, notes,
                   adds_tier)


def plan_disrupt(ctx: Context, line: syntax.CommandLine) -> D20Plan:
    """`disrupt STAT dc N [adv|dis]`: d20 + stat die + Tier vs the declaration's DC."""
    no_fate_dice(line)
    words = read_words(line, DISRUPT_USAGE, numbers=("dc",), flags=("adv", "dis"), stat=True)
    if words.stat is None:
        raise UsageError(f"disrupt needs the relevant stat: {DISRUPT_USAGE}")
    stat = words.stat
    dc = _dc(words.number("dc"), "disrupt", DISRUPT_USAGE)
    who = ctx.table.active
    edge, notes = edge_of(words, who)
    dice = ((f"the {title(stat)} die", die_of(stat, words, who)),)
    return D20Plan("disruption", stat, edge, dice, tier_of(words, who), 0, dc, notes)


def _signed_face(face: int, die: StatDie) -> str:
    return f"-{face}" if die.sign < 0 else f"+{face}"


def roll_plan(ctx: Context, plan: D20Plan) -> Resolution:
    """Throw the d20 (both at advantage), then each stat die, and compare with the DC."""
    if ctx.table.active is not None:
        refuse_dead(ctx.table.active)
    roll = ctx.roller.roll(d20_expr(plan.edge), why=f"the {title(plan.stat)} {plan.kind}")
    d20 = roll.total
    text = said(str(d20)) if plan.edge is None else dice_parts(all_dice(roll.tree))
    total = d20 + plan.flat
    faces: list[int] = []
    for why, die in plan.dice:
        if die.none:
            continue
        face, _ = ctx.roller.throw(die.die, why)
        faces.append(die.sign * face)
        total += die.sign * face
        text += _signed_face(face, die)
    text += (f"+{plan.tier}" if plan.adds_tier else "") + (f"{plan.bonus:+d}" if plan.bonus else "")
    outcome = "pass" if total >= plan.dc else "fail"
    notes = plan.notes
    if outcome == "fail" and plan.kind == "disruption":
        notes += (STAMINA_NOTE,)
    summary = f"{ctx.input.strip()} → " + text + f" = {total} vs {plan.dc}" + said_outcome(outcome)
    extra = (("stat", plan.stat), ("d20", d20), ("stat_dice", faces), ("tier", plan.tier),
             ("bonus", plan.bonus), ("edge", plan.edge))  # fmt: skip
    return ctx.resolution(plan.kind, summary, total=total, target=plan.dc, outcome=outcome,
                          notes=notes, extra=extra)


def save(ctx: Context, line: syntax.CommandLine) -> Resolution:
    return roll_plan(ctx, plan_save(ctx, line))


def disrupt(ctx: Context, line: syntax.CommandLine) -> Resolution:
    return roll_plan(ctx, plan_disrupt(ctx, line))


def initiative(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`initiative`: d8 + Mind die (seed 003, Quick Reference), rerolled every round."""
    words = read_words(line, "initiative (inline: mind=d6)")
    die = die_of("mind", words, ctx.table.active)
    d8, _ = ctx.roller.throw(syntax.std_die(8), "initiative")
    total, text = d8, str(d8)
    if not die.none:
        face, _ = ctx.roller.throw(die.die, "the Mind die")
        total += die.sign * face
        text += _signed_face(face, die)
        text += f" = {total}"
    return ctx.resolution("initiative", f"{ctx.input.strip()} → {text}", total=total,
                          notes=("initiative is rerolled at the end of each round",))
