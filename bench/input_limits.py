"""Every input at its limit (issue 49): what a sheet, an alias file, a table (TOML and CSV)
cost at the largest size roll takes, and what one past it costs to refuse. Each must take
about a second or less, and its cost grow linearly with its size.

Run: .venv/bin/python bench/input_limits.py [--reps 3]

Rows printed (best of --reps, the installed `roll` as a process, a new campaign each time):
1. `sheet: N named rolls`: `roll sheet import` of a generic sheet whose `[rolls]` holds N
   (1,000 is the limit, MAX_NEW_NAMED; 100,000 in 1.4 MB is refused);
2. `aliases: N`: `roll alias import` of a file of N aliases (the same limit);
3. `table csv: N rows` / `table toml: N rows`: `roll table import` (4 MiB, the file limit);
4. `sheet: 4 MiB of notes`: a sheet at the file limit.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROLL = str(Path(sys.executable).with_name("roll"))


def sheet(rolls: int) -> str:
    body = "".join(f'r{i} = "d20+{i % 10}"\n' for i in range(rolls))
    return f'name = "Big"\nsystem = "generic"\n[rolls]\n{body}'


def aliases(count: int) -> str:
    return "[aliases]\n" + "".join(f'a{i} = "d20+{i % 10}"\n' for i in range(count))


def csv_table(rows: int) -> str:
    return "weight,text\n" + "".join(f"1,row {i}\n" for i in range(rows))


def toml_table(rows: int) -> str:
    return 'name = "t"\n' + "".join(f'[[rows]]\ntext = "row {i}"\n' for i in range(rows))


def notes(size: int) -> str:
    return f'name = "Big"\nsystem = "generic"\nnotes = "{"x" * size}"\n'


CASES = [
    ("sheet: 1,000 named rolls", "sheet", ".toml", lambda: sheet(1_000)),
    ("sheet: 10,000 named rolls (refused)", "sheet", ".toml", lambda: sheet(10_000)),
    ("sheet: 100,000 named rolls (refused)", "sheet", ".toml", lambda: sheet(100_000)),
    ("aliases: 1,000", "alias", ".toml", lambda: aliases(1_000)),
    ("aliases: 100,000 (refused)", "alias", ".toml", lambda: aliases(100_000)),
    ("table csv: 10,000 rows", "table", ".csv", lambda: csv_table(10_000)),
    ("table csv: 300,000 rows (4 MiB)", "table", ".csv", lambda: csv_table(300_000)),
    ("table toml: 10,000 rows", "table", ".toml", lambda: toml_table(10_000)),
    ("table toml: 150,000 rows (4 MiB)", "table", ".toml", lambda: toml_table(150_000)),
    ("sheet: 4 MiB of notes", "sheet", ".toml", lambda: notes(4 * 1024 * 1024 - 100)),
]


def timed(word: str, path: Path, campaign: Path) -> tuple[float, int]:
    env = dict(os.environ, ROLL_CAMPAIGN=str(campaign), NO_COLOR="1")
    start = time.perf_counter()
    done = subprocess.run([ROLL, word, "import", str(path)], env=env, capture_output=True,
                          check=False)
    return time.perf_counter() - start, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=3)
    reps = parser.parse_args().reps
    with tempfile.TemporaryDirectory() as tmp:
        for title, word, suffix, make in CASES:
            path = Path(tmp) / f"input{suffix}"
            path.write_text(make(), encoding="utf-8")
            best, status = float("inf"), 0
            for rep in range(reps):
                seconds, status = timed(word, path, Path(tmp) / f"c{rep}-{word}.sqlite3")
                best = min(best, seconds)
            size = path.stat().st_size / 1024 / 1024
            print(f"{title:<40} {size:5.2f} MB  exit {status}  {best:6.2f} s")


if __name__ == "__main__":
    main()
