"""`roll odds LINE`: its options, then cli/line/odds_line.py; `roll odds table NAME`."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.base.bounds import in_range
from cli.base.completion import LineWord
from cli.base.environment import Environment, terminal_columns
from cli.base.options import CAMPAIGN_OPTIONS, refuse_unknown_option, with_settings
from cli.base.settings import Settings
from cli.line.odds_line import odds_input, show_odds
from cli.line.runner import Runner
from cli.render.odds_chart import odds_json
from rules.errors import RollError, UsageError
from rules.notation.head import ODDS_LINE, read_head

MIN_WIDTH, MAX_WIDTH = 20, 1000
"""The columns `odds --width` takes: a chart narrower has no room for a bar, one wider no reader."""


@with_settings(*CAMPAIGN_OPTIONS)
def odds_command(
    env: Environment,
    settings: Settings,
    words: Annotated[
        list[str], typer.Argument(help="the LINE", show_default=False, click_type=LineWord())
    ],
    at_least: Annotated[bool, typer.Option("--at-least", help="P(total ≥ value)")] = False,
    at_most: Annotated[bool, typer.Option("--at-most", help="P(total ≤ value)")] = False,
    width: Annotated[int | None, typer.Option("--width", help="columns of the chart")] = None,
) -> int:
    """The exact distribution of a LINE: mean, min, max, outcome odds and a bar chart."""
    text = " ".join(words)
    runner = Runner(settings, env)
    if width is not None:
        try:
            in_range(width, "odds --width", MIN_WIDTH, MAX_WIDTH)
        except RollError as error:
            env.fail(error, odds_input(text))
    head = read_head(text, ODDS_LINE)  # a batch line or the REPL passes the LINE as one word
    if head.subcommand is not None and head.subcommand.table is not None:
        return table_odds_command(runner, head.subcommand.table, text, width)
    try:
        refuse_unknown_option(words, before="odds ")
        if at_least and at_most:
            raise UsageError("--at-least and --at-most are two views: choose one")
    except RollError as error:
        env.fail(error, odds_input(text))
    return show_odds(runner, head, at_least, at_most, width)


def table_odds_command(runner: Runner, target: str, text: str, width: int | None) -> int:
    """`roll odds table NAME`: each row's exact chance (JSON: the die's odds and `rows`)."""
    from cli.line.table_rolls import odds_lines, odds_rows, table_for_odds
    from rules.tables import reading_odds, table_odds

    settings = runner.settings
    try:
        table = table_for_odds(runner, target)
        chances = table_odds(table)
    except RollError as error:
        runner.env.fail(error, odds_input(text))
    if settings.json:
        obj = odds_json(reading_odds(table), odds_input(text), settings.system_id() or "generic")
        obj.update({"table": table.name, "roll": table.die, "rows": odds_rows(table, chances)})
        runner.env.json(obj)
        return 0
    columns = width or min(terminal_columns(60), 80)
    runner.env.out("\n".join(odds_lines(table, chances, columns)))
    return 0


def register(app: typer.Typer) -> None:
    # an unknown "option" is a word of the LINE (`odds -3d6`); a `--typo` is refused above
    app.command(
        "odds",
        context_settings={"allow_interspersed_args": True, "ignore_unknown_options": True},
    )(odds_command)
