"""Champions & Cohorts after the blows: House turns and Med Flags, stabilizing, field healing."""

from __future__ import annotations

from rules.campaign import Character
from rules.errors import Do, Hint, RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.systems.champions.vocabulary import (
    DOWNED,
    FELL,
    FIELD_HEALED,
    OPEN_REMOVAL,
    STABILIZED,
    STANDING_WOUNDS,
    SUPPLY,
    SYSTEM_ID,
    WOUNDS,
    champions_only,
    flag,
    has,
    house_of,
    kind_of,
    mark_wounds,
    med_flag_change,
    med_flag_of,
    plural,
    same_house,
    slots_of,
    stand_up,
    wounds_of,
)
from rules.systems.pools import pool_rest
from rules.systems.protocol import Context

TURN_USAGE = "turn end [HOUSE]"
register_usage("champions", TURN_USAGE)


def _one_name(line: syntax.CommandLine, usage: str) -> str:
    if len(line.args) != 1 or not isinstance(line.args[0], syntax.Word):
        raise UsageError(f"{line.word} needs one character's name: {usage}")
    return line.args[0].text


def _characters(ctx: Context) -> list[Character]:
    """The campaign's Champions & Cohorts characters, by name."""
    found = [c for c in ctx.table.characters.values() if c.system == SYSTEM_ID]
    return sorted(found, key=lambda c: c.name.lower())


# ---- turn end ----


def _house(ctx: Context, line: syntax.CommandLine) -> tuple[str, bool]:
    """The House whose turn ends, and whether the LINE named it."""
    args = list(line.args)
    if not args or str(args[0]).lower() != "end" or len(args) > 2:
        raise UsageError(f"turn takes: {TURN_USAGE}")
    if len(args) == 2:
        if not isinstance(args[1], syntax.Word):
            raise UsageError(f"turn end: a House's name, not '{args[1]}'")
        return args[1].text, True
    active = ctx.table.active
    house = house_of(active) if active is not None else None
    if house is None:
        raise UsageError(("turn end needs the HOUSE whose turn ends: turn end HOUSE (or ",
                          Hint(Do.ACT_AS_CHARACTER), " whose sheet has house = …)"))
    return house, False


def _countdown(who: Character) -> tuple[list[Change], list[str], bool]:
    """One House Turn's end for a Downed character of that House: 3 → 2 → 1 → removed."""
    now = med_flag_of(who)
    if not has(who, DOWNED) or now is None:
        return [], [], False
    after = now - 1 if now > 1 else None
    notes = [] if after else [f"{who.name}'s Med Flag is removed without stabilization:"
                              f" {OPEN_REMOVAL}"]
    return med_flag_change(who, after, "turn end"), notes, True


def turn_end(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """A House's turn ends: its Med Flags count down, except those of characters who fell in it."""
    house, named = _house(ctx, line)
    changes: list[Change] = []
    notes: list[str] = []
    counted = 0
    members = 0
    for who in _characters(ctx):
        mine = same_house(who, house)
        members += mine
        if has(who, FELL):
            # fell during the turn that is ending: the flag starts counting from the next one
            changes += flag(who, FELL, False, "turn end")
            if mine and med_flag_of(who) is not None:
                notes.append(f"{who.name} fell this turn: its Med Flag stays at"
                             f" {med_flag_of(who)}")
        elif mine:
            counted_changes, removed, did = _countdown(who)
            changes += counted_changes
            notes += removed
            counted += did
        if mine or house_of(who) is None:
            changes += flag(who, FIELD_HEALED, False, "turn end")  # a new round for them
    if not members:
        notes.append(f"no character of House {house} in this campaign")
    what = f"{plural(counted, 'Med Flag')} {'counts' if counted == 1 else 'count'} down"
    what = what if counted else "no Med Flag counts down"
    summary = f"{ctx.input.strip()} → {what}" if named else (
        f"{ctx.input.strip()} → House {house}: {what}")
    return ctx.resolution("turn", summary, changes=tuple(changes), notes=tuple(notes),
                          extra=(("house", house), ("counted", counted)))


# ---- stabilize ----


def stabilize(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """An adjacent Healer's Command: a Champion stands with 2 wounds; a Cohort's flag stops."""
    who = champions_only(ctx.table.character(_one_name(line, "stabilize NAME")))
    healer = ctx.table.active
    if healer is not None and healer.name == who.name:
        raise RuleError(f"{who.name} cannot stabilize itself: an adjacent Healer does")
    if not has(who, DOWNED):
        raise RuleError(f"{who.name} is not Downed: nothing to stabilize")
    if has(who, STABILIZED):
        raise RuleError(f"{who.name} is already stabilized")
    notes: list[str] = []
    if med_flag_of(who) is None:
        notes.append(f"{who.name}'s Med Flag had been removed: {OPEN_REMOVAL}")
    if healer is not None:
        notes.insert(0, f"{healer.name}'s Command (an adjacent Healer)")
    if kind_of(who) == "champion":
        now = wounds_of(who)
        changes = [Change(who.name, WOUNDS, now, STANDING_WOUNDS, "stabilize")] if (
            now != STANDING_WOUNDS) else []
        changes += stand_up(who, "stabilize")
        summary = f"{ctx.input.strip()} → stable · stands at {STANDING_WOUNDS} wounds"
    else:
        changes = (med_flag_change(who, None, "stabilize") + flag(who, FELL, False, "stabilize")
                   + flag(who, STABILIZED, True, "stabilize"))
        summary = f"{ctx.input.strip()} → stable · still Downed"
        notes.append("the rules say how a Champion returns; a stabilized Cohort's return is"
                     " OPEN: its Med Flag stops, it stays Downed (`heal N` when you decide)")
    return ctx.resolution("stabilize", summary, outcome="stable", changes=tuple(changes),
                          notes=tuple(notes), extra=(("target_name", who.name),))


# ---- field healing ----


def field_heal(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """A Gesture: 1 Healing Supply clears 1 wound from a standing ally, once per round each."""
    healer = champions_only(ctx.active)
    who = champions_only(ctx.table.character(_one_name(line, "field-heal NAME")))
    if healer.name == who.name:
        # 002:L24 "clear 1 wound from a standing adjacent ally": never the healer itself
        raise RuleError(f"{who.name} cannot field-heal itself: field healing clears a wound"
                        " from an adjacent ally")
    pool = ctx.system.pool(SUPPLY, healer)
    supply = ctx.system.pool_value(healer, pool)  # no [max] supply: a UsageError that says so
    if has(who, DOWNED):
        raise RuleError(f"{who.name} is Downed: field healing needs a standing ally"
                        " (stabilize first)")
    if has(who, FIELD_HEALED):
        raise RuleError(f"{who.name} was already field-healed this round (1 wound per round;"
                        " the end of its House's turn starts a new one)")
    wounds = wounds_of(who)
    if wounds == 0:
        raise RuleError(f"{who.name} has no wound to clear")
    if supply < 1:
        raise RuleError(f"{healer.name} has no Healing Supply left")
    changes = [
        Change(healer.name, SUPPLY, supply, supply - 1, "field-heal"),
        Change(who.name, WOUNDS, wounds, wounds - 1, "field-heal"),
        *flag(who, FIELD_HEALED, True, "field-heal"),
    ]
    summary = f"{ctx.input.strip()} → 1 wound cleared"
    return ctx.resolution("field-heal", summary, changes=tuple(changes),
                          extra=(("target_name", who.name),))


# ---- the shared pool words, on wounds that count up ----


def _count(line: syntax.CommandLine) -> int:
    arg = line.args[0] if len(line.args) == 1 else None
    value = arg.as_int() if isinstance(arg, syntax.ExprArg) else None
    if value is None or value < 0:
        raise UsageError(f"{line.word} N: a number of wounds (0 or more)")
    return value


def hurt(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`hurt N`: mark N wounds on the active character (all slots filled → Downed)."""
    who = champions_only(ctx.active)
    count = _count(line)
    marked = mark_wounds(who, count, "hurt")
    after = next((c.after for c in marked.changes if c.pool == WOUNDS), wounds_of(who))
    summary = f"{ctx.input.strip()} → Wounds {after} of {slots_of(who)}"
    return ctx.resolution("pool", summary, changes=marked.changes, notes=marked.notes)


def heal(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`heal N`: clear N wounds; a Downed character with a free slot again stands."""
    who = champions_only(ctx.active)
    count = _count(line)
    now = wounds_of(who)
    after = max(0, now - count)
    changes = [Change(who.name, WOUNDS, now, after, "heal")] if after != now else []
    notes: list[str] = []
    if has(who, DOWNED) and after < slots_of(who):
        changes += stand_up(who, "heal")
        notes.append(f"{who.name} stands again")
    summary = f"{ctx.input.strip()} → Wounds {after} of {slots_of(who)}"
    return ctx.resolution("pool", summary, changes=tuple(changes), notes=tuple(notes))


def rest(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`rest`: the sheet's `[max]` pools refill; wounds stay (the rules give rest no healing)."""
    from dataclasses import replace

    res = pool_rest(ctx, line)
    note = "Wounds stay: the rules text gives resting no healing (OPEN); use heal N"
    return replace(res, notes=(*res.notes, note))
