"""A LINE as the grammar reads it: NFKC, typographic signs as their ASCII meaning (SPEC §5).

`1d20−2` copied from roll's own output (U+2212), an en dash from a PDF, `×`, full-width digits
and signs (`２ｄ６＋１`, by NFKC) all read as what they show. Each character is normalised with
the combining marks that follow it, so every character of the result maps back to the column
of the character the user typed (`Normalised.column`): a caret stays under what was typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SIGNS = {
    "\u2212": "-",  # − minus sign (roll's own output writes it)
    "\u2013": "-",  # – en dash
    "\u2014": "-",  # — em dash
    "\u2012": "-",  # ‒ figure dash
    "\u2010": "-",  # ‐ hyphen
    "\u2011": "-",  # ‑ non-breaking hyphen
    "\ufe63": "-",  # ﹣ small hyphen-minus (NFKC gives it too)
    "\u00d7": "*",  # × multiplication sign
    "\u2217": "*",  # ∗ asterisk operator
    "\u22c5": "*",  # ⋅ dot operator
    "\u00f7": "/",  # ÷ division sign
    "\u2215": "/",  # ∕ division slash
    "\u2265": ">=",  # ≥
    "\u2264": "<=",  # ≤
}
"""Signs that NFKC leaves alone but a reader takes for ASCII ones."""

_REPEAT = re.compile(r"\s*\d+×(?=\s)")
"""`6× 4d6kh3`: a leading `N×` and a space is the repeat `6x`, not a product."""


@dataclass(frozen=True, slots=True)
class Normalised:
    """The text the grammar reads, and for each of its characters the index typed."""

    text: str
    origin: tuple[int, ...]
    given_length: int

    def column(self, column: int) -> int:
        """The 1-based column typed for a 1-based column of `text` (past its end: past the
        given text's end)."""
        if not self.origin:
            return column
        i = column - 1
        if i >= len(self.origin):
            return self.given_length + 1 + (i - len(self.origin))
        return self.origin[i] + 1


def _plain(text: str) -> bool:
    return text.isascii()


def normalise(text: str) -> Normalised:
    """NFKC (mark by mark, keeping columns) and the SIGNS; ASCII text comes back as it is."""
    if _plain(text):
        return Normalised(text, (), len(text))
    import unicodedata

    repeat = _REPEAT.match(text)
    out: list[str] = []
    origin: list[int] = []
    i, n = 0, len(text)
    while i < n:
        j = i + 1
        while j < n and unicodedata.combining(text[j]):
            j += 1
        piece = text[i:j]
        if repeat is not None and i == repeat.end() - 1:
            shown = "x"
        else:
            shown = unicodedata.normalize("NFKC", piece)
            shown = "".join(SIGNS.get(c, c) for c in shown)
        out.append(shown)
        origin.extend([i] * len(shown))
        i = j
    return Normalised("".join(out), tuple(origin), n)


def normalised_text(text: str) -> str:
    """What the grammar reads of `text` (the echo of a LINE shows it)."""
    return normalise(text).text
