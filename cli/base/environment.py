"""The Environment: streams, TTY-ness and colour, injected so tests need no patching; every
output of a command goes through it (text lines, JSON objects, errors, the width to fit)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from cli.base.terminal import terminal_columns

if TYPE_CHECKING:
    from cli.base.error_layout import ErrorLines
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
    may take before it scrolls (None: LINES or the terminal's; the REPL's pane less its toolbar);
    `line`: the line it answers, as typed, which an error without a LINE of its own is said
    with (its JSON `input`), and `line_number` its 1-based number in a batch's input (None
    outside a batch: an error then says no `line N:`);
    `error_width`: the width errors are fitted to wherever they go (the REPL's pane, a terminal
    a one-shot or a batch runs on), None: fitted only when `error` writes to a terminal."""

    stdin: TextIO = field(default_factory=_stdin)
    stdout: TextIO = field(default_factory=_stdout)
    stderr: TextIO = field(default_factory=_stderr)
    confirm: Callable[[str], bool] = field(default=ask_on_the_terminal, repr=False)
    holding: bool = False
    as_json: bool = False
    columns: Callable[[], int] | None = field(default=None, repr=False)
    rows: Callable[[], int] | None = field(default=None, repr=False)
    line: str | None = None
    line_number: int | None = None
    error_width: Callable[[], int] | None = field(default=None, repr=False)

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
        from cli.base.safe import dumps

        self.out(dumps(dict(obj)))

    def listing(self, kind: str, items: Iterable[Mapping[str, Any]]) -> None:
        """Print a listing's items (`sheet list`, `log`), one JSON object each from a shell; a
        batch line gathers them as one `{"input", "kind", "items"}` object whatever the count
        (cli/commands/subcommand.py's OneAnswer), `kind` naming what they are (`characters`)."""
        for item in items:
            self.json(item)

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

    def error(self, error: RollError, line: str | None = None, number: int | None = None
              ) -> int:
        """Report a RollError of `line` (the LINE its caret points into), the batch's input
        line `number`; either not given is the line it answers. `roll: error: …` (wrapped at
        words for a person reading), and under `as_json` its object on stdout too, so a script
        reads an answer for every command; its exit status."""
        from cli.base.error_layout import error_lines

        if number is None:
            number = self.line_number
        if self.as_json:
            from cli.base.error_layout import error_to_json

            shown = line if line is not None else self.line or ""
            self.json(error_to_json(shown, error, number))
        self.say_error(error_lines(line, error, number), on_terminal=True)
        return error.exit_status

    def say_error(self, lines: ErrorLines, on_terminal: bool = False) -> None:
        """An error's lines on stderr, fitted from its fields where a person reads them (to
        `error_width`, and with `on_terminal` to the terminal's width when stderr is one),
        else as written (`roll: error: …` one line, as scripts read it)."""
        widths = [] if self.error_width is None else [self.error_width()]
        if on_terminal and _isatty(self.stderr):
            widths.append(self.width())
        self.err(lines.fitted(min(widths)) if widths else lines.text())

    def fail(self, error: RollError, line: str | None = None) -> NoReturn:
        """Report a RollError (`error`) of `line` and stop the command with its exit status."""
        raise Stopped(self.error(error, line))

    def width(self) -> int:
        """The columns output fits: the pane's, else COLUMNS or the terminal's (at least 20)."""
        if self.columns is not None:
            return self.columns()
        from cli.base.terminal import output_width

        return output_width()

    def height(self) -> int:
        """The rows output may take before it scrolls: the pane's, else LINES, else the
        terminal's when output goes to one; 0 for none (a pipe has no screen to fit)."""
        if self.rows is not None:
            return self.rows()
        from cli.base.terminal import terminal_lines

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
        the terminal conventions (cli/base/colour.py); a bad WHEN is a UsageError."""
        from cli.base.colour import chosen_when, in_colour

        chosen = chosen_when(when, no_color_flag, os.environ, configured)
        return in_colour(chosen, os.environ, self.stdout_isatty)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
