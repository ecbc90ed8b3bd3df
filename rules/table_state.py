"""The table a LINE is resolved against: the active character, the others, the party, the last
log entry. A one-shot with no campaign resolves against an empty one; a store's table reads its
characters only when a rule asks (cli/store/transaction.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from rules.campaign import Character, LogEntry


@runtime_checkable
class NamesWithoutSheets(Protocol):
    """Characters that give their names without their sheets (a store's roster)."""

    def names(self) -> list[str]: ...

    def names_beginning(self, words: Collection[str]) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything a system may read to resolve a LINE: the active character, the others, the party."""

    active: Character | None = None
    characters: Mapping[str, Character] = field(default_factory=dict)
    party: Mapping[str, Any] = field(default_factory=dict)
    last_entry: LogEntry | None = None

    def materialized(self) -> TableState:
        """The table with every character and the party read now (to compare after the
        transaction that read it is over: a store may read them only when asked)."""
        return replace(self, characters=dict(self.characters.items()), party=dict(self.party))

    def names(self) -> list[str]:
        """Every character's name as the campaign spells it (a store's roster reads no sheet)."""
        if isinstance(self.characters, NamesWithoutSheets):
            return self.characters.names()
        return [c.name for c in self.characters.values()]

    def names_beginning(self, words: Collection[str]) -> list[str]:
        """The names of several words whose first is one of `words` (lower case: a LINE's
        `first_words`), as the campaign spells them; a store asks for those alone."""
        if isinstance(self.characters, NamesWithoutSheets):
            return self.characters.names_beginning(words)
        from rules.notation.name_words import begins_with_one

        return [c.name for c in self.characters.values() if begins_with_one(c.name, words)]

    def character(self, name: str) -> Character:
        found = self.characters.get(name.lower())
        if found is None:
            from rules.did_you_mean import unknown_character

            raise unknown_character(name, sorted(c.name for c in self.characters.values()))
        return found
