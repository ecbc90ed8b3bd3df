"""Highlighting of a LINE as it is typed: dice, modifiers, numbers, words, labels, comments."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.lexers import Lexer

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
    """(style, text) pieces of one line, from the notation's tokens; joined they give the line
    back exactly. The first word is a command; a word of the notation a keyword."""
    from cli.repl.word_lists import LINE_WORDS
    from rules.notation.tokens import tokens as pieces

    out: list[tuple[str, str]] = []
    first_word = True
    for token in pieces(text):
        kind: str = token.kind
        if kind == "word":
            if first_word:
                kind = "command"
            elif token.text.lower() in LINE_WORDS:
                kind = "keyword"
            first_word = False
        elif kind == "repeat":
            kind = "keyword"  # `6x` comes before the first word
        elif kind != "space":
            first_word = False
        out.append((STYLE[kind], token.text))
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
