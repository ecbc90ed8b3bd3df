"""How a LINE is resolved: its results in order, streamed for plain dice, or made whole in one
transaction of the campaign (all of a LINE's changes, or none), and logged."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from cli.plan import Planner, commanded, parse_expanded
from cli.render import text as render_text
from rules.campaign import TableState
from rules.dice.evaluate import Budget, Roller
from rules.dice.source import DiceSource, RandomSource, ScriptedSource
from rules.errors import RollError
from rules.notation import ast
from rules.record import record_of, secret_mark
from rules.resolution import Resolution
from rules.systems import Context, System

if TYPE_CHECKING:
    from cli.env import Environment
    from cli.settings import Settings
    from cli.store import CampaignView
    from rules.named_rolls import Expansion

@cache
def nobody() -> TableState:
    """The table of a LINE that reads no campaign: nobody acts, nothing is known (made at the
    first such LINE: a REPL's first prompt makes none)."""
    return TableState()


class Resolver(Planner):
    """Resolves LINEs with one dice source for the whole process (so a seed covers a batch)."""

    env: Environment

    def __init__(
        self, settings: Settings, ask_face: Callable[[ast.Die, str], int] | None = None
    ) -> None:
        super().__init__(settings)
        self.source: DiceSource
        if settings.rolled is not None:
            self.source = ScriptedSource.from_text(settings.rolled)
        else:
            self.source = RandomSource(settings.seed)
        self.ask_face = ask_face
        self.one_shot = False
        self.through_outage = False
        """The REPL: while the campaign is unreachable plain dice roll (unlogged) and a LINE
        that needs it is refused in one short line."""
        self.secret = False  # the LINE being run is a secret one (cli/secret.py)
        self.secret_logged = False  # and the campaign logged it (else nothing was)

    def out(self, text: str) -> None:
        self.env.out(text)

    def err(self, text: str) -> None:
        self.env.err(text)

    def evaluate(self, text: str) -> list[Resolution]:
        """Every result of a LINE, all made before any is shown."""
        return list(self.made(text))

    def made(self, text: str) -> Iterable[Resolution]:
        """The results of a LINE, in order. Plain dice from a random source come one at a
        time, as they are shown (a stream: `-n 100000 1d6` keeps one chunk); anything that
        may write the campaign, or must use up `--rolled` faces first, is made whole before
        any is shown (all of a LINE's changes, or none)."""
        plain = None if self.secret else self.known_plan(text)  # a secret is logged
        line = self.parsed(text) if plain is None else plain.line
        if plain is None and not self.secret:
            plain = self.plain_plan(text, line)
        if plain is not None:
            system, single, times = plain
            streamed = self._plain_results(system, single, text, times)
            return streamed if isinstance(self.source, RandomSource) else list(streamed)
        named = self.expansion(text, line)
        if named is None:
            from cli.stat_line import filled

            named = filled(self, text)  # `d20+{might}`: the acting character's values
        if named is not None:
            text = named.line  # what the system reads; the result keeps both (cli/named_lookup.py)
            line = parse_expanded(named)
        if isinstance(line, RollError):
            raise line
        single, times = self.repeats(line)
        budget = Budget()  # the dice limit covers the whole LINE, repeats included
        if not self.needs_campaign(single):
            system, table = self.pick_system(None), nobody()
            return [
                self._resolved(system, table, single, text, i == times - 1, budget, named)
                for i in range(times)
            ]
        if getattr(self.source, "interactive", False):
            return [
                self.resolve(single, text, last=i == times - 1, budget=budget, named=named)
                for i in range(times)
            ]
        return self._resolve_in_campaign(single, text, times, budget, named)

    def _plain_results(
        self, system: System, line: ast.Line, text: str, times: int
    ) -> Iterator[Resolution]:
        budget, table = Budget(), nobody()  # the dice limit covers the whole LINE, repeats included
        for i in range(times):
            yield self._resolved(system, table, line, text, i == times - 1, budget)

    def _resolved(
        self, system: System, table: TableState, line: ast.Line, text: str, last: bool, budget: Budget,
        named: Expansion | None = None,
    ) -> Resolution:
        roller = Roller(self.source, budget)
        res = self._judged(system, table, line, text, roller, named)
        self._check_faces(last)
        return res

    @staticmethod
    def _judged(
        system: System, table: TableState, line: ast.Line, text: str, roller: Roller,
        named: Expansion | None = None,
    ) -> Resolution:
        """The system's resolution of the LINE; a named roll's result shows its name and keeps
        both forms (cli/named_lookup.py)."""
        res = system.resolve(line, Context(system, table, roller, text))
        if named is None:
            return res
        from cli.named_lookup import named_result

        return named_result(res, named)

    def _resolve_in_campaign(
        self, line: ast.Line, text: str, times: int, budget: Budget,
        named: Expansion | None = None,
    ) -> list[Resolution]:
        """Every repeat of a LINE in one transaction: all of them, or nothing (a repeat that is
        refused leaves the campaign as it was, as does a killed process)."""
        if not self.campaign_exists():
            return self._resolve_without_campaign(line, text, times, budget, named)
        from contextlib import ExitStack

        from cli.store import CampaignUnavailable

        with ExitStack() as opened:
            try:
                tx = opened.enter_context(self.campaign().transaction())
            except CampaignUnavailable as error:
                if self.settings.acting() is not None:
                    if not (self.through_outage and isinstance(line, ast.RollLine)):
                        raise
                    # the REPL: plain dice roll through an outage, said to be unlogged
                    rolled = self._resolve_without_campaign(line, text, times, budget, named)
                    self.err("roll: not logged: campaign unreachable")
                    return rolled
                # nobody acts: a LINE with its values inline goes on without the campaign
                return self._resolve_without_campaign(line, text, times, budget, named, error)
            results: list[Resolution] = []
            seen: tuple[TableState, System] | None = None
            for i in range(times):
                if seen is None:
                    seen = self.table_and_system(tx, commanded(line, text), say=i == 0)
                table, system = seen
                res = self._resolved(system, table, line, text, i == times - 1, budget, named)
                if table.active is not None or res.changes or self.secret:
                    self.record(tx, res)
                    seen = None  # pools and the last entry changed: read them again
                results.append(res)
            return results

    def _resolve_without_campaign(
        self, line: ast.Line, text: str, times: int, budget: Budget,
        named: Expansion | None = None, unavailable: RollError | None = None,
    ) -> list[Resolution]:
        """A command with nobody acting and no campaign (none yet, or `unavailable`): resolved
        at an empty table. One that changes something writes: it creates a missing campaign
        (and says where), and it is refused, changing nothing, when the campaign cannot be
        opened (so is one the empty table refuses: it may have needed the campaign)."""
        system = self.pick_system(None)
        try:
            results = [
                self._resolved(system, nobody(), line, text, i == times - 1, budget, named)
                for i in range(times)
            ]
        except RollError:
            if unavailable is not None:
                raise unavailable from None
            raise
        if any(res.changes for res in results):
            if unavailable is not None:
                raise unavailable
            with self.campaign(create=True).transaction() as tx:
                for res in results:  # the table was empty, as the new campaign is
                    self.record(tx, res)
        return results

    def _check_faces(self, last: bool) -> None:
        """A one-shot refuses leftover `--rolled` faces before anything is shown or stored."""
        if last and self.one_shot and isinstance(self.source, ScriptedSource):
            self.source.check_used_up()

    def resolve(
        self, line: ast.Line, text: str, last: bool = True, budget: Budget | None = None,
        named: Expansion | None = None,
    ) -> Resolution:
        roller = Roller(self.source, budget or Budget())
        if not self.needs_campaign(line):
            system = self.pick_system(None)
            res = self._judged(system, nobody(), line, text, roller, named)
            self._check_faces(last)
            return res
        if not self.campaign_exists():
            return self._resolve_without_campaign(line, text, 1, roller.budget, named)[0]
        campaign = self.campaign()
        if getattr(self.source, "interactive", False):
            # dice typed at a prompt take a person's time: read, then write in a short
            # transaction of its own, whose `before` checks refuse anything changed meanwhile
            with campaign.transaction(readonly=True) as tx:
                table, system = self.table_and_system(tx, commanded(line, text), say=True)
                table = table.materialized()  # compared with the campaign after the faces
            res = self._judged(system, table, line, text, roller, named)
            self._check_faces(last)
            if table.active is not None or res.changes or self.secret:
                with campaign.transaction() as tx:
                    now, system = self.table_and_system(tx, commanded(line, text))
                    from cli.render.meanwhile import meanwhile, moved

                    if moved(table, now):  # the faces stay; the LINE reads the new state
                        for line_text in meanwhile(table, now, system):
                            self.out(line_text)
                        getattr(self.source, "replay", lambda: None)()
                        roller = Roller(self.source, budget or Budget())
                        res = self._judged(system, now, line, text, roller, named)
                    self.record(tx, res)
            return res
        with campaign.transaction() as tx:
            table, system = self.table_and_system(tx, commanded(line, text), say=True)
            res = self._judged(system, table, line, text, roller, named)
            self._check_faces(last)
            if table.active is not None or res.changes or self.secret:
                self.record(tx, res)
        return res

    def table_and_system(self, tx: CampaignView, text: str | None = None, say: bool = False
                         ) -> tuple[TableState, System]:
        """The campaign as the LINE sees it, and the system that resolves it. A command
        LINE `text` nobody was chosen for, in a running encounter, acts as whose turn it is
        (cli/turn.py), read in the same transaction; `say`: the text output says so. (`--as ""`
        is nobody, chosen: it acts as nobody.)"""
        acting = self.settings.acting()
        table = tx.table(acting)  # an unknown name is an error
        if (acting is None and self.settings.character is None and text is not None
                and table.party.get("encounter")):
            from cli.turn import acting_note, turn_actor

            taker = turn_actor(table.party, text)
            if taker is not None and taker.lower() in table.characters:
                table = tx.table(taker)
                if say and not (self.settings.json or self.settings.quiet):
                    self.out(acting_note(table.active.name if table.active else taker))
        return table, self.pick_system(table)

    def record(self, tx: CampaignView, res: Resolution) -> None:
        """Apply the changes and log the LINE's record (rules/record.py: what a script's JSON
        and the log are written from; a secret LINE: marked, and a marker row for the others'
        log: cli/secret.py)."""
        secret = self.secret
        if not secret and res.character is not None:  # a reroll of a secret LINE is one too
            from cli.secret import rerolls_secret

            secret = rerolls_secret(res, lambda: tx.table(res.character).last_entry)
        record = record_of(res, render_text.plain_text(res), secret=secret)
        if not secret:
            tx.apply(res, record)
            return
        self.secret_logged = True
        mark = secret_mark(record)
        tx.apply(Resolution(mark.input, res.system, mark.kind, mark.text,
                            character=res.character), mark)
        tx.apply(res, record)  # last: the LINE a `fluke` looks back at
