"""A pager for the REPL's long output: a screenful at a time, `q` leaves, space and Enter go on.

Help topics run longer than a 24-row pane; without a pager their start scrolls away before it
can be read. The pager is prompt-toolkit's own (a one-line application under the text).
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output

MORE = "-- more: space, Enter, q --"
PAGE, LINE, LEAVE = "page", "line", "leave"


def ask_more(input: Input | None, output: Output | None) -> str:
    """Wait for a key under the text: PAGE (space), LINE (Enter), LEAVE (q, Escape, Ctrl-C)."""
    keys = KeyBindings()

    def answer(result: str) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            event.app.exit(result=result)
        return handler

    for key in ("q", "Q", "escape", "c-c", "c-d"):
        keys.add(key, eager=True)(answer(LEAVE))
    for key in (" ", "pagedown", "f"):
        keys.add(key)(answer(PAGE))
    for key in ("enter", "down", "j"):
        keys.add(key)(answer(LINE))
    app: Application[str] = Application(
        layout=Layout(Window(FormattedTextControl(MORE), height=1)), key_bindings=keys,
        input=input, output=output, erase_when_done=True)
    return app.run()


def page(text: str, rows: int, show: Callable[[str], None],
         more: Callable[[], str]) -> None:
    """Show `text` a screenful (`rows` − 1 lines) at a time, asking `more` between screens;
    text that fits the screen is shown whole."""
    lines = text.split("\n")
    step = max(rows - 1, 1)
    shown = min(step, len(lines))
    show("\n".join(lines[:shown]))
    while shown < len(lines):
        answer = more()
        if answer == LEAVE:
            return
        count = step if answer == PAGE else 1
        show("\n".join(lines[shown:shown + count]))
        shown += count
