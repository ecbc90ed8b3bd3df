"""What a result says, as structure: the parts of its summary line (and of a note).

A summary is a `Said`: a tuple of parts, each knowing what it is. A `str` part is words as
written (the LINE echoed back, an arrow, an operator, a number, a `[label]` the person
typed); a `Face` is a die (or a dice group's member) with its kept/exploded/rerolled flags; a
`OutcomeWord` is one of the result's outcome words (`pass`, `step-down`, `crit`). A renderer shows
each part its own way (cli/render/text.py): plain text writes a die not kept `~~2~~`, a colour
terminal dims it from its flag and colours an outcome word only where the result put one, so
text the person typed (a label `[pass]`, a comment `~~x~~`) is never styled.

Parts are joined with `+` (`echo + " → " + dice + said_outcome(outcome)`), or built in one
pass from a list of pieces (`built`), as rules/roll_parts.py writes a roll's dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

REROLLED = "↻"
"""The mark after a face a reroll threw away: `1↻4` (one column wide, so a 40-column pane
reads a rerolled die as one word, and `~~2~~` stays the dropped die's alone)."""


@dataclass(frozen=True, slots=True)
class Face:
    """One die as shown (`5`, `6!`, `6+6+2!`, `8*`), or a whole dice-group member
    (`{…, [3, 10] = 13}`): kept or not (dropped, rerolled away), and how it came."""

    text: str
    kept: bool = True
    exploded: bool = False
    rerolled: bool = False
    replaced: bool = False
    """A face a reroll threw away (`1↻` before the face that replaced it), not a dropped die."""

    @property
    def plain(self) -> str:
        """The plain text's mark for a die not kept: `~~2~~` dropped, `1↻` rerolled away."""
        if self.replaced:
            return f"{self.text}{REROLLED}"
        return self.text if self.kept else f"~~{self.text}~~"


@dataclass(frozen=True, slots=True)
class OutcomeWord:
    """An outcome word the result itself says (`pass`, `fail`, `step-down`, `crit`)."""

    word: str

    @property
    def plain(self) -> str:
        return self.word


Part = str | Face | OutcomeWord


@dataclass(frozen=True, slots=True)
class Said:
    """A summary line as parts; `plain` is its plain text."""

    parts: tuple[Part, ...] = ()
    _text: str | None = field(default=None, repr=False, compare=False)

    @property
    def plain(self) -> str:
        """The parts as plain text (`[~~9~~, 14] = 14 vs 12 · pass`), written once."""
        text = self._text
        if text is None:
            text = "".join([p if p.__class__ is str else p.plain for p in self.parts])  # type: ignore[union-attr]
            object.__setattr__(self, "_text", text)  # a cache of a pure function: still frozen
        return text

    def __add__(self, other: str | Face | OutcomeWord | Said) -> Said:
        return Said(self.parts + _parts(other))

    def __radd__(self, other: str | Face | OutcomeWord) -> Said:
        return Said(_parts(other) + self.parts)

    def __bool__(self) -> bool:
        return any(self.parts)

    def __format__(self, spec: str) -> str:
        """Never: an f-string would lose the parts (join with `+`, or write `.plain`)."""
        raise TypeError("a Said is parts, not text: join it with +, or write its .plain")

    def after(self, prefix: str) -> Said | None:
        """The parts after a leading `prefix` of plain words (the LINE the summary echoes),
        or None when the summary does not begin with it."""
        lead = 0
        while lead < len(self.parts) and isinstance(self.parts[lead], str):
            lead += 1
        words = "".join(self.parts[:lead])  # type: ignore[arg-type]  # strs, as counted
        if not words.startswith(prefix):
            return None
        rest = words[len(prefix):]
        return Said(((rest,) if rest else ()) + self.parts[lead:])


def _parts(piece: str | Face | OutcomeWord | Said) -> tuple[Part, ...]:
    if isinstance(piece, Said):
        return piece.parts
    return (piece,)


def said(*pieces: str | Face | OutcomeWord | Said) -> Said:
    """The pieces as one `Said`."""
    return built(pieces)


def built(pieces: Iterable[str | Face | OutcomeWord | Said]) -> Said:
    """`said` of a sequence of pieces, in one pass."""
    parts: list[Part] = []
    for piece in pieces:
        if isinstance(piece, Said):
            parts.extend(piece.parts)
        else:
            parts.append(piece)
    return Said(tuple(parts))


def joined(items: Sequence[str | Face | OutcomeWord | Said], sep: str) -> Said:
    """`sep.join(items)`, the items' parts kept."""
    out: list[str | Face | OutcomeWord | Said] = []
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.append(item)
    return built(out)


def plain(text: str | Said) -> str:
    """A summary or a note as plain text."""
    return text if isinstance(text, str) else text.plain


def as_said(text: str | Said) -> Said:
    """A summary as parts: a `str` (a summary written as text) is one text part."""
    return text if isinstance(text, Said) else Said((text,))


SEPARATOR = " · "
"""Between the parts of a summary: `14 vs 10 · pass · crit`."""


def said_outcome(word: str) -> Said:
    """` · pass`: an outcome word after the separator."""
    return Said((SEPARATOR, OutcomeWord(word)))


def marks(crit: bool, fumble: bool = False) -> Said:
    """` · crit`, ` · fumble` (each when the result has it), as outcome words."""
    parts: tuple[Part, ...] = ()
    if crit:
        parts += (SEPARATOR, OutcomeWord("crit"))
    if fumble:
        parts += (SEPARATOR, OutcomeWord("fumble"))
    return Said(parts)


class Note(str):
    """A note whose words have parts (a die in it, an outcome word opening it): its value is
    the plain text (what JSON, the log and every `str` reader get), `said` its parts for a
    renderer. Text made from it (`f"{note}"`, `note + "…"`) is plain text again."""

    said: Said

    def __new__(cls, said: Said) -> Note:
        note = super().__new__(cls, said.plain)
        note.said = said
        return note


def note(*pieces: str | Face | OutcomeWord | Said) -> Note:
    """A note from its pieces: `note(OutcomeWord("crit"), ": double the effect")`."""
    return Note(said(*pieces))
