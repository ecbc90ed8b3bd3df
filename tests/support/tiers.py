"""Shared helpers of the Tiers tests: Kell's sheet, a hand-built table, one resolved LINE, and
Kell's pools as the CLI stored them."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from typing import Any

from cli.render.json import resolution_to_json
from cli.render.text import plain_text
from rules.campaign import Character, LogEntry, apply_change
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.exact import Odds
from rules.notation import parse
from rules.record import record_of
from rules.resolution import Resolution
from rules.systems.protocol import Context
from rules.systems.tiers.system import SYSTEM
from rules.table_state import TableState
from tests.support.cli import invoke

KELL: dict[str, Any] = {
    "name": "Kell",
    "system": "tiers",
    "tier": 2,
    "armor": "medium",
    "stats": {"body": 14, "mind": 10, "sense": 12, "heart": 13, "cunning": 8, "fate": 11},
    "dice": {"body": "d6", "mind": "0", "sense": "d4", "heart": "d6", "cunning": "-d4",
             "fate": "d8"},
    "max": {"stamina": 4},
}
"""Tier 2, medium armour: Vigor 2 + 1 − 1 = 2, Vitality 5, Wounds 3, Stamina 4, Fate 3."""


def kell(**changes: Any) -> dict[str, Any]:
    """Kell's sheet with top-level keys replaced and `pools`/`stats`/`dice`/`mods` merged."""
    sheet = copy.deepcopy(KELL)
    for key, value in changes.items():
        if key in ("pools", "stats", "dice", "mods") and isinstance(value, dict):
            sheet[key] = {**sheet.get(key, {}), **value}
        else:
            sheet[key] = value
    return sheet


def character(sheet: Mapping[str, Any] | None = None) -> Character:
    data = SYSTEM.validate_sheet(KELL if sheet is None else sheet)
    return Character(data["name"], "tiers", data)


def context(line: str, faces: Iterable[int] = (), sheet: Mapping[str, Any] | None = None,
            active: bool = True, others: Iterable[Mapping[str, Any]] = (),
            last: LogEntry | None = None) -> tuple[Context, ScriptedSource]:
    me = character(sheet) if active else None
    cast = [character(o) for o in others] + ([me] if me else [])
    table = TableState(me, {c.name.lower(): c for c in cast}, {}, last)
    source = ScriptedSource(faces)
    return Context(SYSTEM, table, Roller(source), line), source


def run(line: str, faces: Iterable[int] = (), sheet: Mapping[str, Any] | None = None,
        active: bool = True, others: Iterable[Mapping[str, Any]] = (),
        last: LogEntry | None = None) -> Resolution:
    """Resolve `line` as Kell (or with no character) with these faces; every face must be used."""
    ctx, source = context(line, faces, sheet, active, others, last)
    res = SYSTEM.resolve(parse(line), ctx)
    source.check_used_up()
    return res


def odds(line: str, sheet: Mapping[str, Any] | None = None, active: bool = True) -> Odds:
    ctx, _ = context(line, (), sheet, active)
    return SYSTEM.odds(parse(line), ctx)


def text(res: Resolution) -> str:
    return plain_text(res)


def data(res: Resolution) -> dict[str, Any]:
    """The §3 JSON object of a Resolution."""
    return resolution_to_json(res, plain_text(res))


def changes(res: Resolution) -> list[tuple[str, Any, Any, str]]:
    return [(c.pool, c.before, c.after, c.reason) for c in res.changes]


def dice(res: Resolution) -> list[tuple[str, int, bool]]:
    return [(t.die, t.face, t.kept) for t in res.throws]


def logged(res: Resolution, entry_id: int = 1, undone: bool = False) -> LogEntry:
    """The log entry the CLI would store for `res`."""
    record = record_of(res, plain_text(res))
    return LogEntry(entry_id, res.input, res.character, res.system, record, res.changes,
                    undone)


def after(sheet: dict[str, Any], res: Resolution) -> dict[str, Any]:
    out = dict(SYSTEM.validate_sheet(sheet))
    for change in res.changes:
        out = apply_change(out, change)
    return out


def reroll_after(line: str, faces: list[int], again: list[int], word: str = "fate reroll",
                 sheet: dict[str, Any] | None = None) -> tuple[Resolution, Resolution]:
    """Resolve `line` as Kell, store it, then reroll it with `again` faces: (first, reroll)."""
    start = sheet or kell()
    first = run(line, faces, sheet=start)
    return first, run(word, again, sheet=after(start, first), last=logged(first))


def pools() -> dict[str, Any]:
    """Kell's stored pools and flags, as `roll sheet show --json` gives the stored sheet."""
    code, out, _ = invoke("sheet", "show", "Kell", "--json")
    assert code == 0
    sheet = json.loads(out)["sheet"]
    return {**sheet.get("pools", {}), "flags": sheet.get("flags", [])}
