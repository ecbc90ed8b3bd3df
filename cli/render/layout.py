"""The one layout of what roll prints: every text laid out for the width it is printed at.

- `output_width()`: the terminal's width (or COLUMNS), 80 when not a terminal.
- `wrap`: a line broken at words, continuation lines under a hanging indent; never wider than
  the width (a word longer than a whole line is the only thing ever split).
- `reflow`: a help text (a document written for 80 columns) laid out for any width: a block
  that fits stays as written; one that does not is rewrapped, its two columns (`entry   what
  it does`) side by side while the description keeps room, else stacked (the description under
  its entry); a table (cells separated by tabs) stacks its column groups when narrow.
- `Layout`: a rendered result reordered (outcome and total first) and wrapped, working on the
  renderer's text (colour included) without knowing how any result is described.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cli.env import terminal_columns
from cli.render.marks import in_colour
from cli.render.safe import shown
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


def output_width(fallback: int = 80) -> int:
    """The width to lay text out for: COLUMNS, else the terminal's, else `fallback` (80 when
    not a terminal); never under 20, where nothing readable fits."""
    return max(terminal_columns(fallback), 20)


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
    indented by `hanging` more than the first; a word longer than a whole line is split."""
    if width is None or width_of(indent + text) <= width:
        return [indent + text]
    lines: list[str] = []
    current = ""

    def prefix() -> str:
        return indent if not lines else indent + hanging

    for word in _words(text):
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


def cut(text: str, width: int) -> str:
    """`text` cut to `width` columns, ending with `…` where it was cut (plain text only)."""
    if width_of(text) <= width:
        return text
    out, used = "", 1
    for c in text:
        w = char_width(c)
        if used + w > width:
            break
        out += c
        used += w
    return out + "…"


ERROR_START = "roll: error: "


def fit_error(text: str, width: int) -> str:
    """An error's `roll: error: …` lines wrapped at words to `width` (continuations under
    a hanging indent); the LINE and its caret below stay as they are, aligned."""
    return "\n".join(row for line in text.split("\n") for row in (
        wrap(line, max(width, 20)) if line.startswith(ERROR_START) else [line]))


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
            body = _cut_visible(summary, len(shown_input) + len(ARROW))
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


# ---- documents: help texts and sheets written for 80 columns, laid out for any width ----

_GAP = re.compile(r"(?<=\S) {2,}(?=\S)")
"""Two spaces or more between words: where an entry's description starts."""


def _two_columns(body: str) -> tuple[str, int, str] | None:
    """An entry and its description side by side (`buyout S      spend S Stamina`): split at
    the widest gap (the last of equals: `r1  r<3  rr1  ro<3    reroll…` is one entry);
    (entry, where the description starts, description), or None."""
    gaps = list(_GAP.finditer(body))
    if not gaps:
        return None
    gap = max(reversed(gaps), key=lambda m: len(m.group()))
    return body[: gap.start()], gap.end(), body[gap.end():]
STACKED = "    "
"""How far a stacked description sits under its entry."""
MIN_DESCRIPTION = 24
"""A description narrower than this goes under its entry instead."""


@dataclass
class _Block:
    """Lines of a document that belong together: an entry (and its description's column) or
    a paragraph; `segments` are the description's (or paragraph's) lines as written."""

    indent: int
    term: str | None = None
    column: int | None = None
    segments: list[str] | None = None
    lines: list[str] | None = None
    table: list[list[str]] | None = None

    def add(self, line: str) -> None:
        assert self.lines is not None and self.segments is not None
        self.lines.append(line)
        self.segments.append(line.strip())


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _blocks(text: str) -> list[_Block]:
    """The document's blocks: a line indented deeper than its block's first continues it (a
    line left of an entry's description column starts a block of its own)."""
    blocks: list[_Block] = []
    for line in text.split("\n"):
        indent, body = _indent_of(line), line.strip()
        last = blocks[-1] if blocks else None
        if "\t" in line:
            if last is None or last.table is None:
                blocks.append(last := _Block(indent, table=[]))
            assert last.table is not None
            last.table.append(line.split("\t"))
            continue
        if (last is not None and last.lines is not None and body and last.lines[-1].strip()
                and last.term is None and last.table is None and indent == last.indent > 0
                and not last.lines[-1].rstrip().endswith((".", ":"))
                and body[:1].islower() and not _starts_entries(last.lines, body)):
            last.add(line)  # a sentence going on at the same indent
            continue
        if (last is not None and last.lines is not None and body and last.lines[-1].strip()
                and indent > last.indent
                and (last.column is None or indent >= min(last.column - 2, last.indent + 8))
                and (last.term is not None or not _starts_entries(last.lines, body))):
            if (last.term is None and last.indent > 0 and len(last.lines) == 1
                    and indent >= last.indent + len(STACKED)  # an entry, described below
                    and not last.lines[0].strip().startswith("e.g.")):
                last.term, last.segments = last.lines[0].strip(), []
            if last.term is not None and last.column is None:
                if body.startswith("["):  # the entry's own words go on
                    parts = _two_columns(body)
                    last.term += " " + (parts[0] if parts else body)
                    last.lines.append(line)
                    if parts:
                        last.column = indent + parts[1]
                        assert last.segments is not None
                        last.segments.append(parts[2])
                    continue
                last.column = indent
            last.add(line)
            continue
        parts = _two_columns(body)
        if parts and indent > 0:
            blocks.append(_Block(indent, parts[0], indent + parts[1], [parts[2]], [line]))
        else:
            blocks.append(_Block(indent, None, None, [body] if body else [], [line]))
            if indent > 0 and body and _entry_only(body):
                blocks[-1].term, blocks[-1].segments = body, []
    return blocks


def _starts_entries(heading: list[str], body: str) -> bool:
    """Whether `body`, under a paragraph's lines `heading`, is an entry of its own (a heading
    of one line ending in a colon lists entries; an entry is two columns, or a command waiting
    for its description)."""
    listing = len(heading) == 1 and heading[0].rstrip().endswith(":")
    ended = heading[-1].rstrip().endswith((":", ".", ")"))
    return listing or _two_columns(body) is not None or (ended and _entry_only(body))


def _entry_only(body: str) -> bool:
    """A line that names a command and waits for its description on the next lines."""
    bracket, paren = body.find("["), body.find("(")
    return not body.endswith((".", ":", ")")) and bracket > 0 and not 0 <= paren < bracket


_CODE = re.compile(r"^(\[[\w.]+\]|[\w-]+ = |\S+,\S|roll )")
"""A line of a file or a command shown as it is typed (`[rolls]`, `hit = "…"`, `1-4,Sun`,
`roll alias list`): it keeps a line of its own."""


def _paragraphs(segments: list[str]) -> list[str]:
    """A description's lines joined into paragraphs; `e.g.` starts one of its own, and a line
    of code (`_CODE`) stands alone."""
    out: list[str] = []
    alone = False
    for segment in segments:
        code = bool(_CODE.match(segment))
        if out and not (segment.startswith("e.g.") or code or alone):
            out[-1] += " " + segment
        else:
            out.append(segment)
        alone = code
    return out


def _laid_out(block: _Block, width: int) -> list[str]:
    if block.table is not None:
        return table(block.table, width, " " * block.indent)
    assert block.lines is not None and block.segments is not None
    if all(width_of(line) <= width for line in block.lines):
        return block.lines
    pad = " " * min(block.indent, width // 4)  # far right in 80 columns: kept near its entry
    if block.term is None:
        paragraphs = _paragraphs(block.segments)
        under = pad if block.indent else INDENT  # a heading's own lines hang under it
        return [row for n, text in enumerate(paragraphs)
                for row in wrap(text, width, pad if n == 0 else under)]
    column = min(block.column or block.indent + len(STACKED), width // 2)
    side_by_side = (width_of(pad + block.term) + 2 <= column
                    and width - column >= MIN_DESCRIPTION)
    if side_by_side:
        out: list[str] = []
        for text in _paragraphs(block.segments):
            rows = wrap(text, width, " " * column, hanging="")
            if not out:
                rows[0] = (pad + block.term).ljust(column) + rows[0].lstrip(" ")
            out += rows
        return out
    out = wrap(block.term, width, pad, hanging=INDENT)
    under = pad + (STACKED if width - block.indent - len(STACKED) >= MIN_DESCRIPTION // 2
                   else INDENT)
    for text in _paragraphs(block.segments):
        out += wrap(text, width, under, hanging="")
    return out


def reflow(text: str, width: int) -> str:
    """A document (help, a sheet) written for 80 columns, laid out to `width` columns."""
    return "\n".join(row for block in _blocks(text) for row in _laid_out(block, width))


def table(rows: list[list[str]], width: int, pad: str = "") -> list[str]:
    """Rows of cells, the first column the key, numbers right-aligned. A row whose key cell is
    empty labels column groups (a label spans to the next one). Too wide: the value columns
    are stacked in groups that fit, each under the key column and its group's labels."""
    spans = [row for row in rows if row and row[0] == "" and any(row[1:])]
    body = [row for row in rows if row not in spans]
    count = max(len(row) for row in rows)
    grid = [row + [""] * (count - len(row)) for row in body]
    widths = [max(width_of(row[i]) for row in grid) for i in range(count)]
    starts = sorted({i for row in spans for i, cell in enumerate(row) if i and cell}) or [1]
    groups = [list(range(a, b)) for a, b in zip(starts, [*starts[1:], count], strict=True)]
    if starts[0] > 1:
        groups.insert(0, list(range(1, starts[0])))

    firsts = {group[0] for group in groups[1:]} if spans else set()

    def gap(i: int) -> int:
        return 2 if i in firsts else 1  # column groups stand apart

    def need(columns: list[int]) -> int:
        return width_of(pad) + widths[0] + sum(widths[i] + gap(i) for i in columns)

    chunks: list[list[int]] = []
    if any(need(group) > width for group in groups):  # a group too wide: a column at a time
        groups = [[i] for group in groups for i in group]
    for group in groups:
        if chunks and need(chunks[-1] + group) <= width:
            chunks[-1] += group
        else:
            chunks.append(group)
    out: list[str] = []
    for chunk in chunks:
        for span in spans:
            line, x = pad + " " * widths[0], width_of(pad) + widths[0]
            for i in chunk:
                x += widths[i] + (gap(i) if i != chunk[0] else 1)
                label = span[i] if i < len(span) else ""
                if label:
                    line = line.ljust(x - widths[i]) + label
            out.append(line.rstrip())
        for row in grid:
            line = pad + (row[0].rjust(widths[0]) if _numeric(row[0]) else row[0].ljust(widths[0]))
            for i in chunk:
                line += " " * (gap(i) if i != chunk[0] else 1) + row[i].rjust(widths[i])
            out.append(line.rstrip())
    return out


def _numeric(cell: str) -> bool:
    return bool(cell) and (cell[0].isdigit() or cell[0] in "<>−-")
