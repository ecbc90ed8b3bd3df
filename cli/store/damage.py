"""A stored log row read back with care: a change whose fields are not of their kind (a number
where a name belongs, a list for a pool's value) is a clear error naming the entry, raised
where the row is decoded, never an AttributeError deep in `undo`."""

from __future__ import annotations

from typing import Any

from rules.campaign import SECTIONS
from rules.resolution import Change

KINDS = (*SECTIONS, "flag", "field", "character")
"""What a change may touch: a section's value (a pool, a risk die, a stat, a maximum), a flag,
a top-level field, a whole character (a foe made or removed: its sheet as JSON text)."""


class DamagedChange(ValueError):
    """What is wrong with one stored change (the caller names the entry)."""


def decoded_change(data: object, number: int) -> Change:
    """The `number`th (from 1) stored change of an entry, each field checked for its kind."""
    if not isinstance(data, dict):
        raise DamagedChange(f"change {number} is not a JSON object")
    if "pool" not in data:
        raise DamagedChange(f"change {number} has no 'pool'")
    _expect(data, "character", number, (str, type(None)), "a name")
    _expect(data, "pool", number, (str,), "a pool's name")
    _expect(data, "reason", number, (str,), "a reason")
    _expect(data, "kind", number, (str,), ", ".join(KINDS))
    for key in ("before", "after"):
        _expect(data, key, number, (int, str, bool, type(None)), "a value")
    if data.get("kind", "pool") not in KINDS:
        raise DamagedChange(f"change {number}: 'kind' is {_short(data['kind'])}, not one of"
                            f" {', '.join(KINDS)}")
    return Change.from_json(data)


def _expect(data: dict[str, Any], key: str, number: int, kinds: tuple[type, ...],
            what: str) -> None:
    if key in data and not isinstance(data[key], kinds):
        raise DamagedChange(f"change {number}: '{key}' holds {_short(data[key])}, not {what}")


def _short(value: object) -> str:
    if isinstance(value, int) and abs(value) > 10**18:
        return "a number that long"
    text = repr(value)
    return text if len(text) <= 30 else text[:29] + "…"
