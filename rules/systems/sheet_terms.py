"""The terms of a game's sheet: the stats it carries and the pools a character spends and refills
(a System lists its own; a pool only a sheet's `[max]` or `[pools]` gives is made by name)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rules.titles import pool_title

if TYPE_CHECKING:
    from rules.campaign import Character


@dataclass(frozen=True, slots=True)
class Stat:
    """A stat a system's sheets carry: full name, 3-letter abbreviation, allowed range."""

    name: str
    abbrev: str
    lo: int | None = None
    hi: int | None = None
    kind: Literal["score", "die"] = "score"


@dataclass(frozen=True, slots=True)
class Pool:
    """A pool a character spends and refills; `maximum` None means the sheet's `[max]` gives it."""

    name: str
    title: str
    maximum: Callable[[Character], int | None] | None = None
    description: str = ""
    harm: str = ""
    """The harm it counts, where it is a counter of harm (`Wounds`): shown taken of slots."""
    left: bool = False
    """Its value is the slots left (Tiers' Wound slots), not the harm taken."""


def shown_pool(pool: Pool, value: object, top: int | None) -> tuple[str, str]:
    """A pool's title and value as the pane reads it (SPEC §9: one way in every game): a
    counter of harm taken of slots (`Wounds 1/3`: one wound taken of three), else the value
    of its maximum (`Luck 2/3`) or alone."""
    if pool.harm and top is not None and isinstance(value, int) and not isinstance(value, bool):
        return pool.harm, f"{top - value if pool.left else value}/{top}"
    return pool.title, str(value) if top is None else f"{value}/{top}"


def sheet_pool(name: str) -> Pool:
    """A pool only the sheet gives, titled from its name."""
    return Pool(name, pool_title(name))
