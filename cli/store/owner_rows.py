"""Whose character a row is, on a server (SPEC §11): mixed into the store's Transaction, which
gives `execute`, its `link` and what it learned of this login (cli/store/owners.py has the SQL)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cli.store.link import Link

if TYPE_CHECKING:
    from cli.store.owners import Login


class OwnerRows:
    """A character's owner role: asked, checked before a change, given, given back by undo."""

    link: Link
    login: Login | None
    _mine: set[str]

    def execute(self, template: str, args: Sequence[Any] = (), write: bool = False) -> Any:
        raise NotImplementedError

    def own_names(self) -> list[str]:
        """On a server, the characters this role owns when it plays (cli/store/owners.py),
        by name; none for the GM and in a file."""
        if self.link.dialect.name != "postgres":
            return []
        from cli.store.owners import OWN

        return [str(name) for (name,) in self.execute(OWN).fetchall()]

    def mine(self, name: str | None) -> None:
        """On a server, RuleError naming the owner when this role plays and `name` is another's
        character (cli/store/owners.py); asked once a transaction for each name."""
        if name is None or self.link.dialect.name != "postgres" or name.lower() in self._mine:
            return
        from cli.store.owners import Login, check_owner, plays

        if self.login is None:
            self.login = Login()
        if self.login.plays is None:
            self.login.plays = plays(self.execute)
        if self.login.plays:
            check_owner(self.execute, name)
        self._mine.add(name.lower())

    def give(self, name: str, role: str) -> None:
        """Make character `name` the role's (the GM's word, on a server: cli/store/owners.py)."""
        from cli.store.owners import set_owner

        set_owner(lambda sql, args: self.execute(sql, args, write=True), name, role)

    def owner_of(self, key: str) -> str | None:
        """On a server, the owner role of the character with this key (None: the GM's, or a
        file, which has no owners)."""
        if self.link.dialect.name != "postgres":
            return None
        row = self.execute("SELECT owner FROM characters WHERE name_key = {p}", (key,)).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def restore_owner(self, name: str, owner: str | None) -> None:
        """A character brought back by undo is its owner's again (the server refuses, and
        nothing changes, where this role may not give it back)."""
        if owner is not None and self.link.dialect.name == "postgres":
            self.execute("UPDATE characters SET owner = {p} WHERE name_key = {p}",
                         (owner, name.strip().lower()), write=True)
