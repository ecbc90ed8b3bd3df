"""The one layout of what roll prints: every text laid out for the width it is printed at.

This module is its public face; each job is in a module of its own:
- cli/base/terminal.py: `output_width()` (the terminal's width, or COLUMNS; 80 when not a
  terminal);
- cli/base/wrapping.py: `width_of`, `wrap` (words, hanging indents, never wider), `wrap_items`;
- cli/render/document.py: `reflow`, a help text or sheet written for 80 columns laid out to
  any width; cli/render/grid.py: its tables (`table`), stacked in column groups when narrow;
- cli/base/error_layout.py: `ErrorLines`, an error laid out from its fields, wrapped, its caret
  kept under its character
  (`for_stream`: fitted on a terminal, as written in a pipe);
- here: `Layout`, a rendered result reordered (outcome and total first) and wrapped, working
  on the renderer's text (colour included) without knowing how any result is described.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cli.base.error_layout import ERROR_START, ErrorLines
from cli.base.safe import shown
from cli.base.terminal import output_width, terminal_columns
from cli.base.wrapping import (
    INDENT,
    char_width,
    cut,
    visible,
    width_of,
    wrap,
    wrap_items,
    wrap_whole,
    wrap_words,
)
from cli.render.colour_marks import in_colour
from cli.render.document import reflow
from cli.render.grid import table
from rules.resolution import Change, Resolution
from rules.said import Face, OutcomeWord, Part, Said
from rules.systems.protocol import shown_input as shown_input_of

__all__ = [
    "ARROW", "ERROR_START", "INDENT", "SEPARATOR", "Layout", "char_width", "ErrorLines", "head_of",
    "output_width", "reflow", "table", "terminal_layout", "visible", "width_of", "wrap",
    "wrap_items", "wrap_whole", "wrap_words", "cut", "said_words",
]  # fmt: skip

SEPARATOR = " · "
ARROW = " → "


def head_of(res: Resolution, color: bool = False) -> str:
    """`pass · 17`, `15`, `step-down · 2`: the outcome (in its colour, with `color`) and the
    total, from the result's fields, when the LINE has them, after whose roll it was where a
    result says (`Wolf's Critical Damage save: pass · 9`); a table roll's head is the row it
    gave (`3 goblins in the fog`)."""
    rolled = dict(res.extra).get("table") if res.kind == "table" else None
    if isinstance(rolled, dict) and isinstance(rolled.get("text"), str):
        return shown(str(rolled["text"]))
    parts = [] if res.outcome is None else [in_colour(res.outcome, res) if color else res.outcome]
    if res.total is not None:
        parts.append(str(res.total))
    whose = dict(res.extra).get("whose")  # a roll made for someone else says whose
    if isinstance(whose, str) and parts:
        return f"{shown(whose)}: {SEPARATOR.join(parts)}"
    return SEPARATOR.join(parts)


class Shows(Protocol):
    """What a layout asks of a renderer (cli/render/text.py): each part of a result shown."""

    def said(self, said: Said, res: Resolution | None) -> str: ...
    def change(self, change: Change, system_id: str | None) -> str: ...
    def changes(self, res: Resolution) -> list[str]: ...
    def note(self, note: str, res: Resolution) -> str: ...


def said_words(said: Said, shows: Shows, res: Resolution | None) -> list[str]:
    """A summary's words for wrapping, each part shown by the renderer: its text breaks at
    spaces, a die or a group member (a `Face`: `~~[3, 10] = 13~~`) never does."""
    words = [""]
    for part in said.parts:
        seen = shows.said(Said((part,)), res)
        if isinstance(part, Face):
            words[-1] += seen
            continue
        first, *more = seen.split(" ")
        words[-1] += first
        words.extend(more)
    return [w for w in words if w]


def without_outcome(said: Said, outcome: str | None) -> Said:
    """The parts without the outcome word the head already says (` · pass`), found by its
    part (an `OutcomeWord`), never by reading the text: a label that reads `pass` stays."""
    if outcome is None:
        return said
    kept: list[Part] = []
    for part in said.parts:
        last = kept[-1] if kept else None
        if isinstance(part, OutcomeWord) and part.word == outcome and isinstance(last, str) \
                and last.endswith(SEPARATOR):
            kept.pop()
            if last != SEPARATOR:
                kept.append(last.removesuffix(SEPARATOR))
            continue
        kept.append(part)
    return Said(tuple(kept))


def without_tail(said: Said, tail: str) -> Said:
    """The parts without a trailing `tail` of plain words (a table roll's row, which heads)."""
    parts = said.parts
    if parts and isinstance(parts[-1], str) and parts[-1].endswith(tail):
        rest = parts[-1].removesuffix(tail)
        return Said(parts[:-1] + ((rest,) if rest else ()))
    return said


@dataclass(frozen=True, slots=True)
class Layout:
    """How results are laid out: to a width (None: never wrapped), echoing the input or not."""

    width: int | None = None
    echo: bool = True

    def fits(self, rendered: str) -> bool:
        """Whether every rendered line fits the width as it is."""
        return self.width is None or all(
            width_of(line) <= self.width for line in rendered.split("\n"))

    def lay_out(self, res: Resolution, rendered: str, shows: Shows, color: bool = False) -> str:
        """An echoing layout keeps the renderer's lines when they fit; else `apply`."""
        if self.echo and self.fits(rendered):
            return rendered
        return self.apply(res, shows, color)

    def apply(self, res: Resolution, shows: Shows, color: bool = False) -> str:
        """The result laid out from its parts: the LINE it echoes (when echoing), the head
        (outcome and total), then the rest of the summary, its changes and notes, each wrapped
        under the head."""
        lines: list[str] = []
        said = res.summary_parts
        comment = res.comment
        echoed = None if comment else said.after(shown_input_of(res.input) + ARROW)
        if echoed is not None:
            said = echoed
            if self.echo:
                lines += wrap(shown(shown_input_of(res.input)) + ARROW.rstrip(), self.width)
        elif comment:
            said = Said((f"{comment}: ",)) + said
        head = head_of(res, color)
        if head and res.kind == "table":  # the row heads; the die reading stays under it
            rolled = dict(res.extra)["table"]
            said = without_tail(said, ARROW + str(rolled["text"]))
        if head:
            lines += wrap(head, self.width)
            said = without_outcome(said, res.outcome)
        under = INDENT if head else ""
        words = said_words(said, shows, res)
        if words:
            lines += wrap_words(words, self.width, under)
        for change in shows.changes(res):
            lines += wrap(change, self.width, under or INDENT)
        for note in res.notes:
            text = (under or INDENT) + shows.note(note, res)
            # a note that fits keeps its own spacing (the order's aligned `▸  8 Ogre`)
            fits = self.width is None or width_of(text) <= self.width
            lines += [text] if fits else wrap(text.lstrip(" "), self.width, under or INDENT)
        return "\n".join(lines)


def terminal_layout(on_terminal: bool) -> Layout | None:
    """One-shots and batches on a terminal wrap to its width; a pipe gets the lines unwrapped."""
    if not on_terminal:
        return None
    return Layout(terminal_columns(80), echo=True)
