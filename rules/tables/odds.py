"""Exact odds of a table's rows: the die's distribution from the odds engine, d66 cells and
weights counted out."""

from __future__ import annotations

from fractions import Fraction

from rules.exact import Odds
from rules.exact.engine import distribution
from rules.tables.model import RollTable, Row


def table_odds(table: RollTable) -> dict[Row, Fraction]:
    """P(row) for every row, in the table's order: a d66 cell is 1/36, a weight is
    weight / total weight, a range the odds engine's P(total in range)."""
    odds = dict.fromkeys(table.rows, Fraction(0))
    for reading, p in reading_probabilities(table).items():
        odds[table.row_for(reading)] += p
    return odds


def reading_odds(table: RollTable) -> Odds:
    """The table's die as `roll odds` shows any LINE: P(reading) per reading, and as outcomes
    P(row) per row, named by its range (`9-12`) or, weighted, `row N`."""
    return Odds.judged(reading_probabilities(table), lambda total: row_key(table.row_for(total)))


def row_key(row: Row) -> str:
    """A row's name among the outcomes of `reading_odds`."""
    return row.range_text or f"row {row.number}"


def reading_probabilities(table: RollTable) -> dict[int, Fraction]:
    """P(reading) for every reading of the table's die (a weighted table: each face of its die)."""
    if table.kind != "range":
        return {reading: Fraction(1, len(table.totals)) for reading in table.totals}
    readings: dict[int, Fraction] = {}
    for value, p in distribution(table.expression).items():
        total = int(value // 1)  # a table reads the rounded-down total, as the roller does
        readings[total] = readings.get(total, Fraction(0)) + p
    return dict(sorted(readings.items()))

