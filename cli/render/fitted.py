"""A stream that fits the errors written to it to a width: the REPL's pane, or a terminal a
one-shot or a batch runs on (cli/entry/fast_argv.py). Their hints are already in the words of the front
end that runs (cli/render/wording.py); this only lays them out (cli/render/error_layout.py)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TextIO


class FittedErrors(io.TextIOBase):
    """A text stream that lays out each error it is given (its lines, the LINE and its caret,
    come in one write) before passing it on."""

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
        from cli.render.error_layout import fit_error

        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        if lines:
            self.stream.write(fit_error("\n".join(lines), self.width()) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self.stream.write(self._pending)
            self._pending = ""
        self.stream.flush()
