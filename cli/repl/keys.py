"""Key bindings of the REPL beyond prompt-toolkit's Emacs defaults (Tab, Ctrl-R, Ctrl-D)."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

AGAIN = ("again", "!!")
"""Words that repeat the last LINE."""


def repl_bindings(
    again: Callable[[], str | None] = lambda: None,
    paste: Callable[[list[str]], None] = lambda lines: None,
) -> KeyBindings:
    """Ctrl-C clears the line (and closes a completion menu) instead of leaving; Enter on
    `again` or `!!` puts the LINE it repeats on the prompt line before running it; a paste
    of several lines runs the first at once and hands the others to `paste`."""
    bindings = KeyBindings()

    @bindings.add(Keys.BracketedPaste)
    def _paste(event: KeyPressEvent) -> None:
        lines = event.data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        buffer = event.app.current_buffer
        buffer.insert_text(lines[0])
        if len(lines) > 1:
            paste(lines[1:])  # the rest, in order; a last line without newline waits
            buffer.validate_and_handle()

    @bindings.add("c-c")
    def _clear(event: KeyPressEvent) -> None:
        buffer = event.app.current_buffer
        if buffer.complete_state is not None:
            buffer.cancel_completion()
        buffer.reset()

    @Condition
    def _asks_again() -> bool:
        return get_app().current_buffer.text.strip().lower() in AGAIN

    @bindings.add("enter", filter=_asks_again)
    def _again(event: KeyPressEvent) -> None:
        line = again()
        buffer = event.app.current_buffer
        if line is not None:
            buffer.text = line  # shown on the prompt line: the screen says what ran
            buffer.cursor_position = len(line)
        buffer.validate_and_handle()

    return bindings
