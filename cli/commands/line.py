"""`roll [OPTIONS] LINE...`: one LINE, the REPL on a terminal, or one LINE per line of a pipe."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.completion import LineWord
from cli.env import Environment, ExitStatus
from cli.group import LINE_COMMAND, SUBCOMMANDS
from cli.options import LINE_OPTIONS, VersionOpt, fail, unknown_option, with_settings
from cli.render.layout import terminal_layout
from cli.runner import Runner, Settings, worst
from cli.shell_words import line_text
from rules.errors import RollError, UsageError

LineWords = Annotated[
    list[str] | None,
    typer.Argument(help="the LINE", show_default=False, click_type=LineWord(SUBCOMMANDS)),
]


@with_settings(*LINE_OPTIONS)
def line_command(settings: Settings, words: LineWords = None, version: VersionOpt = False) -> None:
    """Roll a LINE: dice notation or a system command."""
    env = Environment()
    try:
        runner = Runner(settings, env)
        runner.layout = terminal_layout(env.stdout_isatty)
        unknown = unknown_option(words or [])
        if unknown is not None:
            raise UsageError(f"no such option: {unknown} (a LINE that starts with '-' goes"
                             " after --: roll -- -1+d6)")
    except RollError as error:
        fail(env, error, " ".join(words or []))
    if words == ["-"]:  # `roll -`: LINEs from stdin, as from a pipe
        raise typer.Exit(run_batch(runner, env))
    if words:
        text = line_text(words)
        runner.one_shot = True
        from cli.dispatch import run_any

        status = run_any(runner, text)  # `roll 'odds 4d6'` works as it does in a pipe
        status = worst(status, runner.finish())
        raise typer.Exit(status)
    if env.stdin_isatty:
        from cli.repl.session import run_repl

        raise typer.Exit(run_repl(settings, env))
    raise typer.Exit(run_batch(runner, env))


def run_batch(runner: Runner, env: Environment) -> int:
    """One LINE per input line; keeps going after a bad line; the worst status wins."""
    from cli.dispatch import run_any
    from cli.render.position import answering

    status = int(ExitStatus.OK)
    for number, raw in enumerate(env.stdin, start=1):
        text = raw.lstrip("\ufeff").strip()  # a file saved with a byte-order mark
        if not text or text.startswith("#"):
            continue
        with answering(number, text):
            status = worst(status, run_any(runner, text))
    return worst(status, runner.finish())


def register(app: typer.Typer) -> None:
    """The hidden default command; an unknown "option" in a LINE is a word of it (`hurt -3`)."""
    app.command(
        LINE_COMMAND,
        hidden=True,
        context_settings={"allow_interspersed_args": True, "ignore_unknown_options": True},
    )(line_command)
