"""The bottom toolbar: the acting character's pools and maxima, flags and named risk dice."""

from __future__ import annotations

from collections.abc import Callable

from cli.render.text import value_text
from cli.repl.state import TableView
from rules.campaign import Character
from rules.describe import pool_title
from rules.errors import RollError
from rules.systems.protocol import Pool


def pieces(view: TableView, physical: bool = False) -> list[str]:
    """The toolbar's items in reading order, each short enough for a narrow pane."""
    out: list[str] = []
    ch = view.character
    if ch is None:
        out.append(f"{view.system.id} · nobody acts (as NAME)")
    else:
        out.append(f"{ch.name}:")
        system = view.system
        for pool in system.all_pools(ch):
            top = _safely(system.pool_max, ch, pool)
            now = _safely(system.pool_value, ch, pool)
            out.append(f"{pool.title} {value_text(now)}" + (f"/{top}" if top is not None else ""))
        out.extend(f"{name} {die}" for name, die in ch.risk.items())
        out.extend(pool_title(flag) for flag in sorted(ch.flags))
    party = view.party.get("risk", {})
    if isinstance(party, dict):
        out.extend(f"party {name} {die}" for name, die in party.items())
    if physical:
        out.append("physical dice")
    if view.problem:
        out.append(f"! {view.problem}")
    return out


def _safely(
    read: Callable[[Character, Pool], int | None], character: Character, pool: Pool
) -> int | None:
    """A pool's number, or None where the sheet leaves it OPEN."""
    try:
        return read(character, pool)
    except RollError:
        return None


def wrap(items: list[str], width: int) -> list[str]:
    """Items joined with two spaces, wrapped into lines of at most `width` (never mid-item)."""
    lines: list[str] = []
    current = ""
    for item in items:
        if current and len(current) + 2 + len(item) > width:
            lines.append(current)
            current = item
        else:
            current = f"{current}  {item}" if current else item
    if current:
        lines.append(current)
    return lines


def toolbar_text(view: TableView, width: int, physical: bool = False) -> str:
    """The whole toolbar for a pane `width` columns wide."""
    return "\n".join(wrap(pieces(view, physical), max(width, 10)))


class Toolbar:
    """The `bottom_toolbar` callable: the latest view, re-read when older than `max_age` s."""

    def __init__(
        self,
        view: Callable[[float], TableView],
        width: Callable[[], int],
        physical: Callable[[], bool],
        max_age: float = 2.0,
    ) -> None:
        self.view = view
        self.width = width
        self.physical = physical
        self.max_age = max_age

    def __call__(self) -> str:
        return toolbar_text(self.view(self.max_age), self.width(), self.physical())
