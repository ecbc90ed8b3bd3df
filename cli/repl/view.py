"""What the REPL shows and completes: the campaign as it stands, re-read before each prompt."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from cli.base.settings import Settings
from cli.store.backoff import VIEW
from rules.errors import RollError
from rules.systems import System, get_system

if TYPE_CHECKING:
    from cli.store import CampaignStore, Where
    from cli.store.follow import Watcher
    from rules.campaign import Character


class CampaignHolder(Protocol):
    """Who keeps the process's one campaign connection (the Runner)."""

    def campaign(self) -> CampaignStore: ...
    def close(self) -> None: ...


class Later(Sequence[str]):
    """Words read from the campaign only when used (completion at a Tab), as the reader keeps
    them: a prompt never waits for a campaign's thousand names."""

    def __init__(self, load: Callable[[], Sequence[str]]) -> None:
        self._load = load

    def _got(self) -> tuple[str, ...]:
        return tuple(self._load())

    def __getitem__(self, index: Any) -> Any:
        return self._got()[index]

    def __len__(self) -> int:
        return len(self._got())

    def __iter__(self) -> Iterator[str]:
        return iter(self._got())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._got() == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._got())


class LaterRolls(Mapping[str, str]):
    """The named rolls in reach: the campaign's aliases (read when used, as `Later`), then the
    acting character's `[rolls]` (which win)."""

    def __init__(self, aliases: Callable[[], Mapping[str, str]], own: Mapping[str, str]) -> None:
        self._aliases = aliases
        self._own = dict(own)

    def _got(self) -> dict[str, str]:
        return {**self._aliases(), **self._own}

    def __getitem__(self, name: str) -> str:
        return self._got()[name]

    def __len__(self) -> int:
        return len(self._got())

    def __iter__(self) -> Iterator[str]:
        return iter(self._got())


@dataclass(frozen=True, slots=True)
class Words:
    """What completion offers from the campaign: its characters' names, aliases, tables, games."""

    names: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)
    tables: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
    own: tuple[str, ...] = ()
    """A player's own characters on a server (first among `names`)."""


@dataclass(frozen=True, slots=True)
class TableView:
    """A snapshot of the table: the system in use, who acts, who else is there, the party,
    a problem reaching the campaign; `rolls`: named rolls in reach (the campaign's aliases and
    the acting character's `[rolls]`); `tables`: the campaign's rollable tables; `fallen`: in a
    running encounter, who is out of the fight (the encounter line never names them next:
    cli/line/turn.py); `turn`: nobody was chosen, and `character` is whose turn it is in the
    fight (a LINE acts as it: cli/line/turn.py)."""

    system: System
    character: Character | None = None
    names: Sequence[str] = ()
    party: Mapping[str, Any] = field(default_factory=dict)
    problem: str | None = None
    rolls: Mapping[str, str] = field(default_factory=dict)
    tables: Sequence[str] = ()
    fallen: tuple[str, ...] = ()
    turn: bool = False
    own: Sequence[str] = ()
    """A player's own characters on a server: offered first, and named by the toolbar."""
    games: Sequence[str] = ()
    """The campaign's imported games (`roll game import`): offered wherever a game is named."""

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


NAMES_MAX_AGE = 5.0
"""Seconds before the campaign's words (names, aliases, tables: completion) are read again,
at the next Tab, though no entry was logged since (a sheet imported elsewhere logs none)."""

ALIVE_S = 2.0
"""Seconds between the liveness reads of a campaign nobody acts on (one statement: where its
log stands), so that the pane of a GM with nobody chosen sees an outage within them too."""



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

    A view is kept with where the campaign stood when it was read (`written_at`: the newest
    log id, the acting character's last import); before each prompt one statement asks that
    again, and the view is read again only when it moved (or `stale` is set: this REPL ran a
    subcommand). The campaign's words for completion are read at the first Tab, not for a
    prompt. With nobody acting only that one statement is asked, at most every ALIVE_S (a
    fight's turn is read at each prompt), so that an outage shows in any pane with a
    campaign; the file is closed after it (a server's connection is kept: no new one each
    time), and with no campaign at all nothing is asked.
    """

    def __init__(self, settings: Settings, shared: CampaignHolder | None = None) -> None:
        self.settings = settings
        self.shared = shared  # the runner, whose one connection the REPL's reads share
        self._campaign: Any = None
        self._view: TableView | None = None
        self._read_at = 0.0
        self._asked_at = 0.0  # when the campaign itself was last read (ALIVE_S)
        self.stale = True
        self._watcher: Watcher | None = None  # told of other clients' writes while somebody acts
        self._watched: Where | None = None
        self.down_since: datetime | None = None  # when the campaign stopped answering
        self._retry_at, self._tries = 0.0, 0
        self._built: tuple[object, ...] | None = None  # the settings and mark `_view` was read at
        self._words: tuple[tuple[object, ...] | None, float, Words] | None = None

    def read(self) -> TableView:
        """A fresh view (never raises: a campaign that cannot be read becomes `problem`)."""
        from cli.store.where import where_of

        chosen = self.settings.system_id()
        path = where_of(self.settings)
        acting = self.settings.acting()
        if not _present(path):
            problem = None if acting is None else f"no campaign at {path}"
            self._view = TableView(_system_or_generic(chosen), problem=problem)
        elif (acting is None and not self.stale and self._view is not None
              and "encounter" not in self._view.party  # a fight's turn moves: read it
              and time.monotonic() - self._asked_at < ALIVE_S):  # else: is it still there?
            self._view = TableView(_system_or_generic(chosen), names=self._view.names,
                                   rolls=self._view.rolls, tables=self._view.tables,
                                   own=self._view.own, games=self._view.games)
        else:
            self._asked_at = time.monotonic()
            from cli.store.where import CampaignUnavailable

            try:
                waiting = self.down_since is not None and time.monotonic() < self._retry_at
                if waiting and getattr(self._campaign, "down_since", None) is not None:
                    # (a LINE that reached the campaign since ends the wait)
                    raise CampaignUnavailable("not yet: the last try was a moment ago")
                self._view = self._read_campaign(chosen)
                self.down_since, self._tries = None, 0
            except CampaignUnavailable:
                self._view = self._unreachable(chosen)
            except RollError as error:
                self._view = TableView(_system_or_generic(chosen), problem=error.message)
            except Exception as exc:  # the prompt must come back whatever the file holds
                problem = f"campaign unreadable: {type(exc).__name__}: {exc}"
                self._view = TableView(_system_or_generic(chosen), problem=problem)
            if not self._holding():
                self.close()  # nobody acts on this file: hold no connection between prompts
            self.stale = acting is None and self._view.problem is not None
        self._read_at = time.monotonic()
        return self._view

    def _unreachable(self, chosen: str | None) -> TableView:
        """The last view read, as it was (who acts stays who acts), saying since when the
        campaign does not answer, in a line that fits a 40-column pane."""
        store = self._campaign if self._campaign is not None else None
        self.down_since = (getattr(store, "down_since", None) or self.down_since
                           or datetime.now())
        if time.monotonic() >= self._retry_at:  # try again after a growing wait
            self._retry_at = time.monotonic() + VIEW.wait(self._tries)
            self._tries += 1
        problem = f"campaign unreachable since {self.down_since:%H:%M}"
        last = self._view
        if last is None or (last.character is None and not last.names):
            return TableView(_system_or_generic(chosen), problem=problem)
        return replace(last, problem=problem)

    def current(self, max_age: float) -> TableView:
        """The last view, re-read if it is older than `max_age` seconds or another client wrote."""
        if self._view is None or time.monotonic() - self._read_at >= max_age or self._written():
            return self.read()
        return self._view

    def _written(self) -> bool:
        """Whether another client wrote the campaign since the last look (a watcher is kept only
        while somebody acts, whose pools the toolbar shows; never an error at the prompt)."""
        from cli.store import campaign_exists, where_of

        where = where_of(self.settings) if self.settings.acting() is not None else None
        try:
            if where != self._watched:  # asked once per campaign (the max age covers the rest)
                self._stop_watching()
                self._watched = where
                if where is not None and campaign_exists(where):
                    from cli.store.follow import watch

                    self._watcher = watch(where)
            return self._watcher is not None and self._watcher.wait(0)
        except Exception:  # the prompt must come back whatever the store does
            self._stop_watching()
            return False

    def _stop_watching(self) -> None:
        if self._watcher is not None:
            self._watcher.close()
        self._watcher, self._watched = None, None

    def _store(self) -> Any:
        """The campaign, through the runner's connection when shared (opened if need be)."""
        from cli.store import open_campaign, where_of

        path = where_of(self.settings)
        if self.shared is not None:
            self._campaign = self.shared.campaign()
        elif self._campaign is None or self._campaign.path != path:
            self.close()
            self._campaign = open_campaign(path, create=False)
        return self._campaign

    def _read_campaign(self, chosen: str | None) -> TableView:
        from cli.store.where import where_of

        path = where_of(self.settings)
        self._store()
        wanted = self.settings.acting()
        with self._campaign.transaction(readonly=True) as tx:
            built = (path, wanted, chosen, *tx.written_at(wanted))
            if (built == self._built and not self.stale and self._view is not None
                    and self._view.problem is None):
                return self._view  # nothing was written since: the view stands
            # the acting character's sheet only; the others' names at the first Tab
            character = tx.find_character(wanted) if wanted else None
            party = tx.party()
            from cli.line.turn import fight_system, out_of_the_fight, turn_actor

            fallen = out_of_the_fight(tx, party)
            fight = fight_system(party) if wanted is None else None
            taker = turn_actor(party, None, chosen) if fight is not None else None
            if taker is not None:  # nobody chosen: a LINE acts as whose turn it is
                character = tx.find_character(taker)
        if self.stale:
            self._words = None
        self._built = built
        problem = None
        if wanted and character is None:
            problem = f"no character {wanted!r}"
        system = _system_or_generic(chosen or (character.system if character else fight))
        own = character.rolls if character is not None else {}
        rolls = LaterRolls(lambda: self.words().aliases, own)
        names, tables = Later(lambda: self.words().names), Later(lambda: self.words().tables)
        from cli.store import CampaignURL, where_of

        mine: Sequence[str] = Later(lambda: self.words().own) if isinstance(
            where_of(self.settings), CampaignURL) else ()  # a file has no owners
        games = Later(lambda: self.words().games)
        return TableView(system, character, names, party, problem, rolls, tables, fallen,
                         turn=wanted is None and character is not None, own=mine, games=games)

    def words(self) -> Words:
        """The campaign's names, aliases and tables (completion), read together when first
        asked for after the campaign moved, or NAMES_MAX_AGE after the last read; while it
        cannot be reached, the last ones read (completion never waits for a server)."""
        now, kept = time.monotonic(), self._words
        if kept is not None and kept[0] == self._built and now - kept[1] < NAMES_MAX_AGE:
            return kept[2]
        if self.down_since is not None:
            return kept[2] if kept is not None else Words()
        holding = self._campaign is not None and self._holding()
        try:
            store = self._store()
            with store.transaction(readonly=True) as tx:
                own = tuple(tx.own_names())
                names = tuple(n for n in tx.character_names() if n not in own)
                words = Words(own + names, tx.aliases(), tuple(tx.table_names()),
                              tuple(tx.game_names()), own)
        except Exception:  # completion never breaks the prompt
            return kept[2] if kept is not None else Words()
        finally:
            if not holding:
                self.close()  # as `read` leaves it: no connection kept for nobody
        self._words = (self._built, now, words)
        return words

    def _holding(self) -> bool:
        """Whether the connection stays open between prompts: while somebody acts (whose pools
        the toolbar shows), or to a server (the liveness read would else connect anew)."""
        from cli.store import CampaignURL, where_of

        return (self.settings.acting() is not None
                or isinstance(where_of(self.settings), CampaignURL))

    def close(self) -> None:
        self._stop_watching()
        if self.shared is not None:
            self.shared.close()
        elif self._campaign is not None:
            self._campaign.close()
        self._campaign = None
