"""The log record's stored form (JSON text in the log row's `result` column), and the §3 objects
that rows held before the record (schema 5 and older), read into records for the migration.

The stored form names its `version`; its changes live in the row's own `changes` column (the
one undo reverts and the touch index is built from), so they are not stored twice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cli.store.damage import decoded_change
from rules.record import (
    ACTS,
    DAMAGED,
    LINE,
    RECORD_VERSION,
    REMOVE,
    SECRET_MARK,
    UNDO,
    Record,
    Rerolled,
    RolledDie,
)
from rules.resolution import Change

if TYPE_CHECKING:
    from rules.resolution import Resolution

REROLLED_TAG = "rerolled"
"""The third item of a stored system field that is a reroll's record (rules.record.Rerolled)."""

_OPTIONAL = ("expanded", "secret", "undoes", "restored", "damage", "compare", "commitment",
             "nonce", "reveals", "preimage", "physical", "owner")
"""Fields stored only when they are set."""


class BadRecord(ValueError):
    """A stored record that is not of the record's shape (its row is damaged)."""


def with_changes(record: Record | Mapping[str, Any], changes: Sequence[Change],
                 res: Resolution | None = None) -> Record:
    """The record a caller hands the store, with `changes`: a §3 object (as callers handed
    one before the record) is read into one, `res`'s LINE, system, who and kind filling
    what it lacks."""
    if not isinstance(record, Record):
        meta = {} if res is None else {"input": res.input, "system": res.system,
                                       "character": res.character, "kind": res.kind}
        return from_section3(meta | dict(record), changes)
    return record if tuple(record.changes) == tuple(changes) else replace(
        record, changes=tuple(changes))


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
        out["extra"] = [[key, _rerolled(value), REROLLED_TAG] if isinstance(value, Rerolled)
                        else [key, value] for key, value in record.extra]
    if record.sheet is not None:
        out["sheet"] = dict(record.sheet)
    return json.dumps(out, ensure_ascii=False, default=str)


def _rerolled(again: Rerolled) -> dict[str, Any]:
    return {"input": again.input, "dice": [_die(d.die, d.face, d.kept, d.why, d.fate)
                                           for d in again.dice],
            "effects": [c.to_json() for c in again.effects],
            "fields": [[key, value] for key, value in again.fields]}


def _die(die: str, face: int, kept: bool, why: str, fate: str | None) -> list[Any]:
    if fate is not None:
        return [die, face, kept, why, fate]
    return [die, face, kept, why] if why else [die, face, kept]


def decode(data: Mapping[str, Any], changes: tuple[Change, ...]) -> Record:
    """A record from its stored form (parsed); BadRecord when it is not of that shape."""
    try:
        return _decoded(data, changes)
    except BadRecord:
        raise
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
        raise BadRecord(f"its fields: {exc}") from None


def _decoded(data: Mapping[str, Any], changes: tuple[Change, ...]) -> Record:
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise BadRecord("its record has no version")
    if version > RECORD_VERSION:
        raise BadRecord(f"record version {version}, newer than this roll knows"
                        f" ({RECORD_VERSION})")
    try:
        dice = _dice(data.get("dice", ()))
        labels = tuple((str(k), v) for k, v in data.get("labels", ()))
        extra = tuple((str(e[0]), _decode_rerolled(e[1]) if e[2:] == [REROLLED_TAG] else e[1])
                      for e in data.get("extra", ()))
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
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
        version, _compare(data, _opt_int(data.get("target"))),
        _opt_text(data.get("commitment")), _opt_text(data.get("nonce")),
        _opt_int(data.get("reveals")), _opt_text(data.get("preimage")),
        data.get("physical") is True, _opt_text(data.get("owner")),
    )  # fmt: skip


def _compare(data: Mapping[str, Any], target: int | None) -> str | None:
    """The stored compare; one logged before results carried it is read from its text."""
    if target is None:
        return None
    stored = _opt_text(data.get("compare"))
    if stored is not None:
        return stored
    from rules.goal import compare_in_text

    return compare_in_text(str(data.get("text", "")), target, str(data.get("system", "")),
                           str(data.get("kind", "")))


def _dice(listed: Any) -> tuple[RolledDie, ...]:
    return tuple(RolledDie(str(d[0]), _int(d[1]), bool(d[2]), str(d[3]) if len(d) > 3 else "",
                            str(d[4]) if len(d) > 4 and d[4] is not None else None)
                 for d in listed)


def _decode_rerolled(data: Mapping[str, Any]) -> Rerolled:
    effects = tuple(decoded_change(c, i) for i, c in enumerate(data["effects"], start=1))
    return Rerolled(str(data["input"]), _dice(data["dice"]), effects,
                    tuple((str(k), v) for k, v in data.get("fields", ())))


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

_SECTION3 = ("input", "system", "character", "kind", "total", "target", "compare", "outcome",
             "crit", "fumble", "successes", "dice", "changes", "text")
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
    in their order; `input_`/`system`, the row's columns, fill what the object lacks.
    BadRecord when it is not of that shape."""
    try:
        return _from_section3(obj, changes, input_, system)
    except BadRecord:
        raise
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
        raise BadRecord(f"its fields: {exc}") from None


def _from_section3(obj: Mapping[str, Any], changes: Sequence[Change], input_: str | None,
                   system: str | None) -> Record:
    kind = str(obj.get("kind", "roll"))
    act = _ACTS.get(kind, LINE)
    dice = []
    for d in obj.get("dice", ()) or ():
        if isinstance(d, Mapping):
            dice.append(RolledDie(str(d.get("die")), _int(d.get("face")), bool(d.get("kept"))))
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
            again = _old_rerolled(value)
            extra.append((str(key), value if again is None else again))
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
        named.get("sheet"), named.get("damage"), compare=_compare(obj, _opt_int(obj.get("target"))),
    )  # fmt: skip


_REROLLED_KEYS = frozenset({"input", "dice", "effects", "result", "check_die"})


def _old_rerolled(value: Any) -> Rerolled | None:
    """A reroll's record of the LINE it rerolled, as §3 showed it (`"fluke": {"input", "dice",
    "effects", "result"}`; older logs kept only `check_die` beside them), else None."""
    if not isinstance(value, Mapping) or not {"input", "dice", "effects"} <= set(value) \
            or not set(value) <= _REROLLED_KEYS or not isinstance(value["input"], str):
        return None
    fields = value.get("result")
    if not isinstance(fields, Mapping):
        fields = {"check_die": value.get("check_die")}
    try:
        effects = tuple(decoded_change(c, i) for i, c in enumerate(value["effects"], start=1))
        dice = tuple(RolledDie(str(d["die"]), _int(d["face"]), bool(d.get("kept", True)))
                     for d in value["dice"])
    except (TypeError, ValueError, KeyError):
        return None
    return Rerolled(value["input"], dice, effects, tuple(fields.items()))
