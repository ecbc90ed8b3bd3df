"""The log record's stored form (JSON text in the log row's `result` column), and the §3 objects
that rows held before the record (schema 5 and older), read into records for the migration.

The stored form names its `version`; its changes live in the row's own `changes` column (the
one undo reverts and the touch index is built from), so they are not stored twice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules.record import (
    ACTS,
    DAMAGED,
    LINE,
    RECORD_VERSION,
    REMOVE,
    SECRET_MARK,
    UNDO,
    Record,
    rolled_die,
)
from rules.resolution import Change

_OPTIONAL = ("expanded", "secret", "undoes", "restored", "damage")
"""Fields stored only when they are set."""


class BadRecord(ValueError):
    """A stored record that is not of the record's shape (its row is damaged)."""


def encode(record: Record) -> str:
    """The stored form of a record (its changes go to their own column)."""
    out: dict[str, Any] = {
        "version": record.version, "act": record.act, "input": record.input,
        "character": record.character, "system": record.system, "kind": record.kind,
        "total": record.total, "target": record.target, "outcome": record.outcome,
        "crit": record.crit, "fumble": record.fumble, "successes": record.successes,
        "dice": [_die(d.die, d.face, d.kept, d.why, d.fate) for d in record.dice],
        "text": record.text,
    }  # fmt: skip
    for name in _OPTIONAL:
        value = getattr(record, name)
        if value is not None and value is not False:
            out[name] = value
    if record.labels:
        out["labels"] = [list(pair) for pair in record.labels]
    if record.notes:
        out["notes"] = list(record.notes)
    if record.extra:
        out["extra"] = [[key, value] for key, value in record.extra]
    if record.sheet is not None:
        out["sheet"] = dict(record.sheet)
    return json.dumps(out, ensure_ascii=False, default=str)


def _die(die: str, face: int, kept: bool, why: str, fate: str | None) -> list[Any]:
    if fate is not None:
        return [die, face, kept, why, fate]
    return [die, face, kept, why] if why else [die, face, kept]


def decode(data: Mapping[str, Any], changes: tuple[Change, ...]) -> Record:
    """A record from its stored form (parsed); BadRecord when it is not of that shape."""
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise BadRecord("its record has no version")
    if version > RECORD_VERSION:
        raise BadRecord(f"record version {version}, newer than this roll knows"
                        f" ({RECORD_VERSION})")
    try:
        dice = tuple(rolled_die(str(d[0]), _int(d[1]), bool(d[2]),
                                str(d[3]) if len(d) > 3 else "",
                                str(d[4]) if len(d) > 4 and d[4] is not None else None)
                     for d in data.get("dice", ()))
        labels = tuple((str(k), v) for k, v in data.get("labels", ()))
        extra = tuple((str(k), v) for k, v in data.get("extra", ()))
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        raise BadRecord(f"its dice or fields: {exc}") from None
    sheet = data.get("sheet")
    act = _text(data, "act")
    if act not in ACTS:
        raise BadRecord(f"{act!r} is not a kind of log entry")
    return Record(
        _text(data, "input"), _text(data, "system"), _text(data, "kind"),
        act, _name(data.get("character")), _opt_text(data.get("expanded")),
        _opt_int(data.get("total")), _opt_int(data.get("target")),
        _opt_text(data.get("outcome")), data.get("crit") is True, data.get("fumble") is True,
        _opt_int(data.get("successes")), dice, changes, _text(data, "text"), labels,
        tuple(str(n) for n in data.get("notes", ())), extra, data.get("secret") is True,
        _opt_int(data.get("undoes")), _opt_text(data.get("restored")),
        dict(sheet) if isinstance(sheet, Mapping) else None, _opt_text(data.get("damage")),
        version,
    )  # fmt: skip


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRecord(f"{value!r} is not a whole number")
    return value


def _opt_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise BadRecord(f"its {key} is not text")
    return value


def _opt_text(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise BadRecord(f"{value!r} is not text")
    return value


def _name(value: Any) -> str | None:
    return _opt_text(value)


# ---- the rows before the record: the §3 object a LINE printed ----

_SECTION3 = ("input", "system", "character", "kind", "total", "target", "outcome", "crit",
             "fumble", "successes", "dice", "changes", "text")
_NAMED: dict[str, tuple[str | None, type]] = {
    "expanded": (None, str), "secret": (None, bool), "undoes": (UNDO, int),
    "restored": (UNDO, str), "sheet": (REMOVE, Mapping), "error": (DAMAGED, str),
}
"""The record's own fields among a §3 object's further keys: the act they belong to (None:
any) and their JSON shape; any other key is the system's."""
_FIELD = {"error": "damage"}
_ACTS = {"undo": UNDO, "remove": REMOVE, "secret": SECRET_MARK, "damaged": DAMAGED}


def from_section3(obj: Mapping[str, Any], changes: Sequence[Change],
                  input_: str | None = None, system: str | None = None) -> Record:
    """The record of a §3 object as rows kept it before the record (and as a caller of the
    store may still hand one in): its keys past §3's fixed ones are the system's own fields,
    in their order; `input_`/`system`, the row's columns, fill what the object lacks."""
    kind = str(obj.get("kind", "roll"))
    act = _ACTS.get(kind, LINE)
    dice = []
    for d in obj.get("dice", ()) or ():
        if isinstance(d, Mapping):
            dice.append(rolled_die(str(d.get("die")), _int(d.get("face")), bool(d.get("kept"))))
    labels = obj.get("labels")
    notes = obj.get("notes")
    extra = []
    named: dict[str, Any] = {}
    for key, value in obj.items():
        if key in _SECTION3 or key == "labels" or (key == "notes" and isinstance(notes, list)):
            continue
        owner, shape = _NAMED.get(key, ("", object))
        if owner != "" and owner in (None, act) and isinstance(value, shape):
            named[_FIELD.get(key, key)] = dict(value) if isinstance(value, Mapping) else value
        else:
            extra.append((str(key), value))
    character = obj.get("character")
    return Record(
        str(obj.get("input", input_ or "")), str(obj.get("system", system or "generic")), kind,
        act, character if isinstance(character, str) else None, named.get("expanded"),
        _opt_int(obj.get("total")), _opt_int(obj.get("target")), _opt_text(obj.get("outcome")),
        obj.get("crit") is True, obj.get("fumble") is True, _opt_int(obj.get("successes")),
        tuple(dice), tuple(changes), str(obj.get("text", "")),
        tuple((str(k), v) for k, v in labels.items()) if isinstance(labels, Mapping) else (),
        tuple(str(n) for n in notes) if isinstance(notes, list) else (), tuple(extra),
        named.get("secret", False), named.get("undoes"), named.get("restored"),
        named.get("sheet"), named.get("damage"),
    )  # fmt: skip
