"""Error lines in the REPL's words, wrapped at words to the pane's width (never cut mid-word)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TextIO

from cli.repl.speech import at_prompt

ERROR_START = "roll: error: "  # cli/render/layout.py's, which loads with the first error


def fit_error_line(line: str, width: int) -> list[str]:
    """`roll: error: …` broken at spaces into lines of at most `width`; other lines as they are."""
    from cli.render.layout import fit_error

    return fit_error(line, width).split("\n")


class FittedErrors(io.TextIOBase):
    """A text stream that wraps each `roll: error:` line it is given before passing it on."""

    def __init__(self, stream: TextIO, width: Callable[[], int]) -> None:
        super().__init__()
        self.stream = stream
        self.width = width
        self._pending = ""

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return self.stream.isatty()
        except (AttributeError, ValueError):
            return False

    def write(self, text: str) -> int:
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        for line in lines:
            # the message speaks the prompt's words; the LINE and its caret stay as typed
            shown = at_prompt(line) if line.startswith(ERROR_START) else line
            self.stream.write("\n".join(fit_error_line(shown, self.width())) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self.stream.write(self._pending)
            self._pending = ""
        self.stream.flush()
