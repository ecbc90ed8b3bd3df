"""Peak memory of `roll -q -n N 1d6` (and `--json`) as N grows: `-n` streams its repeats.

    .venv/bin/python bench/stream_memory.py            # N = 1,000 and 100,000
    .venv/bin/python bench/stream_memory.py 1000 1000000

Each run is its own process (`roll` as installed beside this interpreter), started by
peers.py's small launcher (a child's `ru_maxrss` counts the pages of the process that started
it: started from this script, every run would measure at least this script's own); its peak
RSS is the child's `ru_maxrss`, the figure `/usr/bin/time -v` calls "Maximum resident set
size", and the launcher's own peak, the floor no run measures below, is printed with them.
The issue's target: 100,000 repeats at most 1.3x the peak of 1,000.
"""

from __future__ import annotations

import sys

from peers import ROLL, Command, Launcher


def peak_kib(launcher: Launcher, args: list[str]) -> int:
    """The peak RSS (KiB) of one `roll ARGS` run, its output thrown away."""
    return launcher.run(Command("roll", [str(ROLL), *args])).max_rss_kib


def main(sizes: list[int]) -> None:
    launcher = Launcher()
    print(f"(the launcher's own peak, below which nothing measures: "
          f"{launcher.floor_kib / 1024:.1f} MiB)")
    for mode in (["-q"], ["--json"]):
        peaks = []
        for n in sorted(sizes):
            kib = peak_kib(launcher, [*mode, "--seed", "1", "-n", str(n), "1d6"])
            peaks.append(kib)
            print(f"roll {' '.join(mode)} -n {n:>9,} 1d6   peak RSS {kib / 1024:7.1f} MiB")
        print(f"  ratio largest / smallest: {peaks[-1] / peaks[0]:.2f}x")
    launcher.close()


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 100_000])
