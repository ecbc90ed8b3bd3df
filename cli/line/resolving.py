"""How a LINE is resolved: plain dice streamed with no campaign, or everything else in ONE
transaction of the campaign that reads what the LINE touches (who acts, whose turn it is, the
names in reach, the acting sheet), resolves, records and commits: all of a LINE's changes, or
none. Faces a person types (`physical on`) are read first and written in a short transaction of
their own (`Resolver.typed`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cli.line.plan import (
    LineRun,
    dice_only,
    needs_campaign,
    nobody,
    parse_expanded,
    parsed,
    pick_system,
    reach_warnings,
    reads_campaign,
    repeats,
)
from rules.dice.budget import Budget
from rules.dice.evaluate import Roller
from rules.dice.source import RandomSource, ScriptedSource
from rules.errors import RollError, UsageError
from rules.notation.expr_nodes import RollLine
from rules.resolution import Resolution
from rules.systems import Context, System

if TYPE_CHECKING:  # a command's words: a dice LINE never loads them
    from cli.base.settings import Settings
    from cli.store import CampaignStore, CampaignView
    from rules.named_rolls import Expansion
    from rules.notation.command_nodes import Line
    from rules.notation.head import Head
    from rules.record import Record
    from rules.table_state import TableState


READINGS = frozenset({"encounter", "risk", "status", "xp"})
"""Kinds of result that, with no dice and no change, only read the table: `encounter`,
`risk list`, `status NAME`, `xp`."""


def reads_only(res: Resolution) -> bool:
    """Whether a result only read the table: reading changes nothing and is not logged, even
    with somebody acting (SPEC §9). A pool command that changed nothing is still logged."""
    return (res.kind in READINGS and not (res.changes or res.throws or res.rolls)
            and res.total is None)


@dataclass(frozen=True, slots=True)
class Logged:
    """A LINE's results made whole in its transaction, with the record each was logged with
    (None: not logged), so its JSON is written from that record: the text rendered once."""

    results: tuple[Resolution, ...]
    records: tuple[Record | None, ...]

    def __iter__(self) -> Iterator[Resolution]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)


class Resolver:
    """Resolves LINEs against the campaign its runner opens (cli/line/runner.py); one per
    runner."""

    def __init__(self, campaign: Callable[[bool], CampaignStore], out: Callable[[str], None],
                 err: Callable[[str], None], through_outage: bool = False) -> None:
        self.opened = campaign
        self.out = out
        self.err = err
        self.through_outage = through_outage
        """The REPL: while the campaign is unreachable plain dice roll (unlogged) and a LINE
        that needs it is refused in one short line."""
        self.secret_logged = False  # the last secret LINE was logged (else there was no campaign)
        self.commitment: str | None = None  # the last secret LINE's (cli/line/secret.py)
        self.turn_note: str | None = None  # said once its LINE is resolved (say_turn_note)

    def campaign(self, create: bool = False) -> CampaignStore:
        """The runner's campaign (created, and said so, only for a LINE that writes)."""
        return self.opened(create)

    def campaign_exists(self, settings: Settings) -> bool:
        """Whether the campaign is there; with somebody acting, a missing one is an error (as
        is one that cannot be reached; with nobody acting that counts as none)."""
        from cli.store import CampaignUnavailable, campaign_exists, where_of

        try:
            if campaign_exists(where_of(settings)):
                return True
        except CampaignUnavailable:
            if settings.acting() is not None:
                raise
            return False
        if settings.acting() is not None:
            from cli.store import no_campaign

            raise settings.said_of_acting(no_campaign(where_of(settings), settings.acting()))
        return False

    def results(self, head: Head, run: LineRun) -> Iterable[Resolution] | Logged:
        """The results of a LINE, in order. Plain dice from a random source come one at a time,
        as they are shown (a stream: `-n 100000 1d6` keeps one chunk); anything that may read
        or write the campaign, or must use up `--rolled` faces first, is made whole before any
        is shown."""
        text = head.body
        line = parsed(text)
        for warning in reach_warnings(line, text):  # once a LINE
            self.err(f"roll: warning: {warning}")
        plain = dice_only(line, run)
        if plain is not None:
            system, single, times = plain
            if times == 1:  # most LINEs: their one result, made here (no stream to keep)
                return (self.resolved(system, nobody(), single, text, True, Budget(), run),)
            streamed = self._streamed_results(system, single, text, times, run)
            return streamed if isinstance(run.source, RandomSource) else list(streamed)
        reads = reads_campaign(line, run)
        from cli.line.named import may_name

        if not (reads or may_name(head.name, line, run.settings.system_id(), None)):
            return self._at_no_table(head, line, run)  # `d20+{might}` for nobody: the defaults
        if not self.campaign_exists(run.settings):
            return self._at_no_table(head, line, run)
        if getattr(run.source, "interactive", False):  # faces at a prompt: a person's time
            return self.typed(head, line, run)
        return self._in_one_transaction(head, line, run)

    @staticmethod
    def records(results: Iterable[Resolution] | Logged) -> Iterator[Record | None] | None:
        """The record each of a LINE's results was logged with, in order, when it was made
        whole in its transaction (Logged); None for results that were not (plain dice). The
        runner asks here, where Logged is in scope, and runs no import statement per LINE."""
        return iter(results.records) if isinstance(results, Logged) else None

    def _streamed_results(self, system: System, line: Line, text: str, times: int,
                       run: LineRun) -> Iterator[Resolution]:
        budget, table = Budget(), nobody()  # the dice limit covers the whole LINE, repeats included
        for i in range(times):
            yield self.resolved(system, table, line, text, i == times - 1, budget, run)

    def resolved(self, system: System, table: TableState, line: Line, text: str, last: bool,
                 budget: Budget, run: LineRun, named: Expansion | None = None) -> Resolution:
        res = self.judged(system, table, line, text, Roller(run.source, budget), named)
        self.check_faces(last, run)
        return res

    @staticmethod
    def judged(system: System, table: TableState, line: Line, text: str, roller: Roller,
               named: Expansion | None = None) -> Resolution:
        """The system's resolution of the LINE; a named roll's result shows its name and keeps
        both forms (cli/line/named.py)."""
        res = system.resolve(line, Context(system, table, roller, text))
        if named is None:
            return res
        from cli.line.named import named_result

        return named_result(res, named)

    @staticmethod
    def check_faces(last: bool, run: LineRun) -> None:
        """A one-shot (or a line with `--rolled` of its own) refuses leftover faces before
        anything is shown or stored."""
        if last and run.checks_faces and isinstance(run.source, ScriptedSource):
            run.source.check_used_up()

    def _at_no_table(self, head: Head, line: Line | RollError, run: LineRun
                     ) -> list[Resolution]:
        """A LINE resolved with no campaign (none there, or nothing it reads): its `{name}`s
        take their defaults; one that changes something creates the campaign to log it."""
        from cli.line.stats import filled

        text = head.body
        named = filled(head, None, None)
        if named is not None:
            text, line = named.line, parse_expanded(named)
        if isinstance(line, RollError):
            raise line
        single, times = repeats(line, run.settings)
        return self.without_campaign(single, text, times, Budget(), run, named)

    def read_in(self, tx: CampaignView, head: Head, line: Line | RollError, run: LineRun,
                say: bool = False) -> tuple[str | None, TableState | None, System | None,
                                            Expansion | None, str, Line]:
        """Who acts, and the LINE as the table reads it: a named roll expanded, else its
        `{stat}`s filled (cli/line/named.py, cli/line/stats.py); its text and tree."""
        from cli.line.named import expansion_in
        from cli.line.stats import filled

        text = head.body
        acting, table, system = self.acting_in(tx, text, line, run, say)
        named = expansion_in(tx, head, line, run.settings, acting,
                             None if system is None else system.id)
        if named is None:
            named = filled(head, table, system)
        if named is not None:
            text, line = named.line, parse_expanded(named)
        if isinstance(line, RollError):
            raise line
        return acting, table, system, named, text, line

    def _in_one_transaction(self, head: Head, line: Line | RollError, run: LineRun
                            ) -> list[Resolution] | Logged:
        """Every repeat of a LINE in one write transaction: who acts (the turn's combatant),
        the names in reach, the sheet and its last entry read once; all of the changes, or
        nothing (a repeat that is refused leaves the campaign as it was, as does a killed
        process)."""
        from contextlib import ExitStack

        from cli.store import CampaignUnavailable

        with ExitStack() as opened:
            try:
                tx = opened.enter_context(self.campaign().transaction())
            except CampaignUnavailable as error:
                return self._through_outage(head.body, line, run, error)
            acting, table, system, named, text, single = self.read_in(tx, head, line, run, True)
            single, times = repeats(single, run.settings)
            budget = Budget()  # the dice limit covers the whole LINE, repeats included
            if not needs_campaign(single, acting, run.secret):  # an alias for dice, nobody acting
                system = pick_system(run.settings, None)
                return [self.resolved(system, nobody(), single, text, i == times - 1, budget, run,
                                      named) for i in range(times)]  # nobody acts: no note
            results: list[Resolution] = []
            records: list[Record | None] = []
            for i in range(times):
                if table is None:
                    table = tx.table(acting)
                    system = pick_system(run.settings, table)
                assert system is not None
                res = self.resolved(system, table, single, text, i == times - 1, budget, run,
                                    named)
                record = None
                if (table.active is not None and not reads_only(res)) or res.changes or run.secret:
                    record = self.record(tx, res, run.secret, run.physical)
                    table = None  # pools and the last entry changed: read them again
                results.append(res)
                records.append(None if run.secret else record)  # JSON shows no `secret`
            self.say_turn_note()
            return Logged(tuple(results), tuple(records))

    def typed(self, head: Head, line: Line | RollError, run: LineRun) -> list[Resolution]:
        """A LINE whose faces a person types (`physical on`): each repeat read, its faces asked
        for, then written in a short transaction of its own whose `before` checks refuse anything
        changed meanwhile (a person's time never holds the campaign's write lock)."""
        with self.reading() as tx:
            acting, _, _, named, text, single = self.read_in(tx, head, line, run)
        single, times = repeats(single, run.settings)
        budget = Budget()
        if not needs_campaign(single, acting, run.secret):
            system = pick_system(run.settings, None)
            return [self.resolved(system, nobody(), single, text, i == times - 1, budget, run,
                                  named) for i in range(times)]
        turn = run if acting is None or acting == run.acting() else LineRun(
            replace(run.settings, character=acting), run.source, run.secret)
        results = []
        for i in range(times):
            with self.reading() as tx:
                table, system = self.table_and_system(tx, text, single, turn)
                table = table.materialized()  # compared with the campaign after the faces
            res = self.judged(system, table, single, text, Roller(run.source, budget), named)
            self.check_faces(i == times - 1, run)
            if table.active is not None or res.changes or run.secret:
                with self.campaign().transaction() as tx:
                    now, system = self.table_and_system(tx, text, single, turn)
                    from cli.render.meanwhile import meanwhile, moved

                    if moved(table, now):  # the faces stay; the LINE reads the new state
                        for line_text in meanwhile(table, now, system):
                            self.out(line_text)
                        getattr(run.source, "replay", lambda: None)()
                        res = self.judged(system, now, single, text, Roller(run.source, budget),
                                          named)
                    self.record(tx, res, run.secret, run.physical)
            results.append(res)
        return results

    def _through_outage(self, text: str, line: Line | RollError, run: LineRun,
                        error: RollError) -> list[Resolution]:
        """The campaign cannot be reached: with somebody acting, only the REPL's plain dice roll
        (said to be unlogged); with nobody, a LINE with its values inline goes on without it."""
        if isinstance(line, RollError):
            raise line
        single, times = repeats(line, run.settings)
        if run.acting() is not None:
            if not (self.through_outage and isinstance(line, RollLine)):
                raise error
            rolled = self.without_campaign(single, text, times, Budget(), run)
            self.err("roll: not logged: campaign unreachable")
            return rolled
        return self.without_campaign(single, text, times, Budget(), run, None, error)

    def without_campaign(self, line: Line, text: str, times: int, budget: Budget,
                         run: LineRun, named: Expansion | None = None,
                         unavailable: RollError | None = None) -> list[Resolution]:
        """A LINE with nobody acting and no campaign (none yet, or `unavailable`): resolved at
        an empty table. One that changes something writes: it creates a missing campaign (and
        says where), and it is refused, changing nothing, when the campaign cannot be opened
        (so is one the empty table refuses: it may have needed the campaign)."""
        system = pick_system(run.settings, None)
        try:
            results = [self.resolved(system, nobody(), line, text, i == times - 1, budget, run,
                                     named) for i in range(times)]
        except RollError:
            if unavailable is not None:
                raise unavailable from None
            raise
        if any(res.changes for res in results):
            if unavailable is not None:
                raise unavailable
            with self.campaign(create=True).transaction() as tx:
                for res in results:  # the table was empty, as the new campaign is
                    self.record(tx, res, run.secret, run.physical)
        return results

    def acting_in(self, tx: CampaignView, text: str, line: Line | RollError, run: LineRun,
                  say: bool = False) -> tuple[str | None, TableState | None, System | None]:
        """Who the LINE acts as, decided in its transaction: the one chosen, else in a running
        encounter the combatant whose turn it is (cli/line/turn.py; `say`: the text output says
        so); with their table and system when somebody acts (one statement reads the sheet
        and its last entry). The words that run the fight act as nobody."""
        from cli.line.turn import fight_word

        if say:  # a LINE refused before it was said leaves no note for the next one
            self.turn_note = None
        acting = run.acting()
        if acting is not None and not isinstance(line, (RollLine, RollError)) and fight_word(line):
            # the GM's words that run the fight are nobody's action, whoever the REPL acts as
            # (the actor's game still says which fight `encounter start` begins)
            system = pick_system(run.settings, tx.table(acting))
            return None, tx.table(None), system
        if acting is None and run.may_take_turn(line):
            from cli.line.turn import turn_holder

            holder = turn_holder(tx, line, run.settings, say, pick_system)
            if holder is not None:
                taker, table, system, self.turn_note = holder
                return taker, table, system
        if acting is None:
            return None, None, None
        try:
            table = tx.table(acting)  # an unknown name is an error
        except UsageError as error:  # ROLL_AS's or the config file's name: said so
            raise run.settings.said_of_acting(error) from None
        return acting, table, pick_system(run.settings, table)

    def say_turn_note(self) -> None:
        """The `its turn` note of the LINE just resolved, said before its result."""
        if self.turn_note is not None:
            self.out(self.turn_note)
            self.turn_note = None

    def table_and_system(self, tx: CampaignView, text: str, line: Line | RollError,
                         run: LineRun, say: bool = False) -> tuple[TableState, System]:
        """The campaign as the LINE sees it, and the system that resolves it (who acts as
        `acting_in` decides)."""
        _, table, system = self.acting_in(tx, text, line, run, say)
        if table is None or system is None:
            table = tx.table(None)
            system = pick_system(run.settings, table)
        return table, system

    def record(self, tx: CampaignView, res: Resolution, secret: bool = False,
               physical: bool = False) -> Record:
        """Apply the changes and log the LINE's record (rules/record.py: what a script's JSON
        and the log are written from; a secret LINE: marked, sealed with a commitment, and a
        marker row carrying it for the others' log: cli/line/secret.py); `physical`: a
        person gave its faces."""
        from cli.render import text as render_text
        from rules.record import record_of, secret_mark

        if not secret and res.character is not None:  # a reroll of a secret LINE is one too
            from cli.line.secret import rerolls_secret

            secret = rerolls_secret(res, lambda: tx.table(res.character).last_entry)
        record = record_of(res, render_text.plain_text(res), secret=secret, physical=physical)
        if not secret:
            tx.apply(res, record)
            return record
        from cli.line.secret import sealed

        record = sealed(record)
        self.secret_logged = True
        self.commitment = record.commitment
        mark = secret_mark(record)
        tx.apply(Resolution(mark.input, res.system, mark.kind, mark.text,
                            character=res.character), mark)
        tx.apply(res, record)  # last: the LINE a `fluke` looks back at
        return record

    def reading(self) -> AbstractContextManager[CampaignView]:
        """A read-only transaction of the campaign (odds, a named roll's lookup)."""
        return self.campaign().transaction(readonly=True)
