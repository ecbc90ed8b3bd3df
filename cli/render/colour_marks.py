"""How a result is marked on a colour terminal: a dropped die (a mark that survives any
terminal), an outcome word in its colour.

The plain form `~~2~~` stays on screen everywhere (dimmed); where the terminal can draw
strike-through the face is struck as well, so `[4, 2, 6, 4] = 14` never reads as bad sums.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.resolution import Resolution

RESET = "\x1b[0m"
DIM = "\x1b[2m"
DIM_STRUCK = "\x1b[2;9m"
NO_STRIKE = ("dumb", "linux", "vt", "cons", "ansi", "sun", "wsvt25")
"""TERM values (prefixes) of consoles that show SGR 9 as nothing or as something else."""


def can_strike(term: str | None = None) -> bool:
    """Whether the terminal (TERM) draws strike-through; unknown or console ones do not."""
    name = (os.environ.get("TERM", "") if term is None else term).lower()
    return bool(name) and not name.startswith(NO_STRIKE)


def dropped(face: str, term: str | None = None) -> str:
    """`~~2~~` dimmed, its face struck where the terminal can strike."""
    style = DIM_STRUCK if can_strike(term) else DIM
    return f"{DIM}~~{RESET}{style}{face}{RESET}{DIM}~~{RESET}"


def rerolled_away(marked: str) -> str:
    """A face a reroll threw away (`1↻`), dimmed: its mark says what it was on any terminal."""
    return f"{DIM}{marked}{RESET}"


STYLES = {
    "pass": "\x1b[32;1m",
    "hit": "\x1b[32;1m",
    "hold": "\x1b[32;1m",
    "fail": "\x1b[31;1m",
    "miss": "\x1b[31;1m",
    "step-down": "\x1b[33;1m",
    "fizzle": "\x1b[31;1m",
    "crit": "\x1b[33;1m",
    "fumble": "\x1b[35;1m",
}
"""An outcome word's colour (the result's outcome, `crit`, `fumble`)."""


def outcome_words(res: Resolution) -> frozenset[str]:
    """The words of a result that are coloured: its outcome, `crit`, `fumble`, as it has them."""
    words = {res.outcome} if res.outcome in STYLES else set()
    if res.crit:
        words.add("crit")
    if res.fumble:
        words.add("fumble")
    return frozenset(w for w in words if w is not None)


def in_colour(word: str, res: Resolution) -> str:
    """An outcome word in its colour where the result has it (its fields say so), else as it is."""
    return f"{STYLES[word]}{word}{RESET}" if word in outcome_words(res) else word
