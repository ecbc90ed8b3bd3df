"""A table of a document (cells apart by tabs) laid out for a width: columns side by side,
numbers right-aligned, the value columns stacked in groups that fit when it is narrow."""

from __future__ import annotations

from collections.abc import Callable

from cli.base.wrapping import width_of


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

    def need(columns: list[int]) -> int:  # a chunk's first column stands 1 from the key
        return width_of(pad) + widths[0] + sum(
            widths[i] + (gap(i) if n else 1) for n, i in enumerate(columns))

    def packed(parts: list[list[int]]) -> list[list[int]]:
        chunks: list[list[int]] = []
        for part in parts:
            if chunks and need(chunks[-1] + part) <= width:
                chunks[-1] += part
            else:
                chunks.append(part)
        return chunks

    if all(need(group) <= width for group in groups):  # whole groups, side by side where they fit
        chunks = packed(groups)
    else:  # a group too wide: its columns a few at a time, each chunk of one group's columns
        chunks = [chunk for group in groups for chunk in packed([[i] for i in group])]
    out: list[str] = []
    for chunk in chunks:
        for span in spans:
            out += _labels(span, chunk, widths, gap, pad)
        for row in grid:
            line = pad + (row[0].rjust(widths[0]) if _numeric(row[0]) else row[0].ljust(widths[0]))
            for i in chunk:
                line += " " * (gap(i) if i != chunk[0] else 1) + row[i].rjust(widths[i])
            out.append(line.rstrip())
    return out


def _labels(span: list[str], chunk: list[int], widths: list[int], gap: Callable[[int], int],
            pad: str) -> list[str]:
    """A row of column-group labels over the columns of `chunk`: each group's label over the
    first of its columns there (a group cut between two chunks is labelled in both); a label
    that would run into the next one starts a line of its own."""

    def owner(i: int) -> int | None:  # where the label over column i is written
        return max((j for j in range(1, i + 1) if j < len(span) and span[j]), default=None)

    lines = [pad + " " * widths[0]]
    x = width_of(pad) + widths[0]
    for n, i in enumerate(chunk):
        x += widths[i] + (gap(i) if n else 1)
        j = owner(i)
        if j is None or (n and owner(chunk[n - 1]) == j):
            continue
        at = x - widths[i]
        if width_of(lines[-1].rstrip()) >= at:  # no room left of it: a line of its own
            lines.append("")
        lines[-1] = lines[-1].ljust(at) + span[j]
    return [line.rstrip() for line in lines]


def _numeric(cell: str) -> bool:
    return bool(cell) and (cell[0].isdigit() or cell[0] in "<>−-")
