"""A LINE from the words a shell passed (`roll attack "Old Tom"`)."""

from __future__ import annotations

from collections.abc import Sequence


def shell_word(word: str) -> str:
    """A word the shell passed as one (`"Old Tom"`), quoted again so the LINE reads it as one."""
    if not any(ch.isspace() for ch in word) or (word.startswith('"') and word.endswith('"')):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def line_text(words: Sequence[str]) -> str:
    """The LINE the words make: the first may hold a whole LINE (`roll 'd20+5 vs 15'`), a later
    one with spaces is one name."""
    return " ".join([*words[:1], *(shell_word(w) for w in words[1:])])
