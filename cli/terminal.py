"""The terminal's width (cli/env.py and cli/render/layout.py use it)."""

from __future__ import annotations


def terminal_columns(fallback: int = 80) -> int:
    """The terminal's width: `$COLUMNS`, else the terminal on stdout, else `fallback`."""
    import shutil  # (with bz2 and lzma: asked only where output meets a terminal)

    return shutil.get_terminal_size((fallback, 24)).columns
