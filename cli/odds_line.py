"""`odds LINE`: the exact distribution of anything the roller accepts (SPEC §7), without Typer.

The Typer command (cli/commands/odds_cmd.py) reads its options and calls `show_odds`; a batch
line or the REPL's `odds LINE` with no option calls it directly (cli/dispatch.py), so a batch
of odds LINEs never builds the command.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cli.bot_word import without_bot_word
from cli.env import ExitStatus
from cli.plan import commanded, parse_expanded
from cli.render.odds import cumulative_json, odds_json, odds_text, percent
from cli.runner import Runner, roll_error
from rules.campaign import TableState
from rules.dice.evaluate import Roller
from rules.dice.source import RandomSource
from rules.errors import NotationError, RollError, UsageError
from rules.exact import Odds
from rules.exact.risk import expected_uses, survival
from rules.notation import ast, parse
from rules.notation.tokens import split_uses
from rules.systems import Context


def show_odds(
    runner: Runner, text: str, at_least: bool = False, at_most: bool = False,
    width: int | None = None,
) -> int:
    """Print the odds of the LINE `text` (JSON under --json); an error is reported, its status
    returned."""
    survives: Survival | None = None
    text = without_bot_word(runner, text)  # `odds /r 1d20`: a dice bot's word, noted once
    try:
        body, uses = split_uses(text)
        named = runner.expansion(body)  # `odds longsword` prices what the name rolls
        if named is None:
            from cli.stat_line import filled

            named = filled(runner, body)  # `odds d20+{might}`: the acting character's values
        body = body if named is None else named.line
        line = parse(body) if named is None else parse_expanded(named)
        if line.repeat != 1:
            raise UsageError("odds of one LINE at a time: drop the Nx")
        if uses is not None:
            survives = Survival.of(line, uses)
        odds, system_id = _odds(runner, line, body)
    except Exception as exc:
        return runner.report(given(text), given_error(roll_error(exc)))
    if runner.settings.json:
        obj = odds_json(odds, given(text), system_id)
        obj.update(cumulative_json(odds, at_least, at_most))
        if named is not None:
            obj["expanded"] = named.line
        if survives is not None:
            obj.update(survives.to_json())
        runner.env.json(obj)
        return int(ExitStatus.OK)
    columns = width or min(runner.env.width(), 80)  # a bar chart wider says nothing more
    shown = text if named is None else f"{named.chain[0]} → {named.line}"
    runner.out(odds_text(odds, shown, width=columns, at_least=at_least, at_most=at_most,
                         color=runner.color, height=runner.env.height()))
    if survives is not None:
        from cli.render.layout import wrap

        runner.out("\n".join(wrap(survives.text(noted="expected_uses" in odds.extra), columns)))
    return int(ExitStatus.OK)


def given(text: str) -> str:
    """The line `odds LINE` as given, without options: the `input` of its answer, from a shell
    and from a batch line alike (SPEC §3)."""
    return f"odds {text}"


def given_error(error: RollError) -> RollError:
    """The error of the LINE as `given` words it: a caret's column counts `odds ` too."""
    if not isinstance(error, NotationError):
        return error
    return NotationError(error.message, given(error.text), error.column + len(given("")),
                         error.expected)


def odds_table(text: str) -> str | None:
    """The table that `odds table NAME` prices (the odds command's own), or None for a LINE."""
    words = text.split()
    return words[1] if len(words) == 2 and words[0].lower() == "table" else None


@dataclass(frozen=True, slots=True)
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

    def text(self, noted: bool = False) -> str:
        """`Δ8 survives 5 rolls: 48.36%; lasts 6 rolls on average`, the average left out when
        the odds above already `noted` it (a Macchiato risk die's); the exact fractions are
        the JSON's."""
        from cli.render.odds import mean_text

        edge = f" {self.edge}" if self.edge else ""
        lasts = "" if noted else f"; lasts {mean_text(self.expected)} rolls on average"
        return f"Δ{self.sides}{edge} survives {self.rolls} rolls: {percent(self.chance)}{lasts}"


def _odds(runner: Runner, line: ast.Line, text: str) -> tuple[Odds, str]:
    """Price the LINE with its system, reading the campaign only when it has to."""
    roller = Roller(RandomSource(0))  # systems may need a roller in the context; odds throw none
    if not runner.needs_campaign(line):
        system = runner.pick_system(None)
        return system.odds(line, Context(system, TableState(), roller, text)), system.id
    from cli.store import campaign_exists

    if runner.settings.acting() is None and not campaign_exists(runner.settings.campaign_path()):
        system = runner.pick_system(None)  # a command for nobody, and no campaign yet
        return system.odds(line, Context(system, TableState(), roller, text)), system.id
    with runner.campaign().transaction(readonly=True) as tx:
        table, system = runner.table_and_system(tx, commanded(line, text), say=True)
        return system.odds(line, Context(system, table, roller, text)), system.id
