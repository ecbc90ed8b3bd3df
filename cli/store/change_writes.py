"""A resolution's changes written to the sheets, mixed into the store's Transaction: each
change checked against the stored value first, then every sheet written (or nothing)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cli.store.link import Link
from cli.store.rows import PARTY, Decoder, row_key, row_time, sheet_json
from cli.store.values_apart import ValuesApart
from rules.campaign import SECTIONS, Character, LogEntry, apply_change, current_value
from rules.errors import RuleError

if TYPE_CHECKING:
    from rules.record import Record
    from rules.resolution import Change, Resolution, Value


def _shown(value: Value) -> str:
    return "unset" if value is None else str(value)


class ChangeWrites:
    """Apply a resolution, and rewrite a change-set forwards or (for undo) backwards."""

    link: Link
    decode: Decoder
    apart: ValuesApart
    _sheets: dict[str, Character | None]
    _party: dict[str, Any] | None

    def check_open(self, write: bool) -> None:
        raise NotImplementedError

    def mine(self, name: str | None) -> None:
        raise NotImplementedError

    def party(self) -> dict[str, Any]:
        raise NotImplementedError

    def find_character(self, name: str) -> Character | None:
        raise NotImplementedError

    def put_character(self, sheet: Mapping[str, Any], replace: bool = True) -> Character:
        raise NotImplementedError

    def _remove(self, key: str) -> None:
        raise NotImplementedError

    def log_only(self, record: Record | Mapping[str, Any], changes: Sequence[Change] = (),
                 undoes: int | None = None) -> LogEntry:
        raise NotImplementedError

    def apply(self, resolution: Resolution, record: Record | Mapping[str, Any]) -> LogEntry:
        """Apply the resolution's changes and log its record (even with no changes), atomically.

        `record` is the LINE's record (rules.record.record_of); a §3 object is read into one.
        Each change's `before` must still be the stored value (an unset pool, at its default,
        matches any), else RuleError "… changed meanwhile" and nothing is written.
        """
        import cli.store.records as records

        res = resolution
        self.rewrite(res.changes, undo=False, what=repr(res.input))
        return self.log_only(records.with_changes(record, res.changes, res), res.changes)

    def _sheet(self, name: str | None) -> dict[str, Any] | None:
        if name is None:
            return self.party()
        found = self.find_character(name)
        return None if found is None else dict(found.sheet)

    def _store_sheet(self, key: str, sheet: Mapping[str, Any]) -> None:
        data = sheet_json(sheet)
        self.check_open(True)  # sent with the entry that logs the change (Link.later)
        if key == PARTY:
            self.link.later("INSERT INTO party (id, sheet) VALUES (1, {p})"
                            " ON CONFLICT (id) DO UPDATE SET sheet = excluded.sheet", (data,))
            self._party = json.loads(data)
            return
        self.link.later("UPDATE characters SET sheet = {p}, updated = {p} WHERE name_key = {p}",
                        (data, row_time(), key))
        self.apart.drop(self.link.later, key)  # held with the sheet now
        old = self._sheets.get(key)
        if old is not None:  # as stored (the JSON written holds it exactly): not read back
            self._sheets[key] = written = Character(old.name, old.system, sheet)
            self.decode.keep(data, written)

    def _store_apart(self, key: str, sheet: Mapping[str, Any],
                     values: Mapping[tuple[str, str], Value]) -> None:
        """A character's changed section values written apart from its sheet
        (cli/store/values_apart.py): one statement for them, one for the sheet's time; the
        sheet's JSON is not written."""
        self.check_open(True)
        self.apart.write(self.link.later, key, values)
        self.link.later("UPDATE characters SET updated = {p} WHERE name_key = {p}", (row_time(), key))
        old = self._sheets.get(key)
        if old is not None:
            self._sheets[key] = Character(old.name, old.system, sheet)

    def rewrite(self, changes: Sequence[Change], undo: bool, what: str) -> None:
        """Check every change against the stored values, then write them all (or raise)."""
        sheets: dict[str, dict[str, Any]] = {}
        apart: dict[str, dict[tuple[str, str], Value]] = {}  # a character's section values set
        whole: set[str] = {PARTY}  # sheets a change of another kind (a flag, a field) set
        for change in reversed(changes) if undo else changes:
            self.mine(change.character)
            key, who = row_key(change.character) or PARTY, change.character or "the party"
            if change.kind == "character":  # a whole character made or removed (a foe)
                if key in sheets:  # what this set changed before it, written first
                    self._store_sheet(key, sheets.pop(key))
                    apart.pop(key, None)
                self._rewrite_character(change, undo, what)
                continue
            if key not in sheets:
                sheet = self._sheet(change.character)
                if sheet is None:
                    raise RuleError(f"{what}: {who} is no longer in this campaign; nothing changed")
                sheets[key] = sheet
            now = current_value(sheets[key], change.kind, change.pool)
            if undo and now != change.after:
                raise RuleError(
                    f"{what}: {who}'s {change.pool} is {_shown(now)} now, not"
                    f" {_shown(change.after)} as it left it; nothing changed"
                )
            if not undo and now is not None and now != change.before:
                raise RuleError(
                    f"{what}: {who}'s {change.pool} changed meanwhile ({_shown(change.before)}"
                    f" → {_shown(now)}); nothing changed, try again"
                )
            sheets[key] = apply_change(sheets[key], change, undo=undo)
            if change.kind in SECTIONS:
                section = (SECTIONS[change.kind], change.pool)
                apart.setdefault(key, {})[section] = change.before if undo else change.after
            else:
                whole.add(key)
        for key, sheet in sheets.items():
            values = apart.get(key, {})
            if key in whole or not self.apart.fits(key, values):
                self._store_sheet(key, sheet)
            else:
                self._store_apart(key, sheet, values)

    def _rewrite_character(self, change: Change, undo: bool, what: str) -> None:
        """A Change of kind `character`: its value is the whole sheet (canonical JSON), None
        where there is no such character; it must still be as it left it."""
        was, will = (change.after, change.before) if undo else (change.before, change.after)
        found = self.find_character(str(change.character))
        now = None if found is None else json.dumps(dict(found.sheet), ensure_ascii=False,
                                                    sort_keys=True, separators=(",", ":"))
        if now != was:
            state = "is in the campaign" if found is not None else "is gone"
            raise RuleError(f"{what}: {change.character} {state} and not as it was"
                            " (its pools moved since?); nothing changed")
        if found is not None:
            self._remove(found.name.lower())
        if will is not None:
            self.put_character(json.loads(str(will)), replace=False)
