"""What a campaign's size costs a game's pool change, in every game: 1,000 `gain luck 1` for
Mira in one batch process, in a campaign of one character and of 1,000, on SQLite.

Run: .venv/bin/python bench/campaign_games.py [--games vagabond,...] [--reps 3] [--size 1000]
     [--calls]

Each game's Mira (and its 999 others, of the same game: a fight's foes, a town's folk) has a
`luck` pool with a room of 10^9; the batch process is timed whole (start included, byte code
cached), the sizes taking turns, best of --reps. A game whose rule read every character for
each change (Vagabond's death check, once) shows here as a ratio well over 1. On a loaded machine
the times wander; `--calls` also counts the Python calls of the same batch in process (cProfile:
a figure the load does not move), which are equal at both sizes when nothing reads the roster.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli.store import campaign_where, open_campaign  # noqa: E402
from rules.systems import get_system  # noqa: E402

ROLL = [sys.executable, "-c", "import sys; from cli.__main__ import main; sys.argv[0] = 'roll';"
        " main()"]
ROOM = {"max": {"luck": 10**9}, "pools": {"luck": 0}}
SHEETS: dict[str, dict[str, Any]] = {
    "generic": {},
    "vagabond": {"level": 2, "stats": {"might": 4, "dexterity": 5, "awareness": 3, "reason": 3,
                                       "presence": 3, "luck": 3}},
    "macchiato": {"stats": {"strength": 12, "dexterity": 9}},
    "champions": {"kind": "champion", "house": "Red", "guard": 13, "armor": 1,
                  "stats": {"might": 3, "insight": 1, "presence": 2}},
    "tiers": {"tier": 2, "armor": "medium",
              "stats": {"body": 14, "mind": 10, "sense": 12, "heart": 13, "cunning": 8, "fate": 11},
              "dice": {"body": "d6", "mind": "0", "sense": "d4", "heart": "d6", "cunning": "-d4",
                       "fate": "d8"}},
    "brighter": {"armor": 1, "stats": {"str": "d8", "dex": "d6", "wil": "d4"},
                 "max": {"str": "d10", "dex": "d8", "wil": "d6"}},
}  # fmt: skip


def sheet(game: str, name: str) -> dict[str, Any]:
    data = {"name": name, "system": game, **SHEETS[game]}
    data["max"] = {**data.get("max", {}), **ROOM["max"]}
    data["pools"] = {**data.get("pools", {}), **ROOM["pools"]}
    return get_system(game).validate_sheet(data)


def build(where: Path, game: str, characters: int) -> None:
    store = open_campaign(campaign_where(str(where)))
    with store.transaction() as tx:
        for i in range(characters):
            tx.put_character(sheet(game, "Mira" if i == 0 else f"Npc{i:05d}"))
    store.close()


def batch(where: Path, changes: int) -> float:
    env = {k: v for k, v in os.environ.items()  # as a user's Python runs: byte code cached
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
    env |= {"ROLL_CAMPAIGN": str(where), "ROLL_AS": "Mira"}
    start = time.perf_counter()
    done = subprocess.run([*ROLL, "-q"], input="gain luck 1\n" * changes, env=env, text=True,
                          capture_output=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(done.stderr[:500])
    return took


PROFILED = """
import cProfile, io, os, pstats, sys
from cli.base.environment import Environment
from cli.commands.dispatch import run_any
from cli.line.batch import run_batch
from cli.line.runner import Runner
from cli.base.settings import Settings
env = Environment(stdin=io.StringIO("gain luck 1\\n" * int(sys.argv[1])), stdout=io.StringIO(),
                  stderr=io.StringIO())
runner = Runner(Settings(character="Mira", quiet=True), env)
profile = cProfile.Profile()
profile.runcall(run_batch, runner, env, run_any)
print(pstats.Stats(profile).total_calls)
"""


def calls(where: Path, changes: int) -> int:
    """The Python calls of the batch, run in a process of its own under cProfile."""
    env = dict(os.environ, ROLL_CAMPAIGN=str(where))
    done = subprocess.run([sys.executable, "-c", PROFILED, str(changes)], env=env, text=True,
                          capture_output=True, cwd=os.getcwd())
    if done.returncode != 0:
        raise SystemExit(done.stderr[:500])
    return int(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(SHEETS))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--changes", type=int, default=1000)
    parser.add_argument("--calls", action="store_true")
    args = parser.parse_args()
    more = " calls at 1 | calls at size |" if args.calls else ""
    print(f"| game | 1 character | {args.size:,} characters | ratio |{more}")
    print("|---|---|---|---|" + ("---|---|" if args.calls else ""))
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games.split(","):
            small, large = Path(tmp) / f"{game}-1.db", Path(tmp) / f"{game}-{args.size}.db"
            build(small, game, 1)
            build(large, game, args.size)
            times: dict[Path, list[float]] = {small: [], large: []}
            for _ in range(args.reps):  # the sizes taking turns
                for where in (small, large):
                    times[where].append(batch(where, args.changes))
            a, b = min(times[small]), min(times[large])
            counted = (f" {calls(small, args.changes):,} | {calls(large, args.changes):,} |"
                       if args.calls else "")
            print(f"| {game} | {a * 1000:,.0f} ms | {b * 1000:,.0f} ms | {b / a:.2f}× |{counted}",
                  flush=True)


if __name__ == "__main__":
    main()
