"""Time the exact-odds engine against icepool on a fixed set of expressions.

Run: .venv/bin/python bench/odds_vs_icepool.py [--reps N]

Each expression is timed twice per engine: `first` is the first call in this process (icepool
caches a lot between calls; our engine caches nothing), `best` the best of N more calls. Both
engines compute the full exact distribution; the two results are checked to agree.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool

from rules.notation import ast, parse
from rules.odds import EPSILON, Dist, distribution

# icepool explodes to a fixed depth: use the depth at which our cut leaves out < 1e-12
DEPTH_10D6 = next(k for k in range(100) if 10 * Fraction(1, 6) ** (k + 1) < EPSILON)

CASES: list[tuple[str, Callable[[], Any]]] = [
    ("3d6", lambda: 3 @ icepool.d6),
    ("4d6kh3", lambda: icepool.d6.highest(4, 3)),
    ("100d6", lambda: 100 @ icepool.d6),
    ("20d10kh3", lambda: icepool.d10.highest(20, 3)),
    ("10d6!", lambda: 10 @ icepool.d6.explode(depth=DEPTH_10D6)),
    ("8d10>=8", lambda: 8 @ icepool.d10.map(lambda x: int(x >= 8))),
    ("8d10>=8f1", lambda: 8 @ icepool.d10.map(lambda x: int(x >= 8) - int(x == 1))),
    ("5d8dl2", lambda: icepool.d8.highest(5, 3)),
    ("2d20kh1+5", lambda: icepool.d20.highest(2, 1) + 5),
    ("300d6", lambda: 300 @ icepool.d6),
]


def _ours(text: str) -> Callable[[], Dist]:
    line = parse(text)
    assert isinstance(line, ast.RollLine)
    expr = line.expr
    return lambda: distribution(expr)


def _time(fn: Callable[[], Any], reps: int) -> tuple[float, float, Any]:
    start = time.perf_counter()
    result = fn()
    first = time.perf_counter() - start
    best = math.inf
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return first, best, result


def _agree(ours: Dist, theirs: Any) -> bool:
    slack = ours.residual + Fraction(1, 10**15)
    denom = theirs.denominator()
    return all(
        abs(ours.get(v, Fraction(0)) - Fraction(q, denom)) <= slack for v, q in theirs.items()
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:9.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="timed repetitions after the first")
    args = parser.parse_args()
    print(f"icepool {icepool.__version__}; best of {args.reps} after a first call; times in ms")
    print(f"10d6! explodes to depth {DEPTH_10D6} in icepool (our cut: residual < 1e-12)")
    head = (f"{'expression':12} {'ours first':>10} {'ours best':>9} {'icepool 1st':>11} "
            f"{'icepool best':>12} {'ratio 1st':>9} {'ratio best':>10}  agree")
    print(head)
    print("-" * len(head))
    ratios_first, ratios_best = [], []
    for text, theirs_fn in CASES:
        o_first, o_best, ours = _time(_ours(text), args.reps)
        t_first, t_best, theirs = _time(theirs_fn, args.reps)
        r_first, r_best = o_first / t_first, o_best / t_best
        ratios_first.append(r_first)
        ratios_best.append(r_best)
        print(f"{text:12} {_ms(o_first):>10} {_ms(o_best):>9} {_ms(t_first):>11} "
              f"{_ms(t_best):>12} {r_first:9.2f} {r_best:10.2f}  {_agree(ours, theirs)}")
    geo_first = math.exp(sum(map(math.log, ratios_first)) / len(ratios_first))
    geo_best = math.exp(sum(map(math.log, ratios_best)) / len(ratios_best))
    print("-" * len(head))
    print(f"geometric mean of ours/icepool: first call {geo_first:.2f}, best {geo_best:.2f} "
          f"(below 1 = ours faster); ours slower on "
          f"{sum(r > 1 for r in ratios_best)} of {len(CASES)} (best)")


if __name__ == "__main__":
    main()
