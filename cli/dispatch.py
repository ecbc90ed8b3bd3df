"""Run any input line in batch mode or the REPL: a subcommand (`odds …`, `undo`) or a LINE."""

from __future__ import annotations

import shlex
import sys

import click

from cli.runner import Runner, Settings
from rules.errors import NotationError, RollError

SUBCOMMAND_WORDS = frozenset({"odds", "sheet", "log", "undo", "systems", "help", "completion"})


def settings_args(settings: Settings) -> list[str]:
    """The options a subcommand run from a batch line or the REPL inherits."""
    args: list[str] = []
    if settings.system:
        args += ["--system", settings.system]
    if settings.character is not None:  # "" (the REPL's `as none`) outranks ROLL_AS too
        args += ["--as", settings.character]
    if settings.campaign is not None:
        args += ["--campaign", str(settings.campaign)]
    if settings.json:
        args.append("--json")
    if settings.no_color:
        args.append("--no-color")
    return args


def subcommand_of(text: str) -> list[str] | None:
    """The words of `text` when it starts with a subcommand, else None."""
    first = text.split(None, 1)[0].lower() if text.strip() else ""
    if first not in SUBCOMMAND_WORDS:
        return None
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise NotationError(f"unbalanced quotes: {exc}", text, len(text), "") from None


def run_subcommand(words: list[str], settings: Settings) -> int:
    from typer.main import get_command

    from cli.app import app, register_subcommands

    register_subcommands()
    command = get_command(app)
    inherited = [a for a in settings_args(settings) if words[0] not in ("help", "systems")]
    # the options go before a `--`: what follows it is the LINE (`odds -- -3d6`)
    end = words.index("--") if "--" in words else len(words)
    try:
        result = command.main(
            args=[*words[:end], *inherited, *words[end:]], prog_name="roll",
            standalone_mode=False,
        )
    except SystemExit as exc:
        return int(exc.code or 0)
    except click.ClickException as exc:  # a usage error of the subcommand's own words
        sys.stderr.write(f"roll: error: {exc.format_message()}\n")
        return 2
    except click.Abort:
        return 130
    return int(result or 0)


def run_any(runner: Runner, text: str) -> int:
    try:
        words = subcommand_of(text)
    except RollError as error:
        return runner.report(text, error)
    if words is not None:
        return run_subcommand(words, runner.settings)
    return runner.run(text)
