"""What a result says, as structure: the parts of its summary line.

A summary is a `Said`: a tuple of parts, each knowing what it is. `Text` is words as written
(the LINE echoed back, an arrow, an operator, a number, a `[label]` the person typed); `Face`
is a die (or a dice group's member) with its kept/exploded/rerolled flags; `Word` is one of
the result's outcome words (`pass`, `step-down`, `crit`). A renderer shows each part its own
way (cli/render/text.py): plain text writes a die not kept `~~2~~`, a colour terminal dims it
from its flag, and colours an outcome word only where the result put one, so text the
person typed (a label `[pass]`, a comment `~~x~~`) is never styled.

Parts are joined with `+` (a `str` is a `Text`): `echo + " → " + dice + " · " + Word(outcome)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


class _Piece:
    """What parts share: joined with `+` into a `Said`."""

    __slots__ = ()

    def __add__(self, other: str | Part | Said) -> Said:
        return said(self, other)  # type: ignore[arg-type]  # every subclass is a Part

    def __radd__(self, other: str) -> Said:
        return said(other, self)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Text(_Piece):
    """Words shown as they are: the LINE's echo, `→`, ` + `, `= 15`, a label."""

    text: str

    @property
    def plain(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Face(_Piece):
    """One die as shown (`5`, `6!`, `6+6+2!`, `8*`), or a whole dice-group member
    (`{…, [3, 10] = 13}`): kept or not (dropped, rerolled away), and how it came."""

    text: str
    kept: bool = True
    exploded: bool = False
    rerolled: bool = False

    @property
    def plain(self) -> str:
        """The plain text's mark for a die not kept: `~~2~~`."""
        return self.text if self.kept else f"~~{self.text}~~"


@dataclass(frozen=True, slots=True)
class Word(_Piece):
    """An outcome word the result itself says (`pass`, `fail`, `step-down`, `crit`)."""

    word: str

    @property
    def plain(self) -> str:
        return self.word


Part = Text | Face | Word


@dataclass(frozen=True, slots=True)
class Said:
    """A summary line as parts (adjacent texts merged); `plain` is its plain text."""

    parts: tuple[Part, ...] = ()
    _text: str | None = field(default=None, repr=False, compare=False)

    @property
    def plain(self) -> str:
        """The parts as plain text (`[~~9~~, 14] = 14 vs 12 · pass`), written once."""
        text = self._text
        if text is None:
            text = "".join(p.plain for p in self.parts)
            object.__setattr__(self, "_text", text)  # a cache of a pure function: still frozen
        return text

    def __add__(self, other: str | Part | Said) -> Said:
        return said(self, other)

    def __radd__(self, other: str | Part) -> Said:
        return said(other, self)

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __format__(self, spec: str) -> str:
        """Never: an f-string would lose the parts (join with `+`, or write `.plain`)."""
        raise TypeError("a Said is parts, not text: join it with +, or write its .plain")

    def after(self, prefix: str) -> Said | None:
        """The parts after a leading `prefix` of plain words (the LINE the summary echoes),
        or None when the summary does not begin with it."""
        first = self.parts[0] if self.parts else None
        if not isinstance(first, Text) or not first.text.startswith(prefix):
            return None
        rest = first.text[len(prefix):]
        return Said(((Text(rest),) if rest else ()) + self.parts[1:])


def said(*pieces: str | Part | Said) -> Said:
    """The pieces as one `Said` (a `str` is a `Text`; adjacent texts merged)."""
    parts: list[Part] = []
    for piece in pieces:
        for part in _parts(piece):
            if isinstance(part, Text):
                if not part.text:
                    continue
                if parts and isinstance(parts[-1], Text):
                    parts[-1] = Text(parts[-1].text + part.text)
                    continue
            parts.append(part)
    return Said(tuple(parts))


def _parts(piece: str | Part | Said) -> tuple[Part, ...]:
    if isinstance(piece, str):
        return (Text(piece),)
    if isinstance(piece, Said):
        return piece.parts
    return (piece,)


def joined(items: Sequence[str | Part | Said], sep: str) -> Said:
    """`sep.join(items)`, the items' parts kept."""
    out: list[str | Part | Said] = []
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.append(item)
    return said(*out)


def plain(text: str | Said) -> str:
    """A summary or a note as plain text."""
    return text if isinstance(text, str) else text.plain


def as_said(text: str | Said) -> Said:
    """A summary as parts: a `str` (a summary written as text) is one `Text`."""
    return text if isinstance(text, Said) else said(text)


SEPARATOR = " · "
"""Between the parts of a summary: `14 vs 10 · pass · crit`."""


def said_outcome(word: str) -> Said:
    """` · pass`: an outcome word after the separator."""
    return Said((Text(SEPARATOR), Word(word)))


def marks(crit: bool, fumble: bool = False) -> Said:
    """` · crit`, ` · fumble` (each when the result has it), as outcome words."""
    out = said()
    if crit:
        out += said_outcome("crit")
    if fumble:
        out += said_outcome("fumble")
    return out


class Note(str):
    """A note whose words have parts (a die in it, an outcome word opening it): its value is
    the plain text (what JSON, the log and every `str` reader get), `said` its parts for a
    renderer. Text made from it (`f"{note}"`, `note + "…"`) is plain text again."""

    said: Said

    def __new__(cls, said: Said) -> Note:
        note = super().__new__(cls, said.plain)
        note.said = said
        return note


def note(*pieces: str | Part | Said) -> Note:
    """A note from its pieces: `note(Word("crit"), ": double the effect")`."""
    return Note(said(*pieces))
