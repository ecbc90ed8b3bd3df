"""Tiers levels, bought with Destiny (seed 003, Destiny).

003, Destiny: "Destiny is spent in downtime (Part 8): gaining a level costs at least 1, and Destiny
buys bonuses to the Adventure roll. You do not have to spend it unless you are gaining a level. It
resets to 0 when you gain a level, not when downtime ends." How much more than 1 a level costs is
OPEN (Part 8 is not in the excerpt): the LINE's `cost N` or the sheet's `level_cost` says it. What
a level brings besides (a Tier among it) is not in the excerpt either: a level changes no Tier.
"""

from __future__ import annotations

from rules.errors import RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.systems.protocol import Context
from rules.systems.tiers.pools import pool_of, refuse_dead
from rules.systems.tiers.recovery import IN_COMBAT
from rules.systems.tiers.vocabulary import read_words

LEVEL_USAGE = "level up [cost N] (a level costs at least 1 Destiny; Destiny then resets to 0)"
register_usage("tiers", LEVEL_USAGE)
COST_FIELD = "level_cost"
"""The sheet's field for what a level costs in Destiny (OPEN in the excerpt)."""
FIRST_LEVEL = 1
"""A sheet without `level` counts from Level 1."""

COST_OPEN = ("a level costs at least 1 Destiny, and how much more is OPEN (not in the excerpt):"
             " say it (level up cost 1) or add level_cost = N to the sheet")


def level_cost(ctx: Context, given: int | None) -> int:
    """What this level costs: the LINE's `cost N`, else the sheet's `level_cost` (UsageError
    asking for it when neither says; below 1 is refused: "costs at least 1")."""
    cost = given
    if cost is None:
        stored = ctx.active.field(COST_FIELD)
        cost = stored if isinstance(stored, int) and not isinstance(stored, bool) else None
    if cost is None:
        raise UsageError(f"level up: {COST_OPEN}")
    if cost < 1:
        raise UsageError(f"level up: cost {cost}: gaining a level costs at least 1 Destiny")
    return cost


def level(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`level up [cost N]`: +1 level for at least 1 Destiny; Destiny then resets to 0."""
    words = read_words(line, LEVEL_USAGE, numbers=("cost",), flags=("up",))
    if not words.has("up"):
        raise UsageError(f"level: {LEVEL_USAGE}")
    who = ctx.active
    refuse_dead(who)
    destiny = pool_of(ctx, who, "destiny")
    if destiny < 1:  # 003, Destiny: "gaining a level costs at least 1"
        raise RuleError(f"{who.name} has 0 Destiny: gaining a level costs at least 1 (earned"
                        " Fate left unspent becomes Destiny at a Rest); nothing changed")
    if IN_COMBAT in who.flags:  # 003, Destiny: "Destiny is spent in downtime"
        raise RuleError(f"{who.name} is in combat: Destiny is spent in downtime (combat end"
                        " first); nothing changed")
    cost = level_cost(ctx, words.number("cost"))
    if cost > destiny:
        raise RuleError(f"{who.name} has {destiny} Destiny; this level costs {cost}; nothing"
                        " changed")
    now = who.field("level", FIRST_LEVEL)
    now = now if isinstance(now, int) and not isinstance(now, bool) else FIRST_LEVEL
    changes = (
        Change(who.name, "level", now, now + 1, "level up", "field"),
        # 003, Destiny: "It resets to 0 when you gain a level": what the cost leaves goes too
        Change(who.name, "destiny", destiny, 0, f"level up: {cost} spent, Destiny resets to 0"),
    )
    notes = ("the excerpt does not say what a level brings: a level changes no Tier",)
    return ctx.resolution("level", f"{ctx.input.strip()} → Level {now + 1}", total=now + 1,
                          changes=changes, notes=notes)
