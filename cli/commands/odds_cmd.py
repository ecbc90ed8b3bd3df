"""`roll odds LINE`: the exact distribution of anything the roller accepts (SPEC §7)."""

from __future__ import annotations

import json as jsonlib
import shutil
from typing import Annotated

import typer

from cli.app import AsOpt, CampaignOpt, JsonOpt, NoColorOpt, SystemOpt, fail, settings_from
from cli.env import Environment
from cli.render.odds import odds_json, odds_text
from cli.runner import Runner
from rules.campaign import Table
from rules.dice.evaluate import Roller
from rules.dice.source import RandomSource
from rules.errors import RollError, UsageError
from rules.notation import ast, parse
from rules.systems import Context


def odds_command(
    words: Annotated[list[str], typer.Argument(help="the LINE", show_default=False)],
    system: SystemOpt = None,
    as_: AsOpt = None,
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    no_color: NoColorOpt = False,
    at_least: Annotated[bool, typer.Option("--at-least", help="P(total ≥ value)")] = False,
    at_most: Annotated[bool, typer.Option("--at-most", help="P(total ≤ value)")] = False,
    width: Annotated[int | None, typer.Option("--width", help="columns of the chart")] = None,
) -> None:
    """The exact distribution of a LINE: mean, min, max, outcome odds and a bar chart."""
    env = Environment()
    settings = settings_from(system=system, as_=as_, campaign=campaign, json=json,
                             no_color=no_color)
    text = " ".join(words)
    runner = Runner(settings, env)
    try:
        line = parse(text)
        if line.repeat != 1:
            raise UsageError("odds of one LINE at a time: drop the Nx")
        odds, system_id = _odds(runner, line, text)
    except RollError as error:
        if json:
            from cli.render.json import error_to_json

            typer.echo(jsonlib.dumps(error_to_json(text, error), ensure_ascii=False))
        fail(env, error, text)
    extra = getattr(odds, "extra", {})  # a system's odds may carry more (a risk die's uses)
    notes = getattr(odds, "notes", ())
    if json:
        obj = odds_json(odds, text, system_id)
        obj.update({k: str(v) for k, v in extra.items()})
        typer.echo(jsonlib.dumps(obj, ensure_ascii=False))
        return
    columns = width or min(shutil.get_terminal_size((60, 24)).columns, 80)
    typer.echo(odds_text(odds, text, width=columns, at_least=at_least, at_most=at_most,
                         color=runner.color))
    for note in notes:
        typer.echo(note)


def _odds(runner: Runner, line: ast.Line, text: str):  # type: ignore[no-untyped-def]
    """Price the LINE with its system, reading the campaign only when it has to."""
    roller = Roller(RandomSource(0))  # systems may need a roller in the context; odds throw none
    if not runner.needs_campaign(line):
        system = runner.pick_system(None)
        return system.odds(line, Context(system, Table(), roller, text)), system.id
    from cli.store import Campaign

    with Campaign(runner.settings.campaign_path()).transaction() as tx:
        active = runner.settings.character or tx.get_active()
        table = tx.table(active)
        system = runner.pick_system(table)
        return system.odds(line, Context(system, table, roller, text)), system.id


def register(app: typer.Typer) -> None:
    app.command("odds", context_settings={"allow_interspersed_args": True})(odds_command)
