"""Documents written for 80 columns (help texts, sheets) laid out for any width: `reflow`.

A block that fits stays as written; one that does not is rewrapped, its two columns (`entry
what it does`) side by side while the description keeps room, else stacked (the description
under its entry); a table (cells separated by tabs) is laid out by cli/render/grid.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cli.base.wrapping import INDENT, width_of, wrap
from cli.render.grid import table

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


@dataclass(slots=True)
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
