"""A character's full state as a script reads it: every pool with current value and maximum."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.errors import RollError
from rules.systems import get_system

TABLES = ("stats", "skills", "max", "pools", "risk", "dice", "mods")
"""Sheet tables; every other key that holds a single value is a field (level, tier, armor …)."""


def pool_states(character: Character) -> dict[str, dict[str, int | None]]:
    """Each pool of the character, derived ones included: `{"current": n, "max": m}` (None where
    the rules leave it OPEN and the sheet does not give it)."""
    system = get_system(character.system)
    out: dict[str, dict[str, int | None]] = {}
    for pool in system.all_pools(character):
        try:
            now: int | None = system.pool_value(character, pool)
        except RollError:
            now = None
        out[pool.name] = {"current": now, "max": system.pool_max(character, pool)}
    return out


def full_state(character: Character) -> dict[str, Any]:
    """`sheet show NAME --json`: name, system, fields, stats, pools, flags, risk dice, XP, sheet."""
    sheet = character.sheet
    fields = {
        k: v for k, v in sheet.items()
        if k not in ("name", "system", "flags") and not isinstance(v, Mapping | list)
    }  # fmt: skip
    extras = {key: value for key, value, _ in get_system(character.system).sheet_extras(character)}
    return {
        "name": character.name,
        "system": character.system,
        "fields": fields,
        "stats": dict(character.stats),
        "skills": {k: list(v) if isinstance(v, list) else v
                   for k, v in character.section("skills").items()},
        "pools": pool_states(character),
        "flags": sorted(character.flags),
        "risk": {str(k): str(v) for k, v in character.risk.items()},
        "xp": sheet.get("xp") if isinstance(sheet.get("xp"), int) else None,
        **extras,
        "sheet": dict(sheet),
    }


def exported_sheet(character: Character) -> dict[str, Any]:
    """The sheet with every pool's current value written out, so it re-imports to this state."""
    sheet = dict(character.sheet)
    pools = dict(character.pools)
    for name, state in pool_states(character).items():
        if state["current"] is not None:
            pools[name] = state["current"]
    if pools:
        sheet["pools"] = pools
    return sheet


def kept_pools(old: Character, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """A re-imported sheet keeping the character's current pools and flags (each pool at most
    its new maximum), for `sheet import` without `--reset`."""
    merged = dict(sheet)
    merged["pools"] = dict(sheet.get("pools", {})) | dict(old.pools)
    if old.flags:
        merged["flags"] = sorted(old.flags)
    fresh = Character(old.name, str(sheet.get("system", old.system)), merged)
    system = get_system(fresh.system)
    for pool in system.all_pools(fresh):
        top, now = system.pool_max(fresh, pool), merged["pools"].get(pool.name)
        if isinstance(top, int) and isinstance(now, int) and now > top:
            merged["pools"][pool.name] = top
    return merged
