"""The REPL's own words (`use`, `as`, `physical`, `help`, `quit`) and running every other line."""

from __future__ import annotations

import re
import shlex
import shutil
import textwrap
from collections.abc import Callable

from cli.dispatch import run_any, subcommand_of
from cli.render.layout import wrap
from cli.repl.keys import AGAIN
from cli.repl.physical import PhysicalSource
from cli.repl.prompt import prompt_text
from cli.repl.speech import at_prompt
from cli.repl.state import TableView, ViewReader
from cli.runner import Runner, Settings
from rules.dice.source import DiceSource
from rules.errors import RollError, UsageError
from rules.systems import get_system

REPL_HELP = """\
Type any LINE (dice or a command), or:
  use SYSTEM       switch game system
  as NAME          act as a character
  as none          act as nobody
  physical on|off  type real dice faces
  odds LINE        exact odds of a LINE
  sheet show       the acting character
  log · undo       history · take back
  systems          the game systems
  help TOPIC       notation, or a system
  ? · help         this help
  again · !!       repeat the last LINE
  Tab · Ctrl-R     complete · search
  Up               the last line, to fix
  Ctrl-C           clear the line
  quit · Ctrl-D    leave
Examples: 4d6kh3 · d20+5 vs 15
"""
HELP_WORDS = ("help", "?")
NOBODY = ("none", "nobody", "-")


def terminal_width() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def fit(text: str, width: int) -> str:
    """Reflow help text for a narrow pane: a two-column line puts its description below."""
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        if len(indent) > width // 4:
            indent = " " * 6  # a description aligned far right: keep it under its entry
        body = line.strip()
        columns = re.match(r"^(\S.*?)\s{2,}(\S.*)$", body)
        if columns:
            out += textwrap.wrap(columns.group(1), width, initial_indent=indent,
                                 subsequent_indent=indent + "  ")
            out += textwrap.wrap(columns.group(2), width, initial_indent=indent + "    ",
                                 subsequent_indent=indent + "    ")
        else:
            out += textwrap.wrap(body, width, initial_indent=indent, subsequent_indent=indent)
    return "\n".join(out)


def check_acting(settings: Settings) -> None:
    """`roll --as NAME` opening the REPL: an unknown NAME is bad input, as for a one-shot."""
    name = settings.character
    if name is None:
        return
    path = settings.campaign_path()
    if not path.exists():
        raise UsageError(f"no character named {name!r} in this campaign (known: none yet)")
    from cli.store import Campaign

    campaign = Campaign(path)
    try:
        with campaign.transaction(readonly=True) as tx:
            tx.character(name)
    finally:
        campaign.close()


def is_pure_roll(line: str) -> bool:
    """Whether a LINE only rolls dice (no system command: nothing it could change)."""
    from rules.notation import ast, parse

    try:
        return isinstance(parse(line), ast.RollLine)
    except RollError:
        return True  # it cannot run: repeating it only shows the error again


class Repl:
    """What the REPL keeps between prompts: the runner, the last LINE, the dice source, the view."""

    def __init__(
        self,
        runner: Runner,
        ask: Callable[[str], str] | None = None,
        width: Callable[[], int] = terminal_width,
    ) -> None:
        self.runner = runner
        self.views = ViewReader(runner.settings)
        self.last: str | None = None
        self.repeating = False  # Enter on `again` put the last LINE on the prompt line
        self.pending: list[str] = []  # pasted lines still to run, in order
        self.prefill = ""  # a pasted last line without its newline, for the next prompt
        self.rolling: DiceSource = runner.source
        self.ask = ask or input
        self.width = width

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
        return isinstance(self.runner.source, PhysicalSource)

    def close(self) -> None:
        self.views.close()

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
                if subcommand_of(line) is None:
                    self.last = line  # `again` repeats a LINE, never `undo` or `sheet rm`
                self.run_line(line)
        except RollError as error:
            self.runner.report(line, error)
        except KeyboardInterrupt:
            self.runner.err("roll: error: interrupted")
        except SystemExit:
            pass
        except Exception as exc:  # a bug of ours: say so, and keep the REPL going
            self.runner.err(f"roll: error: internal error: {type(exc).__name__}: {exc}")
        return True

    def run_line(self, line: str) -> None:
        """Run a LINE or subcommand; physical faces typed beyond its dice are said unused."""
        hand = self.runner.source
        if isinstance(hand, PhysicalSource):
            hand.start_line()
        try:
            run_any(self.runner, line)
        finally:
            if isinstance(hand, PhysicalSource) and (extra := hand.left_over()):
                self.say(f"not used: {' '.join(extra)} (the LINE threw fewer dice)")

    def repeat_confirmed(self, line: str) -> bool:
        """A pure dice roll repeats at once; a LINE that may change pools asks `y/N` first."""
        if is_pure_roll(line):
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
        self.runner.out("\n".join(
            row for line in text.split("\n") for row in wrap(line, self.width())))

    # ---- the REPL's words ----

    def use(self, system_id: str) -> None:
        """`use SYSTEM`: roll with this system; a character of another game stops acting."""
        settings = self.runner.settings
        if not system_id:
            self.say(f"system: {self.view().system.id} (use SYSTEM to switch)")
            return
        system = get_system(system_id)
        settings.system = system.id
        view = self.refresh()
        acting = view.character
        if settings.character and acting is not None and acting.system != system.id:
            settings.character = None
            self.say(f"{acting.name} plays {acting.system}: acting as nobody")
        self.say(f"system: {system.id} · {system.title}")
        self.refresh()

    def act_as(self, words: str) -> None:
        """`as NAME`: act as NAME (remembered in the campaign); `as` or `as none` acts as nobody."""
        settings = self.runner.settings
        try:
            name = " ".join(shlex.split(words))
        except ValueError:
            name = " ".join(words.split())  # an apostrophe in a bare name: `as O'Hara`
        path = settings.campaign_path()
        if not name or name.lower() in NOBODY:
            settings.character = None
            if path.exists():
                self._remember(None)
            self.say("acting as nobody")
            self.refresh()
            return
        if not path.exists():
            raise UsageError(
                f"no campaign at {path} yet: add a character with `roll sheet import FILE.toml`"
            )
        found, system_id = self._remember(name)
        settings.character = found
        if settings.system_id() not in (None, system_id):
            settings.system = system_id
        self.say(f"acting as {found} ({system_id})")
        self.refresh()

    def _remember(self, name: str | None) -> tuple[str, str]:
        from cli.store import Campaign

        campaign = Campaign(self.runner.settings.campaign_path())
        try:
            with campaign.transaction() as tx:
                if name is None:
                    tx.set_active(None)
                    return "", ""
                character = tx.character(name)
                tx.set_active(character.name)
                return character.name, character.system
        finally:
            campaign.close()

    def set_physical(self, word: str) -> None:
        """`physical on|off`: ask for each die's face at a prompt, or roll again."""
        low = word.lower()
        if low == "on":
            if not self.physical:
                self.rolling = self.runner.source
                self.runner.source = PhysicalSource(self.ask, self.say)
            self.say("physical dice: type each face")
        elif low == "off":
            self.runner.source = self.rolling
            self.say("physical dice off: rolling")
        elif not low:
            self.say(f"physical dice {'on' if self.physical else 'off'} (physical on|off)")
        else:
            raise UsageError(f"physical takes on or off, not {word!r}")

    def help(self, topic: str | None) -> None:
        """`help`: the REPL's words; `help TOPIC`: notation or a system, fitted to the pane."""
        from cli.help import help_text

        text = REPL_HELP if topic is None else at_prompt(help_text(topic, at_prompt=True))
        self.say(fit(text.rstrip("\n"), self.width()))
