"""Text broken at words for a width: what every layout of roll's output is built from.

- `output_width()` (cli/base/terminal.py): the terminal's width (or COLUMNS), 80 when not a
  terminal.
- `width_of`: the columns a text takes on screen (colour escapes none, CJK two).
- `wrap`: a line broken at words, continuation lines under a hanging indent; never wider than
  the width (a word longer than a whole line is the only thing ever split).
- `wrap_items`: items (a log entry's changes, a sheet's stats) kept whole where they fit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
INDENT = "  "
"""The hanging indent of a wrapped line, and of the dice and changes under a head."""


def visible(text: str) -> str:
    """`text` without its colour escapes."""
    return _ESCAPE.sub("", text)


def char_width(c: str) -> int:
    """The terminal columns one character takes (wcwidth: CJK and emoji two, combining none)."""
    if " " <= c < "\u0300":
        return 1
    from wcwidth import wcwidth  # type: ignore[import-untyped]  # prompt-toolkit's own

    return max(int(wcwidth(c)), 0)


def width_of(text: str) -> int:
    """The terminal columns `text` takes on screen (escapes take none, CJK two)."""
    return sum(char_width(c) for c in visible(text))


def _split_long(word: str, room: int) -> list[str]:
    """A word wider than a whole line, in pieces of at most `room` columns (plain text only)."""
    pieces, current, used = [], "", 0
    for c in word:
        w = char_width(c)
        if current and used + w > room:
            cut = max(current.rfind(mark) for mark in "|,/")  # after a `|`, where one can
            cut = cut + 1 if cut > 0 else len(current)
            pieces.append(current[:cut])
            current = current[cut:]
            used = width_of(current)
        current += c
        used += w
    return [*pieces, current] if current else pieces


def wrap(text: str, width: int | None, indent: str = "", hanging: str = INDENT) -> list[str]:
    """`text` broken at spaces into lines of at most `width` columns, continuation lines
    indented by `hanging` more than the first; a word longer than a whole line is split."""
    return wrap_words([w for w in text.split(" ") if w], width, indent, hanging)


def wrap_lines(lines: Sequence[str], width: int | None) -> str:
    """Lines each wrapped at words to `width` under a hanging indent, each keeping the indent
    it starts with (`   Ara · Vigor 1 → 3 (undo next)`): a command's plain output fitted."""
    out: list[str] = []
    for line in lines:
        indent = line[:len(line) - len(line.lstrip(" "))]
        out += wrap(line[len(indent):], width, indent)
    return "\n".join(out)


def wrap_words(words: Sequence[str], width: int | None, indent: str = "",
               hanging: str = INDENT) -> list[str]:
    """Words (each never broken at a space of its own: a struck group member
    `~~[3, 10] = 13~~` is one) joined by spaces into lines of at most `width` columns,
    continuation lines indented by `hanging` more than the first; a plain word longer than a
    whole line is split."""
    if width is None or width_of(indent + " ".join(words)) <= width:
        return [indent + " ".join(words)]
    lines: list[str] = []
    current = ""

    def prefix() -> str:
        return indent if not lines else indent + hanging

    for word in words:
        if current and width_of(prefix() + current + " " + word) <= width:
            current += " " + word
            continue
        if current:
            lines.append(prefix() + current)
        current = word
        room = width - width_of(prefix())
        if width_of(current) > room and room > 0 and current == visible(current):
            *whole, current = _split_long(current, room)
            for piece in whole:
                lines.append(prefix() + piece)
    if current:
        lines.append(prefix() + current)
    return lines


def wrap_items(items: list[str], width: int, hanging: str = INDENT, sep: str = " ",
               indent: str = "") -> list[str]:
    """Items joined by `sep`, each kept whole on one line where it fits (`· HP 5→3` is never
    split from its numbers), lines after the first under `hanging` more than `indent`; an
    item wider than a line wraps at its own words."""
    lines: list[str] = []
    for item in items:
        if lines and width_of(lines[-1] + sep + item) <= width:
            lines[-1] += sep + item
        elif lines:
            lines += wrap(item, width, indent + hanging, hanging="")
        else:
            lines += wrap(item, width, indent, hanging)
    return lines


def wrap_whole(items: list[str], width: int, sep: str) -> list[str]:
    """Items joined by `sep`, a new line where the next would not fit `width` columns; an
    item is never split (one wider than a line stands alone on its own)."""
    lines: list[str] = []
    for item in items:
        if lines and width_of(lines[-1] + sep + item) <= width:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines


def shown_cut(text: str, width: int) -> str:
    """Data text (a name, a pool) shown as one line (cli/base/safe.py: its controls made
    visible) in at most `width` columns, ending with `…` where it was cut: never inside a
    character's visible form (a `<U+202E>` or `^[` is whole or gone)."""
    from cli.base.safe import shown

    return _cut_into(shown(text), (shown(c) for c in text), width)


def cut(text: str, width: int) -> str:
    """`text` cut to `width` columns, ending with `…` where it was cut (plain text only)."""
    return _cut_into(text, text, width)


def _cut_into(whole: str, units: Iterable[str], width: int) -> str:
    """`whole` when it fits in `width` columns, else as many of its `units` (its characters as
    they show) as fit before a `…`."""
    if width_of(whole) <= width:
        return whole
    out, used = "", 1
    for unit in units:
        w = width_of(unit)
        if used + w > width:
            break
        out += unit
        used += w
    return out + "…"
