"""What the frozen form of our value records costs the two rows of issue 47's item 6 still short.

    /tmp/bv/bin/python bench/frozen_cost.py [--reps N]   (roll installed, the bench extra beside it)

Issue 47 asks for value records as `@dataclass(frozen=True, slots=True)` (item 2; the brief:
"immutable values for results") and for a one-shot `roll 2d6+3` at most 0.7x the fastest Python
peer and 10,000 piped LINEs at most 0.9x the d20 loop (item 6). This script times, in the same
turns as bench/peers.py, roll as installed and the same roll with one thing changed in its own
process: every dataclass built without `frozen` (a hash kept where it had one), before any of
ours is imported. Nothing else differs: both run the installed code, and the outputs of the two
under one `--seed` are checked equal, line for line, before any run is timed.

A frozen dataclass sets each field through `object.__setattr__` at every instance (a batch LINE
makes about a dozen: its head, its throws, its terms, its Roll, its Resolution) and execs two
more methods per class at start-up (`__setattr__`, `__delattr__`). The relaxed roll is a
measurement only: the product keeps the frozen form.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from peers import ENV, MEASURES, Command, Launcher, Row, Sample, check_roll_is_ours, heading, measure, rows

RELAXED = """\
#!{python}
import dataclasses
import sys

_dataclass = dataclasses.dataclass


def _relaxed(cls=None, /, **options):
    def build(c):
        if options.get("frozen") and "__hash__" not in c.__dict__:
            options.setdefault("unsafe_hash", True)  # a frozen record is hashed: keep that
        options.pop("frozen", None)
        return _dataclass(c, **options)

    return build if cls is None else build(cls)


dataclasses.dataclass = _relaxed
from cli.__main__ import main  # noqa: E402  (the same entry the installed script runs)

sys.exit(main())
"""
"""The installed roll with its dataclasses built unfrozen: the only difference timed."""


def relaxed_script(tmp: Path) -> Path:
    """The relaxed roll as an executable script under tmp."""
    script = tmp / "roll-unfrozen"
    script.write_text(RELAXED.format(python=sys.executable))
    script.chmod(0o755)
    return script


def same_outputs(row: Row) -> None:
    """Roll and the relaxed roll print the same lines under one seed: the same work timed."""
    assert row.base is not None
    outputs = []
    for cmd in (row.ours, row.base):
        argv = [cmd.argv[0], "--seed", "47", *cmd.argv[1:]]
        stdin = cmd.stdin.read_bytes() if cmd.stdin else b""
        done = subprocess.run(argv, input=stdin, capture_output=True, env=ENV, check=False)
        if done.returncode:
            raise SystemExit(f"{cmd.label} failed: {done.stderr.decode(errors='replace')}")
        outputs.append(done.stdout)
    if outputs[0] != outputs[1]:
        raise SystemExit(f"{row.name}: the relaxed roll printed other lines")


def compared(row: Row, samples: dict[str, list[Sample]], what: str) -> str:
    """One line: roll frozen and unfrozen, each against the row's fastest peer (wall or CPU)."""
    def median(cmd: Command) -> float:
        return statistics.median(map(MEASURES[what], samples[cmd.label]))

    assert row.base is not None
    best = min(row.peers, key=median)
    frozen, unfrozen, peer = median(row.ours), median(row.base), median(best)
    return (f"{what + ', ' + row.name:<30} frozen {frozen:6.1f} ms, {frozen / peer:.2f} | "
            f"unfrozen {unfrozen:6.1f} ms, {unfrozen / peer:.2f} | {best.label} {peer:6.1f} ms"
            f" | frozen costs {frozen - unfrozen:5.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description="the frozen form's cost, whole processes")
    parser.add_argument("--reps", type=int, default=11, help="runs per command (default 11)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        relaxed = relaxed_script(Path(tmp))
        check_roll_is_ours(relaxed)
        table = [row for row in rows(Path(tmp), relaxed)
                 if row.name in ("one-shot 2d6+3", "10,000 LINEs piped, -q")]
        for row in table:
            same_outputs(row)
        launcher = Launcher()
        print(heading(args.reps))
        try:
            for row in table:
                samples = measure(launcher, row, args.reps)
                for what in ("wall", "cpu"):
                    print(compared(row, samples, what))
        finally:
            launcher.close()
        print(f"load {', '.join(f'{n:.1f}' for n in os.getloadavg())} at the end")


if __name__ == "__main__":
    main()
