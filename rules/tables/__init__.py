"""Rollable tables: built from TOML data or CSV, checked, rolled with any DiceSource, priced."""

from rules.limits import MAX_NESTING
from rules.tables.build import parse_range, table_from_csv, table_from_data
from rules.tables.help import TABLES_HELP
from rules.tables.model import D66, RollTable, Row, TableError
from rules.tables.odds import reading_odds, table_odds
from rules.tables.rolling import Lookup, TableRoll, roll_table

__all__ = [
    "D66",
    "MAX_NESTING",
    "TABLES_HELP",
    "Lookup",
    "Row",
    "RollTable",
    "TableError",
    "TableRoll",
    "parse_range",
    "reading_odds",
    "roll_table",
    "table_from_csv",
    "table_from_data",
    "table_odds",
]
