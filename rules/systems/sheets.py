"""Sheet validation every system shares: names, known keys, stats in range, pools in 0..max."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.campaign import Character
from rules.errors import RollError, SheetError, UsageError

if TYPE_CHECKING:
    from rules.systems.protocol import System

BASE_FIELDS = {
    "name", "system", "stats", "skills", "max", "pools", "risk", "flags", "notes", "rolls",
}

def validate_common(system: System, data: Mapping[str, Any]) -> dict[str, Any]:
    """The checks every system shares: names, known keys, stats in range, pools in 0..max."""
    sheet = dict(data)
    name = sheet.get("name")
    if not isinstance(name, str) or not name.strip():
        raise SheetError("sheet key 'name' must be a non-empty string")
    allowed = BASE_FIELDS | set(system.fields) | system.sections
    for key in sheet:
        if key not in allowed:
            raise SheetError(
                f"sheet key '{key}' is not a {system.id} key (allowed: {', '.join(sorted(allowed))})"
            )
    for key, (kind, lo, hi) in system.fields.items():
        if key in sheet:
            _check_value(f"'{key}'", sheet[key], kind, lo, hi)
    stats = _table(sheet, "stats")
    if system.stats:
        normalized: dict[str, Any] = {}
        for key, value in stats.items():
            stat = system.stat(key)
            if stat is None:
                names = ", ".join(s.name for s in system.stats)
                raise SheetError(f"sheet key 'stats.{key}' is not a {system.id} stat ({names})")
            if stat.kind == "score":
                _check_value(f"'stats.{stat.name}'", value, int, stat.lo, stat.hi)
            elif not isinstance(value, str):
                raise SheetError(f"sheet key 'stats.{stat.name}' must be a die such as \"d8\"")
            normalized[stat.name] = value
        sheet["stats"] = normalized
    else:
        for key, value in stats.items():
            _check_value(f"'stats.{key}'", value, int, None, None)
    skills = _table(sheet, "skills")
    trained = skills.get("trained", [])
    if not isinstance(trained, list) or not all(isinstance(s, str) for s in trained):
        raise SheetError("sheet key 'skills.trained' must be a list of skill names")
    for key, value in _table(sheet, "max").items():
        _check_value(f"'max.{key}'", value, int, 0, None)
    flags = sheet.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise SheetError("sheet key 'flags' must be a list of words")
    if "rolls" in sheet:
        sheet["rolls"] = check_sheet_rolls(system, _table(sheet, "rolls"))
    sheet["name"] = name.strip()
    check_pools(system, sheet)
    sheet["system"] = system.id
    return sheet


def check_pools(system: System, sheet: Mapping[str, Any]) -> None:
    """Pools on a sheet are whole numbers from 0 to their maximum."""
    character = Character(str(sheet["name"]), system.id, sheet)
    for key, value in _table(sheet, "pools").items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise SheetError(f"sheet key 'pools.{key}' must be a whole number")
        try:
            pool = system.pool(key, character)
        except UsageError as exc:
            raise SheetError(f"sheet key 'pools.{key}': {exc.message}") from None
        top = system.pool_max(character, pool)
        if value < 0 or (top is not None and value > top):
            span = f"0..{top}" if top is not None else "0 and up"
            raise SheetError(f"sheet key 'pools.{key}' = {value} is outside {span}")


def check_sheet_rolls(system: System, rolls: Mapping[str, Any]) -> dict[str, str]:
    """A sheet's `[rolls]`: named rolls that shadow no word of `system` nor of the notation
    (see rules.named; the front end checks its own words: cli/sheets.py)."""
    from rules.named import check_rolls, reserved_words  # here: a game's module loads without it

    try:
        return check_rolls(rolls, reserved_words({system.id: system.commands()}))
    except RollError as exc:
        raise SheetError(f"sheet key 'rolls': {exc.message}") from None


def _table(sheet: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = sheet.get(key, {})
    if not isinstance(value, Mapping):
        raise SheetError(f"sheet key '{key}' must be a table ([{key}])")
    return value


def _check_value(where: str, value: Any, kind: type, lo: int | None, hi: int | None) -> None:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SheetError(f"sheet key {where} must be a whole number, not {value!r}")
    if kind is str and not isinstance(value, str):
        raise SheetError(f"sheet key {where} must be a string, not {value!r}")
    if kind is int and ((lo is not None and value < lo) or (hi is not None and value > hi)):
        raise SheetError(f"sheet key {where} = {value} is outside {lo}..{hi}")
