"""The Environment: streams, TTY-ness and colour, injected so tests need no patching."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TextIO


class ExitStatus(IntEnum):
    """What `roll` exits with (SPEC §2)."""

    OK = 0
    REFUSED = 1
    BAD_INPUT = 2
    INTERRUPTED = 130


def ask_on_the_terminal(question: str) -> bool:
    """A yes-or-no question on the terminal, no unless answered yes (Click's prompt)."""
    import typer

    return typer.confirm(question, default=False)


@dataclass
class Environment:
    """Where `roll` reads and writes, whether a person is watching, and how they are asked."""

    stdin: TextIO = field(default_factory=lambda: sys.stdin)
    stdout: TextIO = field(default_factory=lambda: sys.stdout)
    stderr: TextIO = field(default_factory=lambda: sys.stderr)
    confirm: Callable[[str], bool] = field(default=ask_on_the_terminal, repr=False)
    """Ask a yes-or-no question (`sheet rm` on a terminal); True for yes."""

    @property
    def stdin_isatty(self) -> bool:
        return _isatty(self.stdin)

    @property
    def stdout_isatty(self) -> bool:
        return _isatty(self.stdout)

    @property
    def stderr_isatty(self) -> bool:
        return _isatty(self.stderr)

    def color(self, no_color_flag: bool) -> bool:
        """Colour only on a TTY, and never with --no-color or a non-empty NO_COLOR (no-color.org)."""
        return not no_color_flag and not os.environ.get("NO_COLOR") and self.stdout_isatty


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


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
