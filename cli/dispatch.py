"""Run any input line in batch mode or the REPL: a subcommand (`odds …`, `undo`) or a LINE."""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING

from cli.argv import SUBCOMMANDS
from cli.render.safe import json_safe, shown_lines
from cli.runner import Runner, Settings
from rules.errors import NotationError, RollError, UsageError
from rules.suggest import said_once

if TYPE_CHECKING:
    import click

SUBCOMMAND_WORDS = frozenset(SUBCOMMANDS) - {"repl"}
"""What a batch line or the REPL may start with to run a subcommand."""
LINE_TAKING = frozenset({"odds"})
"""Subcommands whose words are a LINE."""


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
    """The words of `text` when it starts with a subcommand, else None.

    The text after `odds` is its LINE as typed (`odds {1d6, -1d4}kh1`): only a LINE that
    starts with `-` is read as options and needs `--` (`odds --at-least -- -1+d6`).
    """
    words = text.split(None, 1)
    if not words or words[0].lower() not in SUBCOMMAND_WORDS:
        return None  # a LINE: the common case, kept cheap
    first, rest = words[0], words[1:]
    if first.lower() in LINE_TAKING and rest and not rest[0].startswith("-"):
        return [first, "--", rest[0].strip()]
    import shlex

    try:
        return shlex.split(text)
    except ValueError as exc:
        raise NotationError(f"unbalanced quotes: {exc}", text, len(text), "") from None


@cache
def batch_group(word: str) -> click.Command:
    """A group with the subcommand `word` that a batch line or the REPL runs, as `roll` itself
    would; built once per word, and only with that word's commands."""
    import typer

    from cli.commands import register_batch
    from cli.group import LineGroup

    app = typer.Typer(cls=LineGroup, add_completion=False, rich_markup_mode=None,
                      context_settings={"help_option_names": ["-h", "--help"]})
    register_batch(app, word)
    return typer.main.get_group(app)  # a group even when it has one command


def run_subcommand(words: list[str], settings: Settings, text: str = "") -> int:
    """Run a subcommand's words; under --json its answer is exactly one JSON object (SPEC §3)."""
    if not settings.json:
        return _run_subcommand(words, settings, text)
    import contextlib
    import io

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        status = _run_subcommand(words, settings, text)
    sys.stdout.write(one_object(printed.getvalue(), text or " ".join(words), words[0]) + "\n")
    sys.stdout.flush()
    return status


def one_object(printed: str, text: str, kind: str) -> str:
    """What a subcommand printed, as one JSON object: itself when it printed one, else its
    objects as `items` (`systems`, `sheet list`), else its text (`help`)."""
    import json

    lines = [line for line in printed.splitlines() if line.strip()]
    try:
        objects = [json.loads(line) for line in lines]
    except ValueError:
        return json_safe(json.dumps(
            {"input": text, "kind": kind.lower(), "text": printed.rstrip("\n")}, ensure_ascii=False))
    if len(objects) == 1 and isinstance(objects[0], dict):
        return lines[0]
    return json_safe(json.dumps({"input": text, "kind": kind.lower(), "items": objects},
                                ensure_ascii=False))


def _run_subcommand(words: list[str], settings: Settings, text: str) -> int:
    """Run a subcommand's words; a usage error is `roll: error: …` (and JSON under --json)."""
    import click

    inherited = settings_args(settings)
    if words[0].lower() == "systems":  # it takes no campaign options
        inherited = ["--json"] if settings.json else []
    elif words[0].lower() == "help":  # `help` alone under -s tiers is the Tiers help
        inherited = ["--system", settings.system] if settings.system else []
    # the options go before a `--`: what follows it is the LINE (`odds -- -3d6`)
    end = words.index("--") if "--" in words else len(words)
    try:
        result = batch_group(words[0].lower()).main(
            args=[*words[:end], *inherited, *words[end:]], prog_name="roll",
            standalone_mode=False,
        )
    except SystemExit as exc:
        return int(exc.code or 0)
    except click.ClickException as exc:  # a usage error of the subcommand's own words
        if settings.json:  # every input line answers with one JSON object
            from cli.render.json import dumps, error_to_json

            error = UsageError(said_once(exc.format_message()))
            sys.stdout.write(dumps(error_to_json(text or " ".join(words), error)) + "\n")
        sys.stderr.write(f"roll: error: {shown_lines(said_once(exc.format_message()))}\n")
        return 2
    except click.Abort:
        return 130
    return int(result or 0)


def table_target(words: list[str]) -> str | None:
    """The table that `table NAME` (a batch line, or at the REPL) rolls on; None for the
    other `table` commands."""
    if len(words) == 2 and words[0].lower() == "table" and not words[1].startswith("-"):
        from cli.tables import TABLE_WORDS

        return None if words[1].lower() in TABLE_WORDS else words[1]
    return None


def run_any(runner: Runner, text: str) -> int:
    try:
        words = subcommand_of(text)
    except RollError as error:
        return runner.report(text, error)
    if words is not None and table_target(words) is not None:
        from cli.tables import run_table  # the runner's dice: --rolled, --seed, physical dice

        return run_table(runner, str(table_target(words)), text)
    if words is not None and plain_odds(words):
        from cli.odds_line import show_odds  # no option to read: no command to build

        return show_odds(runner, words[2])
    if words is not None:
        return run_subcommand(words, runner.settings, text)
    return runner.run(text)


def plain_odds(words: list[str]) -> bool:
    """Whether the words are `odds -- LINE` (subcommand_of's shape for `odds LINE` with no
    option), for any LINE but a table's (`odds table NAME` is the command's own)."""
    if len(words) != 3 or words[0].lower() != "odds" or words[1] != "--":
        return False
    from cli.odds_line import odds_table

    return odds_table(words[2]) is None
