"""Our `roll` against the tools people would use instead, one row per line of issue 15's table.

Run: .venv/bin/python bench/peers.py [--quick] [--reps N]   (the peers come from the `bench` extra)

Every measurement is a whole process, start-up included, and the commands of a row take turns
(ours, peer, peer, ours, …, the first in turn rotating), so a noisy machine slows all of them
alike. Each row prints the median wall time of every command and the ratio of ours to the
fastest peer (below 1: ours is faster), then the same for CPU time (user + system, from
`os.wait4`: on a loaded machine the figure to read); the memory row compares the median peak
RSS instead.
The script installs nothing: it refuses to run when a peer is missing or when `roll` in this
environment is not ours (the PyPI `dice` and `roll-cli` packages also install a `roll` script).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

BIN = Path(sys.executable).parent
ROLL = BIN / "roll"

REALISTIC = ["1d20+5", "4d6kh3", "2d20kh1+3", "8d6", "1d8+3", "3d6", "1d100", "2d6+3", "1d12+4",
             "2d20kl1+2", "3d8+2", "1d4+1", "6d6", "1d10+1d6", "2d8+5", "1d20-1", "4d6kl1", "10d6"]
"""LINEs of everyday play that both `roll` and d20 accept, in the same spelling."""

ODDS: list[tuple[str, str]] = [
    ("4d6kh3", "d6.highest(4, 3)"),
    ("3d6", "3 @ d6"),
    ("2d20kh1+5", "d20.highest(2, 1) + 5"),
    ("8d6", "8 @ d6"),
    ("5d8dl2", "d8.highest(5, 3)"),
    ("12d6kh4", "d6.highest(12, 4)"),
    ("20d10kh3", "d10.highest(20, 3)"),
    ("30d10kh5", "d10.highest(30, 5)"),
    ("50d6kl25", "d6.lowest(50, 25)"),
    ("40d8kh20", "d8.highest(40, 20)"),
    ("8d10>=8", "8 @ d10.map(lambda x: int(x >= 8))"),
    ("10d12>=9", "10 @ d12.map(lambda x: int(x >= 9))"),
    ("100d6", "100 @ d6"),
    ("200d6", "200 @ d6"),
]
"""Odds LINEs and the icepool expression that computes the same exact distribution."""

ICEPOOL = """\
import json, sys
from fractions import Fraction
from icepool import d6, d8, d10, d12, d20
for text, die in [{pairs}]:
    denom = die.denominator()
    dist = {{str(v): str(Fraction(q, denom)) for v, q in die.items()}}
    print(json.dumps({{"input": text, "mean": str(die.mean()), "distribution": dist}}))
"""
"""The icepool side prints each distribution as exact fractions, as `roll --json` does."""

D20_MANY = ("import d20\n"  # d20 refuses more than 1,000 dice unless told our limit
            "roller = d20.Roller(context=d20.RollContext(max_rolls=100_000))\n"
            "print(roller.roll('100000d6').total)\n")

ENV = {k: v for k, v in os.environ.items()
       if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")} | {"NO_COLOR": "1"}
"""Every process's environment; `rows` points roll's campaign at a file that does not exist.

Python runs as a user's does: byte code cached (pip compiled the peers' at install; forbidding
it would time ours compiling every module at every start) and standard output buffered."""

D20_LOOP = "import sys, d20\nfor line in sys.stdin:\n    print(d20.roll(line).total)\n"


@dataclass(frozen=True)
class Command:
    """One process to time: a label, its argv and the file given as its standard input."""

    label: str
    argv: Sequence[str]
    stdin: Path | None = None


@dataclass(frozen=True)
class Row:
    """One line of the table: ours against its peers on time (and on peak memory if asked)."""

    name: str
    ours: Command
    peers: Sequence[Command]
    memory: bool = False
    same_job: bool = True
    """False: the peer is a yardstick (importing pyparsing), not the same job; no output to match."""
    base: Command | None = None
    """The same command run by another checkout's `roll` (`--base`), timed in the same turns."""


@dataclass(frozen=True)
class Sample:
    """One run: wall seconds, peak resident memory in KiB, CPU seconds (user + system)."""

    seconds: float
    max_rss_kib: int
    cpu_seconds: float


LAUNCHER = """\
import os, sys, time
with open("/proc/self/status") as status:  # its own peak (ru_maxrss counts its starter's too)
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")), flush=True)
while size := sys.stdin.readline():
    given, *argv = sys.stdin.read(int(size)).split("\\0")
    into = os.open(given or os.devnull, os.O_RDONLY)
    out = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, into, 0), (os.POSIX_SPAWN_DUP2, out, 1)])
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    os.close(into)
    os.close(out)
    print(repr(seconds), usage.ru_maxrss, os.waitstatus_to_exitcode(status),
          repr(usage.ru_utime + usage.ru_stime), flush=True)
"""
"""Every timed run is started by this small process, not by this script: a child's peak RSS
(`ru_maxrss`) counts the pages of the process it was started from (Linux carries them over at
fork and exec), so started from here every command would measure at least this script's own
(about 18 MiB). The launcher's own peak (VmHWM; Linux) is the floor of the memory row, printed
with it."""


class Launcher:
    """The process that starts every timed run (`LAUNCHER`), in ENV as `rows` left it."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-S", "-c", LAUNCHER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=ENV, text=True)
        assert self.proc.stdout is not None
        self.floor_kib = int(self.proc.stdout.readline())
        """The launcher's own peak RSS: no run measures less."""

    def run(self, cmd: Command) -> Sample:
        """Run cmd to its end with output thrown away; its time and its own peak RSS."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        given = "\0".join([str(cmd.stdin or ""), *cmd.argv])  # a script of `-c` has lines
        self.proc.stdin.write(f"{len(given)}\n{given}")
        self.proc.stdin.flush()
        seconds, rss, status, cpu = self.proc.stdout.readline().split()
        if int(status):
            raise SystemExit(f"{cmd.label}: exit status {status}: {' '.join(cmd.argv)}")
        return Sample(float(seconds), int(rss), float(cpu))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def output_of(cmd: Command) -> list[str]:
    """cmd's standard output lines (checked once per command, outside the timed runs)."""
    stdin = cmd.stdin.read_bytes() if cmd.stdin else b""
    done = subprocess.run(cmd.argv, input=stdin, capture_output=True, check=False, env=ENV)
    if done.returncode:
        raise SystemExit(f"{cmd.label} failed: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode().splitlines()


def measure(launcher: Launcher, row: Row, reps: int) -> dict[str, list[Sample]]:
    """reps runs of every command of a row, taking turns, the first in turn rotating."""
    cmds = [row.ours, *row.peers, *([row.base] if row.base else [])]
    samples: dict[str, list[Sample]] = {c.label: [] for c in cmds}
    for c in cmds:
        launcher.run(c)  # warm the file cache and the byte-code caches
    for rep in range(reps):
        k = rep % len(cmds)
        for c in cmds[k:] + cmds[:k]:
            samples[c.label].append(launcher.run(c))
    return samples


MEASURES: dict[str, Callable[[Sample], float]] = {
    "wall": lambda s: s.seconds * 1e3,
    "cpu": lambda s: s.cpu_seconds * 1e3,
    "memory": lambda s: s.max_rss_kib / 1024,
}
"""What a row's line reports of each run: wall ms, CPU ms (user + system: steadier than the
wall's on a shared machine), peak RSS in MiB."""


def report(name: str, row: Row, samples: dict[str, list[Sample]], measure: str) -> None:
    """Print the medians of a row's wall time, CPU time or peak memory and the ratio of ours to
    the best peer."""
    unit = "MiB" if measure == "memory" else "ms"

    def median(label: str) -> float:
        return statistics.median(map(MEASURES[measure], samples[label]))

    ours = median(row.ours.label)
    best = min(row.peers, key=lambda c: median(c.label))
    peers = ", ".join(f"{c.label} {median(c.label):7.1f}" for c in row.peers)
    print(f"{name:<32} roll {ours:7.1f} {unit:>3} | {peers} | "
          f"ratio {ours / median(best.label):.2f} (vs {best.label})")
    if row.base is not None:
        base = median(row.base.label)
        print(f"{'':<32} base {base:7.1f} {unit:>3} | ratio "
              f"{base / median(best.label):.2f} (vs {best.label}); roll / base {ours / base:.2f}")


def check_roll_is_ours(*scripts: Path) -> None:
    """Refuse to time another package's `roll` script (dice and roll-cli ship one too)."""
    for script in (ROLL, *scripts):
        if not script.exists() or "from cli.__main__ import" not in script.read_text():
            raise SystemExit(f"{script} is not this project's roll; reinstall it with "
                             "`.venv/bin/pip install --no-deps --force-reinstall -e .`")
    for module in ("d20", "icepool", "dice", "roll_cli"):
        probe = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True)
        if probe.returncode:
            raise SystemExit(f"peer {module} is missing: install the extra, "
                             "`.venv/bin/pip install -e '.[bench]'`")


def heading(reps: int) -> str:
    """The first line of a table: when, on what machine and how loaded, which Python, how many
    runs of each command."""
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    return (f"{time.strftime('%Y-%m-%d %H:%M')}; {os.cpu_count()} CPUs, load {load}; Python "
            f"{sys.version.split()[0]}; median of {reps} runs, taking turns")


def install_kind() -> str:
    """How roll is installed here: an editable install pays setuptools' import finder (about
    8 ms at every start) that an installed roll (pipx, `pip install .`) never does."""
    site = Path(sysconfig.get_paths()["purelib"])
    if any(site.glob("__editable__*roll_rules*")):
        return "roll: EDITABLE install (its import finder slows every start: bench/README.md)"
    return "roll: installed as users install it (not editable)"


def rows(tmp: Path, base: Path | None = None) -> list[Row]:
    """The rows of the table, with their input files written under tmp."""
    ENV.pop("ROLL_SYSTEM", None)
    ENV.update(ROLL_CAMPAIGN=str(tmp / "no-campaign.sqlite3"), XDG_DATA_HOME=str(tmp / "data"),
               XDG_STATE_HOME=str(tmp / "state"))
    rng = random.Random(15)
    lines = tmp / "lines.txt"
    lines.write_text("".join(rng.choice(REALISTIC) + "\n" for _ in range(10_000)))
    threes = tmp / "3d6.txt"
    threes.write_text("3d6\n" * 30_000)
    odds = tmp / "odds.txt"
    odds.write_text("".join(f"odds {text}\n" for text, _ in ODDS))
    icepool = ICEPOOL.format(pairs=", ".join(f"({text!r}, {expr})" for text, expr in ODDS))
    roll = str(ROLL)
    py = sys.executable
    one_shot = [Command("dice", [str(BIN / "dice"), "2d6+3"]),
                Command("roll_cli", [py, "-m", "roll_cli", "2d6+3"])]
    d20_loop = [py, "-c", D20_LOOP]
    table = [
        Row("one-shot 2d6+3", Command("roll", [roll, "2d6+3"]), one_shot, memory=True),
        Row("10,000 LINEs piped, -q", Command("roll", [roll, "-q"], lines),
            [Command("d20 loop", d20_loop, lines)]),
        Row("-q -n 30000 3d6", Command("roll", [roll, "-q", "-n", "30000", "3d6"]),
            [Command("d20 loop", d20_loop, threes)]),
        Row("one-shot -q 100000d6", Command("roll", [roll, "-q", "100000d6"]),
            [Command("d20", [py, "-c", D20_MANY])]),
        Row(f"{len(ODDS)} odds LINEs, --json", Command("roll", [roll, "--json"], odds),
            [Command("icepool", [py, "-c", icepool])]),
        Row("game one-shot (vagabond check)",
            Command("roll", [roll, "-s", "vagabond", "check", "dex=5", "trained"]),
            [Command("import pyparsing", [py, "-c", "import pyparsing"])], same_job=False),
    ]
    if base is None:
        return table
    return [replace(row, base=Command("base", [str(base), *row.ours.argv[1:]], row.ours.stdin))
            for row in table]


def check_outputs(table: list[Row]) -> None:
    """Each command of a row prints as many results as its peers (nothing silently failed)."""
    for row in table:
        cmds = [row.ours, *row.peers, *([row.base] if row.base else [])]
        if not row.same_job:  # a yardstick: nothing to match (a check's lines vary with its roll)
            for cmd in (row.ours, *([row.base] if row.base else [])):
                output_of(cmd)  # it runs, exit status 0
            continue
        counts = {c.label: len(output_of(c)) for c in cmds}
        if len(set(counts.values())) != 1:
            raise SystemExit(f"{row.name}: output lines differ: {counts}")


def main() -> None:
    parser = argparse.ArgumentParser(description="roll against its peers, whole processes")
    parser.add_argument("--quick", action="store_true", help="5 runs per command, not 15")
    parser.add_argument("--reps", type=int, help="runs per command (overrides --quick)")
    parser.add_argument("--base", type=Path, metavar="ROLL",
                        help="another checkout's roll script (before a change), timed in turn")
    parser.add_argument("--only", metavar="WORDS",
                        help="just the rows whose name contains WORDS (e.g. one-shot, piped)")
    args = parser.parse_args()
    reps = args.reps or (5 if args.quick else 15)
    check_roll_is_ours(*([args.base] if args.base else []))
    with tempfile.TemporaryDirectory() as tmp:
        table = [row for row in rows(Path(tmp), args.base)
                 if args.only is None or args.only in row.name]
        check_outputs(table)
        launcher = Launcher()
        print(f"{heading(reps)}; {install_kind()}")
        try:
            for row in table:
                samples = measure(launcher, row, reps)
                report(row.name, row, samples, "wall")
                report(f"CPU, {row.name}", row, samples, "cpu")
                if row.memory:
                    report(f"peak RSS, {row.name}", row, samples, "memory")
                    print(f"{'':<32} (no run measures below the launcher's own "
                          f"{launcher.floor_kib / 1024:.1f} MiB)")
        finally:
            launcher.close()
        print(f"load {', '.join(f'{n:.1f}' for n in os.getloadavg())} at the end")


if __name__ == "__main__":
    main()
