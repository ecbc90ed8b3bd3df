"""Rollable tables at the CLI: reading a file, finding a table by name or path, rolling one
through the runner (its dice source, its output), and the text of a table's odds."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cli.base.input_files import read_text
from cli.base.safe import shown
from rules.dice.budget import Budget
from rules.dice.evaluate import Roller
from rules.errors import RollError, UsageError
from rules.notation.head import TABLE_WORDS
from rules.resolution import Resolution
from rules.tables import RollTable, TableError, TableRoll, roll_table, table_from_csv, table_from_data
from rules.tables.build import csv_lines
from rules.tables.rolling import TableBudget

if TYPE_CHECKING:
    from cli.line.plan import LineRun
    from cli.line.runner import Runner
    from cli.store import CampaignView

SUFFIXES = (".toml", ".csv")


def read_table(source: str, text: str | None = None, name: str | None = None) -> RollTable:
    """A table from a file (`-` is stdin, or `text` when given): `.csv` (or text whose first
    line is a CSV header) is CSV named after the file, anything else TOML; errors name it."""
    where = "stdin" if source == "-" else source
    if text is None:
        text = read_text(Path(source), "table", TableError)
    stem = name or (None if source == "-" else Path(source).stem.lower())
    try:
        if source.lower().endswith(".csv") or (not source.lower().endswith(".toml")
                                               and _looks_like_csv(text)):
            if stem is None:
                raise TableError("a CSV table from stdin needs a name: --name NAME")
            return table_from_csv(text, stem)
        try:
            data = tomllib.loads(text)
        except ValueError as exc:  # a TOMLDecodeError, or int() refusing 4,300+ digits
            raise TableError(f"broken TOML: {exc}") from None
        except RecursionError:
            raise TableError("broken TOML: arrays or tables nested too deep") from None
        return table_from_data({**data, "name": name} if name else data, stem)
    except RollError as exc:
        raise TableError(f"{where}: {exc.message}") from None


def _looks_like_csv(text: str) -> bool:
    """Whether the first line that is not blank is a CSV table's `# roll =` or header line."""
    for line in csv_lines(text):
        low = line.strip().lower().replace(" ", "")
        if not low:
            continue
        return low.startswith(("range,", "weight,", "#roll="))
    return False


def check_table_name(table: RollTable) -> RollTable:
    """A table to import: its name may not be a word of `roll table` itself."""
    if table.name in TABLE_WORDS:
        raise TableError(f"a table may not be called '{table.name}': it is a word of roll table"
                         f" ({', '.join(TABLE_WORDS)})")
    return table


def is_path(target: str) -> bool:
    """Whether `roll table TARGET` names a file rather than an imported table."""
    return "/" in target or "\\" in target or target.lower().endswith(SUFFIXES)


class Tables:
    """Finds tables for one roll: a file's siblings (`weather.toml` beside it), then the
    campaign's imported tables; each built (and checked) once."""

    def __init__(self, runner: Runner, folder: Path | None = None) -> None:
        self.runner = runner
        self.folder = folder
        self.found: dict[str, RollTable | None] = {}
        self.tx: CampaignView | None = None

    def lookup(self, name: str) -> RollTable | None:
        """The table called `name`, or None (a Lookup for `roll_table`)."""
        if name not in self.found:
            self.found[name] = self._sibling(name) or self._imported(name)
        return self.found[name]

    def _sibling(self, name: str) -> RollTable | None:
        if self.folder is None:
            return None
        for suffix in SUFFIXES:
            path = self.folder / f"{name}{suffix}"
            if path.is_file():
                if path.resolve().parent != self.folder.resolve():
                    raise TableError(f"{path}: links out of the table's folder; a table rolls"
                                     " only on tables beside it")
                return read_table(str(path))
        return None

    def _imported(self, name: str) -> RollTable | None:
        if self.tx is None:
            return None
        data = self.tx.table_data(name)
        if data is None:
            return None
        try:
            return table_from_data(data)
        except RollError as exc:
            raise TableError(f"the campaign's table '{name}': {exc.message}") from None

    @contextmanager
    def reading(self, needed: bool) -> Iterator[None]:
        """Hold a read-only transaction on the campaign for the lookups of one roll, if there
        is a campaign (`needed`: a missing one is an error naming its path)."""
        from cli.store import campaign_exists, where_of

        if not needed and not campaign_exists(where_of(self.runner.settings)):
            yield
            return
        with self.runner.campaign().transaction(readonly=True) as tx:
            self.tx = tx
            try:
                yield
            finally:
                self.tx = None


def table_roll(runner: Runner, target: str, run: LineRun | None = None) -> list[TableRoll]:
    """Roll on a table (by name, or a file's path) as often as `-n` says, with the runner's
    dice; nested `[[table:NAME]]` rows are looked up beside the file, then in the campaign."""
    run = run or runner.line_run()
    path = is_path(target)
    tables = Tables(runner, Path(target).parent if path else None)
    with tables.reading(needed=not path):
        table = read_table(target) if path else tables.lookup(target.lower())
        if table is None:
            raise UsageError(f"no table named {target!r} in this campaign"
                             f" (known: {', '.join(_names(tables)) or 'none yet'})")
        budget, written = Budget(), TableBudget()
        rolls = []
        for _ in range(run.settings.times):
            rolls.append(roll_table(table, Roller(run.source, budget), tables.lookup, written))
        runner.resolver.check_faces(True, run)  # leftover --rolled faces: refused before showing
        return rolls


def _names(tables: Tables) -> list[str]:
    """The campaign's table names, for an error that names the known ones."""
    return [] if tables.tx is None else tables.tx.table_names()


def table_resolution(roll: TableRoll, input_line: str, system: str) -> Resolution:
    """A table roll as the runner shows any LINE: its summary, the die's reading as `total`,
    every die thrown, and the roll itself under the JSON key `table`."""
    return Resolution(input_line, system, "table", roll.describe(), total=roll.total,
                      throws=roll.throws, extra=(("table", roll.to_json()),), rolls=roll.inline)


def run_table(runner: Runner, target: str, input_line: str | None = None,
              run: LineRun | None = None, number: int | None = None) -> int:
    """`roll table TARGET` and a batch's `table TARGET` (its input line `number`): roll, show
    (`-q`: the row's text)."""
    line = input_line or f"table {target}"
    try:
        run = run or runner.line_run()
        rolls = table_roll(runner, target, run)
    except RollError as error:
        return runner.report(line, error, None if run is None else run.settings, number)
    system = run.settings.system_id() or "generic"
    for roll in rolls:
        if run.settings.quiet and not run.settings.json:
            runner.out(shown(roll.text))
        else:
            runner.show(table_resolution(roll, line, system), run.settings)
    return 0


def odds_lines(table: RollTable, odds: dict[Any, Fraction], width: int) -> list[str]:
    """`roll odds table NAME` for a person: the die, then each row's chance and text."""
    from cli.render.layout import cut
    from cli.render.odds_chart import percent

    head = shown(f"table {table.name} · {table.die} · {len(table.rows)} rows")
    keys = [row.range_text or f"w{row.weight}" for row in table.rows]
    key_w = max(len(k) for k in keys)
    percents = [percent(odds[row]) for row in table.rows]
    pct_w = max(len(p) for p in percents)
    lines = [head]
    for row, key, pct in zip(table.rows, keys, percents, strict=True):
        text = f"{key:>{key_w}} {pct:>{pct_w}} {shown(row.text)}"
        lines.append(cut(text, width))
    return lines


def odds_rows(table: RollTable, odds: dict[Any, Fraction]) -> list[dict[str, Any]]:
    """Each row's exact chance for JSON: row number, range or weight, text, P as a fraction."""
    return [{"row": row.number, "range": row.range_text or None, "weight": row.weight,
             "text": row.text, "p": str(odds[row])} for row in table.rows]


def table_for_odds(runner: Runner, target: str) -> RollTable:
    """The table `roll odds table TARGET` prices (by name, or a file's path)."""
    if is_path(target):
        return read_table(target)
    tables = Tables(runner)
    with tables.reading(needed=True):
        found = tables.lookup(target.lower())
        if found is None:
            raise UsageError(f"no table named {target!r} in this campaign"
                             f" (known: {', '.join(_names(tables)) or 'none yet'})")
        return found

