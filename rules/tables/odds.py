"""Exact odds of a table's rows: the die's distribution from the odds engine, d66 cells and
weights counted out."""

from __future__ import annotations

from fractions import Fraction

from rules.odds.engine import distribution
from rules.tables.model import Row, Table


def table_odds(table: Table) -> dict[Row, Fraction]:
    """P(row) for every row, in the table's order: a d66 cell is 1/36, a weight is
    weight / total weight, a range the odds engine's P(total in range)."""
    if table.weighted:
        whole = table.weight_total
        return {row: Fraction(row.weight or 0, whole) for row in table.rows}
    if table.kind == "d66":
        readings = {cell: Fraction(1, 36) for cell in table.totals}
    else:
        readings = {}
        for value, p in distribution(table.expression).items():
            total = int(value // 1)  # a table reads the rounded-down total, as the roller does
            readings[total] = readings.get(total, Fraction(0)) + p
    return {
        row: sum((p for total, p in readings.items() if row.covers(total)), Fraction(0))
        for row in table.rows
    }
