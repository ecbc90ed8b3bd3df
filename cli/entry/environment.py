"""The Environment: streams, TTY-ness and colour, injected so tests need no patching; every
output of a command goes through it (text lines, JSON objects, errors, the width to fit)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from cli.entry.terminal import terminal_columns

if TYPE_CHECKING:
    from rules.errors import RollError

__all__ = ["Environment", "ExitStatus", "Stopped", "terminal_columns"]


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


class Stopped(Exception):  # noqa: N818  (a stop, not an error: it was reported already)
    """A command stops after reporting its error through the Environment (`Environment.fail`):
    `status` is what it exits with."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _stdin() -> TextIO:
    return sys.stdin


def _stdout() -> TextIO:
    return sys.stdout


def _stderr() -> TextIO:
    return sys.stderr


@dataclass(slots=True)
class Environment:
    """Where `roll` reads and writes, whether a person is watching, and how they are asked.

    The streams default to the process's own as it is made; `confirm`: ask a yes-or-no question
    (`sheet rm` on a terminal), True for yes; `holding`: a batch decides when output is flushed
    (cli/entry/fast_argv.py); `as_json`: an error also answers on stdout, as a JSON object (SPEC §3);
    `columns`: the width output fits (None: the terminal's, COLUMNS first); `rows`: the rows it
    may take before it scrolls (None: LINES or the terminal's; the REPL's pane less its toolbar)."""

    stdin: TextIO = field(default_factory=_stdin)
    stdout: TextIO = field(default_factory=_stdout)
    stderr: TextIO = field(default_factory=_stderr)
    confirm: Callable[[str], bool] = field(default=ask_on_the_terminal, repr=False)
    holding: bool = False
    as_json: bool = False
    columns: Callable[[], int] | None = field(default=None, repr=False)
    rows: Callable[[], int] | None = field(default=None, repr=False)

    # ---- output ----

    def out(self, text: str, end: str = "\n") -> None:
        """Print text (a line, or lines); it reaches the reader at once unless `holding`."""
        try:
            self.stdout.write(text + end)
            if not self.holding:
                self.stdout.flush()
        except BrokenPipeError:
            self.reader_gone()

    def json(self, obj: Mapping[str, Any]) -> None:
        """Print one JSON object, a line of its own (JSON Lines)."""
        from cli.render.json import dumps

        self.out(dumps(dict(obj)))

    def flush(self) -> None:
        """Send what was printed: a batch calls it before a read that may wait."""
        try:
            self.stdout.flush()
        except BrokenPipeError:
            self.reader_gone()

    def reader_gone(self) -> NoReturn:
        """The reader went away (`roll -n 1000 d6 | head -1`): stop quietly, status 0."""
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, self.stdout.fileno())
        raise SystemExit(0) from None

    def err(self, text: str) -> None:
        """A line on stderr; what was printed before it is shown first."""
        if self.holding:
            self.flush()
        self.stderr.write(text + "\n")
        self.stderr.flush()

    def error(self, error: RollError, line: str | None = None) -> int:
        """Report a RollError: `roll: error: …` (wrapped at words for a person reading), and
        under `as_json` its object on stdout too, so a script reads an answer for every
        command; its exit status."""
        from cli.render.text import error_text

        if self.as_json:
            from cli.entry.argv import command_line
            from cli.render.json import error_to_json
            from cli.render.position import batch_text

            shown = line if line is not None else batch_text() or command_line()
            self.json(error_to_json(shown, error))
        text = error_text(line, error)
        if _isatty(self.stderr):  # a person reads it: wrapped at words to the terminal
            from cli.render.layout import fit_error

            text = fit_error(text, self.width())
        self.err(text)
        return error.exit_status

    def fail(self, error: RollError, line: str | None = None) -> NoReturn:
        """Report a RollError (`error`) and stop the command with its exit status."""
        raise Stopped(self.error(error, line))

    def width(self) -> int:
        """The columns output fits: the pane's, else COLUMNS or the terminal's (at least 20)."""
        if self.columns is not None:
            return self.columns()
        from cli.render.layout import output_width

        return output_width()

    def height(self) -> int:
        """The rows output may take before it scrolls: the pane's, else LINES, else the
        terminal's when output goes to one; 0 for none (a pipe has no screen to fit)."""
        if self.rows is not None:
            return self.rows()
        from cli.entry.terminal import terminal_lines

        return terminal_lines(self.stdout_isatty)

    @property
    def stdin_isatty(self) -> bool:
        return _isatty(self.stdin)

    @property
    def stdout_isatty(self) -> bool:
        return _isatty(self.stdout)

    @property
    def stderr_isatty(self) -> bool:
        return _isatty(self.stderr)

    def color(self, no_color_flag: bool = False, when: str | None = None,
              configured: Callable[[], str | None] = lambda: None) -> bool:
        """Colour as asked: `--no-color`, `--color WHEN`, ROLL_COLOR, the config file's `color`,
        the terminal conventions (cli/entry/colour.py); a bad WHEN is a UsageError."""
        from cli.entry.colour import chosen_when, in_colour

        chosen = chosen_when(when, no_color_flag, os.environ, configured)
        return in_colour(chosen, os.environ, self.stdout_isatty)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
