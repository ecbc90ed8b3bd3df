"""CPU time of `roll 2d6+3` and of 10,000 piped LINEs, this tree against a git ref, in one run.

Run: .venv/bin/python bench/before_after.py [REF] [--reps N]   (REF: main's tip by default)

The ref's files are unpacked (`git archive`) into a temporary folder and both trees run with
this environment's Python and packages, each a whole process (`python -m cli`), taking turns so
a noisy machine slows both alike; each row prints the median CPU time (user + system) of each
and their ratio (below 1: this tree is faster).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
LINES = ["1d20+5", "4d6kh3", "2d20kh1+3", "8d6", "1d8+3", "3d6", "1d100", "2d6+3", "1d12+4",
         "2d20kl1+2", "3d8+2", "1d4+1", "6d6", "1d10+1d6", "2d8+5", "1d20-1", "4d6kl1", "10d6"]
"""The piped LINEs, as bench/peers.py's everyday ones."""


def cpu_ms(tree: Path, args: list[str], stdin: Path | None, campaign: Path) -> float:
    """The CPU time of one `roll ARGS` run from `tree`."""
    env = dict(os.environ, PYTHONPATH=str(tree), ROLL_CAMPAIGN=str(campaign), NO_COLOR="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin or os.devnull, encoding="utf-8") as given:
        subprocess.run([sys.executable, "-m", "cli", *args], stdin=given, check=True,
                       stdout=subprocess.DEVNULL, env=env, cwd=campaign.parent)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("ref", nargs="?", default="main")
    parser.add_argument("--reps", type=int, default=21)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base"
        base.mkdir()
        archive = subprocess.run(["git", "-C", str(HERE), "archive", options.ref],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        piped = Path(folder) / "lines.txt"
        piped.write_text("\n".join(LINES[i % len(LINES)] for i in range(10_000)) + "\n")
        campaign = Path(folder) / "c.sqlite3"
        trees = {options.ref: base, "this tree": HERE}
        for label, args, stdin, reps in [
            ("roll 2d6+3", ["2d6+3"], None, options.reps),
            ("10,000 piped LINEs (-q)", ["-q"], piped, max(3, options.reps // 3)),
        ]:
            times: dict[str, list[float]] = {name: [] for name in trees}
            for i in range(reps):
                for name in (list(trees) if i % 2 == 0 else list(reversed(trees))):
                    times[name].append(cpu_ms(trees[name], args, stdin, campaign))
            ref, ours = (statistics.median(times[name]) for name in trees)
            print(f"{label}: {options.ref} {ref:.1f} ms, this tree {ours:.1f} ms CPU"
                  f" (median of {reps}), ratio {ours / ref:.3f}")


if __name__ == "__main__":
    main()
