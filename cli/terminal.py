"""The terminal's width and height, read without shutil (cli/env.py and cli/render/layout.py use it)."""

from __future__ import annotations

import os
import sys


def terminal_columns(fallback: int = 80) -> int:
    """The terminal's width as `shutil.get_terminal_size` finds it: `$COLUMNS`, else the terminal
    on stdout, else `fallback`. Without shutil, which loads bz2 and lzma (1.5 ms of a start)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    try:
        columns = 0 if stdout is None else os.get_terminal_size(stdout.fileno()).columns
    except (ValueError, OSError):  # no terminal there, or a stream without a descriptor
        columns = 0
    return columns if columns > 0 else fallback


def terminal_lines(on_a_terminal: bool = True) -> int:
    """The terminal's height: `$LINES`, else (output `on_a_terminal`) the terminal on stdout's;
    0 when there is none (a pipe has no screen to fit)."""
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if lines > 0 or not on_a_terminal:
        return max(lines, 0)
    stdout = sys.__stdout__
    try:
        return 0 if stdout is None else os.get_terminal_size(stdout.fileno()).lines
    except (ValueError, OSError):
        return 0
