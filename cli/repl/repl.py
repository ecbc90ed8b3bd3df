"""The REPL's own words (`use`, `as`, `physical`, `help`, `quit`) and running every other line."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from cli.base.environment import terminal_columns
from cli.base.error_layout import ErrorLines
from cli.base.settings import Settings
from cli.line.runner import Runner
from cli.repl.as_turn import Turn, fight_turn, turn_over
from cli.repl.keys import AGAIN
from cli.repl.physical import PhysicalSource
from cli.repl.prompt import prompt_text
from cli.repl.view import TableView, ViewReader
from rules.dice.source import DiceSource
from rules.errors import RollError, UsageError
from rules.systems import get_system

if TYPE_CHECKING:
    from rules.notation.head import Head

REPL_HELP = """\
Type any LINE (dice or a command), or:
  use SYSTEM       switch game system
  as NAME          act as a character
  as · as none     who acts · nobody
  physical on|off  type real dice faces
  odds LINE        exact odds of a LINE
  sheet show       the acting character
  log · undo       history · take back
  table NAME       roll on a table
  alias list       named rolls
  systems          the game systems
  help TOPIC       a topic (see below)
  ? · help         this help
  again · !!       repeat the last LINE
  Tab · Ctrl-R     complete · search
  Up · Ctrl-C      the last line · clear
  quit · Ctrl-D    leave
Examples: 4d6kh3 · d20+5 vs 15
"""
HELP_WORDS = ("help", "?")
PAGED = ("odds", "log")
"""Words whose output may be longer than a pane: it pages (cli/repl/pager.py)."""
NOBODY = ("none", "-")


class Dispatch(Protocol):
    """What runs a line that is none of the REPL's own words, a subcommand or a LINE: the
    start-up hands in cli/commands/dispatch.py, which sits above the REPL."""

    def head_of(self, text: str) -> Head: ...

    def run_head(self, runner: Runner, head: Head, settings: Settings | None = None,
                 source: DiceSource | None = None, turns: bool = False,
                 number: int | None = None) -> int: ...


def is_pure_roll(line: str, settings: Settings) -> bool:
    """Whether a LINE only rolls dice (no system command: nothing it could change), after the
    line's own options (`--as Kit spend luck` changes pools)."""
    from rules.notation import parse, syntax
    from rules.notation.head import Reading, read_head

    head = read_head(line, Reading(bot=False, secret=False))
    try:
        if head.refused is not None:
            raise head.refused
        if head.options:
            from cli.line.own_options import own_settings

            own_settings(head.options, settings)
        return isinstance(parse(head.body), syntax.RollLine)
    except RollError:
        return True  # it cannot run: repeating it only shows the error again


class Repl:
    """What the REPL keeps between prompts: the runner, its own options (`use`, `as` make new
    ones, passed with each LINE), the last LINE, the dice it throws, the view."""

    def __init__(
        self,
        runner: Runner,
        dispatch: Dispatch,
        ask: Callable[[str], str] | None = None,
        width: Callable[[], int] = terminal_columns,
    ) -> None:
        self.runner = runner
        self.dispatch = dispatch
        self.views = ViewReader(runner.settings, runner)  # one connection for the REPL
        self.last: str | None = None
        self.repeating = False  # Enter on `again` put the last LINE on the prompt line
        self.pending: list[str] = []  # pasted lines still to run, in order
        self.prefill = ""  # a pasted last line without its newline, for the next prompt
        self.hand: DiceSource | None = None  # physical dice (`physical on`); None: the runner's
        self.ask = ask or input
        self.width = width
        self.page: Callable[[str], None] = runner.out  # the session's pager on a terminal
        self.tell: Callable[[str], None] = lambda _: None  # what of its own files it cannot use
        self.as_turn: Turn | None = None  # the fight's turn `as NAME` was chosen on

    @property
    def settings(self) -> Settings:
        """The options this REPL's LINEs run under (its `use` and `as`)."""
        return self.views.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        self.views.settings = settings  # what the view reads for the prompt, too

    # ---- what the prompt shows ----

    def view(self, max_age: float = float("inf")) -> TableView:
        return self.views.current(max_age)

    def again(self) -> str | None:
        """The LINE `again` repeats (marking the next line as that repeat), or None."""
        self.repeating = self.last is not None
        return self.last

    def prompt(self) -> str:
        """The prompt for this pane: `vag·mira> `, under a third of its width."""
        return prompt_text(self.view(), self.width())

    def refresh(self) -> TableView:
        """Re-read the campaign (before each prompt: another shell may have changed it)."""
        return self.views.read()

    @property
    def physical(self) -> bool:
        return isinstance(self.hand, PhysicalSource)

    def close(self) -> None:
        self.views.close()
        self.runner.close()

    # ---- running a line ----

    def handle(self, text: str, repeated: bool = False) -> bool:
        """Run the lines typed or pasted, in order, as a batch would; False when one asks to
        leave. Each line after the first is shown on a prompt line of its own."""
        first, *more = text.split("\n")
        queued, self.pending = self.pending, []
        if queued:  # a paste: its last line (empty after a final newline) waits at the prompt
            self.prefill = queued.pop()
        if not self.handle_line(first, repeated):
            return False
        for line in [*more, *queued]:
            if line.strip():
                self.say(self.prompt() + line)
            if not self.handle_line(line):
                return False
        return True

    def queue(self, lines: list[str]) -> None:
        """Pasted lines to run after the current one (the last one waits at the prompt)."""
        self.pending.extend(lines)

    def handle_line(self, text: str, repeated: bool = False) -> bool:
        """Run one input line; False when it asks to leave. Errors are shown, never raised."""
        line = text.strip()
        if not line:
            return True  # an empty Enter does nothing: `again` repeats on purpose
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("quit", "exit") and not rest.strip():
            return False
        if word in AGAIN and not rest.strip():
            if self.last is None:
                self.say("nothing to repeat yet")
                return True
            line, repeated = self.last, True
            self.say(self.prompt() + line)  # the LINE repeated, as if typed again
            word = line.partition(" ")[0].lower()
        try:
            if repeated and not self.repeat_confirmed(line):
                return True
            if word == "use":
                self.use(rest.strip())
            elif word == "as":
                self.act_as(rest.strip())
            elif word == "physical":
                self.set_physical(rest.strip())
            elif word in HELP_WORDS:
                self.help(rest.strip() or None)
            else:
                head = self.dispatch.head_of(line)
                if head.subcommand is None:
                    self.last = line  # `again` repeats a LINE, never `undo` or `sheet rm`
                else:
                    self.views.stale = True  # `sheet import`, `undo` … may change the names
                self.run_line(head)
        except RollError as error:
            self.runner.report(line, error)
        except KeyboardInterrupt:
            self.runner.env.say_error(ErrorLines("roll: error: interrupted"))
        except SystemExit:
            pass
        except Exception as exc:  # a bug of ours: say so, and keep the REPL going
            self.runner.env.say_error(ErrorLines(
                f"roll: error: internal error: {type(exc).__name__}: {exc}"))
        return True

    def _pages(self, head: Head) -> bool:
        """Whether the line's output may run long and pages (odds, log; never `log -f`)."""
        sub = head.subcommand
        return (self.page != self.runner.out and sub is not None
                and sub.words[0].lower() in PAGED and not {"-f", "--follow"} & set(sub.words))

    def _paged(self, head: Head) -> None:
        """Run the line (its head) with its output gathered by its Environment, then shown a
        screenful at a time."""
        import io

        gathered, env = io.StringIO(), self.runner.env
        self.runner.env = replace(env, stdout=gathered)
        try:
            self.dispatch.run_head(self.runner, head, self.settings, self.hand, self._fight())
        finally:
            self.runner.env = env
            text = gathered.getvalue().rstrip("\n")
            if text:
                self.page(text)

    def run_line(self, head: Head) -> None:
        """Run a LINE or subcommand (its head read once); physical faces typed beyond its dice
        are said unused."""
        hand = self.hand
        if isinstance(hand, PhysicalSource):
            hand.start_line()
        try:
            if self._pages(head):
                self._paged(head)
            else:
                self.dispatch.run_head(self.runner, head, self.settings, hand,
                                       head.subcommand is None and self._fight())
        finally:
            if head.name == "encounter":
                self.views.stale = True  # a fight started or ended: the view reads it
            if self.as_turn is not None:
                self._as_until_the_turn_changes()
            if isinstance(hand, PhysicalSource) and (extra := hand.left_over()):
                self.say(f"not used: {' '.join(extra)} (the LINE threw fewer dice)")

    def _as_until_the_turn_changes(self) -> None:
        """`as NAME` chosen in a fight ends when its turn does: the holder acts again."""
        view = self.refresh()
        now = fight_turn(view.party)
        if now == self.as_turn or self.settings.acting() is None:
            return
        chosen = self.settings.acting() or ""
        self.as_turn = None
        self.settings = replace(self.settings, character="")
        self._remember(None)
        holder = self.refresh().character
        self.say(turn_over(chosen, None if holder is None else holder.name, now))

    def _fight(self) -> bool:
        """Whether the view shows a fight: a LINE by nobody chosen then acts as whose turn it
        is, decided in the LINE's own transaction (cli/line/resolving.py)."""
        return bool(self.view().party.get("encounter"))

    def repeat_confirmed(self, line: str) -> bool:
        """A pure dice roll repeats at once; a LINE that may change pools asks `y/N` first."""
        if is_pure_roll(line, self.settings):
            return True
        try:
            answer = self.ask(f"{line} again? y/N ")
        except (KeyboardInterrupt, EOFError):
            answer = ""
        if answer.strip().lower() in ("y", "yes"):
            return True
        self.say("not repeated")
        return False

    def say(self, text: str) -> None:
        """Show `text`, each line wrapped at words to the pane (continuations indented)."""
        from cli.base.safe import shown
        from cli.render.layout import wrap  # with the first result: not needed by the first prompt

        self.runner.out("\n".join(
            row for line in text.split("\n") for row in wrap(shown(line), self.width())))

    # ---- the REPL's words ----

    def use(self, system_id: str) -> None:
        """`use SYSTEM`: roll with this system; a character of another game stops acting."""
        if not system_id:
            self.say(f"system: {self.view().system.id} (use SYSTEM to switch)")
            return
        from cli.line.games import look_for_games
        from cli.store.where import where_of

        look_for_games(where_of(self.settings))  # `use ./pbta.toml`, an imported game
        system = get_system(system_id)
        self.settings = replace(self.settings, system=system.id)
        view = self.refresh()
        acting = view.character
        if acting is not None and acting.system != system.id:
            self.settings = replace(self.settings, character="")
            self._remember(None)
            self.say(f"{acting.name} plays {acting.system}: acting as nobody")
        self.say(f"system: {system.id} · {system.title}")
        self.refresh()

    def act_as(self, words: str) -> None:
        """`as NAME`: act as NAME in this REPL (and the next one to open); `as` says who acts;
        `as none` or `as -` acts as nobody."""
        try:
            name = " ".join(shlex.split(words))
        except ValueError:
            name = " ".join(words.split())  # an apostrophe in a bare name: `as O'Hara`
        from cli.base.settings import nfc

        name = nfc(name)
        if not name:
            acting = self.refresh().character
            self.say("acting as nobody" if acting is None
                     else f"acting as {acting.name} ({acting.system})")
            return
        if name.lower() in NOBODY:
            self.as_turn = None
            self.settings = replace(self.settings, character="")
            self._remember(None)
            self.say("acting as nobody")
            self.refresh()
            return
        from cli.store import open_campaign, where_of

        campaign = open_campaign(where_of(self.settings), create=False)
        try:
            with campaign.transaction(readonly=True) as tx:
                character = tx.character(name)
        finally:
            campaign.close()
        settings = replace(self.settings, character=character.name)
        self._remember(character.name)
        if settings.system_id() not in (None, character.system):
            settings = replace(settings, system=character.system)
        self.settings = settings
        self.as_turn = fight_turn(self.refresh().party)
        until = "" if self.as_turn is None else " until the turn changes"
        self.say(f"acting as {character.name} ({character.system}){until}")

    def _remember(self, name: str | None) -> None:
        from cli.repl.memory import remember_as
        from cli.store import where_of

        problem = remember_as(where_of(self.settings), name)
        if problem is not None:
            self.tell(problem)

    def set_physical(self, word: str) -> None:
        """`physical on|off`: ask for each die's face at a prompt, or roll again."""
        low = word.lower()
        if low == "on":
            if not self.physical:
                self.hand = PhysicalSource(self.ask, self.say)
            self.say("physical dice: type each face")
        elif low == "off":
            self.hand = None
            self.say("physical dice off: rolling")
        elif not low:
            self.say(f"physical dice {'on' if self.physical else 'off'} (physical on|off)")
        else:
            raise UsageError(f"physical takes on or off, not {word!r}")

    def help(self, topic: str | None) -> None:
        """`help`: the REPL's words; `help TOPIC`: notation or a system, fitted to the pane."""
        from cli.render.help_pages import LATER_TOPICS, TOPICS, help_topic
        from cli.render.layout import reflow
        from cli.repl.speech import prompt_help
        from rules.systems import SYSTEMS

        if topic is None:
            text = REPL_HELP + f"Topics: {' · '.join((*TOPICS, *SYSTEMS, *LATER_TOPICS))}\n"
        else:
            text = prompt_help(help_topic(topic))
        self.page(reflow(text.rstrip("\n"), self.width()))
