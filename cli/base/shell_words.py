"""A LINE from the words a shell passed (`roll 6x 'd20+5 vs 15'`), and a finished word as the
REPL's suggester reads it at Tab time."""

from __future__ import annotations

from collections.abc import Sequence


def line_text(words: Sequence[str]) -> str:
    """The LINE the words make: joined by single spaces exactly as passed (SPEC §2), so
    `roll 6x "$expr"` is `6x` and the expression; a name with spaces is found unquoted."""
    return " ".join(words)


def quoted_word(word: str) -> str:
    """A finished word the shell passed as one (`Old Tom`), quoted so the REPL's suggester
    (cli/base/completion.py) reads it as one word, not two."""
    if not any(ch.isspace() for ch in word) or (word.startswith('"') and word.endswith('"')):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def completed_text(words: Sequence[str]) -> str:
    """The words finished before the one a Tab completes, as the suggester reads them."""
    return " ".join([*words[:1], *(quoted_word(w) for w in words[1:])])
