"""The explicit registry of game systems, by `--system` id; each module loads on first use."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from rules.errors import UsageError
from rules.systems.protocol import CommandFn, Context, Shared, System

# id → module; a module is imported only when its system is first asked for (start-up time)
MODULES = {
    "generic": "rules.systems.generic",
    "vagabond": "rules.systems.vagabond.system",
    "macchiato": "rules.systems.macchiato.system",
    "champions": "rules.systems.champions.system",
    "tiers": "rules.systems.tiers.system",
    "brighter": "rules.systems.brighter.system",
}


class Registry(Mapping[str, System]):
    """Systems by id: the built-in ones in the order SPEC §1 lists them, then the games added
    from a game file, the campaign or a package, each with where it came from."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, System] = {}
        self._origins: dict[str, str] = {}
        self.finders: list[Callable[[str], System | None]] = []
        """Where a game the list lacks is looked for, in order (a package's entry point, the
        campaign's games): each answers the game by id, or None."""

    def __getitem__(self, system_id: str) -> System:
        if system_id not in self._loaded:
            if system_id not in self._modules:
                raise KeyError(system_id)
            module = importlib.import_module(self._modules[system_id])
            system: System = module.SYSTEM
            self._loaded[system_id] = system
        return self._loaded[system_id]

    def __iter__(self) -> Iterator[str]:
        yield from self._modules
        yield from self._origins

    def __len__(self) -> int:
        return len(self._modules) + len(self._origins)

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._modules or system_id in self._origins

    def add(self, system: System, origin: str) -> System:
        """A game from a file, the campaign or a package, listed from now on in this process;
        a built-in game's id is never taken."""
        if system.id in self._modules:
            raise UsageError(f"'{system.id}' is a built-in game: a game may not shadow it")
        self._loaded[system.id] = system
        self._origins[system.id] = origin
        return system

    def drop(self, system_id: str) -> None:
        """Forget a game added in this process (`roll game rm`); a built-in game stays."""
        if system_id in self._origins:
            del self._origins[system_id]
            del self._loaded[system_id]

    def origin(self, system_id: str) -> str:
        """Where a listed game comes from: built-in, campaign, file or package."""
        return self._origins.get(system_id, "built-in")

    def find(self, system_id: str) -> System | None:
        """A game the list lacks, from the finders (read only when a LINE names one)."""
        for finder in self.finders:
            found = finder(system_id)
            if found is not None:
                return found
        return None

    def findable(self) -> list[str]:
        """The ids the finders could give that the list lacks yet (a campaign's imported games),
        from each finder that lists its own (a `names()` method): read only for an id that is
        no listed game's, so that its error may shorten, suggest and list them too."""
        ids: list[str] = []
        for finder in self.finders:
            listing = getattr(finder, "names", None)
            if callable(listing):
                ids += [name for name in listing() if name not in self and name not in ids]
        return ids


SYSTEMS = Registry(MODULES)


def pool_commands() -> Mapping[str, CommandFn]:
    """The commands every game shares: the pool commands and the encounter's (imported when a
    command is first asked for: a dice LINE never asks)."""
    from rules.encounter.commands import COMMANDS
    from rules.systems.pools import POOL_COMMANDS

    return {**POOL_COMMANDS, **COMMANDS}


def check_sheet(system: System, data: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet checks every game shares (with rules.named_rolls: not for a dice LINE)."""
    from rules.systems.sheet_checks import validate_common

    return validate_common(system, data)


System.shared = Shared(SYSTEMS, pool_commands, check_sheet)


def package_game(system_id: str) -> System | None:
    """A Python package's game through the entry point group `roll_rules.systems` (its value:
    a `System` instance or class), listed as from a package."""
    from importlib.metadata import entry_points

    for point in entry_points(group="roll_rules.systems", name=system_id):
        made = point.load()
        system = made() if isinstance(made, type) else made
        if not isinstance(system, System) or system.id != system_id:
            raise UsageError(f"the package game {system_id!r} ({point.value}) is no System"
                             f" with the id {system_id!r}")
        return SYSTEMS.add(system, "package")
    return None


SYSTEMS.finders.append(package_game)


def get_system(system_id: str) -> System:
    """The system with this id (case-insensitive); UsageError lists the ids otherwise."""
    key = system_id.strip().lower()
    if key in SYSTEMS:
        return SYSTEMS[key]  # an id as listed: every LINE asks for its game
    begun = _begun(system_id, SYSTEMS)
    if begun is not None:
        return SYSTEMS[begun]  # `-s vag`, as the REPL's prompt shortens it
    found = SYSTEMS.find(system_id.strip())  # a file's path keeps its case
    if found is not None:
        return found
    findable = SYSTEMS.findable()  # the campaign's games not read yet: `-s pbt` is pbta too
    begun = _begun(system_id, findable)
    found = None if begun is None else SYSTEMS.find(begun)
    if found is not None:
        return found
    from rules.did_you_mean import closest

    every = [*SYSTEMS, *findable]
    near = closest(system_id, every)
    hint = f"did you mean {near!r}?" if near else f"systems: {', '.join(every)}"
    raise UsageError(f"unknown system {system_id!r} ({hint})")


def _begun(system_id: str, names: Iterable[str]) -> str | None:
    """The one name `system_id` begins (`vag`), None when none does; a prefix of several is
    an error that names them."""
    key = system_id.strip().lower()
    begun = [name for name in names if key and name.startswith(key)]
    if len(begun) > 1:
        raise UsageError(f"{system_id!r} begins {' and '.join(begun)}: write more of its name")
    return begun[0] if begun else None


__all__ = ["SYSTEMS", "Context", "Registry", "System", "get_system", "package_game"]
