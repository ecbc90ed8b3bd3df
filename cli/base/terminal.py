"""The terminal's width and height (cli/base/environment.py and cli/render/layout.py use them)."""

from __future__ import annotations

import os


def terminal_columns(fallback: int = 80) -> int:
    """The terminal's width: `$COLUMNS`, else the terminal on stdout, else `fallback`."""
    import shutil  # (with bz2 and lzma: asked only where output meets a terminal)

    return shutil.get_terminal_size((fallback, 24)).columns


def output_width(fallback: int = 80) -> int:
    """The width to lay text out for: COLUMNS, else the terminal's, else `fallback` (80 when
    not a terminal); never under 20, where nothing readable fits."""
    return max(terminal_columns(fallback), 20)


def terminal_lines(on_a_terminal: bool = True) -> int:
    """The terminal's height: `$LINES`, else (output `on_a_terminal`) the terminal on stdout's;
    0 when there is none (a pipe has no screen to fit)."""
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if lines > 0 or not on_a_terminal:
        return max(lines, 0)
    import shutil

    return shutil.get_terminal_size((0, 0)).lines
