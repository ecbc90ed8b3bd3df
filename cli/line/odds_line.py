"""`odds LINE`: the exact distribution of anything the roller accepts (SPEC §7), without Typer.

The Typer command (cli/commands/odds_cmd.py) reads its options and calls `show_odds`; a batch
line or the REPL's `odds LINE` with no option calls it directly (cli/commands/dispatch.py), so a batch
of odds LINEs never builds the command.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from cli.base.environment import ExitStatus
from cli.line.plan import (
    LineRun,
    needs_campaign,
    parse_expanded,
    parsed,
    pick_system,
    reach_warnings,
    reads_campaign,
)
from cli.line.runner import Runner, bot_typed, roll_error
from cli.render.odds_chart import cumulative_json, odds_json, odds_text, percent
from rules.dice.evaluate import Roller
from rules.dice.source import RandomSource
from rules.errors import RollError, UsageError
from rules.exact import Odds
from rules.exact.risk_odds import expected_uses, survival
from rules.notation import syntax
from rules.notation.head import ODDS_LINE, Head, read_head
from rules.systems import Context
from rules.table_state import TableState

if TYPE_CHECKING:
    from rules.named_rolls import Expansion


def show_odds(
    runner: Runner, line: Head | str, at_least: bool = False, at_most: bool = False,
    width: int | None = None, run: LineRun | None = None, number: int | None = None,
) -> int:
    """Print the odds of the LINE (its head, or its text: read here) (JSON under --json) under
    `run`'s options (the process's when None); an error is reported (naming the batch's input
    line `number`), its status returned."""
    survives: Survival | None = None
    head = line if isinstance(line, Head) else read_head(line, ODDS_LINE)
    if head.bot_word is not None:  # `odds /r 1d20`: a dice bot's word, noted once
        runner.note_bot_word(head.bot_word)
    text = head.typed  # the LINE as given, `uses K` and all
    run = run or runner.line_run()
    try:
        named, tree, odds, system_id = _odds(runner, head, run)
        if head.uses is not None:
            survives = Survival.of(tree, head.uses)
    except Exception as exc:
        return runner.report(text, roll_error(exc), run.settings, number,
                             odds_input(bot_typed(head)))
    if run.settings.json:
        obj = odds_json(odds, odds_input(bot_typed(head) + text), system_id)
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


def odds_input(text: str) -> str:
    """The line `odds LINE` as given, without options: the `input` of its answer, from a shell
    and from a batch line alike (SPEC §3)."""
    return f"odds {text}"


@dataclass(frozen=True, slots=True)
class Survival:
    """A risk die over K rolls: the chance it is still there, and the rolls it lasts on average."""

    sides: int
    rolls: int
    chance: Fraction
    expected: Fraction
    edge: str | None = None

    @classmethod
    def of(cls, line: syntax.Line, rolls: int) -> Survival:
        dice = syntax.lone_die(line) if isinstance(line, syntax.RollLine) else None
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
        from cli.render.odds_chart import mean_text

        edge = f" {self.edge}" if self.edge else ""
        lasts = "" if noted else f"; lasts {mean_text(self.expected)} rolls on average"
        return f"Δ{self.sides}{edge} survives {self.rolls} rolls: {percent(self.chance)}{lasts}"


def _odds(runner: Runner, head: Head, run: LineRun
          ) -> tuple[Expansion | None, syntax.Line, Odds, str]:
    """Price the LINE with its system, reading the campaign (in one read-only transaction: who
    acts, the name in reach, the sheet) only when it has to: `odds longsword` prices what the
    name rolls, `odds d20+{might}` the acting character's values."""
    from cli.line.named import expansion_in, may_name
    from cli.line.stats import filled

    roller = Roller(RandomSource(0))  # systems may need a roller in the context; odds throw none
    text = head.body
    first = parsed(text)
    for warning in reach_warnings(first, text):  # once a LINE, as its roll's
        runner.err(f"roll: warning: {warning}")
    reads = reads_campaign(first, run)  # an odds LINE is never secret
    table: TableState | None = None
    named: Expansion | None = None
    if (reads or may_name(head.name, first, run.settings.system_id(), None)
            ) and runner.resolver.campaign_exists(run.settings):
        with runner.resolver.reading() as tx:
            acting, table, system = runner.resolver.acting_in(tx, text, first, run, say=True)
            named = expansion_in(tx, head, first, run.settings, acting,
                                 None if system is None else system.id)
            if named is None:
                named = filled(head, table, system)
            line = _one(text, first, named)
            text = text if named is None else named.line
            if table is None and needs_campaign(line, acting, False):
                table, system = runner.resolver.table_and_system(tx, text, line, run)
            if table is not None and system is not None:
                priced = system.odds(line, Context(system, table, roller, text))
                runner.resolver.say_turn_note()  # once priced: a refused LINE says none
                return named, line, priced, system.id
    elif head.holes:
        named = filled(head, None, None)
    line = _one(text, first, named)
    text = text if named is None else named.line
    system = pick_system(run.settings, None)
    return named, line, system.odds(line, Context(system, TableState(), roller, text)), system.id


def _one(text: str, line: syntax.Line | RollError, named: Expansion | None) -> syntax.Line:
    """The LINE to price: its expansion's tree, once (`Nx` is refused)."""
    if named is not None:
        line = parse_expanded(named)
    if isinstance(line, RollError):
        raise line
    if line.repeat != 1:
        raise UsageError("odds of one LINE at a time: drop the Nx")
    return line
