"""The one layout of what roll prints: every text laid out for the width it is printed at.

This module is its public face; each job is in a module of its own:
- cli/render/wrapping.py: `output_width()` (the terminal's width, or COLUMNS; 80 when not a
  terminal), `width_of`, `wrap` (words, hanging indents, never wider), `wrap_items`;
- cli/render/document.py: `reflow`, a help text or sheet written for 80 columns laid out to
  any width; cli/render/grid.py: its tables (`table`), stacked in column groups when narrow;
- cli/render/error_layout.py: `fit_error`, an error wrapped, its caret kept under its character
  (`for_stream`: fitted on a terminal, as written in a pipe);
- here: `Layout`, a rendered result reordered (outcome and total first) and wrapped, working
  on the renderer's text (colour included) without knowing how any result is described.
"""

from __future__ import annotations

from dataclasses import dataclass

from cli.render.document import reflow
from cli.render.error_layout import ERROR_START, fit_error
from cli.render.grid import table
from cli.render.marks import in_colour
from cli.render.safe import shown
from cli.render.wrapping import (
    INDENT,
    char_width,
    cut,
    cut_visible,
    output_width,
    visible,
    width_of,
    wrap,
    wrap_items,
    wrap_whole,
)
from cli.terminal import terminal_columns
from rules.resolution import Resolution
from rules.systems.protocol import shown_input as shown_input_of

__all__ = [
    "ARROW", "ERROR_START", "INDENT", "SEPARATOR", "Layout", "char_width", "fit_error", "head_of",
    "output_width", "reflow", "table", "terminal_layout", "visible", "width_of", "wrap",
    "wrap_items", "wrap_whole", "cut",
]  # fmt: skip

SEPARATOR = " · "
ARROW = " → "


def head_of(res: Resolution, color: bool = False) -> str:
    """`pass · 17`, `15`, `step-down · 2`: the outcome (in its colour, with `color`) and the
    total, from the result's fields, when the LINE has them; a table roll's head is the row it
    gave (`3 goblins in the fog`)."""
    rolled = dict(res.extra).get("table") if res.kind == "table" else None
    if isinstance(rolled, dict) and isinstance(rolled.get("text"), str):
        return shown(str(rolled["text"]))
    parts = [] if res.outcome is None else [in_colour(res.outcome, res) if color else res.outcome]
    if res.total is not None:
        parts.append(str(res.total))
    return SEPARATOR.join(parts)


@dataclass(frozen=True)
class Layout:
    """How results are laid out: to a width (None: never wrapped), echoing the input or not."""

    width: int | None = None
    echo: bool = True

    def fits(self, rendered: str) -> bool:
        """Whether every rendered line fits the width as it is."""
        return self.width is None or all(
            width_of(line) <= self.width for line in rendered.split("\n"))

    def lay_out(self, res: Resolution, rendered: str, color: bool = False) -> str:
        """An echoing layout keeps the renderer's lines when they fit; else `apply`."""
        if self.echo and self.fits(rendered):
            return rendered
        return self.apply(res, rendered, color)

    def apply(self, res: Resolution, rendered: str, color: bool = False) -> str:
        """The rendered lines of `res` (summary, then changes and notes) laid out."""
        summary, *rest = rendered.split("\n")
        lines: list[str] = []
        body = summary
        shown_input = shown(shown_input_of(res.input))
        plain = visible(summary)
        if plain.startswith(shown_input + ARROW):
            body = cut_visible(summary, len(shown_input) + len(ARROW))
            if self.echo:
                lines += wrap(shown_input + ARROW.rstrip(), self.width)
        head = head_of(res, color)
        if head and res.kind == "table":  # the row heads; the die reading stays under it
            body = body.removesuffix(ARROW + head)
        if head:
            lines += wrap(head, self.width)
            body = SEPARATOR.join(
                part for part in body.split(SEPARATOR) if visible(part) != res.outcome
            )
        under = INDENT if head else ""
        if body:
            lines += wrap(body, self.width, under)
        for line in rest:
            lines += wrap(line, self.width, under or INDENT)
        return "\n".join(lines)


def terminal_layout(on_terminal: bool) -> Layout | None:
    """One-shots and batches on a terminal wrap to its width; a pipe gets the lines unwrapped."""
    if not on_terminal:
        return None
    return Layout(terminal_columns(80), echo=True)
