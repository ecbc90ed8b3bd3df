"""Time and measure our roller against avrae's d20 on the same expressions, in one run.

Run: .venv/bin/python bench/roll_vs_d20.py [--reps N]   (needs the `bench` extra: d20)

Per expression: the best of N rolls from text to the shown result (parse, throw, describe) for
both libraries (`d20.roll` parses with its own cache, so ours keeps its parse cache too), and
the peak memory of one roll (tracemalloc); d20 has no success counting, so no such row.
Last, the start-up of a one-shot command: `roll -q 1d6` against a Python process that imports
d20 and rolls once. Ratios are ours / d20.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import d20

from rules.dice.evaluate import Roller
from rules.dice.source import RandomSource
from rules.notation import parse, syntax
from rules.roll_parts import describe_roll

CASES = ["1d20+5", "4d6kh3", "2d20kh1+3", "10d6!", "4d6r1kh3", "{3d6, 4d6}kh1", "1000d6",
         "100000d6"]
D20_SPELLING = {"4d6r1kh3": "4d6rr1kh3", "{3d6, 4d6}kh1": "(3d6, 4d6)kh1", "10d6!": "10d6e6"}
# d20 refuses more than 1,000 dice by default; give it our limit so both throw the same dice
D20 = d20.Roller(context=d20.RollContext(max_rolls=100_000))


def ours(text: str, source: RandomSource) -> str:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
    return describe_roll(Roller(source).roll(line.expr))


def best_of(reps: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def peak_bytes(fn: Callable[[], object]) -> int:
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def startup(cmd: list[str], reps: int) -> float:
    return best_of(reps, lambda: subprocess.run(cmd, capture_output=True, check=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=7)
    reps = parser.parse_args().reps
    source = RandomSource(1)
    random.seed(1)
    print(f"{'expression':<14} {'ours ms':>9} {'d20 ms':>9} {'ratio':>6} {'ours KiB':>9} "
          f"{'d20 KiB':>9} {'ratio':>6}")
    print("-" * 68)
    ratios = []
    for text in CASES:
        theirs = D20_SPELLING.get(text, text)
        n = max(1, reps if "100000" not in text else 3)
        t_ours = best_of(n, lambda: ours(text, source))  # noqa: B023
        t_d20 = best_of(n, lambda: str(D20.roll(theirs)))  # noqa: B023
        m_ours = peak_bytes(lambda: ours(text, source))  # noqa: B023
        m_d20 = peak_bytes(lambda: str(D20.roll(theirs)))  # noqa: B023
        ratios.append(t_ours / t_d20)
        print(f"{text:<14} {t_ours * 1e3:>9.3f} {t_d20 * 1e3:>9.3f} {t_ours / t_d20:>6.2f} "
              f"{m_ours / 1024:>9.1f} {m_d20 / 1024:>9.1f} {m_ours / m_d20:>6.2f}")
    print("-" * 68)
    geo = 1.0
    for r in ratios:
        geo *= r
    print(f"geometric mean of time ratios (ours / d20): {geo ** (1 / len(ratios)):.2f}")
    roll = Path(sys.executable).with_name("roll")
    s_ours = startup([str(roll), "-q", "1d6"], reps)
    s_d20 = startup([sys.executable, "-c", "import d20; print(d20.roll('1d6').total)"], reps)
    print(f"one-shot start-up: roll -q 1d6 {s_ours * 1e3:.0f} ms, python + d20 {s_d20 * 1e3:.0f} ms,"
          f" ratio {s_ours / s_d20:.2f}")


if __name__ == "__main__":
    main()
