"""`roll LINE` and `roll < LINES` read without Click or Typer, which a plain LINE never needs.

Importing Click and Typer costs about a third of a one-shot's time, while all a plain LINE asks
of them is its shared options (cli/base/argv.py). `argv_words` reads the arguments when they
are only LINE words and those options in their plain forms (`-q`, `-n 5`, `--seed=7`); for
anything else (a subcommand, help, `--`, a combined or unknown option, a value that is no
number, the REPL) it answers None and the Typer app reads them, errors and all.

`run_words` (cli/commands/dispatch.py) is what `roll [OPTIONS] LINE...` does once its options
are read, for both readers.

A speed device, kept for what it buys: `roll 2d6+3` takes 34–35 ms less CPU with it, `roll -q
-n 3 3d6` 27–32 ms (bench/devices.py, 2026-12-02, the shared 2-core machine).
tests/cli/test_argv_readers.py holds it to the Typer app with Hypothesis over option permutations:
whatever command line it reads, the Typer path makes the same Settings and LINE of, and whatever
Typer refuses, it leaves to Typer.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from cli.base.argv import BY_WORD, COMPLETE_VAR, SUBCOMMANDS, keep_arguments
from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.line.runner import Runner, line_runner
from rules.errors import RollError

REPL_REFUSES = frozenset({"times", "exit_code"})
"""Options `roll repl` does not take (cli/commands/repl_cmd.py)."""


def argv_words(args: Sequence[str], stdin_isatty: bool) -> tuple[Settings, list[str]] | None:
    """The settings and LINE words of `args` when the plain reader can take them, else None.
    No words on a terminal (`roll`, `roll repl`) is the REPL."""
    if COMPLETE_VAR in os.environ:
        return None
    given: dict[str, object] = {}
    words: list[str] = []
    repl = False
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if not arg.startswith("-") or arg == "-":
            if repl or not words and arg in SUBCOMMANDS and (arg != "repl" or not stdin_isatty):
                return None
            if not words and arg == "repl":
                repl = True
                continue
            words.append(arg)
            continue
        name, eq, attached = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        option = BY_WORD.get(name)
        if option is None:
            return None  # --help, --version, `--`, `-qn`, `hurt -3`: Typer's to read
        if option.value is None:
            if eq:
                return None
            given[option.param] = True
            continue
        if not eq:
            if i == len(args):
                return None
            attached, i = args[i], i + 1
        try:
            given[option.param] = option.value(attached)
        except ValueError:
            return None
    if repl and not REPL_REFUSES.isdisjoint(given):
        return None
    return Settings.from_options(**given), words


def main(args: Sequence[str]) -> int | None:
    """Run `roll ARGS` on the plain path: its exit status, or None when Typer must read them."""
    keep_arguments(args)
    env = Environment()
    read = argv_words(args, env.stdin_isatty)
    if read is None:
        return None
    settings, words = read
    repl = not words and env.stdin_isatty
    try:
        runner = Runner(settings, env) if repl else line_runner(settings, words, env)
    except RollError:  # `-n 0`, a bad --rolled: said by the Typer app, JSON and all
        return None
    if repl:
        from cli.commands import dispatch
        from cli.repl.session import run_repl

        return run_repl(settings, env, dispatch)
    from cli.commands.dispatch import run_words

    return run_words(runner, words, env)
