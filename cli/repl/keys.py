"""Key bindings of the REPL beyond prompt-toolkit's Emacs defaults (Tab, Ctrl-R, Ctrl-D)."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent


def repl_bindings() -> KeyBindings:
    """Ctrl-C clears the line (and closes a completion menu) instead of leaving."""
    bindings = KeyBindings()

    @bindings.add("c-c")
    def _clear(event: KeyPressEvent) -> None:
        buffer = event.app.current_buffer
        if buffer.complete_state is not None:
            buffer.cancel_completion()
        buffer.reset()

    return bindings
