"""The REPL session: a prompt-toolkit loop around `Repl`, sized for a 40-column side pane.

One speed device: the grammar loads after the first prompt is drawn (`warm_up`: about 29 ms CPU
the prompt does not wait for, bench/devices.py; held equal by tests/repl/test_grammar_after_prompt.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.history import History
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.styles import Style

from cli.base.environment import Environment, ExitStatus
from cli.base.settings import Settings
from cli.base.wording import speaking
from cli.line.runner import Runner
from cli.render.text import error_text
from cli.repl.acting import check_acting
from cli.repl.completer import RollCompleter
from cli.repl.keys import repl_bindings
from cli.repl.lexer import NotationLexer, marked
from cli.repl.line_history import open_history
from cli.repl.output import pane_output
from cli.repl.repl import Dispatch, Repl
from cli.repl.speech import prompt_words
from cli.repl.toolbar import MAX_ROWS as TOOLBAR_ROWS
from cli.repl.toolbar import Toolbar
from rules.errors import RollError

if TYPE_CHECKING:
    from cli.render.layout import Layout

STYLE = Style.from_dict(
    {
        "prompt": "bold",
        "dice": "ansicyan bold",
        "modifier": "ansiyellow",
        "number": "ansimagenta",
        "operator": "",
        "keyword": "ansigreen",
        "command": "bold",
        "keyvalue": "ansiblue",
        "label": "italic",
        "comment": "ansibrightblack",
        "error": "ansired underline",
    }
)
TOOLBAR_MAX_AGE = 2.0
"""Seconds between re-reads of the campaign while the prompt waits (besides one per prompt)."""
TOOLBAR_TICK = 0.5
"""Seconds between redraws of the toolbar, each asking the campaign's watcher whether another
client wrote (a cheap look: PRAGMA data_version, or a pending NOTIFY); a write shows at once."""


def build_session(
    repl: Repl,
    input: Input | None = None,
    output: Output | None = None,
    history: History | None = None,
) -> PromptSession[str]:
    """The main prompt: completion, highlighting, validation, toolbar, history and keys."""
    no_color = not repl.runner.color  # the REPL's own output as its results: as asked
    session: PromptSession[str] = PromptSession(
        message=lambda: [("class:prompt", repl.prompt())],
        completer=RollCompleter(lambda: repl.view(TOOLBAR_MAX_AGE)),
        complete_while_typing=False,
        lexer=NotationLexer(),
        history=history if history is not None else open_history(),
        enable_history_search=True,  # Up after a prefix finds earlier lines that start with it
        search_ignore_case=True,
        key_bindings=repl_bindings(repl.again, repl.queue),
        style=STYLE,
        color_depth=ColorDepth.MONOCHROME if no_color else None,
        refresh_interval=TOOLBAR_TICK,
        input=input,
        output=output,
    )
    width = session.output.get_size
    session.bottom_toolbar = Toolbar(repl.view, lambda: width().columns, lambda: repl.physical,
                                     TOOLBAR_MAX_AGE)
    return session


def face_asker(input: Input | None, output: Output | None) -> PromptSession[str]:
    """A plain prompt for physical dice faces and y/N questions (no history: no LINEs)."""
    return PromptSession(input=input, output=output)


WARM_UP_AFTER = 0.05
"""Seconds after a prompt starts, when its first screen is drawn."""
_warmed: list[bool] = []


def warm_up(*loads: Callable[[], object]) -> None:
    """At the first prompt: once it is drawn, while the person starts typing, load what the
    first LINE and key need (the grammar with pyparsing; `loads`) rather than before the prompt
    shows or at the first key. A speed device, kept for what it buys: the grammar's load is
    about 29 ms CPU (bench/devices.py, 2026-12-02) the first prompt does not wait for;
    tests/repl/test_grammar_after_prompt.py holds, with Hypothesis, that LINEs typed at once into a
    fresh REPL are answered as with the grammar loaded up front."""
    if not _warmed:
        _warmed.append(True)
        from rules.notation import load

        loop = asyncio.get_running_loop()
        for each in (load, *loads):
            loop.call_later(WARM_UP_AFTER, each)


def typing_ahead() -> None:
    """What the first keys and the first Tab use beyond the grammar: the lexer's check and
    tokens, and completion (loaded by `warm_up`, once the first prompt is drawn)."""
    marked("d20")
    import_module("cli.repl.next_words")


def pager_for(runner: Runner, session: PromptSession[str]) -> Callable[[str], None]:
    """Long output a screenful at a time, on the prompt's own terminal (cli/repl/pager.py)."""
    def show(text: str) -> None:
        from cli.repl.pager import ask_more, page

        page(text, session.output.get_size().rows, runner.out,
             lambda: ask_more(session.app.input, session.output))
    return show


def layout(width: int) -> Layout:
    """Results in the pane: the prompt line shows the LINE, so they start with the outcome
    (cli/render/layout.py loads with the first result, not before the first prompt)."""
    from cli.render.layout import Layout

    return Layout(width, echo=False)


class Notices:
    """What the REPL could not use of its own files (history, state), each said once, in one
    line, between prompts."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.told: set[str] = set()
        self.waiting: list[str] = []

    def tell(self, text: str) -> None:
        if text not in self.told:
            self.told.add(text)
            self.waiting.append(text)

    def flush(self) -> None:
        for text in self.waiting:
            self.stream.write(text + "\n")
        self.waiting.clear()


def _opened(settings: Settings, env: Environment, dispatch: Dispatch, notices: Notices
            ) -> tuple[Runner, Repl] | int:
    """The REPL's runner and `Repl`, who acts checked; a bad `--as` is its error's status."""
    repl: Repl | None = None
    try:
        # plain dice roll while the campaign is unreachable; errors (the runner's, and a
        # subcommand's) wrap at words to the pane, their hints in the prompt's words
        runner = Runner(settings, Environment(env.stdin, env.stdout, env.stderr,
                                              error_width=lambda: 80), through_outage=True)
        repl = Repl(runner, dispatch)
        # the check reads through the view's connection (the runner's, kept open while somebody
        # acts): no second connection to open, nor a WAL checkpoint when it closes
        repl.refresh()
        repl.tell = notices.tell
        repl.settings = check_acting(settings, runner, notices.tell)
    except RollError as error:
        if repl is not None:
            repl.close()
        env.stderr.write(error_text(None, error) + "\n")
        return error.exit_status
    return runner, repl


def run_repl(
    settings: Settings,
    env: Environment,
    dispatch: Dispatch,
    *,
    input: Input | None = None,
    output: Output | None = None,
    history: History | None = None,
) -> int:
    """Prompt for LINEs until `quit`, `exit` or Ctrl-D (exit 0); errors never end it; a line
    that is no REPL word is run by `dispatch` (cli/commands/dispatch.py)."""
    notices = Notices(env.stderr)
    opened = _opened(settings, env, dispatch, notices)
    if isinstance(opened, int):
        return opened
    runner, repl = opened
    output = pane_output(output)  # (the toolbar shows where the terminal answers no CPR)
    history = history if history is not None else open_history(tell=notices.tell)
    session = build_session(repl, input, output, history)

    def started() -> None:  # each prompt's pre_run
        warm_up(typing_ahead)

    asker: list[PromptSession[str]] = []  # made at the first question: start-up time

    def ask(message: str) -> str:
        if not asker:
            asker.append(face_asker(input, output))
        return asker[0].prompt(message)

    repl.ask = ask
    repl.width = lambda: session.output.get_size().columns
    # what a chart may fill before it scrolls: the pane less the toolbar's lines (the prompt's
    # is the chart's own to leave: cli/render/odds_chart.py)
    runner.env.rows = lambda: session.output.get_size().rows - TOOLBAR_ROWS
    repl.page = pager_for(runner, session)
    # a command's own lines (undo's) and every error fit the pane
    runner.env = replace(runner.env, columns=repl.width, error_width=repl.width)
    try:
        with speaking(prompt_words):
            while True:
                repl.refresh()
                notices.flush()  # between prompts: never over the prompt being drawn
                try:
                    # a SIGINT (`kill -INT`) while it waits is prompt-toolkit's Ctrl-C key
                    text = session.prompt(default=repl.prefill, pre_run=started)
                except KeyboardInterrupt:
                    continue
                except EOFError:
                    return int(ExitStatus.OK)
                finally:
                    repl.prefill = ""
                repeated, repl.repeating = repl.repeating, False
                # the prompt line shows the LINE: results start with the outcome, to the width
                runner.layout = layout(repl.width())
                if not repl.handle(text, repeated):
                    return int(ExitStatus.OK)
    finally:
        repl.close()
