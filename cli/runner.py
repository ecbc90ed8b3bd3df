"""Evaluate LINEs for the one-shot command, batch mode and the REPL: parse, resolve, store, print."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from cli.env import Environment, ExitStatus
from cli.render import json as render_json
from cli.render import text as render_text
from rules.campaign import Table
from rules.dice.evaluate import Budget, Roller, check_dice_limit
from rules.dice.source import DiceSource, RandomSource, ScriptedSource
from rules.errors import LimitError, NotationError, RollError, UsageError
from rules.notation import ast, parse
from rules.notation.limits import MAX_REPEAT
from rules.record import record_of, secret_mark
from rules.resolution import Resolution
from rules.systems import Context, System, get_system

if TYPE_CHECKING:
    from pathlib import Path

    from cli.render.layout import Layout
    from cli.render.repeats import Tally
    from cli.store import CampaignStore, CampaignView, Where
    from rules.named import Expansion

SHOWN_PER_WRITE = 512
"""Results of one LINE written at once: few writes, and a stream's memory stays small."""
MAX_PLANS = 1024
"""Plain LINEs a process keeps worked out (Runner.plain_plan)."""
NOBODY = Table()
"""The table of a LINE that reads no campaign: nobody acts, nothing is known."""


class PlainPlan(NamedTuple):
    """A plain dice LINE, ready to roll: its system, its tree once, how many times."""

    system: System
    line: ast.Line
    times: int


def nfc(name: str) -> str:
    """A name as the campaign stores it (NFC: `Zoë` composed or decomposed is one name)."""
    if name.isascii():
        return name
    import unicodedata

    return unicodedata.normalize("NFC", name)


@dataclass
class Settings:
    """The options of SPEC §2 that shape how LINEs are evaluated and shown."""

    system: str | None = None
    character: str | None = None
    campaign: Path | str | None = None
    seed: int | None = None
    rolled: str | None = None
    times: int = 1
    json: bool = False
    quiet: bool = False
    exit_code: bool = False
    no_color: bool = False
    env_system: str | None = field(
        default_factory=lambda: os.environ.get("ROLL_SYSTEM") or None, repr=False)
    """ROLL_SYSTEM as the process found it (read once: every LINE asks)."""
    env_as: str | None = field(
        default_factory=lambda: nfc(os.environ.get("ROLL_AS", "").strip()) or None, repr=False)
    """ROLL_AS as the process found it."""

    @classmethod
    def from_options(cls, **given: Any) -> Settings:
        """Settings from option values named as the options' parameters are (`as_`: who acts;
        cli/argv.py)."""
        fields = {("character" if name == "as_" else name): value for name, value in given.items()}
        return cls(**fields)

    def campaign_path(self) -> Where:
        """Where the campaign is: `--campaign`, else ROLL_CAMPAIGN (a path or a postgresql://
        URL), else the default file."""
        from cli.store.where import campaign_where

        if self.campaign is not None:
            return campaign_where(self.campaign)
        from_env = os.environ.get("ROLL_CAMPAIGN")
        if from_env:
            return campaign_where(from_env)
        from cli.store import default_campaign_path

        return default_campaign_path()

    def system_id(self) -> str | None:
        return self.system or self.env_system

    def acting(self) -> str | None:
        """Who acts: `--as` (or the REPL's `as`; "" is nobody), else env ROLL_AS, else nobody."""
        if self.character is not None:
            return self.character.strip() or None
        return self.env_as


def parse_expanded(named: Expansion) -> ast.Line:
    """Parse a named roll's expansion; a syntax error names it (its caret would point into
    text that was never typed)."""
    try:
        return parse(named.line)
    except NotationError as exc:
        raise UsageError((f"{named.describe()}: ", *exc.parts)) from None


def commanded(line: ast.Line, text: str) -> str | None:
    """A command LINE's text (one that may act as whose turn it is: cli/turn.py), else None."""
    return text if isinstance(line, ast.CommandLine) else None


def roll_error(exc: Exception) -> RollError:
    """What a failed LINE says: its own RollError, a nesting too deep for Python, or a bug of
    ours, said plainly (never a traceback)."""
    if isinstance(exc, RollError):
        return exc
    if isinstance(exc, RecursionError):
        return LimitError("the LINE nests too deeply")
    return RollError(f"internal error: {type(exc).__name__}: {exc}")


class collector_paused:  # noqa: N801  (a context manager, used as a function would be)
    """While `-n N` repeats of a LINE run and print: their results hold no cycles, so Python's
    cycle collector would only rescan the growing list of them (a tenth of `-n 30000 3d6`);
    they are freed by their counts before it runs again, as usual, after the LINE."""

    __slots__ = ("pause",)

    def __init__(self, pause: bool) -> None:
        self.pause = pause and gc.isenabled()

    def __enter__(self) -> None:
        if self.pause:
            gc.disable()

    def __exit__(self, *_: object) -> None:
        if self.pause:
            gc.enable()


_SEVERITY = {int(s): i for i, s in enumerate(
    (ExitStatus.OK, ExitStatus.REFUSED, ExitStatus.BAD_INPUT, ExitStatus.INTERRUPTED))}


def worst(a: int, b: int) -> int:
    """The worse of two exit statuses: interrupted > bad input > refused > ok."""
    if a == b:
        return a  # a batch of LINEs that all went well: the common case, kept cheap
    return max(a, b, key=lambda s: _SEVERITY.get(s, 2))


class Runner:
    """Runs LINEs with one dice source for the whole process (so a seed covers a batch)."""

    def __init__(
        self,
        settings: Settings,
        env: Environment,
        ask_face: Callable[[ast.Die, str], int] | None = None,
    ) -> None:
        self.settings = settings
        self.env = env
        self.source: DiceSource
        if settings.rolled is not None:
            self.source = ScriptedSource.from_text(settings.rolled)
        else:
            self.source = RandomSource(settings.seed)
        self.ask_face = ask_face
        self.color = env.color(settings.no_color)
        self.failed = False
        self.one_shot = False
        self.through_outage = False
        """The REPL: while the campaign is unreachable plain dice roll (unlogged) and a LINE
        that needs it is refused in one short line."""
        self._campaign: CampaignStore | None = None
        self.layout: Layout | None = None  # a terminal's width and echo; None: lines as rendered
        self.holding = False  # True while a batch decides when output is flushed
        self.secret = False  # the LINE being run is a secret one (cli/secret.py)
        self._plans: dict[tuple[str, str | None, str | None, int], PlainPlan] = {}
        if not 1 <= settings.times <= MAX_REPEAT:
            raise LimitError(f"-n/--times takes N from 1 to {MAX_REPEAT:,}")

    # ---- output ----

    def out(self, text: str) -> None:
        """Print a line; it reaches the reader at once unless the output is `holding`."""
        try:
            self.env.stdout.write(text + "\n")
            if not self.holding:
                self.env.stdout.flush()
        except BrokenPipeError:
            self._reader_gone()

    def flush(self) -> None:
        """Send what was printed: a batch calls it before a read that may wait."""
        try:
            self.env.stdout.flush()
        except BrokenPipeError:
            self._reader_gone()

    def _reader_gone(self) -> NoReturn:
        # the reader went away (`roll -n 1000 d6 | head -1`): stop quietly, status 0
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, self.env.stdout.fileno())
        raise SystemExit(0) from None

    def err(self, text: str) -> None:
        if self.holding:
            self.flush()  # what came before the error is shown before it
        self.env.stderr.write(text + "\n")
        self.env.stderr.flush()

    def report(self, line: str, error: RollError) -> int:
        """Show an error (and its caret); JSON mode also writes the error object to stdout."""
        self.failed = True
        error = self.outage_error(error)
        if self.settings.json:
            self.out(render_json.dumps(render_json.error_to_json(line, error)))
        self.err(render_text.error_text(line, error))
        return error.exit_status

    def show(self, res: Resolution) -> None:
        self.out(self.rendered(res))

    def rendered(self, res: Resolution) -> str:
        """A result as the options ask: a JSON object, the total alone (-q), or the text."""
        if self.settings.json:
            text = render_text.plain_text(res)
            return render_json.dumps(render_json.resolution_to_json(res, text))
        if self.settings.quiet:
            return render_text.quiet(res)
        text = render_text.render(res, self.color)
        return text if self.layout is None else self.layout.lay_out(res, text, self.color)

    # ---- evaluating ----

    def run(self, text: str) -> int:
        """Evaluate one LINE (all its repeats), print the results, return the exit status."""
        if text.lstrip()[:7].lower() == "secret ":  # the GM's secret roll (cli/secret.py)
            from cli.secret import split_secret

            self.secret, text = split_secret(text)
        try:
            with collector_paused(self.settings.times > 1):
                try:
                    status = self.show_all(self.made(text))
                except Exception as exc:
                    return self.report(text, roll_error(exc))
            if self.secret and not self.settings.json and not self.settings.quiet:
                self.out("(secret: the log shows others only that you rolled)")
            return status
        finally:
            self.secret = False

    def show_all(self, results: Iterable[Resolution]) -> int:
        """Print a LINE's results as they are made, a chunk of them per write (`-n 100000
        1d6` streams in the memory of one chunk); the exit status they make. What was made
        before a repeat fails is printed before its error."""
        refused = False
        exit_code = self.settings.exit_code
        chunk: list[str] = []
        first: Resolution | None = None
        tally: Tally | None = None  # the closing count of repeats: counts only, as they come
        try:
            for res in results:
                chunk.append(self.rendered(res))
                if exit_code and res.passed is False:
                    refused = True
                if tally is not None:
                    tally.add(res)
                elif first is None:
                    first = res
                else:
                    tally = self._tally(first, res)
                if len(chunk) >= SHOWN_PER_WRITE:
                    self.out("\n".join(chunk))
                    chunk.clear()
        finally:
            if chunk:
                self.out("\n".join(chunk))
        if tally is not None and tally.closes and not self.settings.quiet:
            # `4 of 6 pass` after the repeats of a LINE with an outcome (JSON: its object)
            self.out(render_json.dumps(tally.to_json()) if self.settings.json else tally.text())
        return int(ExitStatus.REFUSED if refused else ExitStatus.OK)

    @staticmethod
    def _tally(first: Resolution, second: Resolution) -> Tally:
        """A LINE's second result: its repeats are counted from here (cli/render/repeats.py)."""
        from cli.render.repeats import Tally

        tally = Tally()
        tally.add(first)
        tally.add(second)
        return tally

    def campaign(self, create: bool = False) -> CampaignStore:
        """The campaign, opened once for this process's life (created, and said so on stderr,
        only for a LINE that writes: `create`; else a missing one is an error naming its path)."""
        path = self.settings.campaign_path()
        if self._campaign is None or self._campaign.path != path or create:
            self.close()
            from cli.store import open_campaign

            def announce(where: Where) -> None:
                self.err(f"roll: created a new campaign at {where}")

            self._campaign = open_campaign(path, create=create, announce=announce)
        return self._campaign

    def outage_error(self, error: RollError) -> RollError:
        """In the REPL, a campaign that cannot be reached is said in one short line."""
        if not self.through_outage:
            return error
        from cli.store.where import CampaignUnavailable

        if not isinstance(error, CampaignUnavailable):
            return error
        from datetime import datetime

        since = getattr(self._campaign, "down_since", None) or datetime.now()
        return CampaignUnavailable(f"campaign unreachable since {since:%H:%M}")

    def close(self) -> None:
        """Close the campaign connection, if this process opened one."""
        if self._campaign is not None:
            self._campaign.close()
            self._campaign = None

    def finish(self) -> int:
        """After the last LINE: `--rolled` faces left over are an error."""
        self.close()
        if isinstance(self.source, ScriptedSource) and self.source.left and not self.failed:
            try:
                self.source.check_used_up()
            except RollError as error:
                self.err(render_text.error_text(None, error))
                return error.exit_status
        return int(ExitStatus.OK)

    def parsed(self, text: str) -> ast.Line | RollError:
        """The LINE's tree, parsed once for all that reads it (the plan, the named-roll
        lookup, the system), or why it does not parse (a name's LINE may parse only once
        expanded: `strike ac=12 {x}`)."""
        try:
            return parse(text)
        except RollError as error:
            return error

    def expansion(self, text: str, line: ast.Line | RollError | None = None
                  ) -> Expansion | None:
        """The LINE that `text`'s first word names (a sheet's roll or an alias: cli/named.py),
        or None. Plain dice and a command word of the system in use never open the campaign
        to look, nor does anything when there is no campaign and nobody acts."""
        if line is None:
            line = self.parsed(text)
        if isinstance(line, ast.RollLine):
            return None  # dice are never names: a plain LINE imports nothing more
        from cli.named import expand_in, first_name, never_names, reserved

        name = first_name(text, None if isinstance(line, RollError) else line)
        chosen, acting = self.settings.system_id(), self.settings.acting()
        if name is None or name in never_names() or (
            chosen is not None or acting is None
        ) and name in reserved(self.pick_system(None).id):
            return None
        if not self._campaign_exists():
            return None
        with self.campaign().transaction(readonly=True) as tx:
            found = expand_in(tx, text, acting, chosen)
        return found if found.expanded else None

    def plain_plan(self, text: str, line: ast.Line | RollError | None = None
                   ) -> PlainPlan | None:
        """What a plain dice LINE with nobody acting needs, worked out once per LINE and
        process (a batch, the REPL and `-n` roll the same few LINEs again and again): None for
        anything else (a command, a name, somebody acting, a LINE that does not parse)."""
        settings = self.settings
        key = self._plan_key(text)
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        if line is None:
            line = self.parsed(text)
        if not isinstance(line, ast.RollLine) or settings.acting() is not None:
            return None
        single, times = self.repeats(line)
        if len(self._plans) >= MAX_PLANS:
            self._plans.clear()
        plan = self._plans[key] = PlainPlan(self.pick_system(None), single, times)
        return plan

    def _plan_key(self, text: str) -> tuple[str, str | None, str | None, int]:
        """A plan holds for its LINE under the settings the REPL can change."""
        settings = self.settings
        return (text, settings.character, settings.system, settings.times)

    def repeats(self, line: ast.Line) -> tuple[ast.Line, int]:
        """The LINE once (no `Nx`) and how many times it runs (`Nx` × `-n`), refused at once
        when the repeats would pass the limits."""
        times = line.repeat * self.settings.times
        if times > MAX_REPEAT:
            raise LimitError(f"a LINE repeats at most {MAX_REPEAT:,} times (Nx × -n)")
        if isinstance(line, ast.RollLine):
            check_dice_limit(line.expr, times)
        return (line if line.repeat == 1 else replace(line, repeat=1)), times

    def evaluate(self, text: str) -> list[Resolution]:
        """Every result of a LINE, all made before any is shown."""
        return list(self.made(text))

    def made(self, text: str) -> Iterable[Resolution]:
        """The results of a LINE, in order. Plain dice from a random source come one at a
        time, as they are shown (a stream: `-n 100000 1d6` keeps one chunk); anything that
        may write the campaign, or must use up `--rolled` faces first, is made whole before
        any is shown (all of a LINE's changes, or none)."""
        plain = None if self.secret else self._plans.get(self._plan_key(text))  # a secret is logged
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
            text = named.line  # what the system reads; the result keeps both (cli/named.py)
            line = parse_expanded(named)
        if isinstance(line, RollError):
            raise line
        single, times = self.repeats(line)
        budget = Budget()  # the dice limit covers the whole LINE, repeats included
        if not self.needs_campaign(single):
            system, table = self.pick_system(None), NOBODY
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
        budget = Budget()  # the dice limit covers the whole LINE, repeats included
        for i in range(times):
            yield self._resolved(system, NOBODY, line, text, i == times - 1, budget)

    def _resolved(
        self, system: System, table: Table, line: ast.Line, text: str, last: bool, budget: Budget,
        named: Expansion | None = None,
    ) -> Resolution:
        roller = Roller(self.source, budget)
        res = self._judged(system, table, line, text, roller, named)
        self._check_faces(last)
        return res

    @staticmethod
    def _judged(
        system: System, table: Table, line: ast.Line, text: str, roller: Roller,
        named: Expansion | None = None,
    ) -> Resolution:
        """The system's resolution of the LINE; a named roll's result shows its name and keeps
        both forms (cli/named.py)."""
        res = system.resolve(line, Context(system, table, roller, text))
        if named is None:
            return res
        from cli.named import named_result

        return named_result(res, named)

    def _resolve_in_campaign(
        self, line: ast.Line, text: str, times: int, budget: Budget,
        named: Expansion | None = None,
    ) -> list[Resolution]:
        """Every repeat of a LINE in one transaction: all of them, or nothing (a repeat that is
        refused leaves the campaign as it was, as does a killed process)."""
        if not self._campaign_exists():
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
            seen: tuple[Table, System] | None = None
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

    def _campaign_exists(self) -> bool:
        """Whether the campaign file is there; with somebody acting, a missing one is an error
        (as is one that cannot be reached; with nobody acting that counts as none)."""
        from cli.store import CampaignUnavailable, campaign_exists

        try:
            if campaign_exists(self.settings.campaign_path()):
                return True
        except CampaignUnavailable:
            if self.settings.acting() is not None:
                raise
            return False
        if self.settings.acting() is not None:
            from cli.store import no_campaign

            raise no_campaign(self.settings.campaign_path())
        return False

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
                self._resolved(system, NOBODY, line, text, i == times - 1, budget, named)
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
            res = self._judged(system, NOBODY, line, text, roller, named)
            self._check_faces(last)
            return res
        if not self._campaign_exists():
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
                         ) -> tuple[Table, System]:
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
        record = record_of(res, render_text.plain_text(res), secret=self.secret)
        if not self.secret:
            tx.apply(res, record)
            return
        mark = secret_mark(record)
        tx.apply(Resolution(mark.input, res.system, mark.kind, mark.text,
                            character=res.character), mark)
        tx.apply(res, record)  # last: the LINE a `fluke` looks back at

    def needs_campaign(self, line: ast.Line) -> bool:
        """System commands, an acting character and a secret LINE (it is logged) need the
        campaign; other plain dice never do."""
        return (isinstance(line, ast.CommandLine) or self.settings.acting() is not None
                or self.secret)

    def pick_system(self, table: Table | None) -> System:
        chosen = self.settings.system_id()
        if chosen:
            system = get_system(chosen)
            if table is not None and table.active is not None and table.active.system != system.id:
                raise UsageError(
                    f"{table.active.name} is a {table.active.system} character, not {system.id}"
                )
            return system
        if table is not None and table.active is not None:
            return get_system(table.active.system)
        return get_system("generic")
