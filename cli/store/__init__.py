"""The campaign behind one interface: what the commands see, whatever database holds it.

`sqlite.py` is the embedded default (one file, WAL); another database (PostgreSQL, for a
table on several machines) would implement the same two protocols.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

from cli.store.schema import SCHEMA_VERSION, migrate, schema_version
from cli.store.sqlite import (
    BUSY_TIMEOUT_S,
    Campaign,
    Transaction,
    default_campaign_path,
    no_campaign,
)
from rules.campaign import Character, LogEntry, Table
from rules.resolution import Resolution


class CampaignView(Protocol):
    """One transaction on the campaign: read it, change it (all or nothing), read its log."""

    def characters(self) -> list[Character]: ...
    def find_character(self, name: str) -> Character | None: ...
    def character(self, name: str) -> Character: ...
    def put_character(self, sheet: Mapping[str, Any], replace: bool = True) -> Character: ...
    def remove_character(self, name: str, line: str | None = None) -> Character: ...
    def party(self) -> dict[str, Any]: ...
    def table(self, active: str | None) -> Table: ...
    def apply(self, resolution: Resolution, result_json: Mapping[str, Any]) -> LogEntry: ...
    def log(self, n: int, who: str | None = None, since: str | None = None
            ) -> list[LogEntry]: ...
    def undo(self, who: str | None = None, nth: int = 1, id_: int | None = None
             ) -> LogEntry: ...


class CampaignStore(Protocol):
    """A campaign a process opens once and keeps: one transaction per LINE."""

    path: Path

    def transaction(self, readonly: bool = False) -> AbstractContextManager[CampaignView]: ...
    def close(self) -> None: ...


__all__ = [
    "BUSY_TIMEOUT_S", "SCHEMA_VERSION", "Campaign", "CampaignStore", "CampaignView",
    "Transaction", "default_campaign_path", "migrate", "no_campaign", "schema_version",
]  # fmt: skip
