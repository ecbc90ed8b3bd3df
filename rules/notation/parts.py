"""The parts of a LINE's text that hold before it parses: its `Nx`, its body, its comment.

A named roll's body (`attack {weapon} $1`) is a LINE only once expanded; named rolls
(rules/named_rolls.py) and the CLI's question "does this LINE start with a name?" read it here, with
the grammar's own `Nx` (rules/notation/grammar.py builds its token from `REPEAT`), so that no
module outside the notation reads LINE text itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

REPEAT = r"(\d+)[x×](?![a-z0-9_])"
"""`Nx` (or `N×`, any case): how many times the LINE runs."""

WORD = r"(?:[^\W\d]|_)(?:[\w'\-]|[^\x00-\x7f\s])*"
"""A word of a command LINE as names are written, in any script (`Zoë`, `Ölaf`, `O'Hara`,
`さくら`, `नमस्ते`): a letter or `_` first, then letters, digits, `'`, `-`, and any other
character past ASCII (a script's combining marks, which `\\w` does not match). Unicode (no
re.ASCII), where the dice's patterns are ASCII: `٣d6` is no dice. The grammar's word and the
highlighter's (rules/notation/tokens.py) are this one."""

_LEADING_REPEAT = re.compile(r"\s*(\d+[x×])(?![a-z0-9_])\s+", re.IGNORECASE)
_WORD = re.compile(r'"[^"]*"|(?<!\S)\'[^\']*\'|\S+')
_NAME = re.compile(r"[a-z][a-z0-9_-]*", re.IGNORECASE)


class LineParts(NamedTuple):
    """A LINE's text in three: `3x` (or ""), the body, `# comment` (or "")."""

    repeat: str
    body: str
    comment: str

    def words(self) -> list[str]:
        """The body's words; a "quoted name" (or 'quoted name') is one word."""
        return _WORD.findall(self.body)


def split_line(text: str) -> LineParts:
    """(`Nx`, body, `# comment`) of a LINE's text; empty strings where absent."""
    repeat = ""
    match = _LEADING_REPEAT.match(text)
    if match:
        repeat = match.group(1)
        text = text[match.end() :]
    body, hash_, comment = text.partition("#")
    return LineParts(repeat, body.strip(), (hash_ + comment).strip())


def first_name(text: str) -> str | None:
    """The LINE's first word (after any `Nx`), lower-cased, if it is shaped like a name."""
    words = split_line(text).words()
    if not words or not _NAME.fullmatch(words[0]):
        return None
    return words[0].lower()


def is_name(word: str) -> bool:
    """Whether a word is shaped like a name: a letter, then letters, digits, - and _."""
    return _NAME.fullmatch(word) is not None


_KEY_VALUE = re.compile(r"([a-z_][a-z0-9_-]*)=(.+)", re.IGNORECASE | re.DOTALL)
_PLACEHOLDER = re.compile(r"\$(\d+)|\{([a-z_][a-z0-9_-]*)(?::([^{}]*))?\}", re.IGNORECASE)


def key_value(word: str) -> tuple[str, str] | None:
    """`ac=12` as (`ac`, `12`), the key lower-cased; None for any other word."""
    match = _KEY_VALUE.fullmatch(word)
    return None if match is None else (match.group(1).lower(), match.group(2))


class Placeholder(NamedTuple):
    """`$2` (number 2) or `{weapon}` / `{weapon:club}` (key, default) in a named roll's body."""

    text: str
    number: int | None
    key: str
    default: str | None


def fill(body: str, value_of: Callable[[Placeholder], str]) -> str:
    """The body with each placeholder replaced by what `value_of` says for it."""

    def one(match: re.Match[str]) -> str:
        number = match.group(1)
        return value_of(Placeholder(match.group(0), None if number is None else int(number),
                                    match.group(2) or "", match.group(3)))

    return _PLACEHOLDER.sub(one, body)
