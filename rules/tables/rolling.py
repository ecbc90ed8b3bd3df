"""Rolling a table: the die, the row it lands on, and the row's inline rolls and references."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.dice.evaluate import Roller
from rules.dice.results import Roll, Throw
from rules.dice.source import DiceSource
from rules.errors import LimitError, UsageError
from rules.limits import MAX_COMMAND_TEXT, MAX_NESTING, MAX_TABLE_ROLLS, MAX_TABLE_TEXT
from rules.notation import parse_expression, syntax
from rules.tables.model import INLINE, TABLE_REF, RollTable, Row


class TableBudget:
    """What the table rolls of one command have written so far, against the limits above."""

    def __init__(self) -> None:
        self.text = self.rolls = self.all_text = 0

    def start(self) -> None:
        """A new roll of the command (one of its `-n`): its own text and tables rolled."""
        self.text = self.rolls = 0

    def count_roll(self, table: str) -> None:
        self.rolls += 1
        if self.rolls > MAX_TABLE_ROLLS:
            raise LimitError(f"table {table}: more than {MAX_TABLE_ROLLS:,} table rolls in one"
                             " roll (rows that roll on other tables many times)")

    def write(self, table: str, text: str) -> None:
        self.text += len(text)
        self.all_text += len(text)
        if self.text > MAX_TABLE_TEXT:
            raise LimitError(f"table {table}: the roll's text grows past {MAX_TABLE_TEXT:,}"
                             " characters (rows that roll on other tables many times)")
        if self.all_text > MAX_COMMAND_TEXT:
            raise LimitError(f"table {table}: the rolls' text grows past {MAX_COMMAND_TEXT:,}"
                             " characters in all (fewer rolls: a smaller -n)")


Lookup = Callable[[str], RollTable | None]
"""Finds a table by name for `[[table:NAME]]` (the campaign's, or a file's); None if unknown."""


@dataclass(frozen=True, slots=True)
class TableRoll:
    """One roll on a table: the die's reading, the row, and its text with every `[[…]]` done.

    `throws` holds every die thrown for it in roll order (inline rolls and nested tables too);
    `inline` the inline rolls of this row and `nested` the tables it rolled on, in text order.
    """

    table: str
    roll: str
    total: int
    row: Row
    text: str
    throws: tuple[Throw, ...] = ()
    inline: tuple[Roll, ...] = ()
    nested: tuple[TableRoll, ...] = ()

    def describe(self) -> str:
        """The line a person reads: `encounters · d66 34 → 3 goblins in the fog`."""
        return f"{self.table} · {self.roll} {self.total} → {self.text}"

    def to_json(self) -> dict[str, Any]:
        """The roll as JSON-ready data (the CLI adds the §3 keys around it)."""
        return {
            "table": self.table,
            "roll": self.roll,
            "total": self.total,
            "row": self.row.number,
            "range": self.row.range_text or None,
            "weight": self.row.weight,
            "text": self.text,
            "inline": [{"notation": r.notation, "total": r.total} for r in self.inline],
            "nested": [n.to_json() for n in self.nested],
        }


def roll_table(
    table: RollTable,
    source: DiceSource | Roller,
    lookup: Lookup | None = None,
    budget: TableBudget | None = None,
) -> TableRoll:
    """Roll `table` with dice from `source` (a Roller shares its budget and throw order);
    `lookup` resolves `[[table:NAME]]` references, at most MAX_NESTING tables deep; `budget`
    (shared by the rolls of one command) bounds the tables rolled and the text written."""
    roller = source if isinstance(source, Roller) else Roller(source)
    budget = budget or TableBudget()
    budget.start()
    return _roll(table, roller, lookup, (table.name,), budget)


def _roll(table: RollTable, roller: Roller, lookup: Lookup | None, path: tuple[str, ...],
          budget: TableBudget) -> TableRoll:
    if len(path) > MAX_NESTING:
        raise LimitError(f"tables nest at most {MAX_NESTING} deep: {' → '.join(path)}")
    budget.count_roll(table.name)
    start = len(roller.throws)
    total = read_die(table, roller)
    row = table.row_for(total)
    inline: list[Roll] = []
    nested: list[TableRoll] = []

    def resolve(match: Any) -> str:
        inner = str(match.group(1)).strip()
        ref = TABLE_REF.fullmatch(inner)
        if ref:
            name = ref.group(1).lower()
            found = lookup(name) if lookup is not None else None
            if found is None:
                raise UsageError(f"{row.label} of table '{table.name}' rolls on table '{name}',"
                                 " which is not known")
            sub = _roll(found, roller, lookup, (*path, found.name), budget)
            nested.append(sub)
            return sub.text
        result = roller.roll(parse_expression(inner), why=f"table {table.name}")
        inline.append(result)
        return str(result.total)

    text = INLINE.sub(resolve, row.text)
    budget.write(table.name, text)
    throws = roller.throws[start:]
    return TableRoll(table.name, table.die, total, row, text, throws, tuple(inline), tuple(nested))


def read_die(table: RollTable, roller: Roller) -> int:
    """Throw the table's die: a d66 is a tens d6 then a units d6; a weighted table a
    d<total weight>; any other table its dice expression (its total)."""
    why = f"table {table.name}"
    if table.kind == "d66":
        tens, _ = roller.throw(syntax.D6, f"{why} (d66 tens)")
        units, _ = roller.throw(syntax.D6, f"{why} (d66 units)")
        return 10 * tens + units
    if table.weighted:
        face, _ = roller.throw(syntax.std_die(table.weight_total), why)
        return face
    return roller.roll(table.expression, why=why).total

