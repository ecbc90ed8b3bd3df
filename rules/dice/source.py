"""Where die faces come from: the OS-seeded or seeded `RandomSource`, or `ScriptedSource`."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from math import floor
from typing import TYPE_CHECKING, Protocol

from rules.errors import ScriptError

if TYPE_CHECKING:
    from rules.notation.syntax import Die

_FACE = re.compile(r"[+-]?[0-9]+")
MAX_FACE_DIGITS = 18
"""The longest `--rolled` face read (the largest die has 1,000,000 faces): a 5,000-digit one is
refused before int() (which would refuse it past 4,300 digits with a ValueError of its own)."""


class DiceSource(Protocol):
    """Anything that can throw one die; `why` names what the die is for (`4d6`, `Favor`)."""

    def throw(self, die: Die, why: str) -> int: ...

    def throw_many(self, die: Die, count: int, why: str) -> list[int]: ...


def _seeded(seed: int | None) -> random.Random:
    """The generator of `seed`: every integer its own series. `random.Random` seeds with the
    absolute value of an int (-7 would throw 7's dice), so a negative seed is given as text
    (`random.Random` hashes text with SHA-512): a series no seed a player types shares; a
    seed of 0 or more keeps the dice it always had."""
    if seed is not None and seed < 0:
        return random.Random(f"roll-rules seed {seed}")
    return random.Random(seed)


class RandomSource:
    """Fair dice from `random.Random`: OS-seeded by default, reproducible with `seed` (each
    integer, negative ones too, its own series)."""

    drawn = True  # its faces were drawn, not thrown by a person (`roll fair` keeps them apart)

    def __init__(self, seed: int | None = None) -> None:
        self._rng = _seeded(seed)

    def throw(self, die: Die, why: str) -> int:
        return self.throw_many(die, 1, why)[0]

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        # one float per die, as random.choices() draws them (the same faces for a --seed, on
        # every platform), without its set-up at every call: a face is 1 + ⌊random() × sides⌋
        if die.kind in ("std", "percent", "risk"):
            draw, sides = self._rng.random, die.sides
            return [1 + floor(draw() * sides) for _ in range(count)]
        return self._rng.choices(die.faces, k=count)


class ScriptedSource:
    """Faces given in advance (`--rolled 20,3`), consumed in roll order; for the table and tests."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    @classmethod
    def from_text(cls, text: str) -> ScriptedSource:
        """Parse `--rolled` text: comma- or space-separated whole numbers."""
        faces: list[int] = []
        for part in text.replace(",", " ").split():
            if not _FACE.fullmatch(part):  # int() would take `1_0` and `٣` too
                raise ScriptError(
                    f"--rolled takes whole numbers separated by commas, not {part!r}"
                )
            if len(part.lstrip("+-")) > MAX_FACE_DIGITS:  # no die has such a face
                raise ScriptError(f"--rolled face number {len(faces) + 1} has"
                                  f" {len(part.lstrip('+-')):,} digits: a face has at most"
                                  f" {MAX_FACE_DIGITS}")
            faces.append(int(part))
        return cls(faces)

    def throw(self, die: Die, why: str) -> int:
        if self._next >= len(self._faces):
            raise ScriptError(f"--rolled ran out: need a {die.name} for {why}")
        face = self._faces[self._next]
        if not die.has_face(face):
            raise ScriptError(
                f"--rolled face {face} (number {self._next + 1}) does not fit a {die.name}"
                f" (needed for {why})"
            )
        self._next += 1
        return face

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]

    @property
    def left(self) -> int:
        """How many faces were not used."""
        return len(self._faces) - self._next

    def check_used_up(self) -> None:
        if self.left:
            rest = ",".join(str(f) for f in self._faces[self._next :])
            raise ScriptError(f"--rolled has {self.left} face(s) left over: {rest}")
