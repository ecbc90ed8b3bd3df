"""The table as a system reads it during a change: the campaign's other characters and the
party's sheet, each read from the transaction when a system first asks (a plain LINE of the
acting character reads neither)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from contextlib import AbstractContextManager
from typing import Any, Protocol

from rules.campaign import Character


class Reads(Protocol):
    """What these read through: the change's transaction (cli/store/transaction.py), and a
    read-only one of the same store once it is over (`reader`)."""

    @property
    def closed(self) -> bool: ...

    def reader(self) -> AbstractContextManager[Reads]: ...
    def find_character(self, name: str) -> Character | None: ...
    def characters(self) -> list[Character]: ...
    def character_names(self) -> list[str]: ...
    def names_beginning(self, words: Collection[str]) -> list[str]: ...
    def party(self) -> dict[str, Any]: ...


class Roster(Mapping[str, Character]):
    """The campaign's characters by lower-case name, each read when first asked for; all of
    them only when a system goes through every one (a rest, a Shift)."""

    def __init__(self, tx: Reads) -> None:
        self._tx = tx
        self._all: dict[str, Character] | None = None

    def _find(self, key: str) -> Character | None:
        if self._all is not None and self._tx.closed:  # read already, by a later transaction
            return self._all.get(key.strip().lower())
        with self._tx.reader() as tx:
            return tx.find_character(key)

    def __getitem__(self, key: str) -> Character:
        found = self._find(key)
        if found is None:
            raise KeyError(key)
        return found

    def get(self, key: str, default: Any = None) -> Any:
        found = self._find(key)
        return default if found is None else found

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._find(key) is not None

    def _every(self) -> dict[str, Character]:
        if self._all is None:
            with self._tx.reader() as tx:
                self._all = {c.name.lower(): c for c in tx.characters()}
        return self._all

    def names(self) -> list[str]:
        """Every character's name as the campaign spells it, no sheet read (a LINE's names
        with spaces: rules/notation/name_words.py)."""
        if self._all is not None:
            return [c.name for c in self._all.values()]
        with self._tx.reader() as tx:
            return tx.character_names()

    def names_beginning(self, words: Collection[str]) -> list[str]:
        """The names of several words whose first is one of `words` (no sheet read)."""
        if self._all is not None:
            from rules.notation.name_words import begins_with_one

            return [c.name for c in self._all.values() if begins_with_one(c.name, words)]
        with self._tx.reader() as tx:
            return tx.names_beginning(words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._every())

    def __len__(self) -> int:
        return len(self._every())

    def __eq__(self, other: object) -> bool:
        return dict(self.items()) == (dict(other.items()) if isinstance(other, Mapping) else other)

    __hash__ = None  # type: ignore[assignment]


class PartySheet(Mapping[str, Any]):
    """The party's sheet, read when a system first looks at it."""

    def __init__(self, tx: Reads) -> None:
        self._tx = tx
        self._sheet: dict[str, Any] | None = None

    def _read(self) -> dict[str, Any]:
        if self._sheet is None:
            with self._tx.reader() as tx:
                self._sheet = tx.party()
        return self._sheet

    def __getitem__(self, key: str) -> Any:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __eq__(self, other: object) -> bool:
        return self._read() == (dict(other.items()) if isinstance(other, Mapping) else other)

    __hash__ = None  # type: ignore[assignment]
