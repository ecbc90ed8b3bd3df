"""The root app: `roll [OPTIONS] LINE...` and its subcommands; it only registers commands.

Nothing under cli/ imports this module but cli/__main__.py.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, NoReturn

import click
import typer
from click.exceptions import NoArgsIsHelpError

from cli.base.argv import COMPLETE_VAR, keep_arguments
from cli.base.environment import ExitStatus
from cli.base.group import LINE_COMMAND, LineGroup, route
from cli.base.safe import shown_lines
from cli.commands import line_cmd

if TYPE_CHECKING:
    from rules.errors import RollError

ABOUT = "roll: a dice roller and tabletop-rules REPL."
"""The help's first line; its usage rows and examples are cli/base/group.py's, wrapped to the pane."""

app = typer.Typer(
    cls=LineGroup,
    add_completion=False,
    no_args_is_help=False,
    invoke_without_command=False,
    help=ABOUT,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
line_cmd.register(app)

_REGISTERED: list[bool] = []


def register_subcommands() -> None:
    """Add every subcommand (once): the batch ones and `repl`."""
    if _REGISTERED:
        return
    _REGISTERED.append(True)
    from cli.commands import register_batch, repl_cmd

    register_batch(app)
    repl_cmd.register(app)


def register_for(wanted: str) -> None:
    """Add only the subcommand `wanted` (its module's): `line` needs none, `repl` its own."""
    if wanted == "repl":
        from cli.commands import repl_cmd

        repl_cmd.register(app)
    elif wanted != LINE_COMMAND:
        from cli.commands import register_batch

        register_batch(app, wanted)


def main_app(argv: list[str] | None = None) -> NoReturn:
    args = argv if argv is not None else sys.argv[1:]
    keep_arguments(args)  # an error's `input`, --version's --json (cli/base/argv.py)
    instruction = os.environ.get(COMPLETE_VAR)
    if instruction:  # a shell asks for the words at Tab time, or for the script
        from cli.base.completion import answer, typed_words
        from cli.entry.tab_words import CampaignAtTab

        # a Tab builds only the subcommand its words are in: building them all was a fifth of it
        register_for(route(typed_words(instruction))[0])
        group = typer.main.get_group(app)  # a group: with one command too
        sys.exit(answer(group, instruction, CampaignAtTab()))
    wanted = route(args)[0]
    if "--help" in args or "-h" in args:
        register_subcommands()
    elif wanted == "repl":  # the REPL loads the others when a line asks: its first prompt
        register_for("repl")
    elif wanted != LINE_COMMAND:
        register_subcommands()  # a plain LINE needs none of them: start-up time
    command = typer.main.get_command(app)
    # help fits the pane, however narrow: Click's own never goes under 50 columns
    command.context_settings = {**command.context_settings, "terminal_width": help_width()}
    if json_given(args) and {"--help", "-h"} & set(options_part(args)):
        sys.exit(help_as_json(command, args))
    try:
        status = command.main(args=args, prog_name="roll", standalone_mode=False)
    except NoArgsIsHelpError as exc:  # `roll sheet` alone: show what it can do
        sys.stdout.write(exc.format_message() + "\n")
        sys.exit(0)
    except click.UsageError as exc:  # an unknown option, a missing argument: bad input too
        from cli.base.error_layout import ErrorLines, for_stream
        from cli.base.option_habits import option_habit
        from rules.did_you_mean import said_once

        habit = option_habit(exc, args)  # `log --last 5`: the option that counts is -n
        message = said_once(exc.format_message()) if habit is None else habit.message
        if json_given(args):
            answer_json(args, message, habit)  # every command answers under --json (SPEC §3)
        said = ErrorLines(f"roll: error: {shown_lines(message)}")
        sys.stderr.write(for_stream(said, sys.stderr) + "\n")
        sys.exit(int(ExitStatus.BAD_INPUT))
    except click.Abort:
        sys.stderr.write("\n")
        sys.exit(int(ExitStatus.INTERRUPTED))
    sys.exit(status if isinstance(status, int) else 0)


def help_width() -> int:
    """The columns `--help` fills: the terminal's (COLUMNS first), at most 80, at least 20."""
    import shutil

    return max(20, min(shutil.get_terminal_size((80, 24)).columns, 80))


def options_part(args: list[str]) -> list[str]:
    """The arguments before `--`: after it every word is the LINE's."""
    return args[: args.index("--")] if "--" in args else args


def json_given(args: list[str]) -> bool:
    return "--json" in options_part(args)


def help_as_json(command: click.Command, args: list[str]) -> int:
    """`roll --json … --help`: Click's help as one answer, `{"input", "kind", "text"}`, as a
    batch line's `sheet --help` answers."""
    import contextlib
    import io

    from cli.base.argv import line_of
    from cli.base.safe import dumps

    said = io.StringIO()
    words = [arg for arg in options_part(args) if arg != "--json"]  # `--json --help`: the root's
    with contextlib.redirect_stdout(said):
        status = command.main(args=words, prog_name="roll", standalone_mode=False)
    named = line_of(args).split()
    kind = named[0].lower() if named else "help"  # a batch line's `sheet --help` is a sheet's
    text = said.getvalue().rstrip("\n")
    flag = next(arg for arg in words if arg in ("--help", "-h"))
    sys.stdout.write(dumps({"input": " ".join([*named, flag]), "kind": kind, "text": text}) + "\n")
    return status if isinstance(status, int) else 0


def answer_json(args: list[str], message: str, error: RollError | None = None) -> None:
    """A usage error's object on stdout (`roll --json sheet`: its `input` the LINE alone);
    `error`: the error itself when roll words it (its hint goes too)."""
    from cli.base.argv import line_of
    from cli.base.error_layout import error_to_json
    from cli.base.safe import dumps
    from rules.errors import UsageError

    said = error if error is not None else UsageError(message)
    sys.stdout.write(dumps(error_to_json(line_of(args), said)) + "\n")
    sys.stdout.flush()
