"""A GM's batch against a d20 loop: 10,000 plain LINEs with and without a campaign present,
and 1,000 `gain luck 1` LINEs for one character (synchronous FULL and NORMAL) in one process.

Run: .venv/bin/python bench/campaign_batch.py [--reps N]   (needs the `bench` extra: d20)

Every time includes the process start, for both sides: `roll -q < lines` against
`python -c "import d20; for line in stdin: print(d20.roll(line).total)"`. Best of N runs.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROLL = [str(Path(sys.executable).with_name("roll"))]
"""The `roll` installed beside this Python (as peers.py times it: run from a folder of its own,
so `python -c` below imports the installed package, not a checkout's)."""
D20_LOOP = [sys.executable, "-c",
            "import sys, d20\nfor line in sys.stdin: print(d20.roll(line).total)"]
WITH_SYNCHRONOUS = ("import sys, cli.store.sqlite as s; s.SYNCHRONOUS = sys.argv.pop(1);"
                    " from cli.__main__ import main; sys.argv[0] = 'roll'; main()")
# what a table rolls, spelled so that both rollers read it
LINES = ["1d20+5", "2d6+3", "4d6kh3", "2d20kh1+4", "1d8+2", "3d6", "1d100", "8d6", "1d12+1",
         "2d20kl1", "1d4+1d6+2", "1d20"]
SHEET = 'name = "{name}"\nsystem = "generic"\n[max]\nluck = 5000\nhp = 20\n[pools]\nluck = 0\n'


def run(cmd: list[str], text: str, env: dict[str, str]) -> float:
    """The wall time of `cmd` reading `text` on stdin (process start included)."""
    start = time.perf_counter()
    done = subprocess.run(cmd, input=text, capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir())
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{cmd[:3]} failed: {done.stderr[:500]}")
    return took


def race(cases: dict[str, tuple[list[str], str, dict[str, str]]], reps: int) -> dict[str, float]:
    """The best time of each case, the cases taking turns in every round (a busy machine's
    load then falls on all of them alike)."""
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(reps):
        for name, (cmd, text, env) in cases.items():
            best[name] = min(best[name], run(cmd, text, env))
    return best


def campaign(folder: Path, env: dict[str, str]) -> Path:
    """A GM's campaign: five characters, a few hundred logged LINEs."""
    path = folder / "campaign.sqlite3"
    env = env | {"ROLL_CAMPAIGN": str(path)}
    for name in ("Mira", "Bram", "Kit", "Ash", "Wren"):
        sheet = folder / f"{name}.toml"
        sheet.write_text(SHEET.format(name=name))
        subprocess.run([*ROLL, "sheet", "import", str(sheet)], env=env, check=True,
                       capture_output=True)
    history = "".join(random.choice(LINES) + "\n" for _ in range(300))
    subprocess.run([*ROLL, "-q"], input=history, text=True, env=env | {"ROLL_AS": "Bram"},
                   check=True, capture_output=True)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=3)
    reps = parser.parse_args().reps
    random.seed(11)
    plain = "".join(random.choice(LINES) + "\n" for _ in range(10_000))
    # as a user's Python runs (this machine's sessions set both: no cached byte code, and a
    # write per printed line)
    base = {k: v for k, v in os.environ.items()
            if k not in ("ROLL_AS", "ROLL_SYSTEM", "PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        none = base | {"ROLL_CAMPAIGN": str(folder / "none" / "campaign.sqlite3")}
        path = campaign(folder, base)
        present = base | {"ROLL_CAMPAIGN": str(path)}
        mtime = path.stat().st_mtime_ns
        t = race({"d20": (D20_LOOP, plain, base), "none": ([*ROLL, "-q"], plain, none),
                  "present": ([*ROLL, "-q"], plain, present)}, reps)
        untouched = path.stat().st_mtime_ns == mtime and not Path(f"{path}-wal").exists()
        print(f"10,000 plain LINEs, process start included (best of {reps}, taking turns)")
        print(f"  d20 loop                  {t['d20']:7.3f} s")
        for name, what in (("none", "no campaign     "), ("present", "campaign present")):
            print(f"  roll -q, {what} {t[name]:7.3f} s   {t[name] / t['d20']:5.2f}× d20")
        print(f"  (the campaign file untouched, no -wal made: {untouched})")
        gains = "gain luck 1\n" * 1_000
        thousand = "".join(random.choice(LINES) + "\n" for _ in range(1_000))
        acting = present | {"ROLL_AS": "Mira"}
        full = [sys.executable, "-c", WITH_SYNCHRONOUS, "FULL", "-q"]
        normal = [sys.executable, "-c", WITH_SYNCHRONOUS, "NORMAL", "-q"]
        t = race({"plain": ([*ROLL, "-q"], thousand, none), "FULL": (full, gains, acting),
                  "NORMAL": (normal, gains, acting)}, reps)
        print("1,000 LINEs in one batch process")
        print(f"  plain rolls, no campaign          {t['plain']:7.3f} s")
        for sync in ("FULL", "NORMAL"):
            print(f"  gain luck 1 as Mira, {sync:<6}       {t[sync]:7.3f} s"
                  f"   {t[sync] / t['plain']:5.2f}× the plain rolls")
        logged = subprocess.run([*ROLL, "log", "-n", "100000", "--as", "Mira", "--json"],
                                env=present, capture_output=True, text=True, check=True)
        print(f"  entries logged for Mira: {len(logged.stdout.splitlines())}"
              f" (expected {2 * reps * 1_000})")


if __name__ == "__main__":
    main()
