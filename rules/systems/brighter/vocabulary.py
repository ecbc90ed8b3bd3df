"""Brighter Worlds attributes: STR DEX WIL dice with their maxima, Max Grit, and stepping them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.dice.steps import GONE, LARGEST, SMALLEST, die_name, parse_step, rung, step
from rules.errors import RuleError, SheetError, UsageError
from rules.resolution import Change

ATTRS = ("str", "dex", "wil")
"""The three attributes, as sheets and commands write them."""

ALIASES = {"strength": "str", "dexterity": "dex", "willpower": "wil"}

INCAPACITATED = "incapacitated"
"""The flag of a character with an attribute stepped below d4."""

DIE_TEXT = 'a die "d4"…"d12", or "0"'


def attr_key(word: str) -> str:
    """`str`, `STR`, `strength` → `str`; UsageError lists the attributes otherwise."""
    low = word.lower()
    low = ALIASES.get(low, low)
    if low not in ATTRS:
        from rules.did_you_mean import closest

        near = closest(low, [*ATTRS, *ALIASES])
        hint = f"did you mean '{ALIASES.get(near, near)}'?" if near else "attributes: str, dex, wil"
        raise UsageError(f"no Brighter Worlds attribute {word!r} ({hint})")
    return low


def label(attr: str) -> str:
    """How output writes an attribute: STR, DEX, WIL."""
    return attr.upper()


def inline_die(key: str, value: str) -> int:
    """The die of an inline attribute such as `dex=d8`; UsageError otherwise."""
    sides = parse_step(value)
    if sides is None:
        raise UsageError(f"{key}={value}: an attribute is {DIE_TEXT}")
    return sides


def current_die(character: Character, attr: str) -> int:
    """The attribute's die now (0 at zero); UsageError says how to give a missing one."""
    value = character.stats.get(attr)
    if value is None:
        raise UsageError(
            f'{character.name} has no {label(attr)} on the sheet: add [stats] {attr} = "d8",'
            f" or give it inline ({attr}=d8)"
        )
    sides = parse_step(value)
    if sides is None:
        raise UsageError(f"{character.name}'s {label(attr)} is {value!r}, not {DIE_TEXT}")
    return sides


def max_die(character: Character, attr: str) -> int:
    """The attribute's maximum: the sheet's `[max]`, else the current die."""
    value = character.maxima.get(attr)
    if value is None:
        return current_die(character, attr)
    sides = parse_step(value)
    if sides is None or sides == GONE:
        raise UsageError(f"{character.name}'s max {label(attr)} is {value!r}, not a die d4–d12")
    return sides


def grit_max(character: Character) -> int | None:
    """Max Grit: 1, +1 for each step Max DEX and Max WIL stand above d4 (public rules)."""
    try:
        dex, wil = max_die(character, "dex"), max_die(character, "wil")
    except UsageError:
        return None
    return 1 + max(0, rung(dex)) + max(0, rung(wil))


def step_changes(character: Character, attr: str, after: int, reason: str) -> list[Change]:
    """Changes that move an attribute to `after`: the attribute, its maximum kept on the sheet
    the first time it steps down (so the way back up is known), and the incapacitated flag."""
    now = current_die(character, attr)
    changes: list[Change] = []
    if after < now and character.maxima.get(attr) is None:
        changes.append(Change(character.name, attr, None, die_name(now), "max kept", "max"))
    before = character.stats.get(attr)
    changes.append(Change(character.name, attr, before, die_name(after), reason, "stat"))
    flagged = INCAPACITATED in character.flags
    if after == GONE and not flagged:
        why = f"{label(attr)} below d4"
        changes.append(Change(character.name, INCAPACITATED, False, True, why, "flag"))
    elif after != GONE and flagged:
        others = [a for a in ATTRS if a != attr and a in character.stats]
        if all(current_die(character, a) != GONE for a in others):
            changes.append(Change(character.name, INCAPACITATED, True, False, reason, "flag"))
    return changes


def incapacitated_note(character: Character, changes: list[Change]) -> tuple[str, ...]:
    """The line that says so when these changes leave the character incapacitated."""
    for c in changes:
        if c.kind == "flag" and c.pool == INCAPACITATED and c.after is True:
            return (f"{character.name} is incapacitated ({c.reason})",)
    return ()


def refuse_step(character: Character, attr: str, up: bool) -> int:
    """The die one step up (to its maximum at most) or down; RuleError when it cannot move."""
    now = current_die(character, attr)
    name = f"{character.name}'s {label(attr)}"
    if up:
        top = max_die(character, attr)
        if now >= top:
            raise RuleError(
                f"{name} is {die_name(now)}, its maximum; `step up max {attr}` raises the"
                " maximum; nothing changed"
            )
        return step(now, 1)
    if now == GONE:
        raise RuleError(f"{name} is at zero already; nothing changed")
    return step(now, -1)


def max_step_changes(character: Character, attr: str, up: bool) -> list[Change]:
    """Moving an attribute's maximum one step; a current die above the new maximum follows it."""
    top = max_die(character, attr)
    name = f"{character.name}'s max {label(attr)}"
    if up and top >= LARGEST:
        raise RuleError(f"{name} is d12, the largest die; nothing changed")
    if not up and top <= SMALLEST:
        raise RuleError(f"{name} is d4, the smallest maximum; nothing changed")
    after = step(top, 1 if up else -1)
    stored = character.maxima.get(attr)
    reason = "step up max" if up else "step down max"
    changes = [Change(character.name, attr, stored, die_name(after), reason, "max")]
    if current_die(character, attr) > after:
        before = character.stats.get(attr)
        changes.append(Change(character.name, attr, before, die_name(after), reason, "stat"))
    return changes


def validate_attrs(sheet: dict[str, Any]) -> dict[str, Any]:
    """Normalize attribute dice (`"D8"` → `"d8"`, 0 → `"0"`) in `[stats]` and `[max]`; the
    attribute maxima are taken out of `[max]` (returned) so the common checks see only numbers."""
    stats = sheet.get("stats", {})
    if isinstance(stats, Mapping):
        fixed: dict[str, Any] = {}
        for key, value in stats.items():
            attr = ALIASES.get(str(key).lower(), str(key).lower())
            sides = parse_step(value)
            if attr in ATTRS and sides is not None:
                fixed[attr] = die_name(sides)
            elif attr in ATTRS:
                raise SheetError(f"sheet key 'stats.{key}' must be {DIE_TEXT}, not {value!r}")
            else:
                fixed[key] = value
        sheet["stats"] = fixed
    maxima = sheet.get("max", {})
    taken: dict[str, Any] = {}
    if isinstance(maxima, Mapping):
        rest: dict[str, Any] = {}
        for key, value in maxima.items():
            attr = ALIASES.get(str(key).lower(), str(key).lower())
            if attr not in ATTRS:
                rest[key] = value
                continue
            sides = parse_step(value)
            if sides is None or sides == GONE:
                raise SheetError(
                    f"sheet key 'max.{key}' must be a die \"d4\"…\"d12\", not {value!r}"
                )
            taken[attr] = die_name(sides)
        sheet["max"] = rest
    return taken


def check_maxima(sheet: Mapping[str, Any]) -> None:
    """No attribute above its maximum."""
    stats, maxima = sheet.get("stats", {}), sheet.get("max", {})
    for attr in ATTRS:
        if attr in stats and attr in maxima:
            now, top = parse_step(stats[attr]), parse_step(maxima[attr])
            if now is not None and top is not None and now > top:
                raise SheetError(
                    f"sheet key 'stats.{attr}' = {stats[attr]!r} is above its maximum"
                    f" {maxima[attr]!r}"
                )
