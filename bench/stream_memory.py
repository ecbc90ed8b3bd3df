"""Peak memory of `roll -q -n N 1d6` (and `--json`) as N grows: `-n` streams its repeats.

    .venv/bin/python bench/stream_memory.py            # N = 1,000 and 100,000
    .venv/bin/python bench/stream_memory.py 1000 1000000

Each run is its own process (`roll` as installed beside this interpreter); its peak RSS is
the child's own `ru_maxrss` (os.wait4), the figure `/usr/bin/time -v` calls "Maximum
resident set size". The issue's target: 100,000 repeats at most 1.3x the peak of 1,000.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROLL = str(Path(sys.executable).with_name("roll"))


def peak_kib(args: list[str]) -> int:
    """The peak RSS (KiB) of one `roll ARGS` run, its output thrown away."""
    child = subprocess.Popen([ROLL, *args], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"roll {' '.join(args)} exited {child.returncode}")
    return usage.ru_maxrss


def main(sizes: list[int]) -> None:
    for mode in (["-q"], ["--json"]):
        peaks = []
        for n in sorted(sizes):
            kib = peak_kib([*mode, "--seed", "1", "-n", str(n), "1d6"])
            peaks.append(kib)
            print(f"roll {' '.join(mode)} -n {n:>9,} 1d6   peak RSS {kib / 1024:7.1f} MiB")
        print(f"  ratio largest / smallest: {peaks[-1] / peaks[0]:.2f}x")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 100_000])
