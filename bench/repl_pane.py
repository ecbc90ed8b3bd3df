"""Issue 13's targets: the REPL's first prompt against a one-shot's start, and each LINE's answer.

Run: .venv/bin/python bench/repl_pane.py [--reps N] [--base OTHER/bin/roll]
     (needs the test extra: pexpect, pyte)

1. Start-up: the wall time from spawning `roll repl` (and `roll` alone) (in a 40×24 pty, a campaign of the six
   characters of tests/sheets, acting as Mira) to its prompt on the screen, against the wall
   time of a whole `roll 2d6` process. Median of N each; target ratio ≤ 1.5. Also `roll 2d6`
   spawned in the same pty as the REPL is (pexpect forks this process: a few ms more than
   subprocess.run's vfork), to its end: the same harness on both sides of the ratio.
Both run with the bytecode of cli/ and rules/ compiled first, as an installed roll has it.
`roll 2d6` runs with the campaign present but nobody acting, so it opens no database (a plain
LINE never does, issue 11). On a busy machine the ratio moves by ±0.2: run it when the machine
idles.
   The yardstick that matters: a bare prompt-toolkit `PromptSession` with a bottom toolbar (no
   project code: BARE below) spawned alike by the same Python in the same pty, to its prompt;
   `roll repl` to its first prompt against it, with no campaign and with the campaign of six
   (target ≤ 1.25 each): the floor any prompt-toolkit REPL stands on.
2. Answer: `check dex trained` typed at that REPL, from Enter to the next prompt on the screen
   (median of N), and the same LINE through `Repl.handle` in this process (no terminal).
   Target < 50 ms.

`--base` times another installed roll (e.g. the fork point's, in a venv of its own) in the same
rounds, `roll 2d6` and `roll repl` to its first prompt: before/after figures from one run.
"""

from __future__ import annotations

import argparse
import compileall
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli.base.environment import Environment  # noqa: E402
from cli.base.settings import Settings  # noqa: E402
from cli.commands import dispatch  # noqa: E402
from cli.line.runner import Runner  # noqa: E402
from cli.render.layout import Layout  # noqa: E402
from cli.repl.repl import Repl  # noqa: E402
from tests.support.screen import ROLL, Terminal, environment, six_characters  # noqa: E402

LINE = "check dex trained"
BARE = """
from prompt_toolkit import PromptSession
PromptSession("roll> ", bottom_toolbar="generic · nobody acts (as NAME)").prompt()
"""
"""The yardstick: prompt-toolkit's own prompt with a bottom toolbar, and nothing of ours."""


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.1f} ms"


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's children that have ended and been waited
    for: a spawned prompt's, once Terminal.close has ended it."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_of(run: Callable[[], float], cpu: list[float]) -> float:
    """Run a measure that spawns one process and closes it; its CPU time goes to `cpu` (on a
    loaded machine steadier than the wall time the measure returns)."""
    before = children_cpu()
    took = run()
    cpu.append(children_cpu() - before)
    return took


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def first_prompt(env: dict[str, str], *command: str, program: Path = ROLL) -> tuple[float, Terminal]:
    start = time.perf_counter()
    term = Terminal(env, *command, "--as", "Mira", columns=40, program=program)
    term.wait_for("vag·mira>")
    return time.perf_counter() - start, term


def bare_prompt(env: dict[str, str]) -> float:
    """BARE, spawned by the same Python in the same 40×24 pty, to its prompt on the screen."""
    start = time.perf_counter()
    term = Terminal(env, "-c", BARE, columns=40, program=Path(sys.executable))
    term.wait_for("roll>")
    took = time.perf_counter() - start
    term.close()
    return took


def repl_alone(env: dict[str, str]) -> float:
    """`roll repl` with no campaign (nobody acts), to its first prompt."""
    start = time.perf_counter()
    term = Terminal(env, "repl", columns=40)
    term.wait_for("roll>")
    took = time.perf_counter() - start
    term.close()
    return took


def one_shot(env: dict[str, str], program: Path = ROLL) -> float:
    return timed(lambda: subprocess.run([str(program), "2d6"], env=env, capture_output=True,
                                        check=True))


def one_shot_in_pty(env: dict[str, str], program: Path = ROLL) -> float:
    """`roll 2d6` spawned as `roll repl` is, in the same 40×24 pty, until it has ended: the
    same start-up cost of the harness (pexpect forks this process) on both sides."""
    start = time.perf_counter()
    term = Terminal(env, "2d6", columns=40, program=program)
    while term.pump():
        pass
    took = time.perf_counter() - start
    term.close()
    return took


def base_campaign(base: Path, campaign: Path) -> None:
    """The six characters in a campaign the other roll makes itself (with its own schema:
    a campaign ours made may be newer than it knows)."""
    sheets = ROOT / "tests" / "sheets"
    for sheet in sorted(sheets.glob("*.toml")):
        subprocess.run([str(base), "--campaign", str(campaign), "sheet", "import", str(sheet)],
                       check=True, capture_output=True)


def base_round(env: dict[str, str], base: Path, one_shots: list[float], starts: list[float]) -> None:
    """One round of the other roll: a one-shot, then `roll repl` to its first prompt."""
    one_shots.append(one_shot(env, base))
    took, term = first_prompt(env, "repl", program=base)
    starts.append(took)
    term.close()


CHUNK_MMAP = "mmap(NULL, 16384, PROT_READ|PROT_WRITE"
"""How strace shows CPython 3.11+ taking a 16 KiB chunk for its frame stack."""


def frame_stack_chunks(env: dict[str, str]) -> int | None:
    """16 KiB chunks `roll repl` maps until its first prompt, under strace (None: no strace).

    A few dozen is normal. Hundreds mean a loop whose calls cross a chunk's end, each call one
    mmap and one munmap: an import a few frames deeper did that to prompt-toolkit's Keys enum
    (+6 ms)."""
    strace = shutil.which("strace")
    if strace is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        trace = Path(tmp) / "trace"
        term = Terminal(env, "-f", "-e", "trace=mmap", "-o", str(trace), str(ROLL), "repl",
                        "--as", "Mira", program=Path(strace))
        term.wait_for("vag·mira>")
        term.close()
        return trace.read_text(encoding="utf-8").count(CHUNK_MMAP)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--base", type=Path, help="another installed roll, timed in the same rounds")
    given = parser.parse_args()
    reps, base = given.reps, given.base
    # an installed roll has its bytecode cached: so should both sides here
    compileall.compile_dir(ROOT / "cli", quiet=1)
    compileall.compile_dir(ROOT / "rules", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        campaign = Path(tmp) / "campaign.sqlite3"
        six_characters(campaign)
        env = environment(campaign, Path(tmp) / "history")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        nobody = environment(Path(tmp) / "none.sqlite3", Path(tmp) / "history")
        nobody.pop("PYTHONDONTWRITEBYTECODE", None)
        base_env = env
        if base is not None:
            base_campaign(base, Path(tmp) / "base.sqlite3")
            base_env = environment(Path(tmp) / "base.sqlite3", Path(tmp) / "base-history")
            base_env.pop("PYTHONDONTWRITEBYTECODE", None)
        one_shots, starts, bare, answers, in_pty = [], [], [], [], []
        yardstick: list[float] = []
        no_campaign: list[float] = []
        base_one_shots: list[float] = []
        base_starts: list[float] = []
        yardstick_cpu: list[float] = []
        no_campaign_cpu: list[float] = []
        alone_cpu: list[float] = []
        for _ in range(reps):  # interleaved, so a busy machine weighs on both sides alike
            if base is not None:
                base_round(base_env, base, base_one_shots, base_starts)
            one_shots.append(one_shot(env))
            yardstick.append(cpu_of(lambda: bare_prompt(nobody), yardstick_cpu))
            no_campaign.append(cpu_of(lambda: repl_alone(nobody), no_campaign_cpu))
            in_pty.append(one_shot_in_pty(env))
            before = children_cpu()
            took, term = first_prompt(env)  # `roll` alone on a terminal
            bare.append(took)
            term.close()
            alone_cpu.append(children_cpu() - before)
            took, term = first_prompt(env, "repl")
            starts.append(took)
            term.child.delaybeforesend = None  # tests/support/screen.py waits 10 ms before each send
            for _ in range(3):
                shown = term.screen().count("vag·mira>")
                start = time.perf_counter()
                term.type(LINE + "\r")
                while term.screen().count("vag·mira>") <= shown:
                    term.pump(0.001)
                answers.append(time.perf_counter() - start)
            term.close()
        ratio = statistics.median(starts) / statistics.median(one_shots)
        floor = statistics.median(yardstick)
        print(f"bare PromptSession + toolbar    {median_ms(yardstick)}   (the yardstick)")
        print(f"roll repl, no campaign          {median_ms(no_campaign)}   "
              f"ratio to the yardstick {statistics.median(no_campaign) / floor:.2f}")
        print(f"roll repl, campaign of six      {median_ms(starts)}   "
              f"ratio to the yardstick {statistics.median(starts) / floor:.2f}")
        floor_cpu = statistics.median(yardstick_cpu)
        print(f"CPU to the prompt (user + system, the process's whole life): bare "
              f"{median_ms(yardstick_cpu)}; roll repl, no campaign {median_ms(no_campaign_cpu)}"
              f" (ratio {statistics.median(no_campaign_cpu) / floor_cpu:.2f}); roll alone, "
              f"campaign of six {median_ms(alone_cpu)}"
              f" (ratio {statistics.median(alone_cpu) / floor_cpu:.2f})")
        print(f"roll 2d6 (whole process)        {median_ms(one_shots)}")
        print(f"roll repl to its first prompt   {median_ms(starts)}   ratio {ratio:.2f}")
        if base is not None:
            base_ratio = statistics.median(base_starts) / statistics.median(base_one_shots)
            print(f"base 2d6 (whole process)        {median_ms(base_one_shots)}")
            print(f"base repl to its first prompt   {median_ms(base_starts)}   ratio {base_ratio:.2f}"
                  f"   (roll / base: {statistics.median(starts) / statistics.median(base_starts):.2f})")
        bare_ratio = statistics.median(bare) / statistics.median(one_shots)
        print(f"roll (alone) to its first prompt {median_ms(bare)}   ratio {bare_ratio:.2f}")
        pty_ratio = statistics.median(starts) / statistics.median(in_pty)
        print(f"roll 2d6 in the same pty, to its end {median_ms(in_pty)}   "
              f"(roll repl / it: {pty_ratio:.2f})")
        print(f"{LINE!r} Enter → next prompt, in the pty: {median_ms(answers)}")
        chunks = frame_stack_chunks(env)
        if chunks is not None:
            print(f"16 KiB frame-stack chunks mapped to the first prompt (strace): {chunks}")

        os.environ["ROLL_CAMPAIGN"] = str(campaign)
        out = io.StringIO()
        runner = Runner(Settings(character="Mira"), Environment(io.StringIO(), out, io.StringIO()))
        runner.layout = Layout(40, echo=False)
        repl = Repl(runner, dispatch, width=lambda: 40)
        repl.handle(LINE)  # warm: the game's modules load once per process
        handled = [timed(lambda: (repl.handle(LINE), repl.refresh())) for _ in range(reps * 5)]
        repl.close()
        print(f"{LINE!r} through Repl.handle + re-read: {median_ms(handled)}")


if __name__ == "__main__":
    main()
