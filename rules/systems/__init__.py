"""The explicit registry of game systems, by `--system` id; each module loads on first use."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
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
    """Systems by id, in the order SPEC §1 lists them."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, System] = {}

    def __getitem__(self, system_id: str) -> System:
        if system_id not in self._loaded:
            module = importlib.import_module(self._modules[system_id])
            system: System = module.SYSTEM
            self._loaded[system_id] = system
        return self._loaded[system_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._modules


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


def get_system(system_id: str) -> System:
    """The system with this id (case-insensitive); UsageError lists the ids otherwise."""
    key = system_id.strip().lower()
    begun = [name for name in SYSTEMS if key and name.startswith(key)]
    if key not in SYSTEMS and len(begun) == 1:
        return SYSTEMS[begun[0]]  # `-s vag`, as the REPL's prompt shortens it
    if key not in SYSTEMS and begun:
        raise UsageError(f"{system_id!r} begins {' and '.join(begun)}: write more of its name")
    if key not in SYSTEMS:
        from rules.did_you_mean import closest

        near = closest(system_id, SYSTEMS)
        hint = f"did you mean {near!r}?" if near else f"systems: {', '.join(SYSTEMS)}"
        raise UsageError(f"unknown system {system_id!r} ({hint})")
    return SYSTEMS[key]


__all__ = ["SYSTEMS", "Context", "Registry", "System", "get_system"]
