"""The narrow-pane layout: a rendered result reordered (outcome and total first) and wrapped.

It works on text the renderer already produced (colour included), so it adds a layout step
without knowing how any result is described.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cli.env import terminal_columns
from cli.render.safe import shown
from cli.render.text import colorize, columns
from rules.resolution import Resolution
from rules.systems.protocol import shown_input as shown_input_of

_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
SEPARATOR = " · "
ARROW = " → "
INDENT = "  "
"""The hanging indent of a wrapped line, and of the dice and changes under a head."""


def visible(text: str) -> str:
    """`text` without its colour escapes."""
    return _ESCAPE.sub("", text)


def width_of(text: str) -> int:
    """The terminal columns `text` takes on screen (escapes take none, CJK two)."""
    return columns(visible(text))


def _cut_visible(text: str, count: int) -> str:
    """`text` with its first `count` visible characters removed (escapes kept in place)."""
    out, seen, i = [], 0, 0
    while i < len(text):
        escape = _ESCAPE.match(text, i)
        if escape:
            out.append(escape.group())
            i = escape.end()
        elif seen < count:
            seen += 1
            i += 1
        else:
            out.append(text[i:])
            break
    return "".join(out)


def _words(text: str) -> list[str]:
    """Words at spaces, but a struck span (`~~[1, 2] = 3~~`) stays one word."""
    merged: list[str] = []
    open_span = False
    for word in text.split(" "):
        if open_span and merged:
            merged[-1] += " " + word
        else:
            merged.append(word)
        open_span = visible(merged[-1]).count("~~") % 2 == 1
    return [w for w in merged if w]


def wrap(text: str, width: int | None, indent: str = "", hanging: str = INDENT) -> list[str]:
    """`text` broken at spaces into lines of at most `width` columns, continuation lines
    indented by `hanging` more than the first; a word longer than a line stands alone."""
    if width is None or width_of(indent + text) <= width:
        return [indent + text]
    lines: list[str] = []
    current = ""
    for word in _words(text):
        prefix = indent if not lines and not current else indent + hanging
        if not current:
            current = word
        elif width_of(prefix + current + " " + word) <= width:
            current += " " + word
        else:
            lines.append((indent if not lines else indent + hanging) + current)
            current = word
    if current:
        lines.append((indent if not lines else indent + hanging) + current)
    return lines


def head_of(res: Resolution) -> str:
    """`pass · 17`, `15`, `step-down · 2`: the outcome and the total, when the LINE has them;
    a table roll's head is the row it gave (`3 goblins in the fog`)."""
    rolled = dict(res.extra).get("table") if res.kind == "table" else None
    if isinstance(rolled, dict) and isinstance(rolled.get("text"), str):
        return shown(str(rolled["text"]))
    parts = [res.outcome] if res.outcome is not None else []
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
            body = _cut_visible(summary, len(shown_input) + len(ARROW))
            if self.echo:
                lines += wrap(shown_input + ARROW.rstrip(), self.width)
        head = head_of(res)
        if head and res.kind == "table":  # the row heads; the die reading stays under it
            body = body.removesuffix(ARROW + head)
        if head:
            lines += wrap(colorize(head, res) if color else head, self.width)
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
