"""What the REPL shows and completes: the campaign as it stands, re-read before each prompt."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from cli.runner import Settings
from rules.campaign import Character
from rules.errors import RollError
from rules.systems import System, get_system

if TYPE_CHECKING:
    from cli.store import CampaignStore, Where
    from cli.store.follow import Watcher


class CampaignHolder(Protocol):
    """Who keeps the process's one campaign connection (the Runner)."""

    def campaign(self) -> CampaignStore: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class TableView:
    """A snapshot of the table: the system in use, who acts, who else is there, the party."""

    system: System
    character: Character | None = None
    names: tuple[str, ...] = ()
    party: Mapping[str, Any] = field(default_factory=dict)
    problem: str | None = None
    rolls: Mapping[str, str] = field(default_factory=dict)
    """Named rolls in reach: the campaign's aliases and the acting character's `[rolls]`."""
    tables: tuple[str, ...] = ()
    """The campaign's rollable tables."""

    @property
    def risk(self) -> dict[str, str]:
        """Named risk dice in reach: the party's, then the character's (which win a clash)."""
        out: dict[str, str] = {}
        for source in (self.party.get("risk", {}), self.character.risk if self.character else {}):
            if isinstance(source, Mapping):
                out.update({str(k): str(v) for k, v in source.items()})
        return out

    @property
    def prompt(self) -> str:
        """`vagabond·mira> `, `vagabond> `, or `roll> ` for generic dice with nobody acting."""
        if self.character is not None:
            return f"{self.system.id}·{self.character.name.lower()}> "
        if self.system.id == "generic":
            return "roll> "
        return f"{self.system.id}> "


def _system_or_generic(system_id: str | None) -> System:
    try:
        return get_system(system_id or "generic")
    except RollError:
        return get_system("generic")


def _present(where: Where) -> bool:
    """Whether the campaign is there; a server that cannot be reached counts as there, so that
    reading it shows the problem in the toolbar."""
    from cli.store import campaign_exists

    try:
        return campaign_exists(where)
    except RollError:
        return True


class ViewReader:
    """Reads TableViews from the campaign: the acting character's pools before each prompt.

    With nobody acting it reads the character names once (and again after `stale` is set),
    closing the file straight away, so plain dice at the prompt touch no database.
    """

    def __init__(self, settings: Settings, shared: CampaignHolder | None = None) -> None:
        self.settings = settings
        self.shared = shared  # the runner, whose one connection the REPL's reads share
        self._campaign: Any = None
        self._view: TableView | None = None
        self._read_at = 0.0
        self.stale = True
        self._watcher: Watcher | None = None  # told of other clients' writes while somebody acts
        self._watched: Where | None = None

    def read(self) -> TableView:
        """A fresh view (never raises: a campaign that cannot be read becomes `problem`)."""
        chosen = self.settings.system_id()
        path = self.settings.campaign_path()
        acting = self.settings.acting()
        if not _present(path):
            problem = None if acting is None else f"no campaign at {path}"
            self._view = TableView(_system_or_generic(chosen), problem=problem)
        elif (acting is None and not self.stale and self._view is not None
              and "encounter" not in self._view.party):  # a fight's turn moves: read it
            self._view = TableView(_system_or_generic(chosen), names=self._view.names,
                                   rolls=self._view.rolls, tables=self._view.tables)
        else:
            try:
                self._view = self._read_campaign(chosen)
            except RollError as error:
                self._view = TableView(_system_or_generic(chosen), problem=error.message)
            except Exception as exc:  # the prompt must come back whatever the file holds
                problem = f"campaign unreadable: {type(exc).__name__}: {exc}"
                self._view = TableView(_system_or_generic(chosen), problem=problem)
            if acting is None:
                self.close()  # nobody acts: hold no connection between prompts
            self.stale = acting is None and self._view.problem is not None
        self._read_at = time.monotonic()
        return self._view

    def current(self, max_age: float) -> TableView:
        """The last view, re-read if it is older than `max_age` seconds or another client wrote."""
        if self._view is None or time.monotonic() - self._read_at >= max_age or self._written():
            return self.read()
        return self._view

    def _written(self) -> bool:
        """Whether another client wrote the campaign since the last look (a watcher is kept only
        while somebody acts, whose pools the toolbar shows; never an error at the prompt)."""
        from cli.store import campaign_exists
        from cli.store.follow import watch

        where = self.settings.campaign_path() if self.settings.acting() is not None else None
        try:
            if where != self._watched:  # asked once per campaign (the max age covers the rest)
                self._stop_watching()
                self._watched = where
                if where is not None and campaign_exists(where):
                    self._watcher = watch(where)
            return self._watcher is not None and self._watcher.wait(0)
        except Exception:  # the prompt must come back whatever the store does
            self._stop_watching()
            return False

    def _stop_watching(self) -> None:
        if self._watcher is not None:
            self._watcher.close()
        self._watcher, self._watched = None, None

    def _read_campaign(self, chosen: str | None) -> TableView:
        from cli.store import open_campaign

        path = self.settings.campaign_path()
        if self.shared is not None:
            self._campaign = self.shared.campaign()
        elif self._campaign is None or self._campaign.path != path:
            self.close()
            self._campaign = open_campaign(path, create=False)
        with self._campaign.transaction(readonly=True) as tx:
            characters = tx.characters()
            party = tx.party()
            aliases, tables = tx.aliases(), tuple(tx.table_names())
        wanted = self.settings.acting()
        by_key = {c.name.lower(): c for c in characters}
        character = by_key.get(wanted.lower()) if wanted else None
        problem = None
        if wanted and character is None:
            problem = f"no character {wanted!r}"
        system = _system_or_generic(chosen or (character.system if character else None))
        names = tuple(c.name for c in characters)
        rolls = {**aliases, **(character.rolls if character is not None else {})}
        return TableView(system, character, names, party, problem, rolls, tables)

    def close(self) -> None:
        self._stop_watching()
        if self.shared is not None:
            self.shared.close()
        elif self._campaign is not None:
            self._campaign.close()
        self._campaign = None
