"""The root group's routing: a first word that is no subcommand starts a LINE."""

from __future__ import annotations

from typing import Any

import click
import typer
from typer.core import TyperCommand, TyperGroup

from cli.base.argv import SUBCOMMANDS, VALUE_OPTIONS
from cli.base.options import LITERAL_WORDS

LINE_COMMAND = "line"
LINE_OPTIONS_TITLE = "Options of a LINE (before or after it)"
USAGES = (
    ("roll [OPTIONS] LINE...", "a dice expression or a system command"),
    ("roll [OPTIONS]", "the REPL on a terminal; one LINE per line from a pipe"),
    ("roll help notation", "the dice notation; `roll help SYSTEM` for a game"),
)
"""The root help's ways to call roll, under its first line."""
EXAMPLES = (
    ("roll 4d6kh3", "keep the highest three of 4d6"),
    ("roll 6x 4d6kh3", "a stat array"),
    ("roll 'd20+5 vs 15'", "pass or fail against 15"),
    ("roll --json --seed 7 3d6", "reproducible, machine-readable"),
    ("roll -s vagabond check dex=5 trained", "a Vagabond check"),
    ("roll odds 4d6kh3", "the exact distribution"),
    ("roll", "open the REPL (or read LINEs from a pipe)"),
)
"""The root help's examples, after its commands."""


def route(args: list[str]) -> list[str]:
    """Put the subcommand first (options may come before it), or `line` when there is none."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg.startswith("-") and len(arg) > 1:
            i += 2 if arg in VALUE_OPTIONS else 1
            continue
        if arg in SUBCOMMANDS:
            return [arg, *args[:i], *args[i + 1 :]]
        break
    return [LINE_COMMAND, *args]


NARROW = 60
"""Below these columns a row's words go under its command, not beside it."""


def write_rows(formatter: click.HelpFormatter, rows: tuple[tuple[str, str], ...],
               col_max: int) -> None:
    """Command-and-words rows: side by side in a wide pane, the words under the command in a
    narrow one (a column of ten characters beside a long command says nothing)."""
    if formatter.width - formatter.current_indent >= NARROW:
        formatter.write_dl(list(rows), col_max=col_max)
        return
    for command, words in rows:
        formatter.write_text(command)
        with formatter.indentation():
            formatter.write_text(words)


def with_argument_help(command: click.Command) -> None:
    """Give `command`'s arguments the help their `typer.Argument(help=…)` says: Typer 0.25 sets
    it, then Click 8.5's Argument, which takes a help of its own, sets it back to None (read
    from the signature Typer reads: cli/base/options.py's `with_settings`)."""
    bare = [p for p in command.params if isinstance(p, click.Argument) and not p.help]
    if not bare or command.callback is None:
        return
    import inspect

    from typer.models import ArgumentInfo

    signature = inspect.signature(command.callback, eval_str=True)
    helps = {name: info.help for name, param in signature.parameters.items()
             for info in getattr(param.annotation, "__metadata__", ())
             if isinstance(info, ArgumentInfo)}
    for param in bare:
        param.help = helps.get(param.name or "")


class ArgumentsHelped(TyperCommand):
    """A command whose `--help` lists each argument with its help, once."""

    def __init__(self, *args: Any, **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        with_argument_help(self)

    def format_arguments(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """None here: Typer's `Arguments` section lists them (Click 8.5 would list them again
        under `Positional arguments`)."""


def helped(app: typer.Typer) -> typer.Typer:
    """Make every command of `app`, and of the apps added to it, an `ArgumentsHelped` one
    (a command that names a class of its own keeps it)."""
    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):  # Typer's default
            info.cls = ArgumentsHelped
    for group in app.registered_groups:
        if group.typer_instance is not None:
            helped(group.typer_instance)
    return app


class WholeHelpGroup(TyperGroup):
    """A group whose help lists each command with its whole first sentence, wrapped to the
    pane (Click's cuts it with `...`)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=10_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class LineGroup(WholeHelpGroup):
    """A group whose default command is a LINE: a first word that is no subcommand starts one."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] in ("--help", "-h") and len(args) == 1:
            return super().parse_args(ctx, args)
        # words after `--` are the LINE's, even those that look like options (`-- --d6`)
        ctx.meta[LITERAL_WORDS] = len(args) - args.index("--") - 1 if "--" in args else 0
        return super().parse_args(ctx, route(args))

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The first line, then the ways to call roll, wrapped to the pane (none is cut)."""
        super().format_help_text(ctx, formatter)
        if ctx.parent is None and self.commands.get(LINE_COMMAND) is not None:
            formatter.write_paragraph()
            with formatter.indentation():
                write_rows(formatter, USAGES, col_max=24)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The examples, wrapped to the pane like the rest."""
        super().format_epilog(ctx, formatter)
        if ctx.parent is None and self.commands.get(LINE_COMMAND) is not None:
            with formatter.section("Examples"):
                write_rows(formatter, EXAMPLES, col_max=26)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The LINE's options, written from the options themselves, then the group's own."""
        line = self.commands.get(LINE_COMMAND)
        if line is not None:
            records = [
                record
                for param in line.get_params(ctx)
                if isinstance(param, click.Option) and "--help" not in param.opts
                and (record := param.get_help_record(ctx)) is not None
            ]
            with formatter.section(LINE_OPTIONS_TITLE):
                formatter.write_dl(records)
        super().format_options(ctx, formatter)
