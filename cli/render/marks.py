"""How a dropped die is marked on a colour terminal: a mark that survives any terminal.

The plain form `~~2~~` stays on screen everywhere (dimmed); where the terminal can draw
strike-through the face is struck as well, so `[4, 2, 6, 4] = 14` never reads as bad sums.
"""

from __future__ import annotations

import os

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
