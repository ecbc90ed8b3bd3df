"""Highlighting of a LINE as it is typed: dice, modifiers, numbers, words, labels, comments."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.lexers import Lexer


@cache
def _pattern() -> re.Pattern[str]:
    """The tokens of a LINE, compiled at the first line coloured (not at start-up)."""
    return re.compile(
        r"""
        (?P<comment>\#.*)
      | (?P<label>\[[^\]]*\]?)
      | (?P<space>\s+)
      | (?P<string>"[^"]*"?)
      | (?P<dice>(?:\d*d(?:\d+|%|f(?![a-z])|\{[^}]*\}?)|(?:Δ|delta)\d+)
           (?P<mods>(?:(?:kh|kl|dh|dl|rr|ro|min|max|sa|sd|!!|!p|[kdr!sf])(?:[<>]=?|=)?\d*)*)
           (?:(?:[<>]=?|=)\d+)?)
      | (?P<repeat>\d+[x×](?![a-z0-9_]))
      | (?P<number>\d+)
      | (?P<keyvalue>[a-z_][\w-]*=[^\s#]*)
      | (?P<word>(?:(?<=\s)\+)?[a-z_][\w'-]*)
      | (?P<operator>[-+*/(),{}<>=!])
      | (?P<other>.)
        """,
        re.IGNORECASE | re.VERBOSE,
    )


STYLE = {
    "dice": "class:dice",
    "modifier": "class:modifier",
    "number": "class:number",
    "operator": "class:operator",
    "keyword": "class:keyword",
    "command": "class:command",
    "word": "class:word",
    "keyvalue": "class:keyvalue",
    "string": "class:word",
    "label": "class:label",
    "comment": "class:comment",
    "other": "class:error",
    "space": "",
}


ERROR = "class:error"


def tokens(text: str) -> list[tuple[str, str]]:
    """(style, text) pieces of one line; joined they give the line back exactly."""
    from cli.repl.vocabulary import LINE_WORDS

    out: list[tuple[str, str]] = []
    first_word = True
    for m in _pattern().finditer(text):
        kind = m.lastgroup or "other"
        piece = m.group(0)
        if kind == "dice":
            split = m.start("mods") - m.start()
            out.append((STYLE["dice"], piece[:split]))
            if piece[split:]:
                out.append((STYLE["modifier"], piece[split:]))
            first_word = False
            continue
        if kind == "word":
            if first_word:
                kind = "command"
            elif piece.lower() in LINE_WORDS:
                kind = "keyword"
        elif kind == "repeat":
            kind = "keyword"  # `6x` comes before the first word
        elif kind != "space":
            first_word = False
        if kind in ("command", "word"):
            first_word = False
        out.append((STYLE[kind], piece))
    return out


def marked(line: str) -> StyleAndTextTuples:
    """The line's tokens, and from a syntax error on everything in the error style: the
    live check colours, and never holds Enter (the error is shown when the line runs).
    The first prompt's empty line loads neither the check nor the tokens."""
    if not line:
        return []
    from cli.repl.validator import problem

    found = problem(line)
    out: StyleAndTextTuples = []
    at = 0
    for style, text in tokens(line):
        if found is not None and at + len(text) > found.index:
            cut = max(found.index - at, 0)
            if cut:
                out.append((style, text[:cut]))
            out.append((ERROR, text[cut:]))
        else:
            out.append((style, text))
        at += len(text)
    return out


class NotationLexer(Lexer):
    """Colours each line of the input buffer with `tokens()`."""

    def lex_document(self, document: Document) -> Callable[[int], StyleAndTextTuples]:
        lines = document.lines

        def get_line(number: int) -> StyleAndTextTuples:
            if number >= len(lines):
                return []
            return marked(lines[number])

        return get_line
