"""A batch: one LINE per line of standard input (`roll < lines`, `roll -`), read as it comes
(a program that writes a line and waits gets its answer), in the memory of one chunk whatever
a line's length; a bad line is its own error and the batch goes on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple, Protocol, TextIO

from cli.base.environment import Environment, ExitStatus
from cli.line.runner import Runner, worst
from rules.errors import LimitError, UsageError
from rules.limits import MAX_LINE


class RunLine(Protocol):
    """How a batch runs its input line `number` (a subcommand or a LINE: cli/commands/dispatch.py's
    run_any, handed down, since the subcommands sit above this layer); its exit status."""

    def __call__(self, runner: Runner, text: str, *, number: int | None = None,
                 typed: bool = False) -> int: ...


def run_batch(runner: Runner, env: Environment, run_any: RunLine) -> int:
    """One LINE per input line, each run by `run_any`; keeps going after a bad line; the worst
    status wins."""
    from cli.base.position import reading_stdin

    status = int(ExitStatus.OK)
    runner.holding = True
    try:
        with reading_stdin():
            for number, raw in enumerate(input_lines(env.stdin, runner.flush), start=1):
                text = raw.lstrip("\ufeff").strip()  # a file saved with a byte-order mark
                if not text or text.startswith("#"):
                    continue
                if not text.isascii() or isinstance(raw, OverLong):  # most lines are neither
                    refused = unreadable(runner, raw, text, number)
                    if refused is not None:  # that line's error; the rest of the batch runs
                        status = worst(status, refused)
                        continue
                status = worst(status, run_any(runner, text, number=number, typed=True))
    finally:
        runner.holding = False
        runner.flush()
    return worst(status, runner.finish())


def unreadable(runner: Runner, raw: str, text: str, number: int) -> int | None:
    """The error status of input line `number` when its bytes are not UTF-8 or it is too long
    to keep (said, as that line's error); None for a line to run."""
    from cli.base.safe import as_text, not_utf8

    bad = not_utf8(text, "the line")
    if bad is not None:
        return runner.report(as_text(text), UsageError(bad), number=number)
    too_long = over_long(raw)
    if too_long is not None:
        return runner.report(text[:MAX_LINE], too_long, number=number)
    return None


CHUNK = 1 << 16
LONGEST_KEPT = 1 << 16
"""The most of one input line kept (a LINE has at most 1,000 characters): a line of a gigabyte
is that line's error, read in constant memory, and the batch goes on after it."""


class _Cut(NamedTuple):
    """A line being skipped: its kept start and the characters read of it so far."""

    kept: str
    length: int


class OverLong(str):
    """The kept start of an input line longer than LONGEST_KEPT; `length` is the whole line's
    (its characters counted as they were skipped), so its error says the real length."""

    length: int

    def __new__(cls, kept: str, length: int) -> OverLong:
        line = super().__new__(cls, kept)
        line.length = length
        return line


def over_long(line: str) -> LimitError | None:
    """The error of an input line too long to keep, with its real length; None for the rest."""
    if not isinstance(line, OverLong):
        return None
    return LimitError(f"a LINE has at most {MAX_LINE:,} characters (this one has"
                      f" {line.length:,})")


def input_lines(stdin: TextIO | None, flush: Callable[[], None]) -> Iterator[str]:
    """The lines of standard input (newlines as Python reads text: `\n`, `\r\n` or `\r`);
    what was printed is flushed only before a read that may wait, so a program that writes a
    line and waits gets its answer, while a file of 10,000 lines costs one write per chunk."""
    if stdin is None:  # `roll -q <&-`: no standard input at all, so no LINE
        return
    read1 = getattr(getattr(stdin, "buffer", None), "read1", None)
    if read1 is None:  # a StringIO in tests, or a stream without bytes underneath
        for line in stdin:
            yield line
            flush()
        return
    import codecs

    # a byte that is not UTF-8 stays in its line (as a lone surrogate): that line's error
    decoder = codecs.getincrementaldecoder(stdin.encoding or "utf-8")("surrogateescape")
    pending = ""
    after_cr = False  # the last chunk ended in `\r`: a `\n` starting this one is its other half
    cut: _Cut | None = None
    while True:
        flush()
        chunk = read1(CHUNK)
        text = pending + decoder.decode(chunk, final=not chunk)
        if after_cr and text.startswith("\n"):
            text = text[1:]
        after_cr = text.endswith("\r")
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        pending = lines.pop()  # the start of a line that goes on in the next chunk, or ""
        if cut is not None:  # the rest of a line too long to keep, counted up to its newline
            if lines:
                yield OverLong(cut.kept, cut.length + len(lines.pop(0)))
                cut = None
            else:
                cut = _Cut(cut.kept, cut.length + len(pending))
                pending = ""
        yield from lines
        if len(pending) > LONGEST_KEPT:  # far past any LINE: its error; the rest is counted
            cut, pending = _Cut(pending[:LONGEST_KEPT], len(pending)), ""
        if not chunk:
            if cut is not None:
                yield OverLong(cut.kept, cut.length)
            if pending:
                yield pending
            return
