"""Champions & Cohorts' vocabulary: weapon dice, wound slots, Downed and the Med Flag on a sheet.

Where a character's state lives on its sheet (all written as Changes, so `undo` reverts them):
the pool `wounds` counts wounds marked (0 .. the slots); the flag `downed`; the field `med-flag`
(3, 2, 1; absent once removed); the flag `fell` (Downed during the turn now running: the next
`turn end` clears it instead of counting the Med Flag down); the flag `stabilized` (a Downed
Cohort whose Med Flag a Healer stopped); the flag `field-healed` (cleared 1 wound by field
healing this round); the pool `supply` (Healing Supply, maximum from the sheet's `[max]`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.encounter.missing import give_it
from rules.errors import SheetError, UsageError
from rules.notation import syntax
from rules.resolution import Change

SYSTEM_ID = "champions"

WEAPONS = {"light": 4, "standard": 6, "heavy": 8, "exceptional": 10}
"""The seed's weapon dice: D4 light, D6 standard, D8 heavy, D10 exceptional."""

TAGS = ("heavy", "critical", "relic", "major")
"""Tags that let an attack mark more than 2 wounds on a Champion."""

SLOTS = {"champion": 3, "cohort": 2}
"""Wound slots: Champions have 3, Cohorts 2."""

CHAMPION_CAP = 2
"""A normal (untagged) attack marks at most this many wounds on a Champion."""

ARMOR_CAP = 2
"""Normal Micro Armor is capped at 2."""

GUARD_BONUS_CAP = 2
"""002:L20 "Temporary Guard bonuses are capped at +2"."""
GUARD_BONUS = "guard-bonus"
"""The sheet key of a character's temporary Guard bonus (what is up now, before the cap)."""

MED_FLAG_START = 3
STANDING_WOUNDS = 2
"""A stabilized Champion returns standing with 2 wounds filled (1 slot remaining)."""

WOUNDS = "wounds"
SUPPLY = "supply"
DOWNED = "downed"
MED_FLAG = "med-flag"
FELL = "fell"
STABILIZED = "stabilized"
FIELD_HEALED = "field-healed"

OPEN_REMOVAL = "the rules text does not say what follows (OPEN)"


def plural(n: int, word: str) -> str:
    """`1 wound`, `2 wounds`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def wounds_for(damage: int) -> int:
    """Wounds a hit's final damage deals: 1–3 → 1, 4–6 → 2, 7+ → 3."""
    if damage <= 3:
        return 1
    return 2 if damage <= 6 else 3


def weapon_sides(value: str | syntax.Arg, where: str = "attack") -> int:
    """Sides of a weapon die named `light|standard|heavy|exceptional` or written `dN`."""
    text = str(value).strip().lower()
    if isinstance(value, syntax.ExprArg):
        expr = value.expr
        if (isinstance(expr, syntax.Dice) and expr.count == 1 and not expr.mods
                and expr.die.kind == "std"):
            return expr.die.sides
    elif text in WEAPONS:
        return WEAPONS[text]
    elif text.startswith("d") and text[1:].isdigit() and int(text[1:]) >= 1:
        return int(text[1:])
    names = "|".join(WEAPONS)
    raise UsageError(f"{where}: a weapon is {names} or one die dN, not '{value}'")


def weapon_name(sides: int) -> str:
    """`d8 (heavy)` for a named weapon die, else `d12`."""
    named = [name for name, s in WEAPONS.items() if s == sides]
    return f"d{sides} ({named[0]})" if named else f"d{sides}"


def check_kind(value: object, where: str) -> str:
    """A character kind, lower-case: `champion` or `cohort`."""
    text = str(value).strip().lower() if isinstance(value, str) else ""
    if text not in SLOTS:
        raise SheetError(f"{where} must be \"champion\" or \"cohort\", not {value!r}")
    return text


# ---- a character's body: reading the sheet ----


def _int_field(who: Character, key: str) -> int | None:
    value = who.field(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def kind_of(who: Character) -> str:
    """`champion` or `cohort`; a clear error when the sheet does not say."""
    value = who.field("kind")
    if not isinstance(value, str) or value.lower() not in SLOTS:
        raise UsageError(
            f"{who.name} has no kind: set kind = \"champion\" (3 wound slots) or"
            " \"cohort\" (2) on the sheet"
        )
    return value.lower()


def slots_of(who: Character) -> int:
    return SLOTS[kind_of(who)]


def might_of(who: Character) -> int:
    value = who.stats.get("might")
    if not isinstance(value, int) or isinstance(value, bool):
        raise UsageError(f"{who.name} has no Might: "
                         + give_it(who, "add [stats] might = N to the sheet", "might=N"))
    return value


def guard_of(who: Character) -> int:
    value = _int_field(who, "guard")
    if value is None:
        raise UsageError(f"{who.name} has no Guard: "
                         + give_it(who, "add guard = N to the sheet", "guard=N"))
    return value


def guard_bonus_of(who: Character) -> int:
    """The sheet's temporary Guard bonus (none: 0), before the +2 cap."""
    return _int_field(who, GUARD_BONUS) or 0


def armor_of(who: Character) -> int:
    """The sheet's Armor; a sheet without one has none (0)."""
    return _int_field(who, "armor") or 0


def house_of(who: Character) -> str | None:
    value = who.field("house")
    return value if isinstance(value, str) and value.strip() else None


def same_house(who: Character, house: str) -> bool:
    mine = house_of(who)
    return mine is not None and mine.strip().lower() == house.strip().lower()


def wounds_of(who: Character) -> int:
    """Wounds marked; a sheet that has not recorded any has none."""
    value = who.pools.get(WOUNDS)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def med_flag_of(who: Character) -> int | None:
    return _int_field(who, MED_FLAG)


def has(who: Character, flag: str) -> bool:
    return flag in who.flags


def champions_only(who: Character) -> Character:
    """The character, if it is of this system."""
    if who.system != SYSTEM_ID:
        raise UsageError(f"{who.name} is a {who.system} character, not {SYSTEM_ID}")
    return who


# ---- changing the body ----


def flag(who: Character, name: str, on: bool, reason: str) -> list[Change]:
    """The Change that sets or clears a flag, if it is not already so."""
    if has(who, name) == on:
        return []
    return [Change(who.name, name, not on, on, reason, "flag")]


def med_flag_change(who: Character, after: int | None, reason: str) -> list[Change]:
    before = med_flag_of(who)
    return [] if before == after else [Change(who.name, MED_FLAG, before, after, reason, "field")]


@dataclass(frozen=True, slots=True)
class Marked:
    """Wounds marked on a character: the changes, the lines that explain them, and Downed."""

    changes: tuple[Change, ...]
    notes: tuple[str, ...]
    downed: bool


def mark_wounds(who: Character, count: int, reason: str) -> Marked:
    """Mark `count` wounds (as many as the slots hold); all slots filled → Downed, Med Flag 3."""
    slots = slots_of(who)
    now = wounds_of(who)
    after = min(slots, now + count)
    changes = [Change(who.name, WOUNDS, now, after, reason)] if after != now else []
    if has(who, DOWNED):
        return Marked(tuple(changes), (f"{who.name} is already Downed",), False)
    if after < slots:
        return Marked(tuple(changes), (), False)
    changes += flag(who, DOWNED, True, reason)
    changes += med_flag_change(who, MED_FLAG_START, reason)
    changes += flag(who, FELL, True, reason)
    house = house_of(who)
    if house is None:
        note = (f"{who.name} is Downed: Med Flag at {MED_FLAG_START}; set house = NAME on the"
                " sheet so `turn end NAME` counts it down")
    else:
        note = (f"{who.name} is Downed: Med Flag at {MED_FLAG_START}, counting down at the end"
                f" of House {house}'s turns (not this one)")
    return Marked(tuple(changes), (note,), True)


def stand_up(who: Character, reason: str) -> list[Change]:
    """A Downed character stands: Downed, Med Flag and their markers are cleared."""
    return (flag(who, DOWNED, False, reason) + med_flag_change(who, None, reason)
            + flag(who, FELL, False, reason) + flag(who, STABILIZED, False, reason))
