"""Tiers recovery and upkeep: Recovery trades, Rest, days, sessions, combat's Vigor, Fate words.

Seed 003: "Spend resources to patch up: 1 Fate: Recover 1 Stamina; 2 Stamina: Restore 1 Vitality;
1 Stamina: Reduce Attunement by 1 (Druid)" (a Druid's sheet keeps the pool: [pools] attunement).
A Rest restores ALL Vitality and ALL Stamina, removes exhaustion, turns unspent earned Fate into
Destiny, and (under a healer) closes one light wound; it closes no wound by itself; it requires "No
more than one Rest a day" (the party's day moves on with `day new`). Vigor is full
at the start of a fight and moves by the Heart modifier at the start of each of your turns.
"""

from __future__ import annotations

from rules.campaign import Character
from rules.errors import RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.systems.pools import pool_gain, pool_spend
from rules.systems.protocol import Context
from rules.systems.tiers.pools import (
    SESSION_FATE,
    Fate,
    fate_of,
    max_of,
    moved,
    pool_of,
    refuse_dead,
    some,
    spend_fate,
    to_full,
)
from rules.systems.tiers.rest_day import RESTED
from rules.systems.tiers.sheet import NPC_REGAIN, PLAYER, heart_modifier, kind_of
from rules.systems.tiers.vocabulary import read_words

IN_COMBAT = "in-combat"
"""The flag `combat` sets and `combat end` (or a Rest) clears: Vigor moves only in a fight."""

RECOVER_USAGE = ("recover [stamina N] [vitality N] [attunement N] (1 Fate → 1 Stamina, 2 Stamina"
                 " → 1 Vitality, 1 Stamina → 1 less Attunement)")
register_usage("tiers", RECOVER_USAGE)
ATTUNEMENT = "attunement"
"""A Druid's Attunement (003, Recovery: "1 Stamina: Reduce Attunement by 1 (Druid)"), kept on the
sheet's [pools]: its size and what raises it are not in the excerpt."""


def _room(ctx: Context, who: Character, pool: str, now: int, more: int, cost: str) -> None:
    top = max_of(ctx, who, pool)
    if top is not None and now + more > top:
        raise RuleError(
            f"{who.name} has {now} of {top} {pool.title()}: {cost} would buy past the maximum;"
            " nothing changed"
        )


def recover(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`recover [stamina N] [vitality N] [attunement N]`: Fate buys Stamina first, then Stamina
    buys Vitality, then a Druid's Attunement down."""
    words = read_words(line, RECOVER_USAGE, numbers=("stamina", "vitality", ATTUNEMENT))
    buy_stamina, buy_vitality = words.number("stamina") or 0, words.number("vitality") or 0
    calm = words.number(ATTUNEMENT) or 0
    if min(buy_stamina, buy_vitality, calm) < 0 or not (buy_stamina or buy_vitality or calm):
        raise UsageError(f"recover needs what to buy: {RECOVER_USAGE}")
    who = ctx.active
    refuse_dead(who)
    changes: list[Change] = []
    stamina = pool_of(ctx, who, "stamina")
    shown: list[str] = []
    if buy_stamina:
        _room(ctx, who, "stamina", stamina, buy_stamina, f"{buy_stamina} Fate")
        spent, _ = spend_fate(ctx, who, buy_stamina, "recover")
        changes += spent
        changes.append(Change(who.name, "stamina", stamina, stamina + buy_stamina, "recover"))
        stamina += buy_stamina
    if buy_vitality:
        cost = 2 * buy_vitality
        if cost > stamina:
            raise RuleError(f"{who.name} has {stamina} Stamina; {buy_vitality} Vitality costs"
                            f" {cost}; nothing changed")
        vitality = pool_of(ctx, who, "vitality")
        _room(ctx, who, "vitality", vitality, buy_vitality, f"{cost} Stamina")
        changes.append(Change(who.name, "stamina", stamina, stamina - cost, "recover"))
        changes.append(Change(who.name, "vitality", vitality, vitality + buy_vitality, "recover"))
        stamina -= cost
        shown.append(f"Vitality {vitality + buy_vitality}")
    if calm:
        changes += _calmed(who, stamina, calm)
        stamina -= calm
        shown.append(f"Attunement {who.pools[ATTUNEMENT] - calm}")
    shown.insert(0, f"Stamina {stamina}")
    return ctx.resolution("pool", f"{ctx.input.strip()} → {', '.join(shown)}",
                          changes=tuple(changes))


def _calmed(who: Character, stamina: int, calm: int) -> list[Change]:
    """1 Stamina for each point of Attunement reduced (RuleError when it cannot be paid)."""
    attunement = who.pools.get(ATTUNEMENT)
    if not isinstance(attunement, int) or isinstance(attunement, bool):
        raise UsageError(f"{who.name} has no Attunement (a Druid's): add [pools] attunement = N"
                         " to the sheet")
    if calm > attunement:
        raise RuleError(f"{who.name} has {attunement} Attunement; cannot reduce it by {calm};"
                        " nothing changed")
    if calm > stamina:
        raise RuleError(f"{who.name} has {stamina} Stamina; {calm} less Attunement costs {calm};"
                        " nothing changed")
    return [Change(who.name, "stamina", stamina, stamina - calm, "recover"),
            Change(who.name, ATTUNEMENT, attunement, attunement - calm, "recover")]


def rest(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`rest [healer]`: Vitality and Stamina full, exhaustion gone, earned Fate → Destiny."""
    words = read_words(line, "rest [healer]", flags=("healer",))
    who = ctx.active
    refuse_dead(who)
    if RESTED in who.flags:  # seed 003, Rest, Requires: "No more than one Rest a day"
        raise RuleError(f"{who.name} has had a Rest today (no more than one Rest a day; day new"
                        " starts the next day); nothing changed")
    changes = list(some(to_full(ctx, who, "vitality", "rest"), to_full(ctx, who, "stamina", "rest")))
    if "exhausted" in who.flags:
        changes.append(Change(who.name, "exhausted", True, False, "rest", "flag"))
    if IN_COMBAT in who.flags:
        changes.append(Change(who.name, IN_COMBAT, True, False, "rest", "flag"))
    earned = pool_of(ctx, who, "earned")
    if earned:
        destiny = pool_of(ctx, who, "destiny")
        changes.append(Change(who.name, "earned", earned, 0, "rest: becomes Destiny"))
        changes.append(Change(who.name, "destiny", destiny, destiny + earned, "rest"))
    notes = ["a Rest by itself closes no wound; Vigor refills at the start of a fight (combat)"]
    if words.has("healer"):
        closed, _ = moved(ctx, who, "wounds", 1, "a healer closes a light wound")
        if closed is None:
            notes.append(f"{who.name} carries no wound to close")
        else:
            changes.append(closed)
            notes[0] = "a healer closes one light wound (Severity 1 or 2) over a Rest"
    summary = f"{who.name} rests" + ("" if changes else ": nothing to restore")
    changes.append(Change(who.name, RESTED, False, True, "rest", "flag"))
    return ctx.resolution("rest", summary, changes=tuple(changes), notes=tuple(notes))


def session(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`session new`: every Tiers character's session Fate back to 3 (what was left is gone)."""
    if [str(a).lower() for a in line.args] not in ([], ["new"]):
        raise UsageError("session new: a new session, session Fate back to 3 for everyone")
    changes = []
    for who in sorted(ctx.table.characters.values(), key=lambda c: c.name.lower()):
        if who.system != ctx.system.id or "dead" in who.flags:
            continue
        now = pool_of(ctx, who, "fate")
        if now != SESSION_FATE:
            changes.append(Change(who.name, "fate", now, SESSION_FATE, "new session"))
    summary = f"{ctx.input.strip()} → session Fate {SESSION_FATE} for every character"
    return ctx.resolution("session", summary, changes=tuple(changes))


def combat(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`combat`: the fight starts, Vigor full (seed 003: "Start every combat with full Vigor");
    `combat end`: the fight is over, and Vigor no longer moves at the start of turns."""
    words = read_words(line, "combat [end]", flags=("end",))
    who = ctx.active
    refuse_dead(who)
    if words.has("end"):
        if IN_COMBAT not in who.flags:
            raise RuleError(f"{who.name} is in no combat: nothing to end")
        return ctx.resolution("pool", f"{ctx.input.strip()} → out of combat",
                              changes=(Change(who.name, IN_COMBAT, True, False, "combat end",
                                              "flag"),))
    change = to_full(ctx, who, "vigor", "combat")
    top = max_of(ctx, who, "vigor")
    started = () if IN_COMBAT in who.flags else (
        Change(who.name, IN_COMBAT, False, True, "combat", "flag"),)
    return ctx.resolution("pool", f"{ctx.input.strip()} → Vigor {top}",
                          changes=(*some(change), *started))


def turn_delta(kind: str, heart: int) -> int:
    """Vigor at the start of a turn (003:L120–122): a player character regains the Heart
    modifier (loses 1 when negative); a Major or Sovereign regains or loses 1 by its sign;
    Minors and retainers do not regenerate."""
    if kind == PLAYER:
        return heart if heart > 0 else -1 if heart < 0 else 0
    if kind in NPC_REGAIN:
        return (heart > 0) - (heart < 0)
    return 0


def turn(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`turn`: the start of your turn in combat: Vigor moves by the Heart modifier (seed 003,
    Vigor Generation); refused outside combat, where nothing drains (003:L121)."""
    read_words(line, "turn")
    who = ctx.active
    refuse_dead(who)
    if IN_COMBAT not in who.flags:
        raise RuleError(f"{who.name} is in no combat: Vigor moves only at the start of turns in"
                        " combat, and outside combat nothing drains (start one with `combat`)")
    kind = kind_of(who)
    notes: tuple[str, ...] = ()
    if kind not in (PLAYER, *NPC_REGAIN):
        delta = 0
        notes = (f"{who.name} is a {kind}: Minors and retainers do not regenerate",)
    else:
        heart = heart_modifier(who)
        if heart is None:
            raise UsageError(f"{who.name} has no Heart: add [stats] heart = N (or [mods]"
                             " heart = N)")
        delta = turn_delta(kind, heart)
    change, after = moved(ctx, who, "vigor", delta, "turn")
    if not change:
        notes += (f"{who.name} · Vigor stays {after}",)
    return ctx.resolution("pool", f"{ctx.input.strip()} → Vigor {after}", changes=some(change),
                          notes=notes)


# ---- the shared pool words, for Fate ----


def _fate_words(line: syntax.CommandLine) -> int | None:
    """The amount of `spend fate K` / `gain fate K` (default 1); None when the pool is not Fate."""
    if not line.args or not isinstance(line.args[0], syntax.Word) or line.args[0].text.lower() != "fate":
        return None
    if len(line.args) == 1:
        return 1
    amount = line.args[1].as_int() if isinstance(line.args[1], syntax.ExprArg) else None
    if len(line.args) > 2 or amount is None or amount < 0:
        raise UsageError(f"{line.word} fate K: K is a whole number ≥ 0")
    return amount


def spend(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`spend fate K` spends session Fate first, then earned; other pools as everywhere."""
    amount = _fate_words(line)
    if amount is None:
        return pool_spend(ctx, line)
    who = ctx.active
    changes, after = spend_fate(ctx, who, amount, "spend")
    return ctx.resolution("pool", f"{ctx.input.strip()} → {after}", changes=tuple(changes))


def gain(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`gain fate K` is earned Fate (the GM's awards); other pools as everywhere."""
    amount = _fate_words(line)
    if amount is None:
        return pool_gain(ctx, line)
    who = ctx.active
    fate = fate_of(ctx, who)
    changes = (Change(who.name, "earned", fate.earned, fate.earned + amount, "gain"),) if amount else ()
    shown = Fate(fate.session, fate.earned + amount)
    return ctx.resolution("pool", f"{ctx.input.strip()} → {shown}", changes=changes)
