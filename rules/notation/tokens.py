"""The lexical pieces of a LINE as it is typed, complete or not: what a highlighter colours
and what completion looks back at. The grammar (grammar.py) decides what a LINE means; this
says only what each stretch of characters looks like, so that a half-typed `4d6k` still has
a dice term and a modifier. Joined, the pieces give the text back exactly."""

from __future__ import annotations

import re
from functools import cache
from typing import Literal, NamedTuple

Kind = Literal["comment", "label", "space", "string", "dice", "modifier", "repeat", "number",
               "keyvalue", "word", "operator", "other"]


class Token(NamedTuple):
    """One stretch of a LINE: its kind, its text, where it starts (0-based)."""

    kind: Kind
    text: str
    start: int


@cache
def _pattern() -> re.Pattern[str]:
    """The tokens of a LINE, compiled at the first line read (not at start-up)."""
    from rules.notation.parts import REPEAT, WORD

    return re.compile(
        r"""
        (?P<comment>\#.*)
      | (?P<label>\[[^\]]*\]?)
      | (?P<space>\s+)
      | (?P<string>"[^"]*"?|(?<!\S)'[^']*'?)
      | (?P<dice>(?:\d*d(?:\d+|%|f(?![a-z])|\{[^}]*\}?)|(?:Δ|delta)\d+)
           (?P<mods>(?:(?:kh|kl|dh|dl|ph|pl|rr|ro|ra|min|max|mi|ma|sa|sd|cap|cs|cf|xo|ie|!!|!p
                       |[kdr!sfxte])
                     (?:[<>]=?|=)?\d*)*)
           (?:(?:[<>]=?|=)\d+)?)
      | (?P<repeat>""" + REPEAT.replace("(", "(?:", 1) + r""")
      | (?P<number>\d+)
      | (?P<keyvalue>[a-z_][\w-]*=[^\s#]*)
      | (?P<word>(?:(?<=\s)\+)?""" + WORD + r""")
      | (?P<operator>[-+*/(),{}<>=!])
      | (?P<other>.)
        """,
        re.IGNORECASE | re.VERBOSE,
    )


def tokens(text: str) -> list[Token]:
    """The pieces of `text`, in order; a dice term with modifiers is two (dice, modifier)."""
    out: list[Token] = []
    for m in _pattern().finditer(text):
        kind = m.lastgroup or "other"
        if kind == "dice":
            split = m.start("mods")
            out.append(Token("dice", text[m.start() : split], m.start()))
            if split < m.end():
                out.append(Token("modifier", text[split : m.end()], split))
            continue
        out.append(Token(kind, m.group(0), m.start()))  # type: ignore[arg-type]
    return out


_DICE_TERM = re.compile(r"(?<![a-z])\d*d(?:\d+|%|f(?![a-z])|\{[^}]*\})", re.IGNORECASE)
_MODIFIER_TAIL = re.compile(r"[a-z!]*$", re.IGNORECASE)
_NOT_MODIFIER = re.compile(r"[^a-z0-9!<>=]", re.IGNORECASE)


def modifier_typed(fragment: str) -> str | None:
    """After the last dice term of a word being typed (`4d6k`), the start of a modifier typed
    so far (`k`, lower-cased; "" right after the term); None if no term ends the word (an
    operator or a bracket came after it: a new term starts)."""
    terms = list(_DICE_TERM.finditer(fragment))
    if not terms:
        return None
    tail = fragment[terms[-1].end() :]
    if _NOT_MODIFIER.search(tail):
        return None
    partial = _MODIFIER_TAIL.search(tail)
    return partial.group(0).lower() if partial else ""


_USES = re.compile(r"^(?P<line>.*\S)\s+uses\s+(?P<rolls>\d+)\s*$", re.IGNORECASE)


def split_uses(text: str) -> tuple[str, int | None]:
    """`Δ8 uses 5` → (`Δ8`, 5): the LINE an odds question prices over several rolls."""
    match = _USES.match(text)
    if match is None:
        return text, None
    return match["line"], int(match["rolls"])
