"""`roll odds LINE`: the exact distribution of anything the roller accepts (SPEC §7)."""

from __future__ import annotations

import json as jsonlib
import re
import shutil
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated

import typer

from cli.completion import LineWord
from cli.env import Environment
from cli.options import CAMPAIGN_OPTIONS, fail, unknown_option, with_settings
from cli.render.odds import odds_json, odds_text, percent
from cli.runner import Runner, Settings, parse_expanded
from rules.campaign import Table
from rules.dice.evaluate import Roller
from rules.dice.source import RandomSource
from rules.errors import RollError, UsageError
from rules.notation import ast, parse
from rules.odds import Odds
from rules.odds.risk import expected_uses, survival
from rules.systems import Context


@with_settings(*CAMPAIGN_OPTIONS)
def odds_command(
    settings: Settings,
    words: Annotated[
        list[str], typer.Argument(help="the LINE", show_default=False, click_type=LineWord())
    ],
    at_least: Annotated[bool, typer.Option("--at-least", help="P(total ≥ value)")] = False,
    at_most: Annotated[bool, typer.Option("--at-most", help="P(total ≤ value)")] = False,
    width: Annotated[int | None, typer.Option("--width", help="columns of the chart")] = None,
) -> None:
    """The exact distribution of a LINE: mean, min, max, outcome odds and a bar chart."""
    env = Environment()
    text = " ".join(words)
    runner = Runner(settings, env)
    table_words = text.split()  # a batch line or the REPL passes the LINE as one word
    if len(table_words) == 2 and table_words[0].lower() == "table":
        table_odds_command(runner, table_words[1], text, width)
        return
    survives: Survival | None = None
    try:
        unknown = unknown_option(words)
        if unknown is not None:
            raise UsageError(f"no such option: {unknown} (a LINE that starts with '-' goes"
                             " after --: roll odds -- -1+d6)")
        if at_least and at_most:
            raise UsageError("--at-least and --at-most are two views: choose one")
        body, uses = split_uses(text)
        named = runner.expansion(body)  # `odds longsword` prices what the name rolls
        body = body if named is None else named.line
        line = parse(body) if named is None else parse_expanded(named)
        if line.repeat != 1:
            raise UsageError("odds of one LINE at a time: drop the Nx")
        if uses is not None:
            survives = Survival.of(line, uses)
        odds, system_id = _odds(runner, line, body)
    except RollError as error:
        fail(env, error, text)
    if settings.json:
        obj = odds_json(odds, text, system_id)
        if named is not None:
            obj["expanded"] = named.line
        if survives is not None:
            obj.update(survives.to_json())
        typer.echo(jsonlib.dumps(obj, ensure_ascii=False))
        return
    columns = width or min(shutil.get_terminal_size((60, 24)).columns, 80)
    shown = text if named is None else f"{named.chain[0]} → {named.line}"
    typer.echo(odds_text(odds, shown, width=columns, at_least=at_least, at_most=at_most,
                         color=runner.color))
    if survives is not None:
        typer.echo(survives.text())


USES = re.compile(r"^(?P<line>.*\S)\s+uses\s+(?P<rolls>\d+)\s*$", re.IGNORECASE)


def split_uses(text: str) -> tuple[str, int | None]:
    """`Δ8 uses 5` → (`Δ8`, 5): how a risk die fares over several rolls."""
    match = USES.match(text)
    if match is None:
        return text, None
    return match["line"], int(match["rolls"])


@dataclass(frozen=True)
class Survival:
    """A risk die over K rolls: the chance it is still there, and the rolls it lasts on average."""

    sides: int
    rolls: int
    chance: Fraction
    expected: Fraction
    edge: str | None = None

    @classmethod
    def of(cls, line: ast.Line, rolls: int) -> Survival:
        dice = ast.lone_die(line) if isinstance(line, ast.RollLine) else None
        if dice is None or dice.die.kind != "risk":
            raise UsageError("`uses K` goes with a lone risk die: odds Δ8 uses 5")
        sides, edge = dice.die.sides, dice.advantage  # Macchiato: every roll at adv/dis
        return cls(sides, rolls, survival(sides, rolls, edge), expected_uses(sides, edge), edge)

    def to_json(self) -> dict[str, str | int]:
        return {"uses": self.rolls, "survives": str(self.chance),
                "expected_uses": str(self.expected)}

    def text(self) -> str:
        edge = f" {self.edge}" if self.edge else ""
        return (f"Δ{self.sides}{edge} survives {self.rolls} rolls: {percent(self.chance)}"
                f" ({self.chance}); lasts {self.expected} rolls on average")


def _odds(runner: Runner, line: ast.Line, text: str) -> tuple[Odds, str]:
    """Price the LINE with its system, reading the campaign only when it has to."""
    roller = Roller(RandomSource(0))  # systems may need a roller in the context; odds throw none
    if not runner.needs_campaign(line):
        system = runner.pick_system(None)
        return system.odds(line, Context(system, Table(), roller, text)), system.id
    from cli.store import campaign_exists

    if runner.settings.acting() is None and not campaign_exists(runner.settings.campaign_path()):
        system = runner.pick_system(None)  # a command for nobody, and no campaign yet
        return system.odds(line, Context(system, Table(), roller, text)), system.id
    with runner.campaign().transaction(readonly=True) as tx:
        table, system = runner.table_and_system(tx)
        return system.odds(line, Context(system, table, roller, text)), system.id


def table_odds_command(runner: Runner, target: str, text: str, width: int | None) -> None:
    """`roll odds table NAME`: each row's exact chance (JSON: the die's odds and `rows`)."""
    from cli.tables import odds_lines, odds_rows, table_for_odds
    from rules.tables import reading_odds, table_odds

    settings = runner.settings
    try:
        table = table_for_odds(runner, target)
        chances = table_odds(table)
    except RollError as error:
        fail(runner.env, error, text)
    if settings.json:
        obj = odds_json(reading_odds(table), text, settings.system_id() or "generic")
        obj.update({"table": table.name, "roll": table.die, "rows": odds_rows(table, chances)})
        typer.echo(jsonlib.dumps(obj, ensure_ascii=False))
        return
    columns = width or min(shutil.get_terminal_size((60, 24)).columns, 80)
    typer.echo("\n".join(odds_lines(table, chances, columns)))


def register(app: typer.Typer) -> None:
    # an unknown "option" is a word of the LINE (`odds -3d6`); a `--typo` is refused above
    app.command(
        "odds",
        context_settings={"allow_interspersed_args": True, "ignore_unknown_options": True},
    )(odds_command)
