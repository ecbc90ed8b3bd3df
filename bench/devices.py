"""What each speed device that stays buys: the same work with it and without it, whole processes.

Run: /tmp/bv/bin/python bench/devices.py [--reps N]   (roll installed, not editable: bench/README.md)

- the plain-sum reader (rules/notation/fast_sums.py): `roll 2d6+3` against the same with the reader
  answering None, so the grammar (and pyparsing) loads and reads the LINE;
- the argv reader before Typer (cli/entry/fast_argv.py, cli/base/argv.py): `roll 2d6+3` and
  `roll -q -n 3 3d6` against the same with `argv_words` answering None, so Click and Typer read the options;
- the grammar after the first prompt (cli/repl/session.py `warm_up`): what loading it costs
  in a process that has loaded everything up to the REPL's first prompt (the time that prompt
  would wait for it).

Each pair takes turns (with, without; the first in turn rotating), after one warm-up run each;
the median CPU time (user + system) of N runs (default 21) each, and the difference the device
makes. The grammar's load is timed inside its process (its CPU time too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

RUN = "import sys\nsys.argv = ['roll', *sys.argv[1:]]\n{patch}\nfrom cli.__main__ import main\nmain()\n"
NO_PLAIN_SUMS = "import rules.notation as n\nn.read_fast_sum = lambda text: None"
NO_ARGV_READER = "import cli.entry.fast_argv as p\np.argv_words = lambda args, isatty: None"
GRAMMAR_LOAD = ("import time\nimport cli.repl.session, cli.repl.toolbar\n"
                "start = time.process_time()\nfrom rules.notation import load\nload()\n"
                "print((time.process_time() - start) * 1000)\n")


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "ROLL_SYSTEM", "ROLL_AS")}
    env.update(ROLL_CAMPAIGN=str(home / "none.sqlite3"), NO_COLOR="1",
               XDG_DATA_HOME=str(home), XDG_STATE_HOME=str(home), XDG_CONFIG_HOME=str(home))
    return env


def once(command: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system, ms) of one run: steadier than the wall's on a shared machine."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
        pid = os.posix_spawn(command[0], command, env, file_actions=actions)
    finally:
        os.close(devnull)
    _, status, usage = os.wait4(pid, 0)
    if status:
        raise SystemExit(f"{command} failed: {status}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def pair(with_: list[str], without: list[str], env: dict[str, str], reps: int) -> tuple[float, float]:
    """The medians (ms) of the two commands, run in turns."""
    times: tuple[list[float], list[float]] = ([], [])
    commands = (with_, without)
    for command in commands:
        once(command, env)
    for rep in range(reps):
        order = (0, 1) if rep % 2 == 0 else (1, 0)
        for which in order:
            times[which].append(once(commands[which], env))
    return statistics.median(times[0]), statistics.median(times[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=21)
    reps = parser.parse_args().reps
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        env = environment(Path(tmp))
        rows = [
            ("plain-sum reader, roll 2d6+3", ["2d6+3"], NO_PLAIN_SUMS),
            ("argv reader, roll 2d6+3", ["2d6+3"], NO_ARGV_READER),
            ("argv reader, roll -q -n 3 3d6", ["-q", "-n", "3", "3d6"], NO_ARGV_READER),
        ]
        for name, args, patch in rows:
            fast, slow = pair([python, "-c", RUN.format(patch=""), *args],
                              [python, "-c", RUN.format(patch=patch), *args], env, reps)
            print(f"{name:34} with {fast:6.1f} ms CPU | without {slow:6.1f} | saves {slow - fast:5.1f}",
                  flush=True)
        loads = []
        for _ in range(reps):
            done = subprocess.run([python, "-c", GRAMMAR_LOAD], env=env, capture_output=True,
                                  text=True, check=True)
            loads.append(float(done.stdout))
        waited = statistics.median(loads)
        print(f"{'grammar after the first prompt':34} loading it there: {waited:5.1f} ms CPU"
              " (what the prompt would wait)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
