"""Time the exact-odds engine against icepool on fixed sets of LINEs.

Run: .venv/bin/python bench/odds_vs_icepool.py [--set bench|issue|heavy] [--reps N]
     .venv/bin/python bench/odds_vs_icepool.py --process [--reps N] [--base OTHER/.venv/bin/roll]

Sets: `bench` (this script's own mix), `issue` (issue 15's 14 odds LINEs, as `peers.py` has
them) and `heavy` (bigger sums and keeps, explosions, rerolls, groups: what a held-out set might
hold). In-process, per engine and LINE: `cold` is the first call in this process; `warm` the
best of N repeated calls, where both engines answer from their caches; `work` (ours only) the
best of N calls with our cache cleared first, i.e. the computation itself. Icepool has no switch
to turn its caches off, so `work` is compared with icepool's warm time: the strictest ratio.
Both engines compute the full exact distribution, and the results are checked to agree.

`--process` times whole processes instead, as `peers.py` does (its machinery, taking turns):
`roll --json` reading the `issue` LINEs, then the `heavy` ones, against icepool computing each
and printing its exact fractions as JSON; `--base` times another checkout's `roll` in the same
turns (before/after figures from one run).
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool
from icepool import d4, d6, d8, d10, d12, d20

from rules.exact import EPSILON, Dist, clear_cache, distribution
from rules.notation import parse, syntax

sys.path.insert(0, str(Path(__file__).parent))
import peers  # noqa: E402  (bench/ is not a package: peers.py is its sibling script)


def depth(n: int, sides: int) -> int:
    """The depth icepool explodes n dice to, where our cut leaves out less than 1e-12."""
    return next(k for k in range(100) if n * Fraction(1, sides) ** (k + 1) < EPSILON)


BENCH: list[tuple[str, str]] = [
    ("3d6", "3 @ d6"),
    ("4d6kh3", "d6.highest(4, 3)"),
    ("100d6", "100 @ d6"),
    ("20d10kh3", "d10.highest(20, 3)"),
    ("10d6!", f"10 @ d6.explode(depth={depth(10, 6)})"),
    ("8d10>=8", "8 @ d10.map(lambda x: int(x >= 8))"),
    ("8d10>=8f1", "8 @ d10.map(lambda x: int(x >= 8) - int(x == 1))"),
    ("5d8dl2", "d8.highest(5, 3)"),
    ("2d20kh1+5", "d20.highest(2, 1) + 5"),
    ("300d6", "300 @ d6"),
    ("30d10kh5", "d10.highest(30, 5)"),
    ("50d6kl25", "d6.lowest(50, 25)"),
    ("40d8kh20", "d8.highest(40, 20)"),
    ("100d10kh50", "d10.highest(100, 50)"),
]
"""This script's own mix: LINE, and the icepool expression computing the same distribution."""

HEAVY: list[tuple[str, str]] = [
    ("500d6", "500 @ d6"),
    ("1000d6", "1000 @ d6"),
    ("100d10kh50", "d10.highest(100, 50)"),
    ("60d20kl30", "d20.lowest(60, 30)"),
    ("100d20kh10", "d20.highest(100, 10)"),
    ("50d10kh25", "d10.highest(50, 25)"),
    ("20d6!", f"20 @ d6.explode(depth={depth(20, 6)})"),
    ("30d10>=8f1", "30 @ d10.map(lambda x: int(x >= 8) - int(x == 1))"),
    ("10d6r1", "10 @ d6.reroll([1], depth='inf')"),
    ("{3d6, 2d8, 1d20}kh1", "icepool.highest(3 @ d6, 2 @ d8, d20)"),
    ("4d6kh3+4d6kh3", "d6.highest(4, 3) + d6.highest(4, 3)"),
    ("10d4+10d6+10d8+10d12", "10 @ d4 + 10 @ d6 + 10 @ d8 + 10 @ d12"),
    ("3d20kh1", "d20.highest(3, 1)"),
    ("12d6kh11", "d6.highest(12, 11)"),
]
"""Heavier LINEs than the issue's 14, each exact in both engines."""

SETS = {"bench": BENCH, "issue": peers.ODDS, "heavy": HEAVY}
NAMES = {"icepool": icepool, "d4": d4, "d6": d6, "d8": d8, "d10": d10, "d12": d12, "d20": d20}


def _theirs(expr: str) -> Callable[[], Any]:
    code = compile(expr, expr, "eval")
    return lambda: eval(code, NAMES)  # noqa: S307 (this file's own expressions)


def _ours(text: str) -> Callable[[], Dist]:
    line = parse(text)
    assert isinstance(line, syntax.RollLine)
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


def in_process(cases: list[tuple[str, str]], reps: int) -> None:
    """Each LINE's cold, warm and uncached times in both engines, and their ratios."""
    print(f"icepool {icepool.__version__}; times in ms; best of {reps}")
    width = max(11, *(len(text) for text, _ in cases))
    head = (f"{'expression':{width}} {'ours cold':>9} {'ice cold':>9} {'ours warm':>9} "
            f"{'ice warm':>9} {'ours work':>9}  {'cold':>5} {'warm':>5} {'work':>5}  agree")
    print(head)
    print("-" * len(head))
    cold_r, warm_r, work_r = [], [], []
    for text, expr in cases:
        ours_fn, theirs_fn = _ours(text), _theirs(expr)
        clear_cache()
        o_cold, ours = _cold(ours_fn)
        t_cold, theirs = _cold(theirs_fn)
        o_warm = _best(ours_fn, reps)
        t_warm = _best(theirs_fn, reps)
        o_work = _best(ours_fn, reps, before=clear_cache)
        cold_r.append(o_cold / t_cold)
        warm_r.append(o_warm / t_warm)
        work_r.append(o_work / t_warm)
        print(f"{text:{width}} {o_cold * 1e3:9.2f} {t_cold * 1e3:9.2f} {o_warm * 1e3:9.3f} "
              f"{t_warm * 1e3:9.3f} {o_work * 1e3:9.2f}  {cold_r[-1]:5.2f} {warm_r[-1]:5.2f} "
              f"{work_r[-1]:5.2f}  {_agree(ours, theirs)}")
    print("-" * len(head))
    print("ratio = ours / icepool (below 1: ours faster); work = our uncached time / icepool warm")
    print(f"geometric mean: cold {_geo(cold_r):.2f}, warm {_geo(warm_r):.3f}, "
          f"work {_geo(work_r):.2f}; ours slower (cold) on {sum(r > 1 for r in cold_r)} "
          f"of {len(cases)}, (work vs warm) on {sum(r > 1 for r in work_r)}")


def whole_processes(reps: int, base: Path | None) -> None:
    """`roll --json` over the issue's and the heavy LINEs against icepool, whole processes."""
    peers.check_roll_is_ours(*([base] if base else []))
    with tempfile.TemporaryDirectory() as tmp:
        issue = peers.rows(Path(tmp), base)[-1]  # the odds row: sets ENV, writes the LINEs
        heavy_lines = Path(tmp) / "heavy.txt"
        heavy_lines.write_text("".join(f"odds {text}\n" for text, _ in HEAVY))
        script = peers.ICEPOOL.replace("from icepool import", "import icepool\nfrom icepool import d4,")
        script = script.format(pairs=", ".join(f"({text!r}, {expr})" for text, expr in HEAVY))
        heavy = replace(
            issue,
            name=f"{len(HEAVY)} heavy odds LINEs, --json",
            ours=replace(issue.ours, stdin=heavy_lines),
            peers=[peers.Command("icepool", [sys.executable, "-c", script])],
            base=issue.base and replace(issue.base, stdin=heavy_lines),
        )
        table = [issue, heavy]
        peers.check_outputs(table)
        print(f"{time.strftime('%Y-%m-%d %H:%M')}; median of {reps} runs, taking turns")
        for row in table:
            peers.report(row.name, row, peers.measure(row, reps), memory=False)


def main() -> None:
    parser = argparse.ArgumentParser(description="ours vs icepool, exact distributions")
    parser.add_argument("--set", choices=sorted(SETS), default="bench", help="the LINEs timed")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (runs with --process)")
    parser.add_argument("--process", action="store_true", help="whole processes, as peers.py")
    parser.add_argument("--base", type=Path, metavar="ROLL",
                        help="with --process: another checkout's roll script, timed in turn")
    args = parser.parse_args()
    if args.process:
        whole_processes(args.reps, args.base)
        return
    cases = SETS[args.set]
    if args.set == "bench":
        print(f"10d6!: icepool explodes to depth {depth(10, 6)} (ours cuts at residual < 1e-12)")
    in_process(cases, args.reps)


if __name__ == "__main__":
    main()
