"""The campaign as the rules see it: characters' sheets, the log's entries, and applying changes
(the table a LINE is resolved against, TableState, is rules/table_state.py).

A sheet is a plain dict shaped like the TOML file (`stats`, `skills`, `max`, `pools`, `risk`,
`flags`, and top-level fields). Applying a Change is a pure function on such a dict.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a log entry's record: only a campaign's log reads one
    from rules.record import Record
    from rules.resolution import Change, Value

SECTIONS = {"pool": "pools", "risk": "risk", "stat": "stats", "max": "max", "item": "items"}


@dataclass(frozen=True, slots=True)
class Character:
    """One character: a name, a system and the sheet (current pools included); a change applied
    makes a new one (`dataclasses.replace(character, sheet=...)`)."""

    name: str
    system: str
    sheet: Mapping[str, Any]

    def section(self, name: str) -> Mapping[str, Any]:
        value = self.sheet.get(name, {})
        return value if isinstance(value, Mapping) else {}

    @property
    def stats(self) -> Mapping[str, Any]:
        return self.section("stats")

    @property
    def pools(self) -> Mapping[str, Any]:
        return self.section("pools")

    @property
    def maxima(self) -> Mapping[str, Any]:
        return self.section("max")

    @property
    def risk(self) -> Mapping[str, Any]:
        return self.section("risk")

    @property
    def flags(self) -> frozenset[str]:
        return frozenset(str(f) for f in self.sheet.get("flags", ()))

    @property
    def rolls(self) -> dict[str, str]:
        """Its own named rolls (`[rolls]` of its sheet, checked on import), by lowercase name."""
        return {str(k).lower(): str(v) for k, v in self.section("rolls").items()}

    @property
    def trained(self) -> frozenset[str]:
        skills = self.section("skills")
        return frozenset(str(s).lower() for s in skills.get("trained", ()))

    def field(self, name: str, default: Any = None) -> Any:
        return self.sheet.get(name, default)

    def current(self, kind: str, name: str) -> Value:
        """The value a Change of this kind and name would start from."""
        return current_value(self.sheet, kind, name)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A logged LINE: what was typed, its record (what happened), and its changes."""

    id: int
    input: str
    character: str | None
    system: str
    record: Record
    changes: tuple[Change, ...]
    undone: bool = False
    time: str = ""
    """When it was logged: ISO 8601, UTC."""


def current_value(sheet: Mapping[str, Any], kind: str, name: str) -> Value:
    if kind == "character":  # the whole sheet: the store reads it (cli/store)
        return None
    if kind == "flag":
        return name in sheet.get("flags", ())
    if kind == "field":
        value = sheet.get(name)
        return value if isinstance(value, (int, str, bool)) or value is None else str(value)
    section = sheet.get(SECTIONS[kind], {})
    value = section.get(name) if isinstance(section, Mapping) else None
    return value if isinstance(value, (int, str, bool)) or value is None else str(value)


def with_values(sheet: Mapping[str, Any],
                values: Iterable[tuple[str, str, Value]]) -> Mapping[str, Any]:
    """`sheet` with each (section, name, value) set, a None value removed, as `apply_change`
    sets a pool's: the values a store keeps apart from the sheet (cli/store/transaction.py).
    Each section named is copied once; the others stay the sheet's own."""
    sections: dict[str, dict[str, Any]] = {}
    for section, name, value in values:
        if section not in sections:
            found = sheet.get(section, {})
            sections[section] = dict(found) if isinstance(found, Mapping) else {}
        if value is None:
            sections[section].pop(name, None)
        else:
            sections[section][name] = value
    return {**sheet, **sections} if sections else sheet


def apply_change(sheet: Mapping[str, Any], change: Change, undo: bool = False) -> dict[str, Any]:
    """A new sheet with `change` applied (or reverted with `undo`); the sections it does not
    change are the given sheet's own (a sheet is never changed in place: only the section a
    change touches is copied, so a change costs the same with 1,000 pools as with ten)."""
    out: dict[str, Any] = dict(sheet)
    value = change.before if undo else change.after
    if change.kind == "flag":
        flags = [f for f in out.get("flags", []) if f != change.pool]
        if value:
            flags.append(change.pool)
        out["flags"] = sorted(flags)
        return out
    if change.kind == "field":
        if value is None:
            out.pop(change.pool, None)
        else:
            out[change.pool] = value
        return out
    section = dict(out.get(SECTIONS[change.kind], {}))
    if value is None:
        section.pop(change.pool, None)
    else:
        section[change.pool] = value
    out[SECTIONS[change.kind]] = section
    return out
