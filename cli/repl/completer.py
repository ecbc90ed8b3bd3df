"""Completion in the REPL: the prompt-toolkit face of the pure `suggest()`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from cli.repl.view import TableView


class RollCompleter(Completer):
    """The prompt-toolkit face of `suggest()`; `sheet import` completes file paths, each of its
    files (`sheet import mira.toml bram.t…`)."""

    def __init__(self, view: Callable[[], TableView]) -> None:
        self.view = view
        self._paths = PathCompleter(expanduser=True)

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        text = document.text_before_cursor
        match = re.match(r"\s*sheet\s+import\s+(?:\S+\s+)*(\S*)$", text, re.IGNORECASE)
        if match:
            sub = Document(match.group(1), len(match.group(1)))
            yield from self._paths.get_completions(sub, complete_event)
            return
        from cli.base.safe import shown
        from cli.repl.next_words import suggest  # at the first Tab: not needed by the first prompt

        for s in suggest(text, self.view()):  # the menu is the terminal too: names made visible
            yield Completion(s.text, s.start, display=shown(s.shown), display_meta=shown(s.meta))
