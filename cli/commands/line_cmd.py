"""`roll [OPTIONS] LINE...`: one LINE, the REPL on a terminal, or one LINE per line of a pipe."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.base.argv import SUBCOMMANDS
from cli.base.completion import LineWord
from cli.base.environment import Environment
from cli.base.group import LINE_COMMAND
from cli.base.options import LINE_OPTIONS, VersionOpt, fail, refuse_unknown_option, with_settings
from cli.base.settings import Settings
from cli.commands import dispatch
from cli.commands.dispatch import run_words
from cli.line.runner import line_runner
from rules.errors import RollError

LineWords = Annotated[
    list[str] | None,
    typer.Argument(help="the LINE", show_default=False, click_type=LineWord(SUBCOMMANDS)),
]


@with_settings(*LINE_OPTIONS, gathered=False)
def line_command(env: Environment, settings: Settings, words: LineWords = None,
                 version: VersionOpt = False) -> int:
    """Roll a LINE: dice notation or a system command (cli/entry/fast_argv.py reads the plain ones
    without this command)."""
    try:
        runner = line_runner(settings, words or [], env)
        refuse_unknown_option(words or [])
    except RollError as error:
        fail(env, error, " ".join(words or []))
    if not words and env.stdin_isatty:
        from cli.repl.session import run_repl

        return run_repl(settings, env, dispatch)
    return run_words(runner, words or [], env)


def register(app: typer.Typer) -> None:
    """The hidden default command; an unknown "option" in a LINE is a word of it (`hurt -3`)."""
    app.command(
        LINE_COMMAND,
        hidden=True,
        context_settings={"allow_interspersed_args": True, "ignore_unknown_options": True},
    )(line_command)
