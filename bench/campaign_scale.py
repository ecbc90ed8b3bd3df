"""What a campaign's size costs: characters 1 → 1,000 and log entries 1k → 1M, on both stores.

Run: .venv/bin/python bench/campaign_scale.py [--sizes 1,10,100,1000] [--logs 1000,100000]
     [--reps 3] [--sqlite-only]
(PostgreSQL needs the `postgres` extra and the server binaries: the bench starts its own server
in a temporary directory, without fsync unless --fsync: a disk's sync per commit would hide
the round trips and work measured here.)

Rows printed, per store and size (best of --reps, the sizes taking turns):
1. 1,000 `gain luck 1` for Mira in one batch process (the whole process, start included);
2. the REPL's answer to a LINE after the first (`gain luck 1`, then the view re-read for the
   next prompt), in process: the median of 50;
3. the REPL's first view (Repl built, the campaign read for the first prompt; the names
   completion offers are read at the first Tab, not here), in process;
then, per log size: `log -n 20` and `--as Mira undo` of her first entry behind every other
entry (undone in a transaction that is rolled back), in process, the best of 10 tries each.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli.base.environment import Environment  # noqa: E402
from cli.base.settings import Settings  # noqa: E402
from cli.commands import dispatch  # noqa: E402
from cli.line.runner import Runner  # noqa: E402
from cli.repl.repl import Repl  # noqa: E402
from cli.store import campaign_where, open_campaign  # noqa: E402
from cli.store.transaction import Transaction  # noqa: E402
from tests.support.pg_server import Server, unavailable  # noqa: E402

ROLL = [sys.executable, "-c", "import sys; from cli.__main__ import main; sys.argv[0] = 'roll';"
        " main()"]


def sheet(name: str) -> dict[str, Any]:
    return {"name": name, "system": "generic", "max": {"luck": 10**9, "hp": 10**9},
            "pools": {"luck": 0, "hp": 10**8}}


def build(where: str, characters: int, entries: int) -> None:
    """Mira, `characters - 1` others, her first change, then `entries - 1` log rows of Bo's."""
    store = open_campaign(campaign_where(where))
    with store.transaction() as tx:
        assert isinstance(tx, Transaction)
        for i in range(characters):
            tx.put_character(sheet("Mira" if i == 0 else f"Npc{i:05d}"))
        tx.put_character(sheet("Bo"))
    with store.transaction() as tx:
        assert isinstance(tx, Transaction)
        from rules.resolution import Change, Resolution

        first = Change("Mira", "luck", 0, 1, "gain")
        tx.apply(Resolution("gain luck 1", "generic", "pool", "", "Mira", changes=(first,)), {})
        link, rows = tx.link, []
        change = json.dumps([Change("Bo", "hp", 1, 2, "gain").to_json()])
        for _ in range(entries - 1):
            rows.append(("t", "gain hp 1", "Bo", "bo", "generic", "pool", "{}", change))
        marks = link.marks(8)
        sql = ("INSERT INTO log (time, input, character, character_key, system, kind, result,"
               f" changes) VALUES ({marks})")
        cursor = link.db.cursor()
        cursor.executemany(sql, rows)
        tsql = ("INSERT INTO touch SELECT id, 'bo', 'pool', 'hp' FROM log WHERE id > 1")
        link.db.execute(tsql)
        link.wrote = True
    if where.startswith("postgresql://"):  # the statistics autovacuum keeps for a real log
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            db.execute("ANALYZE")
    store.close()


def batch(where: str) -> float:
    env = {k: v for k, v in os.environ.items()  # as a user's Python runs: byte code cached
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
    env |= {"ROLL_CAMPAIGN": where, "ROLL_AS": "Mira"}
    start = time.perf_counter()
    done = subprocess.run([*ROLL, "-q"], input="gain luck 1\n" * 1000, env=env, text=True,
                          capture_output=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return took


@contextmanager
def repl_on(where: str) -> Iterator[Repl]:
    os.environ["ROLL_CAMPAIGN"] = where
    runner = Runner(Settings(character="Mira"), Environment(stdout=io.StringIO(),
                                                            stderr=io.StringIO()))
    repl = Repl(runner, dispatch)
    try:
        yield repl
    finally:
        repl.close()


def repl_first(where: str) -> float:
    start = time.perf_counter()
    with repl_on(where) as repl:
        repl.refresh()
        return time.perf_counter() - start


def repl_answer(where: str) -> float:
    with repl_on(where) as repl:
        repl.refresh()
        repl.handle_line("gain luck 1")
        repl.refresh()
        times = []
        for _ in range(50):
            start = time.perf_counter()
            repl.handle_line("gain luck 1")
            repl.refresh()
            times.append(time.perf_counter() - start)
    return statistics.median(times)


class Rollback(Exception):
    pass


def log_rows(where: str, tries: int = 10) -> tuple[float, float]:
    """`log -n 20` and Mira's undo of #1 (rolled back), in process: the best of `tries`
    each (a millisecond's work: one try is mostly the machine's noise)."""
    store = open_campaign(campaign_where(where))
    with store.transaction(readonly=True) as tx:
        tx.log(1)  # connected and migrated before the clock starts
    shown = undone = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        with store.transaction(readonly=True) as tx:
            assert len(tx.log(20)) == 20
        shown = min(shown, time.perf_counter() - start)
        start = time.perf_counter()
        try:
            with store.transaction() as tx:
                assert tx.undo("Mira").id == 1
                raise Rollback
        except Rollback:
            pass
        undone = min(undone, time.perf_counter() - start)
    store.close()
    return shown, undone


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1,10,100,1000")
    parser.add_argument("--logs", default="1000,100000")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--fsync", action="store_true",
                        help="the server syncs each commit (else it measures work, not the disk)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    logs = [int(s) for s in args.logs.split(",")]
    folder = Path(tempfile.mkdtemp(prefix="roll-scale-"))
    server = None
    if not args.sqlite_only:
        reason = unavailable()
        if reason is not None:
            raise SystemExit(f"no PostgreSQL server: {reason} (--sqlite-only runs without)")
        server = Server(durable=args.fsync)
        server.start()
    stores: dict[str, Callable[[str], str]] = {
        "sqlite": lambda name: str(folder / f"{name}.sqlite3")}
    if server is not None:
        stores["postgres"] = lambda name: server.new_database()
    try:
        for store, place in stores.items():
            wheres = {n: place(f"c{n}") for n in sizes}
            for n, where in wheres.items():
                build(where, n, 1)
            rows: dict[str, dict[int, float]] = {"batch": {}, "answer": {}, "first": {}}
            for _ in range(args.reps):  # the sizes take turns
                for n, where in wheres.items():
                    for row, measure in (("batch", batch), ("answer", repl_answer),
                                         ("first", repl_first)):
                        took = measure(where)
                        rows[row][n] = min(rows[row].get(n, took), took)
            print(f"\n{store}: campaign of N characters | " + " | ".join(f"{n:,}" for n in sizes)
                  + f" | {sizes[-1]:,} vs {sizes[0]:,}")
            names = {"batch": "1,000 pool changes, one batch", "answer": "REPL answer to a LINE",
                     "first": "REPL first view"}
            for row, label in names.items():
                cells = [ms(rows[row][n]) for n in sizes]
                ratio = rows[row][sizes[-1]] / rows[row][sizes[0]]
                print(f"  {label} | " + " | ".join(cells) + f" | {ratio:.2f}x")
            print(f"  per change, 1 character: {ms(rows['batch'][sizes[0]] / 1000)}")
            figures = {}
            for entries in logs:
                where = place(f"log{entries}")
                build(where, 2, entries)
                runs = [log_rows(where) for _ in range(args.reps)]
                figures[entries] = [min(run[i] for run in runs) for i in (0, 1)]
            for i, label in enumerate(("log -n 20", "--as Mira undo of #1")):
                cells = [ms(figures[e][i]) for e in logs]
                ratio = figures[logs[-1]][i] / figures[logs[0]][i]
                print(f"  {label}, log of " + " → ".join(f"{e:,}" for e in logs) + ": "
                      + " → ".join(cells) + f" ({ratio:.2f}x)")
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
