"""The JSON renderer: one §3 object per evaluated LINE, one per output line."""

from __future__ import annotations

from typing import Any

from rules.errors import NotationError, RollError
from rules.record import REMOVE, Record, Rerolled, record_of
from rules.resolution import Resolution


def resolution_to_json(res: Resolution, text: str) -> dict[str, Any]:
    """The SPEC §3 object for a resolved LINE: its record's (`record_to_json`; the dice's
    history, which it does not show, left out)."""
    return record_to_json(record_of(res, text, history=False))


def record_to_json(record: Record) -> dict[str, Any]:
    """The SPEC §3 object of a record (a LINE, an undo, a removal, a secret roll's marker):
    the fixed keys first, then the labels, the system's own fields, the named roll's
    expansion, the notes, and what an undo or a removal adds."""
    out: dict[str, Any] = {
        "input": record.input,
        "system": record.system,
        "character": record.character,
        "kind": record.kind,
        "total": record.total,
        "target": record.target,
        "outcome": record.outcome,
        "crit": record.crit,
        "fumble": record.fumble,
        "successes": record.successes,
        "dice": [{"die": d.die, "face": d.face, "kept": d.kept} for d in record.dice],
        "changes": [c.to_json() for c in record.changes],
        "text": record.text,
    }
    if record.labels:
        out["labels"] = dict(record.labels)
    for key, value in record.extra:
        out.setdefault(key, rerolled_to_json(value) if isinstance(value, Rerolled) else value)
    if record.expanded is not None:
        out["expanded"] = record.expanded
    if record.notes:
        out["notes"] = list(record.notes)
    if record.act == REMOVE and record.sheet is not None:
        out["sheet"] = dict(record.sheet)
    if record.undoes is not None:
        out["undoes"] = record.undoes
    if record.restored is not None:
        out["restored"] = record.restored
    if record.damage is not None:
        out["error"] = record.damage
    if record.secret:
        out["secret"] = True
    return out


def rerolled_to_json(again: Rerolled) -> dict[str, Any]:
    """A reroll's record of the LINE it resolved again, as §3 shows it (key `fluke`, …)."""
    return {"input": again.input,
            "dice": [{"die": d.die, "face": d.face, "kept": d.kept} for d in again.dice],
            "effects": [c.to_json() for c in again.effects], "result": dict(again.fields)}


def error_to_json(line: str, error: RollError) -> dict[str, Any]:
    """SPEC §3's error object; in a batch it also names the input line (`"line": 3`)."""
    from cli.render.position import batch_line

    column = error.column if isinstance(error, NotationError) else None
    out: dict[str, Any] = {"input": line, "error": error.message, "column": column}
    if error.hint is not None:
        out["hint"] = error.hint  # the spelling that works, for a script or a bot to offer
    number = batch_line()
    if number is not None:
        out["line"] = number
    return out


def dumps(obj: dict[str, Any]) -> str:
    import json  # loaded by the first JSON line, not by every start

    from cli.render.safe import json_safe

    return json_safe(json.dumps(obj, ensure_ascii=False))
