"""A rollable table: its die (any dice expression, `d66`, or a weighted pick) and its rows.

A `RollTable` checks itself when built, so every RollTable is sound: ranges cover each total the die
can give exactly once, d66 values have digits 1–6, weights are positive, every row has text
and its inline rolls parse. Errors name the row (`row 3 (range '4-7')`).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from rules.errors import NotationError, RollError, UsageError
from rules.limits import MAX_SIDES
from rules.notation import parse_expression, syntax

D66 = "d66"
"""Tens die then units die, both d6: 36 cells from 11 to 66."""

INLINE = re.compile(r"\[\[(.*?)\]\]")
"""An inline roll `[[2d6]]` or a reference `[[table:weather]]` in a row's text."""

TABLE_REF = re.compile(r"table:\s*(\S+)", re.IGNORECASE)
TABLE_NAME = re.compile(r"[a-z][a-z0-9_-]*")


class TableError(UsageError):
    """A rollable table that does not hold together; the message names the row."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row: `number` counts from 1 in the table's order; a range (`low`–`high` on the die's
    reading) or a `weight`, never both."""

    number: int
    text: str
    low: int | None = None
    high: int | None = None
    weight: int | None = None

    @property
    def range_text(self) -> str:
        """The range as written back: `4`, `1-3`; empty for a weighted row."""
        if self.low is None:
            return ""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    @property
    def label(self) -> str:
        """How errors and odds name the row: `row 3 (range '4-7')`, `row 2 (weight 3)`."""
        if self.low is not None:
            return f"row {self.number} (range '{self.range_text}')"
        return f"row {self.number} (weight {self.weight})"

    def covers(self, value: int) -> bool:
        return self.low is not None and self.high is not None and self.low <= value <= self.high


@dataclass(frozen=True)  # no slots: its parsed `roll` is cached
class RollTable:
    """A rollable table. `roll` is a dice expression (`2d6`, `d%`), `d66`, or empty for a
    weighted pick (a die with as many sides as the weights' total)."""

    name: str
    roll: str
    rows: tuple[Row, ...]
    title: str = ""
    totals: Sequence[int] = field(init=False, repr=False, compare=False)
    """Every reading of the die in order (a weighted table: the faces 1 … total weight)."""
    _bounds: tuple[tuple[int, ...], tuple[Row, ...]] = field(init=False, repr=False, compare=False)
    """For `row_for`: the rows by where they start (weighted: by where they end) and them."""

    def __post_init__(self) -> None:
        if not TABLE_NAME.fullmatch(self.name):
            raise TableError(
                "a table's name is one lower-case word (letters a-z, digits, - and _), not"
                f" {self.name!r}"
            )
        if not self.rows:
            raise TableError(f"table '{self.name}' has no rows")
        for row in self.rows:
            _check_text(row)
        totals: Sequence[int]
        if self.weighted:
            _check_weights(self)
            totals = range(1, self.weight_total + 1)
            ends = tuple(itertools.accumulate(r.weight or 0 for r in self.rows))
            bounds = (ends, self.rows)
        else:
            totals = d66_cells() if self.kind == "d66" else die_totals(self.roll)
            ordered = _check_ranges(self, totals)
            bounds = (tuple(r.low or 0 for r in ordered), ordered)
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "_bounds", bounds)

    @property
    def kind(self) -> str:
        """`weight` (a weighted pick), `d66`, or `range` (ranges on a dice expression)."""
        if self.weighted:
            return "weight"
        return "d66" if self.roll.strip().lower() == D66 else "range"

    @property
    def weighted(self) -> bool:
        return any(r.weight is not None for r in self.rows) or not self.roll

    @property
    def weight_total(self) -> int:
        return sum(r.weight or 0 for r in self.rows)

    @property
    def die(self) -> str:
        """The die as shown: `d66`, `2d6`, and `d7` for a weighted table whose weights make 7."""
        return f"d{self.weight_total}" if self.weighted else self.roll.strip()

    @cached_property
    def expression(self) -> syntax.Expr:
        """The dice expression a `range` table rolls."""
        return parse_expression(self.roll)

    def row_for(self, value: int) -> Row:
        """The row a die reading (a weighted table: a face of its die) lands on."""
        marks, rows = self._bounds
        if self.weighted:
            index = bisect.bisect_left(marks, value)
            if value >= 1 and index < len(rows):
                return rows[index]
        else:
            index = bisect.bisect_right(marks, value) - 1
            if index >= 0 and rows[index].covers(value):
                return rows[index]
        raise TableError(f"table '{self.name}' has no row for {value}")

    def references(self) -> frozenset[str]:
        """The names of the tables its rows refer to (`[[table:weather]]`)."""
        return frozenset(name for row in self.rows for name in table_refs(row.text))

    def to_data(self) -> dict[str, object]:
        """The table as TOML-shaped data; `table_from_data` builds it back."""
        data: dict[str, object] = {"name": self.name}
        if self.title:
            data["title"] = self.title
        if not self.weighted:
            data["roll"] = self.roll
        rows: list[dict[str, object]] = []
        for row in self.rows:
            if row.weight is not None:
                rows.append({"weight": row.weight, "text": row.text})
            else:
                rows.append({"range": row.range_text, "text": row.text})
        data["rows"] = rows
        return data


def inline_parts(text: str) -> Iterator[re.Match[str]]:
    """Each `[[…]]` of a row's text, in order."""
    return INLINE.finditer(text)


def table_refs(text: str) -> Iterator[str]:
    for match in inline_parts(text):
        ref = TABLE_REF.fullmatch(match.group(1).strip())
        if ref:
            yield ref.group(1).lower()


def d66_cells() -> tuple[int, ...]:
    """The 36 readings of a d66 in order: 11 … 16, 21 … 66."""
    return tuple(10 * tens + units for tens in range(1, 7) for units in range(1, 7))


def die_totals(roll: str) -> tuple[int, ...]:
    """Every total a dice expression can give, from the odds engine; refused if unbounded."""
    from rules.exact.engine import distribution

    try:
        dist = distribution(parse_expression(roll))
    except NotationError as exc:
        raise TableError(
            f"a table's roll must be dice such as 2d6, d%, d66: {roll!r}: {exc.message}"
        ) from None
    except RollError as exc:
        raise TableError(f"a table's roll {roll!r}: {exc.message}") from None
    if dist.residual:
        raise TableError(f"a table's roll must have a fixed set of totals, not {roll!r}")
    return tuple(sorted({int(v // 1) for v in dist}))


def _check_text(row: Row) -> None:
    if not row.text.strip():
        raise TableError(f"{row.label}: the text is empty")
    for match in inline_parts(row.text):
        inner = match.group(1).strip()
        if inner.lower().startswith("table:"):
            ref = TABLE_REF.fullmatch(inner)
            if not ref or not TABLE_NAME.fullmatch(ref.group(1).lower()):
                raise TableError(f"{row.label}: [[{inner}]] should name a table: [[table:NAME]]")
            continue
        try:
            parse_expression(inner)
        except RollError as exc:
            hint = f" (a table is [[table:{inner}]])" if TABLE_NAME.fullmatch(inner.lower()) else ""
            raise TableError(f"{row.label}: [[{inner}]] is not dice{hint}: {exc.message}") from None


def _check_weights(table: RollTable) -> None:
    if table.roll:
        raise TableError(
            f"table '{table.name}': a weighted table takes no roll (it rolls d<total weight>);"
            " give every row a range or every row a weight"
        )
    if all(row.weight is None for row in table.rows):
        raise TableError(f"table '{table.name}' has ranges but no roll: give it one (roll = \"d6\")")
    for row in table.rows:
        if row.low is not None:
            raise TableError(f"{row.label}: give every row a range or every row a weight, not both")
        if row.weight is None or row.weight < 1:
            raise TableError(f"{row.label}: a weight is a whole number from 1 up")
    if table.weight_total > MAX_SIDES:
        raise TableError(
            f"table '{table.name}': the weights add up to {table.weight_total:,};"
            f" at most {MAX_SIDES:,} (the sides of the largest die)"
        )


def _check_ranges(table: RollTable, totals: Sequence[int]) -> tuple[Row, ...]:
    """Every reading covered exactly once; returns the rows in the order of their ranges."""
    lo, hi = totals[0], totals[-1]
    d66 = table.kind == "d66"
    for row in table.rows:
        if row.low is None or row.high is None:
            raise TableError(f"row {row.number}: give it a range (the table rolls {table.die})")
        if row.low > row.high:
            raise TableError(f"{row.label}: the range runs backwards")
        for end in (row.low, row.high):
            if d66 and end not in totals:
                raise TableError(f"{row.label}: {end} is not a d66 value (two digits, each 1–6)")
            if not lo <= end <= hi:
                raise TableError(
                    f"{row.label}: {end} is outside the totals of {table.die} ({lo}–{hi})"
                )
        if _first_in(totals, row.low, row.high) is None:
            raise TableError(f"{row.label}: {table.die} never gives these totals")
    ordered = tuple(sorted(table.rows, key=lambda r: (r.low or 0, r.number)))
    sides: list[Row | None] = [None, *ordered, None]
    for before, after in zip(sides, sides[1:], strict=False):
        if before and after and (after.low or 0) <= (before.high or 0):
            raise TableError(f"{after.label} overlaps {before.label} at {after.low}")
        start = (before.high or 0) + 1 if before else lo
        end = (after.low or 0) - 1 if after else hi
        gap = _first_in(totals, start, end)
        if gap is not None:
            where = (
                f"between {before.label} and {after.label}" if before and after
                else f"after {before.label}" if before else f"before {after.label}" if after else ""
            )
            raise TableError(f"table '{table.name}': no row covers {gap}, a gap {where}")
    return ordered


def _first_in(totals: Sequence[int], low: int, high: int) -> int | None:
    """The first reading from `low` to `high`, if the die has one (totals are sorted)."""
    index = bisect.bisect_left(totals, low)
    return totals[index] if index < len(totals) and totals[index] <= high else None
