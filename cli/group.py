"""The root group's routing: a first word that is no subcommand starts a LINE."""

from __future__ import annotations

import click
from typer.core import TyperGroup

from cli.argv import GIVEN_ARGS, SUBCOMMANDS, VALUE_OPTIONS
from cli.options import LITERAL_WORDS

LINE_COMMAND = "line"
LINE_OPTIONS_TITLE = "Options of a LINE (before or after it)"


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


class LineGroup(TyperGroup):
    """A group whose default command is a LINE: a first word that is no subcommand starts one."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] in ("--help", "-h") and len(args) == 1:
            return super().parse_args(ctx, args)
        # words after `--` are the LINE's, even those that look like options (`-- --d6`)
        ctx.meta[LITERAL_WORDS] = len(args) - args.index("--") - 1 if "--" in args else 0
        ctx.meta.setdefault(GIVEN_ARGS, list(args))  # an error's `input`: cli/argv.py
        return super().parse_args(ctx, route(args))

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
