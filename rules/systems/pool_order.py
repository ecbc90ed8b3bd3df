"""A sheet's pools as `System.all_pools` lists them, read only as far as a reader needs: a
sheet of 1,000 pools is not walked whole to show the first few."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING

from rules.systems.protocol import System
from rules.systems.sheet_terms import Pool, sheet_pool

if TYPE_CHECKING:
    from rules.campaign import Character


def plain(system: System) -> bool:
    """Whether the game lists its pools as the protocol does (its own, then the sheet's) and
    reads their maxima as it does: then a sheet's own pools can be counted from the sheet."""
    kind = type(system)
    return kind.all_pools is System.all_pools and kind.pool_max is System.pool_max


def pools_in_order(system: System, character: Character) -> Iterator[Pool]:
    """`system.all_pools(character)`, one at a time (a plain game's sheet read lazily)."""
    if not plain(system):
        yield from system.all_pools(character)
        return
    yield from system.pools
    seen = {p.name for p in system.pools}
    for name in chain(character.maxima, character.pools):
        if name not in seen:
            seen.add(name)
            yield sheet_pool(name)


def sheet_only(system: System, character: Character) -> set[str]:
    """The names of the pools a plain game's `all_pools` adds from the sheet (set arithmetic,
    no pool made)."""
    declared = {p.name for p in system.pools}
    return (character.maxima.keys() | character.pools.keys()) - declared
