"""Physical dice: a DiceSource that asks the player for each face instead of rolling."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.errors import ScriptError

if TYPE_CHECKING:
    from rules.notation.syntax import Die

_FATE_WORDS = {"+": 1, "-": -1, "−": -1, "0": 0, "blank": 0}
_SEPARATORS = re.compile(r"[\s,;]+")


def faces_text(die: Die) -> str:
    """The faces a die can show, as a person reads them: `1–6`, `-1, 0 or +1`."""
    if die.kind == "fate":
        return "-1, 0 or +1 (or + - 0)"
    if die.kind == "custom":
        shown = sorted(set(die.faces))
        return ", ".join(str(f) for f in shown[:-1]) + f" or {shown[-1]}"
    return f"{die.lowest}–{die.highest}"


def read_face(answer: str, die: Die) -> int | None:
    """The face typed for `die`, or None if it is no face of that die."""
    text = answer.strip().lower()
    if die.kind == "fate" and text in _FATE_WORDS:
        return _FATE_WORDS[text]
    if die.kind == "percent" and text == "00":
        return 100
    try:
        face = int(text)
    except ValueError:
        return None
    return face if die.has_face(face) else None


def split_faces(answer: str) -> list[str]:
    """The faces of one answer: `6 5 2 4`, `6,5,2,4` and `6, 5` alike."""
    return _SEPARATORS.split(answer.strip()) if answer.strip() else []


class PhysicalSource:
    """Asks `d6 2/4 for 4d6kh3: ` for the dice of a LINE; one answer may hold several faces,
    which fill the next dice in order. The faces of the LINE are kept, to replay them."""

    interactive = True  # the runner holds no write lock while a person answers

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None]) -> None:
        self.ask = ask
        self.tell = tell
        self.ahead: list[str] = []  # faces typed for dice not thrown yet
        self.typed: list[int] = []  # the faces this LINE took, in roll order

    def start_line(self) -> None:
        """A new LINE: no faces typed for it yet."""
        self.ahead, self.typed = [], []

    def replay(self) -> None:
        """Resolve the LINE again with the faces typed for it (asking only for more dice)."""
        self.ahead, self.typed = [str(face) for face in self.typed], []

    def left_over(self) -> list[str]:
        """Faces typed beyond the dice the LINE threw (they are dropped)."""
        extra, self.ahead = self.ahead, []
        return extra

    def throw(self, die: Die, why: str) -> int:
        return self._face(die, why, "")

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        if count == 1:
            return [self.throw(die, why)]
        return [self._face(die, why, f" {i}/{count}") for i in range(1, count + 1)]

    def _face(self, die: Die, why: str, which: str) -> int:
        """The next face for `die`: one typed ahead, else asked until it is a face of it."""
        while True:
            if not self.ahead:
                self.ahead = split_faces(self._answer(f"{die.name}{which} for {why}: ", die, why))
                continue
            text = self.ahead.pop(0)
            face = read_face(text, die)
            if face is not None:
                self.typed.append(face)
                return face
            skipped = f" (dropped {' '.join(self.ahead)})" if self.ahead else ""
            self.ahead = []
            self.tell(f"{text!r} is no face: the {die.name}{which} shows {faces_text(die)}"
                      f"{skipped}")

    def _answer(self, message: str, die: Die, why: str) -> str:
        try:
            return self.ask(message)
        except (KeyboardInterrupt, EOFError):
            raise ScriptError(
                f"physical roll cancelled: no face for the {die.name} ({why})"
            ) from None
