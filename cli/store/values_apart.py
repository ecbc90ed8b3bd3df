"""A character's section values (a pool, a stat, a maximum …) a change set, kept apart from its
stored sheet (table `sheet_value`, schema 8): a change writes the values it sets, not a sheet of
1,000 pools (issue 41). The sheet is its `sheet` column with these set (JSON `null`: removed),
put together at each read; once more than VALUES_APART would be apart, the sheet is written
whole with them and they go."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cli.store.rows import Decoder
from rules.campaign import Character, with_values

if TYPE_CHECKING:
    from rules.resolution import Value

VALUES_APART = 32
"""How many values a character keeps apart from its sheet: a read costs a few rows more at
most, and one change in this many writes the sheet whole."""

OF_ONE = "SELECT section, name, value FROM sheet_value WHERE character_key = {p}"
"""One character's values apart (read with its sheet: on a server, in the same round trip)."""

OF_ALL = "SELECT character_key, section, name, value FROM sheet_value"

Later = Callable[[str, Sequence[Any]], None]
"""How a statement is sent (a transaction's `execute` or its link's `later`)."""


class ValuesApart:
    """Which values each character read or written in a transaction has apart (None: not
    known, as for a character not read yet)."""

    def __init__(self, decode: Decoder) -> None:
        self.decode = decode
        self._held: dict[str, set[tuple[str, str]]] = {}

    def joined(self, stored: Character, rows: Sequence[Sequence[Any]]) -> Character:
        """The character as its stored sheet and its values apart (`rows`: section, name,
        JSON value) make it."""
        self._held[stored.name.strip().lower()] = {(str(s), str(n)) for s, n, _ in rows}
        if not rows:
            return stored
        what = f"{stored.name}'s sheet"
        values = [(str(s), str(n), self.decode.json_value(v, what)) for s, n, v in rows]
        return Character(stored.name, stored.system, with_values(stored.sheet, values))

    def joined_all(self, stored: Sequence[Character], rows: Sequence[Sequence[Any]]
                   ) -> list[Character]:
        """`joined` for every character (`rows` of OF_ALL: the key first)."""
        by_key: dict[str, list[Sequence[Any]]] = {}
        for key, *value in rows:
            by_key.setdefault(str(key), []).append(value)
        return [self.joined(c, by_key.get(c.name.strip().lower(), [])) for c in stored]

    def fits(self, key: str, values: Mapping[tuple[str, str], Value]) -> bool:
        """Whether `values` may be written apart (the character's known, and no more than
        VALUES_APART would be apart then)."""
        held = self._held.get(key)
        return held is not None and len(held | set(values)) <= VALUES_APART

    def write(self, later: Later, key: str, values: Mapping[tuple[str, str], Value]) -> None:
        """One statement setting `values` (section, name → value) apart."""
        rows = [(key, section, name, json.dumps(value, ensure_ascii=False))
                for (section, name), value in values.items()]
        marks = ", ".join(["({p}, {p}, {p}, {p})"] * len(rows))
        later(f"INSERT INTO sheet_value (character_key, section, name, value) VALUES {marks}"
              " ON CONFLICT (character_key, section, name) DO UPDATE SET value = excluded.value",
              [v for row in rows for v in row])
        self._held[key] = self._held.get(key, set()) | set(values)

    def drop(self, later: Later, key: str) -> None:
        """The character's values apart gone (its sheet written whole, or it is)."""
        if self._held.get(key, True):  # some, or not known
            later("DELETE FROM sheet_value WHERE character_key = {p}", (key,))
        self._held[key] = set()
