"""Shared helpers of the Champions & Cohorts tests: a small in-memory campaign, scripted faces."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cli.render.json import resolution_to_json
from cli.render.text import plain_text
from rules.campaign import Character, apply_change
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.exact import Odds
from rules.notation import parse
from rules.resolution import Resolution
from rules.systems.champions.system import SYSTEM
from rules.systems.protocol import Context
from rules.table_state import TableState

MIRA: dict[str, Any] = {
    "name": "Mira", "system": "champions", "kind": "champion", "house": "Red", "guard": 13,
    "armor": 1, "stats": {"might": 3, "insight": 1, "presence": 2}, "max": {"supply": 2},
}  # fmt: skip
KAEL: dict[str, Any] = {
    "name": "Kael", "system": "champions", "kind": "champion", "house": "Blue", "guard": 14,
    "armor": 1, "weapon": "heavy", "stats": {"might": 2},
}  # fmt: skip
ASH: dict[str, Any] = {
    "name": "Ash", "system": "champions", "kind": "cohort", "house": "Blue", "guard": 10,
    "armor": 0, "stats": {"might": 1},
}  # fmt: skip


def sheet(base: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of `base` with top-level keys replaced (None removes one)."""
    out = {k: v for k, v in base.items() if k not in changes}
    out.update({k: v for k, v in changes.items() if v is not None})
    return SYSTEM.validate_sheet(out)


class Camp:
    """Characters by name whose sheets take every resolved LINE's changes, as the store would."""

    def __init__(self, *sheets: Mapping[str, Any]) -> None:
        self.sheets: dict[str, dict[str, Any]] = {}
        for data in sheets:
            valid = SYSTEM.validate_sheet(data)
            self.sheets[valid["name"].lower()] = valid

    def character(self, name: str) -> Character:
        data = self.sheets[name.lower()]
        return Character(data["name"], str(data["system"]), data)

    def table(self, active: str | None) -> TableState:
        cast = {key: self.character(key) for key in self.sheets}
        return TableState(cast[active.lower()] if active else None, cast, {}, None)

    def context(self, line: str, faces: Iterable[int], active: str | None) -> tuple[Context,
                                                                                     ScriptedSource]:
        source = ScriptedSource(faces)
        return Context(SYSTEM, self.table(active), Roller(source), line), source

    def run(self, line: str, faces: Iterable[int] = (), active: str | None = "Mira") -> Resolution:
        """Resolve `line` (every face used) and apply its changes to the sheets."""
        ctx, source = self.context(line, faces, active)
        res = SYSTEM.resolve(parse(line), ctx)
        source.check_used_up()
        for change in res.changes:
            assert change.character is not None
            key = change.character.lower()
            self.sheets[key] = apply_change(self.sheets[key], change)
        return res

    def odds(self, line: str, active: str | None = "Mira") -> Odds:
        ctx, _ = self.context(line, (), active)
        return SYSTEM.odds(parse(line), ctx)

    def flags(self, name: str) -> list[str]:
        return list(self.sheets[name.lower()].get("flags", []))

    def wounds(self, name: str) -> int:
        return int(self.sheets[name.lower()]["pools"]["wounds"])

    def field(self, name: str, key: str) -> Any:
        return self.sheets[name.lower()].get(key)


def camp(*sheets: Mapping[str, Any]) -> Camp:
    """Mira (Red), Kael (Blue) and Ash (a Blue Cohort), unless other sheets are given."""
    return Camp(*(sheets or (MIRA, KAEL, ASH)))


def text(res: Resolution) -> str:
    return plain_text(res)


def data(res: Resolution) -> dict[str, Any]:
    """The §3 JSON object of a Resolution."""
    return resolution_to_json(res, plain_text(res))
