"""Evaluate LINEs for the one-shot command, batch mode and the REPL: plan (cli/line/plan.py),
resolve and log in one transaction (cli/line/resolving.py), then show each result as the LINE's
options ask, here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING

from cli.base.environment import Environment, ExitStatus
from cli.base.settings import Settings
from cli.render import text as render_text
from rules.dice.source import DiceSource, RandomSource, ScriptedSource
from rules.errors import LimitError, RollError
from rules.limits import MAX_REPEAT
from rules.notation.head import LINE_ONLY, Head, read_head

if TYPE_CHECKING:
    from cli.line.plan import LineRun
    from cli.line.resolving import Logged, Resolver
    from cli.render.layout import Layout
    from cli.render.repeats import Tally
    from cli.store import CampaignStore, Where
    from rules.record import Record
    from rules.resolution import Resolution

__all__ = ["Runner", "line_runner", "roll_error", "worst"]

SHOWN_PER_WRITE = 512
"""Results of one LINE written at once: few writes, and a stream's memory stays small."""


def roll_error(exc: Exception) -> RollError:
    """What a failed LINE says: its own RollError, a nesting too deep for Python, or a bug of
    ours, said plainly (never a traceback)."""
    if isinstance(exc, RollError):
        return exc
    if isinstance(exc, RecursionError):
        return LimitError("the LINE nests too deeply")
    return RollError(f"internal error: {type(exc).__name__}: {exc}")


def bot_typed(head: Head) -> str:
    """What was typed before a LINE as its dice bot's word, spaces and all (`/r `, `!r` of
    `!r1d20`; "" without one): a result's JSON `input` and an error's input and caret keep it,
    as typed (SPEC §3)."""
    if head.bot_word is None:
        return ""
    typed = head.line.lstrip()
    at = typed.find(head.typed, len(head.bot_word)) if head.typed else -1
    return typed[:at] if at >= 0 else f"{head.bot_word} "


_SEVERITY = {int(s): i for i, s in enumerate(
    (ExitStatus.OK, ExitStatus.REFUSED, ExitStatus.BAD_INPUT, ExitStatus.INTERRUPTED))}


def worst(a: int, b: int) -> int:
    """The worse of two exit statuses: interrupted > bad input > refused > ok."""
    if a == b:
        return a  # a batch of LINEs that all went well: the common case, kept cheap
    return max(a, b, key=lambda s: _SEVERITY.get(s, 2))


def line_runner(settings: Settings, words: list[str], env: Environment) -> Runner:
    """The runner of `roll [OPTIONS] LINE...` (words) or of a batch (none, or `-`): results laid
    out to a terminal's width, errors fitted to it; in a pipe both stay one line each, as
    scripts read them. A bad option (`-n 0`, `--rolled x`) is a RollError."""
    layout = None
    if env.stdout_isatty:
        from cli.render.layout import terminal_layout

        layout = terminal_layout(True)
    if env.stderr_isatty:
        from cli.base.terminal import output_width

        env = Environment(env.stdin, env.stdout, env.stderr, error_width=output_width)
    batch = not words or words == ["-"]
    return Runner(settings, env, one_shot=not batch, layout=layout)


def check_times(settings: Settings) -> None:
    """`-n N` out of its range is bad input, before any LINE runs."""
    if not 1 <= settings.times <= MAX_REPEAT:
        raise LimitError(f"-n/--times takes N from 1 to {MAX_REPEAT:,}")


def _names_another_game(chosen: str | None) -> bool:
    """Whether `-s`/ROLL_SYSTEM/the config file names a game beyond the built-in ones' ids (a
    game file `-s ./pbta.toml`, the campaign's `-s pbta`, a shortened `-s vag` that one of them
    could make ambiguous), which the registry's finders must be told of; a built-in id needs
    none (`-s vagabond` loads no game finders)."""
    if chosen is None:
        return False
    from rules.systems import SYSTEMS  # loaded by the first LINE's plan anyway

    return chosen.strip().lower() not in SYSTEMS


class Runner:
    """Runs LINEs and shows their results; every output goes through its Environment. The
    options of a LINE travel with it (`run(text, settings)`); the runner's own `settings` are
    the process's, which a LINE given none runs under. What resolves a LINE (cli/line/resolving.py,
    and the dice, the notation and the games under it) is loaded at the first LINE: the REPL's
    first prompt needs none of it."""

    def __init__(self, settings: Settings, env: Environment, *, one_shot: bool = False,
                 through_outage: bool = False, layout: Layout | None = None) -> None:
        check_times(settings)
        self.settings = settings
        self.env = env
        self.source: DiceSource = (ScriptedSource.from_text(settings.rolled)
                                   if settings.rolled is not None else RandomSource(settings.seed))
        self.one_shot = one_shot
        self.through_outage = through_outage
        self._usual: LineRun | None = None  # the process's run, for every LINE given no options
        self.color = env.color(settings.no_color, settings.color, settings.colour_when)
        if settings.json and settings.quiet:  # said, not silently dropped: a script asked for both
            env.err("roll: note: -q does nothing with --json: each LINE is one whole JSON object")
        self.failed = False
        self._campaign: CampaignStore | None = None
        self.layout = layout  # a terminal's width and echo; None: lines as rendered
        self.bot_noted = False  # a dice bot's word before a LINE is noted once (note_bot_word)
        if _names_another_game(settings.system_id()):
            from cli.line.games import configured_game, look_for_games
            from cli.store.where import where_of

            look_for_games(where_of(settings))
            configured_game(settings)  # ROLL_SYSTEM's or the config file's: its error says which

    @cached_property
    def resolver(self) -> Resolver:
        """What resolves this runner's LINEs, in the campaign it opens (made at the first)."""
        from cli.line.resolving import Resolver

        return Resolver(self.campaign, self.out, self.err, self.through_outage)

    def out(self, text: str) -> None:
        self.env.out(text)

    def err(self, text: str) -> None:
        self.env.err(text)

    # ---- output ----

    @property
    def holding(self) -> bool:
        """True while a batch decides when output is flushed (the Environment's)."""
        return self.env.holding

    @holding.setter
    def holding(self, value: bool) -> None:
        self.env.holding = value

    def flush(self) -> None:
        """Send what was printed: a batch calls it before a read that may wait."""
        self.env.flush()

    def report(self, line: str, error: RollError, settings: Settings | None = None,
               number: int | None = None, before: str = "") -> int:
        """Show an error of `line` (and its caret), the batch's input line `number` (else the
        one the Environment answers, if any); JSON mode also writes the error object to stdout.
        `before`: what was typed before the LINE (`odds `, a bot's `/r `), said with it."""
        self.failed = True
        error = self.outage_error(error)
        if number is None:
            number = self.env.line_number
        from cli.base.error_layout import error_lines, error_to_json, typed_before

        line, error = typed_before(before, line, error)

        if (settings or self.settings).json:
            self.env.json(error_to_json(line, error, number))
        self.env.say_error(error_lines(line, error, number))
        return error.exit_status

    def show(self, res: Resolution, settings: Settings | None = None) -> None:
        if (settings or self.settings).json:
            from cli.render import json as render_json

            self.env.json(render_json.resolution_to_json(res, render_text.plain_text(res)))
            return
        self.out(self.rendered(res, settings or self.settings))

    def rendered(self, res: Resolution, settings: Settings, record: Record | None = None) -> str:
        """A result as the options ask: a JSON object (from the record it was logged with,
        when it was), the total alone (-q), or the text."""
        if settings.json:
            from cli.base.safe import dumps
            from cli.render import json as render_json

            if record is not None:
                return dumps(render_json.record_to_json(record))
            text = render_text.plain_text(res)
            return dumps(render_json.resolution_to_json(res, text))
        if settings.quiet:
            return render_text.quiet(res)
        shows = render_text.renderer(self.color)
        text = shows.resolution(res)
        return text if self.layout is None else self.layout.lay_out(res, text, shows, self.color)

    # ---- evaluating ----

    def line_run(self, settings: Settings | None = None, source: DiceSource | None = None,
                 secret: bool = False, turns: bool = False) -> LineRun:
        """A LINE's run under `settings` (the process's when None) with `source`'s dice (a
        line's own `--rolled` faces, the REPL's physical dice), else the process's."""
        usual = self._usual
        if usual is None:
            from cli.line.plan import LineRun  # at the first LINE (a REPL's prompt makes none)

            usual = self._usual = LineRun(self.settings, self.source, checks_faces=self.one_shot)
        if (settings is None or settings is usual.settings) and source is None and not (
                secret or turns) and usual.source is self.source:
            return usual  # a batch's every line: made once, and no import statement run again
        from cli.line.plan import LineRun

        own = source is not None and source is not self.source  # a line's own --rolled
        run = LineRun(settings or self.settings, source or self.source, secret, turns,
                      self.one_shot or own)
        if run.settings is self.settings and not (secret or turns or source):
            self._usual = run
        return run

    def run(self, line: Head | str, settings: Settings | None = None,
            source: DiceSource | None = None, turns: bool = False,
            number: int | None = None) -> int:
        """Evaluate one LINE (all its repeats) under `settings`, print the results, return the
        exit status (an error names the batch's input line `number`); a LINE given as text has
        its head read here (`secret`, its name, its `{stat}` holes)."""
        head = line if isinstance(line, Head) else read_head(line, LINE_ONLY)
        secret = head.secret
        run = self.line_run(settings, source, secret, turns)
        self.resolver.secret_logged, self.resolver.commitment = False, None
        try:
            status = self.show_all(self.resolver.results(head, run), run.settings,
                                   bot_typed(head) if run.settings.json else "")
        except Exception as exc:
            return self.report(head.body, roll_error(exc), run.settings, number,
                               bot_typed(head))
        if secret and not run.settings.json and not run.settings.quiet:
            from cli.line.secret import notice

            self.out(notice(self.resolver.secret_logged, self.resolver.commitment))
        return status

    def note_bot_word(self, word: str) -> None:
        """Say once to a user, the first time, that a dice bot's command word (`/r`, as typed)
        was read before a LINE (rules/notation/bot.py): kept in the user's state files, and
        asked once a process (a one-shot, a batch, a REPL session)."""
        if self.bot_noted:
            return
        self.bot_noted = True
        from cli.base.state_files import first_time

        saying = first_time("bot-word")
        if saying.say:
            from rules.notation.bot import bot_note

            self.err(bot_note(word))
        if saying.problem is not None:
            self.err(saying.problem)

    def evaluate(self, text: str, settings: Settings | None = None) -> list[Resolution]:
        """Every result of a LINE, all made before any is shown."""
        return list(self.resolver.results(read_head(text, LINE_ONLY), self.line_run(settings)))

    def show_all(self, results: Iterable[Resolution] | Logged, settings: Settings,
                 bot: str = "") -> int:
        """Print a LINE's results as they are made, a chunk of them per write (`-n 100000
        1d6` streams in the memory of one chunk); the exit status they make. What was made
        before a repeat fails is printed before its error. `bot`: what was typed before the
        LINE as a dice bot's word (`/r `), which its JSON `input` keeps (SPEC §3: as given)."""
        refused = False
        exit_code = settings.exit_code
        chunk: list[str] = []
        first: Resolution | None = None
        tally: Tally | None = None  # the closing count of repeats: counts only, as they come
        records = self.resolver.records(results)
        try:
            for res in results:
                record = None if records is None else next(records)
                if bot:  # the log keeps the LINE; what was typed is shown
                    res = replace(res, input=bot + res.input)
                    record = None if record is None else replace(record, input=res.input)
                chunk.append(self.rendered(res, settings, record))
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
        if tally is not None and tally.closes and not settings.quiet:
            # `4 of 6 pass` after the repeats of a LINE with an outcome (JSON: its object)
            if settings.json:
                self.env.json(tally.to_json())
            else:
                self.out(tally.text())
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
        from cli.store.where import where_of

        path = where_of(self.settings)
        if self._campaign is None or self._campaign.path != path or create:
            self.close()
            from cli.store import open_campaign

            def announce(where: Where) -> None:
                from cli.store.campaign_access import created_line

                self.err(created_line(where))

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
                from cli.base.error_layout import error_lines

                self.env.say_error(error_lines(None, error))
                return error.exit_status
        return int(ExitStatus.OK)
