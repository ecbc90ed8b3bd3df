"""The registry's finder of a campaign's imported games: a game no one listed yet is looked for
in the campaign, read once per process, and listed from then on as from the campaign."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cli.store.where import Where
from rules.systems import SYSTEMS, System

Opener = Callable[..., Any]
"""cli.store.open_campaign, handed in (this module sits below the package's interface)."""


@dataclass(frozen=True, slots=True)
class CampaignGames:
    """Finds a game by name among one campaign's imported games."""

    where: Where
    opener: Opener
    exists: Callable[[Where], bool]

    def __call__(self, name: str) -> System | None:
        from rules.errors import RollError

        key = name.strip().lower()
        try:
            if key.endswith(".toml") or not self.exists(self.where):
                return None
            store = self.opener(self.where, create=False)
            try:
                with store.transaction(readonly=True) as tx:
                    text = tx.game_text(key)
            finally:
                store.close()
        except RollError:
            return None  # a campaign that cannot be read has no game to give: the name is unknown
        return None if text is None else campaign_game(key, text)

    def names(self) -> list[str]:
        """The campaign's imported games by name (none when it cannot be read): an unknown
        game's error lists them, and `-s` takes a prefix of one."""
        from rules.errors import RollError

        try:
            if not self.exists(self.where):
                return []
            store = self.opener(self.where, create=False)
            try:
                with store.transaction(readonly=True) as tx:
                    return list(tx.game_names())
            finally:
                store.close()
        except RollError:
            return []


def campaign_game(name: str, text: str) -> System:
    """An imported game's row read back, listed as from the campaign; GameFileError (naming the
    row, key and line) for a row that never went through `roll game import`."""
    from rules.systems.gamefile.reader import read_game
    from rules.systems.gamefile.system import GameSystem

    # checked against roll's own words when imported: read back as the rules check it
    return SYSTEMS.add(GameSystem(read_game(text, f"game {name}", "campaign")), "campaign")


def watch(where: Where, opener: Opener, exists: Callable[[Where], bool]) -> None:
    """Let the registry find this campaign's games (once per campaign and process)."""
    finder = CampaignGames(where, opener, exists)
    if finder not in SYSTEMS.finders:
        SYSTEMS.finders.append(finder)
