"""Tiers harm: every point of Damage moves through Vigor → Vitality → Wounds (seed 003).

"1. Vigor - the shield. Absorbs Damage first … Vigor damage stops here. 2. Vitality - the pool.
3. Wounds - a hit that takes you to 0 Vitality or past it costs a wound: a lasting injury, rolled
on d20 plus however far past 0 the hit reached (31 or more kills you). You catch a Second Wind …
with your Vitality AND Vigor both back at full, and the rest of that hit is negated. With no
wound left to spend, you die."
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.errors import UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.roll_parts import roll_parts
from rules.said import said
from rules.systems.protocol import Context
from rules.systems.tiers.pools import DEFEATED, max_of, moved, pool_of, refuse_dead, some
from rules.systems.tiers.sheet import PLAYER, kind_of
from rules.systems.tiers.vocabulary import read_words

KILLING_INJURY = 31
"""An injury roll of 31 or more kills (seed 003)."""

DESCRIPTORS = ("resist", "immune", "vulnerable")
DISRUPTION_NOTE = "Vitality lost: a Declared Maneuver or Focus spell calls for a disruption check"
HURT_USAGE = "hurt N|DICE [vigor] [resist|immune|vulnerable]"
register_usage("tiers", HURT_USAGE)


@dataclass(frozen=True, slots=True)
class Hit:
    """What one hit did to one character: the changes, how it reads, a wound's injury roll."""

    character: str
    damage: int
    changes: tuple[Change, ...]
    text: str
    notes: tuple[str, ...] = ()
    outcome: str | None = None  # "wound" (Second Wind) or "dead"
    injury: int | None = None
    overflow: int | None = None

    def extra(self) -> tuple[tuple[str, object], ...]:
        return (("damage", self.damage), ("injury", self.injury), ("overflow", self.overflow))


def descriptor_of(flags: frozenset[str]) -> str | None:
    """The one of resist/immune/vulnerable given (UsageError for more than one)."""
    given = [d for d in DESCRIPTORS if d in flags]
    if len(given) > 1:
        raise UsageError(f"one of {', '.join(DESCRIPTORS)} at most, not {' and '.join(given)}")
    return given[0] if given else None


def after_descriptor(damage: int, descriptor: str | None) -> tuple[int, tuple[str, ...]]:
    """Resistance: 1 less point (min 0); Immunity: no effect; Vulnerability: 1 more (seed 003)."""
    if descriptor == "resist":
        return max(0, damage - 1), (f"resistance: 1 less point ({damage} → {max(0, damage - 1)})",)
    if descriptor == "immune":
        return 0, (f"immunity: the hit has no effect ({damage} → 0)",)
    if descriptor == "vulnerable":
        return damage + 1, (f"vulnerability: 1 more point ({damage} → {damage + 1})",)
    return damage, ()


def take_hit(ctx: Context, who: Character, damage: int, reason: str, vigor_only: bool = False,
             past_vigor: bool = False) -> Hit:
    """`damage` points through `who`'s layers; Vigor damage (`vigor_only`) stops at the shield,
    and a cost Vigor does not absorb (`past_vigor`, Exhaustion's failed check) skips it."""
    refuse_dead(who)
    kind = kind_of(who)
    if kind == "minor":
        return _minor_hit(ctx, who, damage, reason)
    vigor = pool_of(ctx, who, "vigor")
    absorbed = 0 if past_vigor else min(vigor, damage)
    rest = damage - absorbed
    shield, _ = moved(ctx, who, "vigor", -absorbed, reason, vigor)
    if damage == 0:
        return Hit(who.name, 0, (), "no damage")
    if vigor_only or rest == 0:
        text = f"Vigor takes {absorbed}"
        notes = ("Vigor damage stops at the shield",) if vigor_only and rest else ()
        return Hit(who.name, damage, some(shield), text, notes)
    vitality = pool_of(ctx, who, "vitality")
    taken = f"Vigor takes {absorbed}, " if absorbed else ""
    if rest < vitality:
        lost = Change(who.name, "vitality", vitality, vitality - rest, reason)
        return Hit(who.name, damage, some(shield, lost), f"{taken}Vitality takes {rest}",
                   (DISRUPTION_NOTE,))
    if kind != PLAYER:
        # 003:L111 "Wounds (players only)": an NPC at 0 Vitality is out of the fight
        emptied = Change(who.name, "vitality", vitality, 0, reason) if vitality else None
        out = Change(who.name, DEFEATED, False, True, reason, "flag")
        return Hit(who.name, damage, (*some(shield, emptied), out),
                   f"{taken}Vitality to 0 · defeated",
                   (f"{who.name} ({kind}) is out of the fight: NPCs take no wounds",), DEFEATED)
    return _wound(ctx, who, damage, rest - vitality, vigor, vitality, reason)


def _minor_hit(ctx: Context, who: Character, damage: int, reason: str) -> Hit:
    """003:L97 "a Minor's whole pool IS Vigor, so against Minors it is simply damage": every
    point (Vigor damage too) comes off Vigor; at 0 the Minor is out of the fight."""
    if damage == 0:
        return Hit(who.name, 0, (), "no damage")
    vigor = pool_of(ctx, who, "vigor")
    change, after = moved(ctx, who, "vigor", -damage, reason, vigor)
    if after > 0:
        return Hit(who.name, damage, some(change), f"Vigor takes {vigor - after}")
    out = Change(who.name, DEFEATED, False, True, reason, "flag")
    return Hit(who.name, damage, (*some(change), out), f"Vigor takes {vigor} · defeated",
               (f"{who.name} is a Minor: its whole pool is Vigor, and at 0 it is out of the"
                " fight",), DEFEATED)


def _wound(ctx: Context, who: Character, damage: int, overflow: int, vigor: int, vitality: int,
           reason: str) -> Hit:
    """A hit to 0 Vitality or past it: a wound and its injury roll, then Second Wind or death."""
    head = f"{overflow} past 0 Vitality" if overflow else "Vitality to 0"
    slots = pool_of(ctx, who, "wounds")
    if slots == 0:
        return _death(who, damage, overflow, vigor, vitality, (), f"{head} · no wound left · dead",
                      f"{who.name} dies: no wound left to spend", "no wound left", None)
    face, _ = ctx.roller.throw(syntax.D20, "injury roll")
    injury = face + overflow
    roll = f"injury {face}+{overflow} = {injury}" if overflow else f"injury {face}"
    wound = Change(who.name, "wounds", slots, slots - 1, f"injury {injury}")
    lasting = f"injury {injury}: a lasting injury (the excerpt lacks the Lasting Injuries table)"
    if injury >= KILLING_INJURY:
        return _death(who, damage, overflow, vigor, vitality, (wound,), f"{head} · {roll} · dead",
                      f"{who.name} dies: an injury roll of {KILLING_INJURY} or more kills",
                      f"injury {injury}", injury)
    vigor_top, vitality_top = max_of(ctx, who, "vigor"), max_of(ctx, who, "vitality")
    assert vigor_top is not None and vitality_top is not None  # known: both were read above
    refills = some(
        Change(who.name, "vigor", vigor, vigor_top, "Second Wind") if vigor != vigor_top else None,
        Change(who.name, "vitality", vitality, vitality_top, "Second Wind")
        if vitality != vitality_top else None,
    )
    notes = (lasting, "Second Wind: Vitality and Vigor back to full, the rest of the hit negated",
             DISRUPTION_NOTE)
    return Hit(who.name, damage, (wound, *refills), f"{head} · {roll} · Second Wind", notes,
               "wound", injury, overflow)


def _death(who: Character, damage: int, overflow: int, vigor: int, vitality: int,
           wound: tuple[Change, ...], text: str, note: str, why: str, injury: int | None) -> Hit:
    changes = some(
        Change(who.name, "vigor", vigor, 0, why) if vigor else None,
        Change(who.name, "vitality", vitality, 0, why) if vitality else None,
    )
    dead = Change(who.name, "dead", False, True, why, "flag")
    return Hit(who.name, damage, (*wound, *changes, dead), text, (note,), "dead", injury, overflow)


def hurt(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`hurt N|DICE [vigor] [resist|immune|vulnerable]`: a hit on the active character."""
    words = read_words(line, HURT_USAGE, flags=("vigor", *DESCRIPTORS), amount=True)
    if words.amount is None:
        raise UsageError(f"hurt needs the damage: {HURT_USAGE}")
    who = ctx.active
    refuse_dead(who)
    fixed = syntax.ExprArg(words.amount).as_int()
    if fixed is not None and fixed < 0:
        raise UsageError(f"hurt takes damage 0 or more, not {fixed}")
    rolled = said()
    if fixed is None:
        roll = ctx.roller.roll(words.amount, why="damage")
        fixed, rolled = max(0, roll.total), roll_parts(roll) + " · "
    damage, notes = after_descriptor(fixed, descriptor_of(words.flags))
    hit = take_hit(ctx, who, damage, "hurt", vigor_only=words.has("vigor"))
    return ctx.resolution("damage", f"{ctx.input.strip()} → " + rolled + hit.text, total=damage,
                          outcome=hit.outcome, changes=hit.changes, notes=notes + hit.notes,
                          extra=hit.extra())


def heal(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`heal N`: Vitality back (seed 003: "Healing heals Vitality equal to its tier")."""
    words = read_words(line, "heal N (Vitality)", amount=True)
    amount = None if words.amount is None else syntax.ExprArg(words.amount).as_int()
    if amount is None or amount < 0:
        raise UsageError("heal needs a whole number ≥ 0: heal N (Vitality)")
    who = ctx.active
    refuse_dead(who)
    change, after = moved(ctx, who, "vitality", amount, "heal")
    notes = () if change else (f"{who.name} · Vitality stays {after}",)
    return ctx.resolution("pool", f"{ctx.input.strip()} → Vitality {after}", changes=some(change),
                          notes=notes)
