"""Stored rows read back: JSON of the expected shape, a log entry, and the error of a damaged one."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from rules.campaign import Character, LogEntry
from rules.errors import SheetError, UsageError

KEPT_SHEETS = 64
"""How many decoded sheets a store keeps between its transactions (the most recently read)."""
PARTY = "\0party"
"""The key of the party's sheet among the sheets a transaction read."""


def row_time() -> str:
    """Now, as a row's time is stored (UTC, to the millisecond)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def row_key(name: str | None) -> str | None:
    """A character's `name_key` (None for the party)."""
    return None if name is None else name.strip().lower()


class Decoder:
    """Turns rows into values; a damaged one is a UsageError naming the campaign.

    A store keeps one for all its transactions: a sheet read again as the very text it was
    decoded from (or written from) is the Character made then, not decoded anew, so a prompt
    after a LINE costs the same with 1,000 pools as with ten (issue 41). The stored text is
    what decides: whatever wrote it, a text that differs is decoded.
    """

    def __init__(self, where: object | None) -> None:
        self.where = where
        self._kept: dict[str, tuple[str, Character]] = {}  # by name key: the text, its value

    def keep(self, text: str, character: Character) -> None:
        """`character` is what `text` (its stored sheet) decodes to: read it back for free."""
        key = character.name.strip().lower()
        self._kept.pop(key, None)  # the most recent last
        self._kept[key] = (text, character)
        if len(self._kept) > KEPT_SHEETS:
            del self._kept[next(iter(self._kept))]

    def damaged(self, what: str, why: object) -> UsageError:
        place = f"campaign {self.where}" if self.where is not None else "the campaign"
        return UsageError(f"{place}: {what} is damaged ({why}); nothing changed")

    def json(self, text: object, what: str, shape: type) -> Any:
        """A stored JSON value of the expected shape; a damaged one is a clear UsageError."""
        try:
            value = json.loads(str(text))
        except ValueError as exc:
            raise self.damaged(what, exc) from None
        if not isinstance(value, shape):
            raise self.damaged(what, f"not a JSON {'object' if shape is dict else 'array'}")
        return value

    def json_value(self, text: object, what: str) -> Any:
        """A stored JSON value of any shape (a pool's number, a list of items, null)."""
        try:
            return json.loads(str(text))
        except ValueError as exc:
            raise self.damaged(what, exc) from None

    def character(self, row: Sequence[Any]) -> Character:
        name, system, sheet = row
        text = str(sheet)
        kept = self._kept.get(str(name).strip().lower())
        if kept is not None and kept[0] == text:
            found = kept[1]
            if found.name == name and found.system == system:
                return found
        found = Character(name, system, self.json(text, f"{name}'s sheet", dict))
        self.keep(text, found)
        return found

    def entry(self, row: Sequence[Any]) -> LogEntry:
        """A LogEntry from a row of ENTRY_COLUMNS (the log's modules load with the first: the REPL's
        first prompt reads a campaign's sheets, not its log)."""
        import cli.store.records as records
        from cli.store.damage import DamagedChange, decoded_change

        id_, input_, character, system, result, changes, undone, time = row
        what = f"log entry #{id_}"
        try:
            listed = tuple(decoded_change(c, i) for i, c in
                           enumerate(self.json(changes, what, list), start=1))
        except DamagedChange as exc:
            raise self.damaged(what, exc) from None
        if not isinstance(character, str | None) or not isinstance(input_, str):
            raise self.damaged(what, "its character or LINE is not text")
        stored = self.json(result, what, dict)
        try:
            if "version" in stored:
                record = records.decode(stored, listed)
            else:  # a §3 object, as rows were before the record (a row the migration left)
                record = records.from_section3(stored, listed, input_, str(system))
        except ValueError as exc:
            raise self.damaged(what, exc) from None
        return LogEntry(id_, input_, character, system, record, listed, bool(undone), time)

    def listed_entry(self, row: Sequence[Any]) -> LogEntry:
        """`entry`, or for a damaged row one that says so (`roll log` shows the rest)."""
        try:
            return self.entry(row)
        except UsageError as exc:
            from rules.record import damaged_record

            id_, input_, character, system, _, _, undone, time = row
            who = character if isinstance(character, str) else None
            record = damaged_record(str(input_), str(system), exc.message, who)
            return LogEntry(id_, str(input_), who, str(system), record, (), bool(undone),
                            str(time or ""))


def sheet_json(sheet: Mapping[str, Any]) -> str:
    """A sheet as stored; a value JSON cannot hold is a SheetError."""

    def refuse(value: object) -> object:
        raise SheetError(f"a sheet value cannot be stored: {value!r} (use numbers, text, lists)")

    return json.dumps(sheet, ensure_ascii=False, default=refuse)
