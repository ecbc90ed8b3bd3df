"""What a campaign's contents cost: one character's pools 10 → 1,000 and the campaign's aliases
10 → 10,000, on SQLite (the campaign-size bench, bench/campaign_scale.py, grows characters and
log entries instead).

Run: .venv/bin/python bench/content_scale.py [--pools 10,100,1000] [--aliases 10,1000,10000]
     [--reps 3] [--width 40]

Rows printed, per size (best of --reps, the sizes taking turns), all in process:
1. `pools`: the REPL's answer to `2d6` and to `gain luck 1` after the first, each followed by
   what the next prompt draws (the view re-read, the prompt, the toolbar at --width columns):
   the median of 20;
2. `aliases`: `alias add` of one more named roll in a campaign holding that many, through the
   command as `roll alias add NAME LINE` runs it (a new Runner each time, as a process has):
   the median of 20.
The last column is each row's largest size over its smallest: the goal is 1.5 at most.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli.base.environment import Environment  # noqa: E402
from cli.base.settings import Settings  # noqa: E402
from cli.commands import dispatch  # noqa: E402
from cli.line.runner import Runner  # noqa: E402
from cli.repl.repl import Repl  # noqa: E402
from cli.repl.toolbar import Toolbar  # noqa: E402
from cli.store import campaign_where, open_campaign  # noqa: E402
from tests.support.cli import invoke  # noqa: E402


def sheet(pools: int) -> dict[str, Any]:
    """Mira with `pools` pools (luck among them), each with a maximum."""
    names = ["luck", *(f"p{i:04d}" for i in range(pools - 1))]
    return {"name": "Mira", "system": "generic", "max": {n: 10**9 for n in names},
            "pools": {n: 0 for n in names}}


def build(where: str, pools: int, aliases: int) -> None:
    store = open_campaign(campaign_where(where))
    with store.transaction() as tx:
        tx.put_character(sheet(pools))
        for i in range(aliases):
            tx.put_alias(f"a{i:05d}", f"{1 + i % 9}d6+{i % 7}")
    store.close()


def repl_answers(where: str, width: int) -> tuple[float, float]:
    """The medians of 20 `2d6` and 20 `gain luck 1`, each with the next prompt drawn."""
    os.environ["ROLL_CAMPAIGN"] = where
    runner = Runner(Settings(character="Mira"),
                    Environment(stdout=io.StringIO(), stderr=io.StringIO()))
    repl = Repl(runner, dispatch)
    toolbar = Toolbar(repl.view, lambda: width, lambda: repl.physical, 2.0)

    def answer(line: str) -> float:
        start = time.perf_counter()
        repl.handle_line(line)
        repl.refresh()
        repl.prompt()
        toolbar()
        return time.perf_counter() - start

    try:
        answer("2d6")
        answer("gain luck 1")
        rolls = statistics.median(answer("2d6") for _ in range(20))
        changes = statistics.median(answer("gain luck 1") for _ in range(20))
    finally:
        repl.close()
    return rolls, changes


def alias_add(where: str) -> float:
    os.environ["ROLL_CAMPAIGN"] = where
    times = []
    for i in range(21):
        start = time.perf_counter()
        code, _, err = invoke("alias", "add", f"zz{i:03d}", "2d6+1")
        times.append(time.perf_counter() - start)
        if code != 0:
            raise SystemExit(err)
        invoke("alias", "rm", f"zz{i:03d}")
    return statistics.median(times[1:])


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pools", default="10,100,1000")
    parser.add_argument("--aliases", default="10,1000,10000")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--width", type=int, default=40)
    args = parser.parse_args()
    pools = [int(s) for s in args.pools.split(",")]
    aliases = [int(s) for s in args.aliases.split(",")]
    folder = Path(tempfile.mkdtemp(prefix="roll-content-"))
    os.environ["NO_COLOR"] = "1"
    by_pools = {n: str(folder / f"p{n}.sqlite3") for n in pools}
    by_aliases = {n: str(folder / f"a{n}.sqlite3") for n in aliases}
    for n, where in by_pools.items():
        build(where, n, 10)
    for n, where in by_aliases.items():
        build(where, 10, n)
    rows: dict[str, dict[int, float]] = {"2d6": {}, "gain luck 1": {}, "alias add": {}}
    for _ in range(args.reps):  # the sizes take turns
        for n, where in by_pools.items():
            rolls, changes = repl_answers(where, args.width)
            rows["2d6"][n] = min(rows["2d6"].get(n, float("inf")), rolls)
            rows["gain luck 1"][n] = min(rows["gain luck 1"].get(n, float("inf")), changes)
        for n, where in by_aliases.items():
            rows["alias add"][n] = min(rows["alias add"].get(n, float("inf")), alias_add(where))
    def show(name: str, row: dict[int, float], unit: str) -> None:
        print(f"{name:<12} " + "  ".join(f"{n:>6,} {unit}: {ms(t):>10}" for n, t in row.items())
              + f"   ratio {row[max(row)] / row[min(row)]:.2f}")

    show("2d6", rows["2d6"], "pools")
    show("gain luck 1", rows["gain luck 1"], "pools")
    show("alias add", rows["alias add"], "aliases")


if __name__ == "__main__":
    main()
