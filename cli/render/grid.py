"""A table of a document (cells apart by tabs) laid out for a width: columns side by side,
numbers right-aligned, the value columns stacked in groups that fit when it is narrow."""

from __future__ import annotations

from cli.render.wrapping import width_of


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
