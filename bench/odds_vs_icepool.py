"""Time the exact-odds engine against icepool on a fixed set of expressions.

Run: .venv/bin/python bench/odds_vs_icepool.py [--reps N]

Per engine and expression: `cold` is the first call in this process; `warm` the best of N
repeated calls, where both engines answer from their caches; `work` (ours only) the best of N
calls with our cache cleared first, i.e. the computation itself. Icepool has no switch to turn
its caches off, so `work` is compared with icepool's warm time: the strictest ratio.
Both engines compute the full exact distribution, and the results are checked to agree.
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
from rules.odds import EPSILON, Dist, clear_cache, distribution

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
    ("30d10kh5", lambda: icepool.d10.highest(30, 5)),
    ("50d6kl25", lambda: icepool.d6.lowest(50, 25)),
    ("40d8kh20", lambda: icepool.d8.highest(40, 20)),
    ("100d10kh50", lambda: icepool.d10.highest(100, 50)),
]


def _ours(text: str) -> Callable[[], Dist]:
    line = parse(text)
    assert isinstance(line, ast.RollLine)
    expr = line.expr
    return lambda: distribution(expr)


def _best(fn: Callable[[], Any], reps: int, before: Callable[[], None] | None = None) -> float:
    best = math.inf
    for _ in range(reps):
        if before:
            before()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _cold(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def _agree(ours: Dist, theirs: Any) -> bool:
    slack = ours.residual + Fraction(1, 10**15)
    denom = theirs.denominator()
    return all(
        abs(ours.get(v, Fraction(0)) - Fraction(q, denom)) <= slack for v, q in theirs.items()
    )


def _geo(xs: list[float]) -> float:
    return math.exp(sum(map(math.log, xs)) / len(xs))


def main() -> None:
    parser = argparse.ArgumentParser(description="ours vs icepool, exact distributions")
    parser.add_argument("--reps", type=int, default=5, help="repetitions for warm and work")
    args = parser.parse_args()
    print(f"icepool {icepool.__version__}; times in ms; best of {args.reps}")
    print(f"10d6!: icepool explodes to depth {DEPTH_10D6} (ours cuts at residual < 1e-12)")
    head = (f"{'expression':11} {'ours cold':>9} {'ice cold':>9} {'ours warm':>9} "
            f"{'ice warm':>9} {'ours work':>9}  {'cold':>5} {'warm':>5} {'work':>5}  agree")
    print(head)
    print("-" * len(head))
    cold_r, warm_r, work_r = [], [], []
    for text, theirs_fn in CASES:
        ours_fn = _ours(text)
        clear_cache()
        o_cold, ours = _cold(ours_fn)
        t_cold, theirs = _cold(theirs_fn)
        o_warm = _best(ours_fn, args.reps)
        t_warm = _best(theirs_fn, args.reps)
        o_work = _best(ours_fn, args.reps, before=clear_cache)
        cold_r.append(o_cold / t_cold)
        warm_r.append(o_warm / t_warm)
        work_r.append(o_work / t_warm)
        print(f"{text:11} {o_cold * 1e3:9.2f} {t_cold * 1e3:9.2f} {o_warm * 1e3:9.3f} "
              f"{t_warm * 1e3:9.3f} {o_work * 1e3:9.2f}  {cold_r[-1]:5.2f} {warm_r[-1]:5.2f} "
              f"{work_r[-1]:5.2f}  {_agree(ours, theirs)}")
    print("-" * len(head))
    print("ratio = ours / icepool (below 1: ours faster); work = our uncached time / icepool warm")
    print(f"geometric mean: cold {_geo(cold_r):.2f}, warm {_geo(warm_r):.3f}, "
          f"work {_geo(work_r):.2f}; ours slower (cold) on {sum(r > 1 for r in cold_r)} "
          f"of {len(CASES)}, (work vs warm) on {sum(r > 1 for r in work_r)}")


if __name__ == "__main__":
    main()
