"""A game file's one-shot beside a built-in game's, whole processes taking turns (issue 50):
`roll -s ./docs/games/pbta.toml move cool=2` against `roll -s vagabond check dex=5 trained`,
and an imported game's (`roll -s pbta …`, read from the campaign) beside them.

    .venv/bin/python bench/game_file.py [--reps N]

Prints each command's median wall time and its ratio to the built-in game's (the bar: ≤ 1.2).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROLL = Path(sys.executable).with_name("roll")


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=21)
    reps = parser.parse_args().reps
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
        env.update(NO_COLOR="1", XDG_DATA_HOME=tmp, XDG_STATE_HOME=tmp, XDG_CONFIG_HOME=tmp)
        campaign = str(Path(tmp) / "games.sqlite3")
        game = str(ROOT / "docs" / "games" / "pbta.toml")
        subprocess.run([str(ROLL), "--campaign", campaign, "game", "import", game], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        rows = {
            "built-in  -s vagabond check dex=5 trained":
                [str(ROLL), "-s", "vagabond", "check", "dex=5", "trained"],
            "file      -s pbta.toml move cool=2": [str(ROLL), "-s", game, "move", "cool=2"],
            "campaign  -s pbta move cool=2":
                [str(ROLL), "--campaign", campaign, "-s", "pbta", "move", "cool=2"],
        }
        times: dict[str, list[float]] = {name: [] for name in rows}
        for argv in rows.values():
            timed(argv, env)  # warm-up: the page cache, the bytecode
        for turn in range(reps):
            names = list(rows)
            names = names[turn % len(names):] + names[:turn % len(names)]
            for name in names:
                times[name].append(timed(rows[name], env))
    base = statistics.median(times[next(iter(rows))])
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:<45} {median * 1000:7.1f} ms  {median / base:5.2f}x")


if __name__ == "__main__":
    main()
