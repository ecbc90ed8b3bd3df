"""What each speed device buys, with it and without it in one run: whole processes, CPU time.

Run: .venv/bin/python bench/devices.py [--reps N] [--gone-only | --staying-only] [--only WORDS]
                                       [--against COMMIT]

Two kinds of rows.

- A device that went (GONE): the commit that took it out, against its parent. Both trees are
  written out of git (`git archive`, bytecode compiled) and run from there by this Python, so
  one run times both variants in turns. Three workloads each: a one-shot `roll 2d6+3`, a batch
  of 2,000 piped LINEs (`roll -q < lines`, the peers' everyday LINEs, seeded) and the REPL's
  start (its modules and the grammar loaded, what its first prompt and first LINE wait for).
- A device that stays: the working tree with it against the same tree with it turned off by a
  patch in the timed process (a reader answering None, the text cache's function called past
  its cache), so the plain path runs.

Each pair takes turns (with, without; the first in turn rotating) after one warm-up run each;
the median CPU time (user + system) of N runs (default 15) each, the ratio and the difference.
A device stays only when it buys >= 15 ms of a one-shot or a growth order (DESIGN.md).
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GONE = [
    ("lazy node loading (HOMES, ast.pyi, _dispatch_more), written_once", "lazy node loading goes"),
    ("lazy face of rules/__init__.py (it stays)", "lazy face of rules goes"),
    ("interning caches of frozen values", "interning caches go"),
    ("text caches beside rules.notation.parse", "one text cache"),
    ("NamedTuple values (Record, Throw, Face, Word)", "NamedTuples become dataclasses"),
]
"""Each device taken out, and words of the subject of the commit that took it out (the lazy
face was put back after: its row is what taking it out would cost)."""

RUN = "import sys\nsys.argv = ['roll', *sys.argv[1:]]\n{patch}\nfrom cli.__main__ import main\nmain()\n"
REPL_START = ("import cli.repl.repl, cli.repl.session, cli.repl.toolbar\n"
              "from rules.notation import load\nload()\n")
NO_PLAIN_SUMS = "import rules.notation as n\nn.read_fast_sum = lambda text: None"
NO_TEXT_CACHE = "import rules.notation as n\nn._tree = n._tree.__wrapped__"
NO_ARGV_READER = "import cli.entry.fast_argv as p\np.argv_words = lambda args, isatty: None"
EVERYDAY = ["1d20+5", "4d6kh3", "2d20kh1+3", "8d6", "1d8+3", "3d6", "1d100", "2d6+3", "1d12+4",
            "2d20kl1+2", "3d8+2", "1d4+1", "6d6", "1d10+1d6", "2d8+5", "1d20-1", "4d6kl1", "10d6"]


def environment(home: Path, tree: Path | None) -> dict[str, str]:
    """A user's environment with no campaign; `tree` first on the path when it is given."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "ROLL_SYSTEM", "ROLL_AS",
                        "PYTHONPATH")}
    # PYTHONSAFEPATH: `python -c` would put the working directory (this checkout) before
    # PYTHONPATH, and every tree timed would be this one
    env.update(ROLL_CAMPAIGN=str(home / "none.sqlite3"), NO_COLOR="1", PYTHONSAFEPATH="1",
               XDG_DATA_HOME=str(home), XDG_STATE_HOME=str(home), XDG_CONFIG_HOME=str(home))
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    return env


def once(command: list[str], env: dict[str, str], stdin: Path | None) -> float:
    """The CPU time (user + system, ms) of one run: steadier than the wall's on a shared machine."""
    with tempfile.TemporaryFile() as errors, open(os.devnull, "wb") as devnull, \
            open(stdin if stdin else os.devnull, "rb") as source:
        actions = [(os.POSIX_SPAWN_DUP2, source.fileno(), 0),
                   (os.POSIX_SPAWN_DUP2, devnull.fileno(), 1),
                   (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
        pid = os.posix_spawn(command[0], command, env, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        if status:
            errors.seek(0)
            said = errors.read().decode(errors="replace")[-2000:]
            raise SystemExit(f"{command} (PYTHONPATH={env.get('PYTHONPATH')}) failed: {said}")
    return (usage.ru_utime + usage.ru_stime) * 1000


Run = tuple[list[str], dict[str, str], Path | None]


def pair(with_: Run, without: Run, reps: int) -> tuple[float, float]:
    """The medians (ms) of the two runs, taken in turns."""
    times: tuple[list[float], list[float]] = ([], [])
    runs = (with_, without)
    for run in runs:
        once(*run)
    for rep in range(reps):
        for which in ((0, 1) if rep % 2 == 0 else (1, 0)):
            times[which].append(once(*runs[which]))
    return statistics.median(times[0]), statistics.median(times[1])


def show(name: str, fast: float, slow: float) -> None:
    """One row: the device's figures and what it buys."""
    print(f"{name:58} with {fast:7.1f} ms | without {slow:7.1f} | buys {slow - fast:6.1f} ms"
          f" ({slow / fast:4.2f}x)", flush=True)


def tree_at(commit: str, into: Path) -> Path:
    """The source of `commit` written out under `into`, its bytecode compiled as pip would."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "rules", "cli"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    compileall.compile_dir(str(into), quiet=1)
    return into


def commit_of(words: str) -> str | None:
    """The newest commit whose subject holds `words`, if this branch has one."""
    found = subprocess.run(["git", "-C", str(ROOT), "log", "--format=%H", "-F", "-i", "--grep", words,
                            "-n", "1"], check=True, capture_output=True, text=True).stdout.strip()
    return found or None


def gone_rows(home: Path, lines: Path, reps: int, only: str, against: str) -> None:
    """Each device that went (whose name holds `only`): its commit's parent (with) against its
    commit; then `against` (a commit: main, the branch's start) against HEAD, all at once."""
    python = sys.executable
    workloads = [("one-shot roll 2d6+3", ["-c", RUN.format(patch=""), "2d6+3"], None),
                 ("batch of 2,000 LINEs", ["-c", RUN.format(patch=""), "-q"], lines),
                 ("REPL start", ["-c", REPL_START], None)]
    pairs: list[tuple[str, str, str]] = []
    for device, words in GONE:
        if only.lower() not in device.lower():
            continue
        commit = commit_of(words)
        if commit is None:
            print(f"{device:58} (no commit matching {words!r})")
            continue
        pairs.append((device, f"{commit}^", commit))
    if against:
        pairs.append((f"{against} against HEAD", against, "HEAD"))
    for device, old, new in pairs:
        before = tree_at(old, home / f"{len(device)}-{old}-before")
        after = tree_at(new, home / f"{len(device)}-{new}-after")
        for workload, args, stdin in workloads:
            fast, slow = pair(([python, *args], environment(home, before), stdin),
                              ([python, *args], environment(home, after), stdin), reps)
            show(f"{device[:36]}: {workload}", fast, slow)


def staying_rows(home: Path, lines: Path, reps: int) -> None:
    """Each device that stays: the working tree with it against the same with it turned off."""
    python = sys.executable
    env = environment(home, ROOT)
    rows = [("plain-sum reader, roll 2d6+3", ["2d6+3"], NO_PLAIN_SUMS, None),
            ("argv reader, roll 2d6+3", ["2d6+3"], NO_ARGV_READER, None),
            ("argv reader, roll -q -n 3 3d6", ["-q", "-n", "3", "3d6"], NO_ARGV_READER, None),
            ("text cache at parse, roll 2d6+3", ["2d6+3"], NO_TEXT_CACHE, None),
            ("text cache at parse, batch of 2,000 LINEs", ["-q"], NO_TEXT_CACHE, lines),
            ("text cache at parse, roll -q -n 10000 2d6+3", ["-q", "-n", "10000", "2d6+3"],
             NO_TEXT_CACHE, None)]
    for name, args, patch, stdin in rows:
        fast, slow = pair(([python, "-c", RUN.format(patch=""), *args], env, stdin),
                          ([python, "-c", RUN.format(patch=patch), *args], env, stdin), reps)
        show(name, fast, slow)
    grammar_load = ("import time\nimport cli.repl.session, cli.repl.toolbar\n"
                    "start = time.process_time()\nfrom rules.notation import load\nload()\n"
                    "print((time.process_time() - start) * 1000)\n")
    loads = [float(subprocess.run([python, "-c", grammar_load], env=env, capture_output=True,
                                  text=True, check=True).stdout) for _ in range(reps)]
    print(f"{'grammar after the first prompt':58} loading it there: "
          f"{statistics.median(loads):5.1f} ms CPU (what the prompt would wait)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--gone-only", action="store_true")
    which.add_argument("--staying-only", action="store_true")
    parser.add_argument("--only", default="", help="the gone devices whose name holds these words")
    parser.add_argument("--against", default="", help="a commit timed against HEAD after the gone rows")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        lines = home / "lines.txt"
        draw = random.Random(15)
        lines.write_text("".join(f"{draw.choice(EVERYDAY)}\n" for _ in range(2000)))
        if not options.staying_only:
            gone_rows(home, lines, options.reps, options.only, options.against)
        if not options.gone_only:
            staying_rows(home, lines, options.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
