"""An error as the Environment says it, from its fields: its lines (`error_lines`) and, under
--json, its object (`error_to_json`, SPEC §3). On a screen `roll: error: …` is wrapped at words to
the width, the LINE under it and the caret under the bad character; a LINE wider than the screen
is shown as a window around the caret (`…` where it goes on), so the caret still points at it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TextIO

from cli.base.safe import hidden_escaped, shown
from cli.base.terminal import output_width
from cli.base.wrapping import char_width, wrap
from rules.errors import NotationError, RollError

ERROR_START = "roll: error: "
MARGIN = "  "
"""How far the LINE and its caret sit under `roll: error:` (`error_lines`)."""
MORE = "…"
"""Where a windowed LINE goes on past the screen."""


@dataclass(frozen=True, slots=True)
class ErrorLines:
    """An error as a screen shows it, made from its fields: what it says (`roll: error: …`),
    and the LINE as the caret line shows it with the columns before its caret (None: no
    caret). Laid out from these, never from its rendered text."""

    said: str
    line: str | None = None
    caret: int = 0

    def text(self) -> str:
        """Its lines as written (a pipe's: `roll: error: …` one line, as scripts read it)."""
        if self.line is None:
            return self.said
        return f"{self.said}\n{MARGIN}{self.line}\n{MARGIN}{' ' * self.caret}^"

    def fitted(self, width: int) -> str:
        """Its `roll: error: …` lines wrapped at words to `width` (continuations under a
        hanging indent); the LINE shown as a window around the caret when it is wider."""
        width = max(width, 20)
        out: list[str] = []
        for part in self.said.split("\n"):
            out += wrap(part, width) if part.startswith(ERROR_START) else [part]
        if self.line is not None:
            shown, caret = _window(self.line, self.caret, width - len(MARGIN))
            out += [MARGIN + shown, MARGIN + " " * caret + "^"]
        return "\n".join(out)


def error_lines(line: str | None, error: RollError, number: int | None = None) -> ErrorLines:
    """An error from its fields: `roll: error: MESSAGE` (for a batch's input line `number`,
    `roll: error: line 3: MESSAGE`), with the LINE and the caret's column under the bad
    character. The message's hints are in the words of the front end that runs
    (cli/base/wording.py: the shell's options, or the REPL's `as NAME`, `use SYSTEM`)."""
    from cli.base.wording import wording

    where = f"line {number}: " if number is not None else ""
    said = f"roll: error: {where}{shown(hidden_escaped(error.worded(wording())))}"
    if isinstance(error, NotationError) and line is not None and error.column:
        from cli.base.wrapping import width_of

        chars = [_shown_char(c) for c in line.rstrip("\n")]
        before = "".join(chars[: error.column - 1])
        indent = len(before) if before.isascii() else width_of(before)  # ASCII: a column each
        return ErrorLines(said, "".join(chars), indent)
    return ErrorLines(said)


def typed_before(before: str, line: str, error: RollError) -> tuple[str, RollError]:
    """A LINE and its error as said with what was typed before the LINE (`odds `, a dice bot's
    `/r `): the input is the whole, and a caret's column counts what went before too."""
    if not before:
        return line, error
    if isinstance(error, NotationError):
        error = NotationError(error.message, before + error.text, error.column + len(before),
                              error.expected, error.hint)
    return before + line, error


def _shown_char(c: str) -> str:
    """A character as the caret line shows it: a tab as a space, control characters and the
    ones a terminal shows nothing for (rules/ignorable.py) as �, each a column."""
    if " " <= c <= "~":  # printable ASCII: the Unicode tables (and their memory) are not needed
        return c
    if c == "\t":
        return " "
    import unicodedata

    from rules.ignorable import default_ignorable

    if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or (
            default_ignorable(c)):
        return "\ufffd"
    return c


def error_to_json(line: str, error: RollError, number: int | None = None) -> dict[str, Any]:
    """SPEC §3's error object; for a batch's input line `number` it also names it (`"line": 3`)."""
    column = error.column if isinstance(error, NotationError) else None
    out: dict[str, Any] = {"input": line, "error": error.message, "column": column}
    if error.hint is not None:
        out["hint"] = error.hint  # the spelling that works, for a script or a bot to offer
    if number is not None:
        out["line"] = number
    return out


def for_stream(lines: ErrorLines, stream: TextIO) -> str:
    """An error laid out for where it goes: fitted to the screen on a terminal; in a pipe its
    lines as written (`roll: error: …` one line, as scripts read it)."""
    try:
        on_screen = stream.isatty()
    except (AttributeError, ValueError):
        on_screen = False
    return lines.fitted(output_width()) if on_screen else lines.text()


def _window(line: str, caret: int, room: int) -> tuple[str, int]:
    """The part of `line` around the character at column `caret` that fits `room` columns,
    marked `…` where it is cut, and the caret's column in it; the LINE whole if it fits."""
    widths = [char_width(c) for c in line]
    ends = [0]
    for w in widths:
        ends.append(ends[-1] + w)
    if ends[-1] + (caret >= ends[-1]) <= room or caret not in ends:
        return line, caret  # it fits (a caret past the end takes a column too)
    at = ends.index(caret)  # the character the caret is under (len(line): past the end)
    count = len(line)

    def need(start: int, stop: int) -> int:
        return (ends[stop] - ends[start] + (start > 0) + (stop < count)
                + (at == count))  # `…` each side cut, and the caret past the end

    start, stop = at, min(at + 1, count)
    grew = True
    while grew:  # one character each side in turn: the caret stays near the middle
        grew = False
        if start > 0 and need(start - 1, stop) <= room:
            start, grew = start - 1, True
        if stop < count and need(start, stop + 1) <= room:
            stop, grew = stop + 1, True
    shown = (MORE if start > 0 else "") + line[start:stop] + (MORE if stop < count else "")
    return shown, (start > 0) + ends[at] - ends[start]
