"""Building a RollTable from TOML-shaped data or CSV text: ranges read, rows numbered, keys checked."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rules.limits import MAX_CELL, MAX_SIDES, MAX_WEIGHT_DIGITS
from rules.tables.model import D66, RollTable, Row, TableError, d66_cells, die_totals

TABLE_KEYS = {"name", "title", "description", "roll", "rows"}
ROW_KEYS = {"range", "weight", "text"}

_RANGE = re.compile(r"(-?\d+)\s*(?:(?:-|–|—|\.\.)\s*(-?\d+)|(\+))?")
_ROLL_LINE = re.compile(r"#\s*roll\s*[=:]\s*(.+)", re.IGNORECASE)


def table_from_data(data: Mapping[str, Any], name: str | None = None) -> RollTable:
    """A table from parsed TOML (`name`, `roll`, `title`, `[[rows]]` of `range`/`weight` and
    `text`); `name` is used when the data has none (the CLI passes the file's stem)."""
    for key in data:
        if key not in TABLE_KEYS:
            raise TableError(f"table key '{key}' is not known (keys: {', '.join(sorted(TABLE_KEYS))})")
    given = data.get("name", name)
    if not isinstance(given, str) or not given.strip():
        raise TableError("a table needs a name: name = \"encounters\"")
    roll = data.get("roll", "")
    title = data.get("title", data.get("description", ""))
    if not isinstance(roll, str) or not isinstance(title, str):
        raise TableError("table keys 'roll' and 'title' are strings (roll = \"d66\")")
    rows = data.get("rows")
    if not isinstance(rows, Sequence) or isinstance(rows, str) or not rows:
        raise TableError("a table needs rows: [[rows]] range = \"1-3\" text = \"…\"")
    top = _top_total(roll)
    built = tuple(_row(number, entry, top) for number, entry in enumerate(rows, start=1))
    return RollTable(given.strip().lower(), roll.strip(), built, title.strip())


def table_from_csv(text: str, name: str, roll: str | None = None) -> RollTable:
    """A table from CSV with a header `range,text` or `weight,text` (a first line
    `# roll = 2d6` gives the die); with no die given, ranges from 1 to N roll dN, 11–66 a d66."""
    lines = csv_lines(text.lstrip("\ufeff"))
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        match = _ROLL_LINE.fullmatch(lines.pop(0).strip())
        if match and roll is None:
            roll = match.group(1).strip()
    reader = _cells(csv.reader(io.StringIO("\n".join(lines))))
    header = [h.strip().lower() for h in next(reader, [])]
    if len(header) != 2 or header[1] != "text" or header[0] not in ("range", "weight"):
        raise TableError("a CSV table's header is range,text or weight,text")
    rows: list[dict[str, Any]] = []
    for cells in reader:
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != 2:
            raise TableError(
                f"row {len(rows) + 1}: a CSV row has 2 cells ({header[0]},text), not {len(cells)}"
                " (quote a text with commas)"
            )
        value: Any = cells[0].strip()
        if header[0] == "weight":
            value = _whole(value, len(rows) + 1)
        rows.append({header[0]: value, "text": cells[1]})
    data: dict[str, Any] = {"name": name, "rows": rows}
    if header[0] == "range":
        data["roll"] = roll if roll is not None else _guess_roll(rows)
    elif roll:
        data["roll"] = roll
    return table_from_data(data)


def csv_lines(text: str) -> list[str]:
    """The lines of a CSV file: a row ends at CR, LF or CRLF only (RFC 4180), never at the
    other separators `str.splitlines` takes (U+2028, U+2029, U+0085, a form feed, U+001C–U+001E,
    a vertical tab): those stay in the cell's text, which a terminal shows made visible."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _cells(reader: Iterator[list[str]]) -> Iterator[list[str]]:
    """The CSV reader's rows; a cell over MAX_CELL (or broken quoting) is a TableError."""
    number = 0
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            where = f"row {number}" if number else "the header"
            if "field limit" in str(exc):
                raise TableError(f"{where}: a CSV cell is at most {MAX_CELL // 1024} KiB") from None
            raise TableError(f"{where}: broken CSV ({exc})") from None
        number += 1
        yield cells


def parse_range(text: str, top: int | None = None) -> tuple[int, int]:
    """`4` → (4, 4); `1-3` → (1, 3); `10+` → (10, top); `00` means 100 when the die tops at 100."""
    match = _RANGE.fullmatch(text.strip())
    if not match:
        raise ValueError(text)
    low_text, high_text, plus = match.groups()
    low = _reading(low_text, top)
    if plus:
        if top is None:
            raise ValueError(text)
        return low, top
    return low, _reading(high_text, top) if high_text is not None else low


def _reading(text: str, top: int | None) -> int:
    return 100 if text == "00" and top in (None, 100) else int(text)


def _row(number: int, entry: Any, top: int | None) -> Row:
    if not isinstance(entry, Mapping):
        raise TableError(f"row {number}: a row is a table: range = \"1-3\" text = \"…\"")
    for key in entry:
        if key not in ROW_KEYS:
            raise TableError(f"row {number}: key '{key}' is not known (keys: range, weight, text)")
    text = entry.get("text", "")
    if not isinstance(text, str):
        raise TableError(f"row {number}: text must be a string")
    low = high = weight = None
    if "range" in entry:
        given = entry["range"]
        if _is_pair(given):  # range = [1, 3]
            given = f"{given[0]}-{given[1]}"
        if isinstance(given, bool) or not isinstance(given, (int, str)):
            raise TableError(f"row {number}: a range is \"1-3\", \"4\" or \"10+\", not {given!r}")
        try:
            low, high = parse_range(str(given), top)
        except ValueError:
            raise TableError(
                f"row {number} (range {str(given)!r}): a range is \"1-3\", \"4\" or \"10+\""
            ) from None
    if "weight" in entry:
        weight = _whole(entry["weight"], number)
    elif low is None and top is None:
        weight = 1  # a table with no roll picks among rows without ranges, evenly by default
    return Row(number, text.strip(), low, high, weight)


def _is_pair(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _whole(value: Any, number: int) -> int:
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        if len(value.strip()) > MAX_WEIGHT_DIGITS:  # int() would take its time, then refuse
            raise TableError(f"row {number}: a weight is at most {MAX_SIDES:,} (the sides of"
                             " the largest die)")
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
        raise TableError(f"row {number}: a weight is a whole number from 1 up, not {shown}")
    if value >= 10**MAX_WEIGHT_DIGITS:  # a sum of such weights could not even be written out
        raise TableError(f"row {number}: a weight is at most {MAX_SIDES:,} (the sides of the"
                         " largest die)")
    return value


def _top_total(roll: str) -> int | None:
    """The highest reading of the table's die, for `10+` and `00`; None when it has none."""
    if not roll.strip():
        return None
    if roll.strip().lower() == D66:
        return d66_cells()[-1]
    return die_totals(roll)[-1]


def _guess_roll(rows: list[dict[str, Any]]) -> str:
    """The die a CSV's ranges imply: 1…N is dN, 11…66 is d66; anything else must be given."""
    ends: list[int] = []
    for number, row in enumerate(rows, start=1):
        try:
            ends.extend(parse_range(str(row["range"])))
        except ValueError:
            raise TableError(
                f"row {number} (range {row['range']!r}): a range is \"1-3\" or \"4\""
                " (for \"10+\", give the die: # roll = 2d6)"
            ) from None
    if ends and min(ends) == 11 and max(ends) == 66:
        return D66
    if ends and min(ends) == 1:
        return f"d{max(ends)}"
    raise TableError("this CSV table's ranges do not start at 1: give its die (# roll = 2d6)")
