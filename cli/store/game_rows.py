"""The campaign's imported games (`roll game import`): each game file's text by its name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.errors import UsageError


class GameRows:
    """`game` rows; mixed into the store's Transaction, which gives `execute`."""

    def execute(self, template: str, args: Sequence[Any] = (), write: bool = False) -> Any:
        raise NotImplementedError

    def games(self) -> dict[str, str]:
        """Every imported game's file text, by name."""
        return dict(self.execute("SELECT name, text FROM game ORDER BY name").fetchall())

    def game_names(self) -> list[str]:
        """Every imported game's name, in order (completion: no file text read)."""
        return [str(r[0]) for r in self.execute("SELECT name FROM game ORDER BY name").fetchall()]

    def game_row_name(self, name: str) -> str | None:
        """The stored row's name that `name` means: the row of that very name, else the one
        row whose name it is in another case (a row planted by hand as `Old`), else None."""
        given = name.strip()
        names = self.game_names()
        if given in names:
            return given
        alike = [stored for stored in names if stored.casefold() == given.casefold()]
        if len(alike) > 1:  # only rows planted by hand differ in case alone
            raise UsageError(f"{name!r} names the games {' and '.join(alike)}: write it as"
                             " the one you mean is written")
        return alike[0] if alike else None

    def game_text(self, name: str) -> str | None:
        """One imported game's file text (its name matched as `game_row_name` does), or None."""
        stored = self.game_row_name(name)
        if stored is None:
            return None
        row = self.execute("SELECT text FROM game WHERE name = {p}", (stored,)).fetchone()
        return None if row is None else str(row[0])

    def put_game(self, name: str, text: str) -> bool:
        """Store a game file's text (already checked); True if it replaced one of that name."""
        old = self.execute("SELECT name FROM game WHERE name = {p}", (name,)).fetchone()
        self.execute("INSERT INTO game (name, text) VALUES ({p}, {p})"
                     " ON CONFLICT (name) DO UPDATE SET text = excluded.text", (name, text), True)
        return old is not None

    def remove_game(self, name: str) -> str:
        """Remove an imported game (matched as `game_row_name` does), and say the stored name
        removed; UsageError naming the known ones if there is none."""
        stored = self.game_row_name(name)
        if stored is None:
            known = ", ".join(self.game_names()) or "none yet"
            raise UsageError(f"no game named {name!r} in this campaign (known: {known})")
        self.execute("DELETE FROM game WHERE name = {p}", (stored,), True)
        return stored
