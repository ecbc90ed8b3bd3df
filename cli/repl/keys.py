"""Key bindings of the REPL beyond prompt-toolkit's Emacs defaults (Tab, Ctrl-R, Ctrl-D)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

from prompt_toolkit.application import application, get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import DynamicKeyBindings, KeyBindings, KeyBindingsBase, KeyPressEvent
from prompt_toolkit.key_binding.defaults import load_key_bindings
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


@contextmanager
def defaults_at_first_key() -> Iterator[Callable[[], KeyBindingsBase]]:
    """While a PromptSession is made: prompt-toolkit's default bindings (Emacs, Vi, search,
    mouse; ~600 of them, a twentieth of the start) load at the first key, or when the callable
    given is called, rather than when its Application is made. The same bindings, later."""
    loaded = cache(load_key_bindings)
    # what Application.__init__ calls; a prompt-toolkit that calls something else loads at once
    made = vars(application).get("load_key_bindings")
    if made is not None:
        setattr(application, "load_key_bindings", lambda: DynamicKeyBindings(loaded))  # noqa: B010
    try:
        yield loaded
    finally:
        if made is not None:
            setattr(application, "load_key_bindings", made)  # noqa: B010
