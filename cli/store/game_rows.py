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

    def game_text(self, name: str) -> str | None:
        """One imported game's file text, or None."""
        row = self.execute("SELECT text FROM game WHERE name = {p}",
                           (name.strip().lower(),)).fetchone()
        return None if row is None else str(row[0])

    def put_game(self, name: str, text: str) -> bool:
        """Store a game file's text (already checked); True if it replaced one of that name."""
        old = self.game_text(name)
        self.execute("INSERT INTO game (name, text) VALUES ({p}, {p})"
                     " ON CONFLICT (name) DO UPDATE SET text = excluded.text", (name, text), True)
        return old is not None

    def remove_game(self, name: str) -> None:
        """Remove an imported game; UsageError naming the known ones if there is none."""
        key = name.strip().lower()
        if self.game_text(key) is None:
            known = ", ".join(self.games()) or "none yet"
            raise UsageError(f"no game named {name!r} in this campaign (known: {known})")
        self.execute("DELETE FROM game WHERE name = {p}", (key,), True)
