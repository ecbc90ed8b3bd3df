"""Shared helpers of the Vagabond tests: a hand-built table, scripted faces, one resolved LINE, and
that LINE fluked."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from cli.render.json import resolution_to_json
from cli.render.text import plain_text
from rules.campaign import Character, LogEntry, apply_change
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.notation import parse
from rules.record import record_of
from rules.resolution import Change, Resolution
from rules.systems.protocol import Context
from rules.systems.vagabond.system import SYSTEM
from rules.table_state import TableState

MIRA: dict[str, Any] = {
    "name": "Mira",
    "system": "vagabond",
    "level": 2,
    "class": "wizard",
    "armor": 1,
    "stats": {"might": 4, "dexterity": 5, "awareness": 3, "reason": 5, "presence": 3, "luck": 3},
    "skills": {"trained": ["finesse", "detect", "arcana"]},
    "max": {"mana": 6},
    "pools": {"luck": 2},
}


def mira(**changes: Any) -> dict[str, Any]:
    """Mira's sheet with top-level keys replaced and `pools`/`flags` merged."""
    sheet = copy.deepcopy(MIRA)
    for key, value in changes.items():
        if key == "pools":
            sheet["pools"] = {**sheet["pools"], **value}
        else:
            sheet[key] = value
    return sheet


def character(sheet: Mapping[str, Any] | None = None) -> Character:
    data = SYSTEM.validate_sheet(MIRA if sheet is None else sheet)
    return Character(data["name"], "vagabond", data)


def run(line: str, faces: Iterable[int] = (), sheet: Mapping[str, Any] | None = None,
        active: bool = True, others: Iterable[Mapping[str, Any]] = (),
        last: LogEntry | None = None) -> Resolution:
    """Resolve `line` as Mira (or with no character) with these faces; every face must be used."""
    me = character(sheet) if active else None
    cast = [character(o) for o in others] + ([me] if me else [])
    table = TableState(me, {c.name.lower(): c for c in cast}, {}, last)
    source = ScriptedSource(faces)
    ctx = Context(SYSTEM, table, Roller(source), line)
    res = SYSTEM.resolve(parse(line), ctx)
    source.check_used_up()
    return res


def text(res: Resolution) -> str:
    return plain_text(res)


def data(res: Resolution) -> dict[str, Any]:
    """The §3 JSON object of a Resolution."""
    return resolution_to_json(res, plain_text(res))


def changes(res: Resolution) -> list[tuple[str, Any, Any, str]]:
    return [(c.pool, c.before, c.after, c.reason) for c in res.changes]


def logged(res: Resolution, entry_id: int = 1, undone: bool = False) -> LogEntry:
    """The log entry the CLI would store for `res`."""
    record = record_of(res, plain_text(res))
    return LogEntry(entry_id, res.input, res.character, res.system, record, res.changes,
                    undone)


def after(sheet: Mapping[str, Any], res: Resolution) -> dict[str, Any]:
    """The sheet with the Resolution's changes applied (as the store would)."""
    out = dict(SYSTEM.validate_sheet(sheet))
    for change in res.changes:
        out = apply_change(out, change)
    return out


def change(pool: str, before: Any, after_: Any, reason: str, kind: str = "pool") -> Change:
    return Change("Mira", pool, before, after_, reason, kind)


def fluke_after(line: str, faces: list[int], again: list[int],
                sheet: dict[str, Any] | None = None,
                word: str = "fluke") -> tuple[Resolution, Resolution]:
    """Resolve `line`, store it, then Fluke it (`word`) with `again` faces: (first, fluke)."""
    start = sheet or mira()
    first = run(line, faces, sheet=start)
    now = after(start, first)
    return first, run(word, again, sheet=now, last=logged(first))
