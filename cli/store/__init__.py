"""The campaign behind one interface: what the commands see, whatever database holds it.

`sqlite.py` is the embedded default (one file, WAL); `postgres.py` the same two protocols on a
PostgreSQL server, for a table on several machines. `open_campaign` picks one by the
campaign's form: a postgresql:// URL, or a file's path. Importing this package loads neither:
asking where the campaign is, and whether it is there, opens no database module.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from cli.store.where import (
    CampaignUnavailable,
    CampaignURL,
    Where,
    campaign_where,
    default_campaign_path,
    no_campaign,
    path_exists,
    where_of,
)

if TYPE_CHECKING:
    from rules.campaign import Character, LogEntry
    from rules.record import Record
    from rules.resolution import Resolution
    from rules.table_state import TableState


class CampaignView(Protocol):
    """One transaction on the campaign: read it, change it (all or nothing), read its log."""

    def characters(self) -> list[Character]: ...
    def find_character(self, name: str) -> Character | None: ...
    def character(self, name: str) -> Character: ...
    def put_character(self, sheet: Mapping[str, Any], replace: bool = True) -> Character: ...
    def remove_character(self, name: str, line: str | None = None) -> Character: ...
    def party(self) -> dict[str, Any]: ...
    def table(self, active: str | None) -> TableState: ...
    def apply(self, resolution: Resolution, record: Record | Mapping[str, Any]) -> LogEntry: ...
    def log(self, n: int, who: str | None = None, since: str | None = None
            ) -> list[LogEntry]: ...
    def undo(self, who: str | None = None, nth: int = 1, id_: int | None = None
             ) -> LogEntry: ...
    def aliases(self) -> dict[str, str]: ...
    def aliases_named(self, names: Collection[str]) -> dict[str, str]: ...
    def aliases_mentioning(self, word: str) -> dict[str, str]: ...
    def put_alias(self, name: str, line: str) -> bool: ...
    def remove_alias(self, name: str) -> str: ...
    def tables(self) -> dict[str, dict[str, Any]]: ...
    def table_names(self) -> list[str]: ...
    def table_data(self, name: str) -> dict[str, Any] | None: ...
    def put_table(self, name: str, data: Mapping[str, Any]) -> bool: ...
    def remove_table(self, name: str) -> None: ...
    def games(self) -> dict[str, str]: ...
    def game_names(self) -> list[str]: ...
    def game_text(self, name: str) -> str | None: ...
    def put_game(self, name: str, text: str) -> bool: ...
    def remove_game(self, name: str) -> None: ...
    def entries(self, ids: Sequence[int]) -> list[LogEntry]: ...
    def give(self, name: str, role: str) -> None: ...
    def own_names(self) -> list[str]: ...
    def history(self, kinds: Sequence[str] = (), who: str | None = None,
                since: str | None = None) -> list[LogEntry]: ...
    def log_after(self, last_id: int, who: str | None = None
                  ) -> tuple[int, list[LogEntry]]: ...
    def character_names(self) -> list[str]: ...
    def written_at(self, name: str | None) -> tuple[object, ...]: ...
    def roster(self) -> list[tuple[str, str]]: ...


class CampaignStore(Protocol):
    """A campaign a process opens once and keeps: one transaction per LINE."""

    @property
    def path(self) -> Where: ...

    def transaction(self, readonly: bool = False) -> AbstractContextManager[CampaignView]: ...
    def close(self) -> None: ...


def campaign_exists(where: Where) -> bool:
    """Whether there is a campaign there: the file, or the database's schema (a RollError when
    the server cannot be reached or the driver is missing)."""
    if isinstance(where, CampaignURL):
        from cli.store.postgres import has_campaign

        return has_campaign(where)
    return path_exists(where)


def open_campaign(where: Where, create: bool = True,
                  announce: Callable[[Where], None] | None = None) -> CampaignStore:
    """The store for a campaign's location: PostgreSQL for a URL, else the SQLite file.

    Nothing is opened yet: the first transaction connects (and a URL without the driver
    installed is a UsageError saying how to install it). With `create`, a missing campaign is
    made, and `announce` is told where when this process made it.
    """
    from cli.store.games_found import watch

    watch(where, open_campaign, campaign_exists)  # a character of an imported game finds it
    if isinstance(where, CampaignURL):
        from cli.store.postgres import PostgresCampaign, driver

        driver()
        return PostgresCampaign(where, create=create, announce=announce)
    from cli.store.sqlite import Campaign  # (sqlite3 and the transaction: a campaign is opened)

    return Campaign(where, create=create, announce=announce)


__all__ = [
    "CampaignStore", "CampaignURL", "CampaignUnavailable", "CampaignView", "Where",
    "campaign_exists", "campaign_where", "default_campaign_path", "no_campaign", "open_campaign",
    "where_of",
]  # fmt: skip
