"""Error lines wrapped at words to the pane's width (never cut mid-word); their hints are
already in the REPL's words (cli/repl/speech.py `prompt_words`, set by the session)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TextIO


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
            self.stream.write("\n".join(fit_error_line(line, self.width())) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self.stream.write(self._pending)
            self._pending = ""
        self.stream.flush()
