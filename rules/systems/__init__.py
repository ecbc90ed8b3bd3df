"""The explicit registry of game systems, by `--system` id."""

from __future__ import annotations

from rules.errors import UsageError
from rules.systems.base import Context, System
from rules.systems.generic import Generic


def _build() -> dict[str, System]:
    found: list[System] = [Generic()]
    from rules.systems import brighter, champions, macchiato, tiers, vagabond

    for module in (vagabond, macchiato, champions, tiers, brighter):
        found.append(module.SYSTEM)
    return {s.id: s for s in found}


SYSTEMS: dict[str, System] = _build()


def get_system(system_id: str) -> System:
    """The system with this id (case-insensitive); UsageError lists the ids otherwise."""
    found = SYSTEMS.get(system_id.strip().lower())
    if found is None:
        raise UsageError(f"unknown system {system_id!r} (systems: {', '.join(SYSTEMS)})")
    return found


__all__ = ["SYSTEMS", "Context", "System", "get_system"]
