"""The work budgets: function calls and modules loaded; printed, each against its
budget, and a non-zero exit when any is over (a large regression: each budget has room).

Run: .venv/bin/python bench/budgets.py [--only calls|modules]

These are not unit tests: a library release that loads one more module, or a refactor that
makes a few more calls, may move them; the suite (tests/) holds the behaviour, this says what
it costs. Calls are counted with sys.setprofile (Python and built-in calls), so they hold on a
loaded machine; modules are read from sys.modules of a fresh `roll` process.
"""

from __future__ import annotations

import argparse
import atexit
import io
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EVERYDAY = ["1d20+5", "4d6kh3", "2d20kh1+3", "8d6", "1d8+3", "3d6", "1d100", "2d6+3", "1d12+4",
            "2d20kl1+2", "3d8+2", "1d4+1", "6d6", "1d10+1d6", "2d8+5", "1d20-1", "4d6kl1", "10d6"]
"""bench/peers.py's realistic LINEs."""

failures: list[str] = []


def report(name: str, measured: float, budget: float, unit: str = "") -> None:
    over = measured > budget
    if over:
        failures.append(name)
    print(f"{'OVER' if over else 'ok  '}  {name:58s} {measured:>12,.0f} {unit:8s} budget {budget:,.0f}")


def report_loaded(name: str, loaded: list[str]) -> None:
    if loaded:
        failures.append(name)
    print(f"{'OVER' if loaded else 'ok  '}  {name:58s} {' '.join(loaded) or 'none loaded'}")


def calls(fn: Callable[[], object]) -> int:
    """The function calls fn() makes (Python and built-in)."""
    made = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal made
        if event in ("call", "c_call"):
            made += 1

    sys.setprofile(count)
    try:
        fn()
    except Exception:  # noqa: S110  (a refusal is what some of them measure)
        pass
    finally:
        sys.setprofile(None)
    return made


def connections(fn: Callable[[], object]) -> int:
    """The SQLite connections fn() opens."""
    import sqlite3

    opened = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal opened
        if event == "c_call" and arg is sqlite3.connect:
            opened += 1

    sys.setprofile(count)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return opened


# ---- function calls ----

def runner(stdin: str = "", **settings: object) -> Any:
    from cli.base.environment import Environment
    from cli.base.settings import Settings
    from cli.line.runner import Runner

    env = Environment(stdin=io.StringIO(stdin), stdout=io.StringIO(), stderr=io.StringIO())
    given: dict[str, object] = {"quiet": True, "seed": 1} | settings
    return Runner(Settings(**given), env)  # type: ignore[arg-type]


def call_budgets() -> None:
    from cli.commands.dispatch import run_any
    from cli.line.batch import run_batch
    from rules.dice.evaluate import Roller
    from rules.dice.source import RandomSource
    from rules.exact import clear_cache, distribution, line_odds
    from rules.exact.dist import Dist
    from rules.notation import parse
    from tests.cli.test_cli import HOSTILE
    from tests.support.cli import invoke

    many = runner(times=1000)
    many.run("3d6")  # the LINE parsed and its dice cached once
    report("-n 1000 3d6 (a repeat: ~57 calls)", calls(lambda: many.run("3d6")), 66_000, "calls")

    text = "\n".join(EVERYDAY * 50)
    warm = runner(text)
    run_batch(warm, warm.env, run_any)
    batch = runner(text)
    # ~102 a LINE: a batch line is asked, in turn, for a dice bot's word, its own LINE options
    # and a subcommand before it rolls (SPEC §2, §5: each a few calls)
    report("900 everyday LINEs piped (~108 calls a LINE)",
           calls(lambda: run_batch(batch, batch.env, run_any)), 100_000, "calls")

    expr = parse("100000d6").expr  # type: ignore[union-attr]
    report("100000d6 thrown (<10 calls a die)",
           calls(lambda: Roller(RandomSource(1)).roll(expr)), 1_000_000, "calls")

    worst = max(HOSTILE, key=lambda line: calls(lambda: invoke(line)))
    report(f"hostile LINEs refused, the worst ({worst})", calls(lambda: invoke(worst)),
           500_000, "calls")
    for line in ["100000d1000000", "d1000000", "2000d6", "100d1000kh50", "1/0"]:
        report(f"roll odds {line} refused", calls(lambda: invoke("odds", line)),  # noqa: B023
               200_000, "calls")

    refused = ["100000d1000000", "d1000000", "3000d6", "200d1000", "1000d1000kh500",
               "300d6*300d6", "100d100!kh50", "{d100, d99, d98, d97, d96, d95, d94, d93}dh2dl2",
               "50d20!>=2kh3", "1000d6>=2 * 1000d6>=2 * 1000d6>=2", "d1000!>=2"]
    worst_refused = max(refused, key=lambda t: calls(lambda: line_odds(parse(t))))  # type: ignore[arg-type]
    report(f"odds refused, the worst ({worst_refused})",
           calls(lambda: line_odds(parse(worst_refused))), 200_000, "calls")  # type: ignore[arg-type]
    report("odds d100000! refused (it splits its 100,000 faces first)",
           calls(lambda: line_odds(parse("d100000!"))), 4_000_000, "calls")  # type: ignore[arg-type]
    for text, budget in [("100d6", 200_000), ("20d10kh3", 200_000), ("10d6!", 200_000),
                         ("8d10>=8", 200_000), ("4d6!kh3", 200_000), ("d1000+d1000", 200_000),
                         ("100d10kh50", 20_000), ("60d20kl30", 40_000), ("1000d6", 8_000)]:
        clear_cache()
        tree = parse(text).expr  # type: ignore[union-attr]
        report(f"odds {text}", calls(lambda: distribution(tree)), budget, "calls")  # noqa: B023
    spaced = Dist.of({1: 1, 2: 1, 100_000: 1})
    report("a sparse Dist's sum of 20", calls(lambda: spaced.sum_of(20)), 20_000, "calls")


def work_counts() -> None:
    """What a batch leaves undone: describing dice under -q, looking up a LINE twice; the
    campaign connections a repeat opens."""
    import cli.line.plan as plan_module
    import rules.roll_parts as parts
    from cli.commands.dispatch import run_any
    from cli.line.batch import run_batch

    described: list[object] = []
    describe = parts.roll_parts  # a summary imports it when it is written (rules/systems/protocol.py)
    parts.roll_parts = lambda roll: described.append(roll) or describe(roll)  # type: ignore[assignment]
    quiet = runner("\n".join(EVERYDAY))
    run_batch(quiet, quiet.env, run_any)
    parts.roll_parts = describe
    report("dice described by 18 LINEs under -q", len(described), 0, "times")

    checked: list[object] = []
    check = plan_module.check_dice_limit
    plan_module.check_dice_limit = lambda expr, times: checked.append(expr) or check(expr, times)  # type: ignore[assignment]
    batch = runner("\n".join(EVERYDAY * 20))
    run_batch(batch, batch.env, run_any)
    plan_module.check_dice_limit = check
    report("dice limits checked for 18 LINEs x 20", len(checked), len(EVERYDAY), "times")

    with tempfile.TemporaryDirectory() as home:
        from cli.store.sqlite import Campaign
        from tests.support.cli import invoke

        path = Path(home) / "c.sqlite3"
        with Campaign(path).transaction() as tx:
            tx.put_character({"name": "Pell", "system": "generic"})
        os.environ["ROLL_CAMPAIGN"] = str(path)
        try:
            # plain dice with nobody acting never open it; 50 repeats acting share one
            # connection, after the one read-only look at the file's header that says it is
            # roll's (cli/store/ownership.py, once a process)
            for args, budget in [(("-q", "-n", "50", "d6"), 0),
                                 (("-q", "-n", "50", "--as", "pell", "d6"), 2)]:
                report(f"campaign connections: roll {' '.join(args)}",
                       connections(lambda: invoke(*args)), budget, "opened")  # noqa: B023
        finally:
            del os.environ["ROLL_CAMPAIGN"]


# ---- modules loaded ----

PLAIN_LATER = ("prompt_toolkit", "sqlite3", "rich", "click", "typer", "cli.repl", "cli.store",
               "cli.commands.line_cmd", "cli.entry.app", "rules.exact",
               "rules.named_rolls", "rules.systems.sheet_checks", "rules.systems.pools",
               "cli.commands.odds_cmd", "json", "fractions", "shlex", "cli.render.layout",
               "cli.render.meanwhile", "cli.render.change_groups", "unicodedata",
               "rules.notation.grammar", "pyparsing", "rules.campaign",
               "rules.systems.sheet_terms")
"""Not loaded by a plain LINE: the REPL, the store, rich, Click and Typer, the commands (but
cli/commands/dispatch.py, which runs any line); the odds engine,
named rolls, sheets and pool commands; json (--json), fractions (a division), shlex, the
terminal's layout, the REPL's "meanwhile", a fight's change grouping, the Unicode tables;
the grammar and pyparsing (a plain sum of dice is read by rules/notation/fast_sums.py); no
character, log entry, stat or pool (rules/table_state.py is the empty table a LINE reads)."""
BEYOND_SUMS = ("rules.notation.bot", "rules.dice.modified")
"""What a plain sum never needs: a dice bot's word (only a LINE starting `/`, `!` or `r` may
have one) and the evaluation of a term with more than keeps (rules/dice/modified.py)."""
UNRESOLVED = ("cli.line.plan", "cli.line.resolving", "rules.dice.evaluate", "rules.dice.budget",
              "rules.dice.term_rules", "rules.dice.results",
              "rules.roll_parts", "rules.notation.expr_nodes", *BEYOND_SUMS)
"""What reads, rolls and describes a LINE: the REPL's first prompt needs none of it (cli/line/runner.py
loads it at the first LINE)."""
UNLOGGED = ("rules.resolution", "rules.record")
"""A result and its log record: the REPL with no campaign opens no store, which reads them,
before its first prompt."""
ODDS_BATCH_LATER = ("click", "typer", "cli.commands.odds_cmd", "cli.commands.campaign_cmds",
                    "cli.commands.info", "cli.store", "sqlite3", "prompt_toolkit", "rich")
COMMANDS = ("rules.exact", "rules.systems.vagabond.checks", "rules.systems.vagabond.combat",
            "rules.systems.vagabond.magic", "rules.systems.vagabond.party",
            "rules.systems.tiers.checks", "rules.systems.tiers.combat",
            "rules.systems.champions.combat", "rules.systems.brighter.saves")
GAME_START = ("rules.exact", "fractions", "decimal", "rules.named_rolls", "pyparsing",
              "rules.systems.vagabond.vocabulary", "rules.systems.tiers.vocabulary",
              "rules.systems.macchiato.odds")
REPL_LATER = ("pyparsing", "rules.notation.grammar", "cli.repl.next_words", "cli.repl.validator",
              "cli.repl.word_lists", "cli.render.layout", "platformdirs",
              "rules.systems.vagabond.vocabulary", *UNRESOLVED)
"""Loaded only once the REPL's first prompt is drawn, if at all: the grammar (warm_up), what
the first key, Tab and result use, platformdirs while ROLL_CAMPAIGN and ROLL_HISTORY name
the files, and what resolves a LINE."""
NO_CAMPAIGN_LATER = ("cli.store.sqlite", "cli.store.transaction", "cli.store.follow",
                     "rules.encounter.turn_order", "rules.helptext",
                     "rules.notation.grammar", "rules.campaign", *UNRESOLVED, *UNLOGGED)
"""What the REPL with no campaign leaves unloaded up to its first prompt and toolbar: no
database module, no encounter (a party with no fight in it), no help text, no parser, no
character, nothing that resolves a LINE."""
FIRST_PROMPT = ("import sys\nfrom cli.base.environment import Environment\n"
                "from cli.repl.session import Repl\nfrom cli.repl.toolbar import Toolbar\n"
                "from cli.line.runner import Runner\nfrom cli.base.settings import Settings\n"
                "from cli.commands import dispatch\n"
                "repl = Repl(Runner(Settings(), Environment()), dispatch)\nrepl.refresh()\n"
                "Toolbar(repl.view, lambda: 40, lambda: False)()\n"
                "print(' '.join(m for m in {names!r} if m in sys.modules))\n")
"""The REPL up to its first prompt and toolbar (no terminal), then which of `names` it loaded."""

ONE_SHOT = """
import sys
sys.argv = ["roll", *sys.argv[1:]]
from cli.__main__ import main
try:
    main()
except SystemExit:
    pass
sys.stderr.write(" ".join(m for m in {names!r} if m in sys.modules))
"""
REPL_PROBE = """
import json, sys
report = sys.argv[1]
import cli.repl.session as session
warm_up = session.warm_up

def drawn():
    with open(report, "w") as out:
        json.dump([m for m in NAMES if m in sys.modules], out)

def first_prompt(*later):
    import asyncio
    asyncio.get_running_loop().call_soon(drawn)  # runs once the first screen is drawn
    warm_up(*later)

session.warm_up = first_prompt
sys.argv = ["roll", "repl", "--as", "Mira"]
from cli.__main__ import main
main()
"""


def loaded_by(args: list[str], stdin: str, names: tuple[str, ...], home: Path) -> list[str]:
    env = dict(os.environ, ROLL_CAMPAIGN=str(home / "none.sqlite3"), NO_COLOR="1")
    done = subprocess.run([sys.executable, "-c", ONE_SHOT.format(names=names), *args],
                          input=stdin, capture_output=True, text=True, env=env, timeout=60,
                          check=False, cwd=ROOT)
    return done.stderr.split()


def module_budgets() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        for args, stdin in [(["2d6+3"], ""), (["-q", "-n", "3", "3d6"], ""),
                            (["-q"], "1d20+5\n4d6kh3\n")]:
            report_loaded(f"roll {' '.join(args)} {'< lines' if stdin else ''}: REPL, store, Click…",
                          loaded_by(args, stdin, PLAIN_LATER, home))
        for args in (["2d6+3"], ["-q", "4d6kh3"], ["-q", "-n", "3", "1d10+1d6-1"]):
            report_loaded(f"roll {' '.join(args)}: no tree module beyond a plain sum",
                          loaded_by(args, "", BEYOND_SUMS, home))
        report_loaded("roll -q < lines beyond 2d6+3: no grammar (plain sums)",
                      loaded_by(["-q"], "1d20+5\n2d20kl1+2\n1d10+1d6\nd%\n",
                                ("rules.notation.grammar", "pyparsing"), home))
        grammar = loaded_by(["d20", "adv", "+", "5"], "", ("rules.notation.grammar",), home)
        report("roll d20 adv + 5: the grammar loads (more than a plain sum)",
               int(grammar != ["rules.notation.grammar"]), 0, "wrong")
        report_loaded("roll --json < odds lines: no command machinery",
                      loaded_by(["--json"], "odds 3d6\nodds 4d6kh3\n", ODDS_BATCH_LATER, home))
        for system in ["vagabond", "tiers", "champions", "brighter", "macchiato"]:
            report_loaded(f"roll -s {system} 2d6: none of the game's commands",
                          loaded_by(["-s", system, "2d6"], "", COMMANDS, home))
        for system in ["generic", "vagabond", "tiers", "champions", "brighter", "macchiato"]:
            probe = ("import sys\nfrom rules.systems import get_system\n"
                     f"get_system({system!r}).pools\n"
                     f"print(' '.join(m for m in {GAME_START!r} if m in sys.modules))\n")
            done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                  timeout=60, check=True, cwd=ROOT)
            report_loaded(f"{system}'s module for a toolbar: no odds, parser, commands",
                          done.stdout.split())
        report_loaded("the REPL's first prompt: no parser, completion, layout", repl_first(home))
        env = dict(os.environ, ROLL_CAMPAIGN=str(home / "none.sqlite3"))
        done = subprocess.run([sys.executable, "-c", FIRST_PROMPT.format(names=NO_CAMPAIGN_LATER)],
                              capture_output=True, text=True, env=env, timeout=60, check=True,
                              cwd=ROOT)
        report_loaded("the REPL's first prompt, no campaign: no store, encounter, help",
                      done.stdout.split())


def repl_first(home: Path) -> list[str]:
    import pexpect

    from tests.support.screen import environment, six_characters

    campaign = home / "six.sqlite3"
    six_characters(campaign)
    report_file = home / "first-prompt.json"
    child = pexpect.spawn(sys.executable,
                          ["-c", REPL_PROBE.replace("NAMES", repr(REPL_LATER)), str(report_file)],
                          env=environment(campaign, home / "history"), dimensions=(24, 40),
                          timeout=30, cwd=str(ROOT))
    try:
        child.expect("vag·mira>".encode())
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    return list(json.loads(report_file.read_text(encoding="utf-8")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["calls", "modules"])
    only = parser.parse_args().only
    if only in (None, "calls"):
        call_budgets()
        work_counts()
    if only in (None, "modules"):
        module_budgets()
    if failures:
        print(f"\nbudgets: {len(failures)} OVER: " + "; ".join(failures), file=sys.stderr)
        return 1
    print("\nbudgets: all within")
    return 0


atexit.register(sys.stdout.flush)

if __name__ == "__main__":
    sys.exit(main())
