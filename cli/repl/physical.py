"""Physical dice: a DiceSource that asks the player for each face instead of rolling."""

from __future__ import annotations

from collections.abc import Callable

from rules.errors import ScriptError
from rules.notation.ast import Die

_FATE_WORDS = {"+": 1, "-": -1, "−": -1, "0": 0, "blank": 0}


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


class PhysicalSource:
    """Asks `d6 for Favor? ` for every die, re-asking until the answer is a face of that die."""

    interactive = True  # the runner holds no write lock while a person answers

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None]) -> None:
        self.ask = ask
        self.tell = tell

    def throw(self, die: Die, why: str) -> int:
        while True:
            try:
                answer = self.ask(f"{die.name} for {why}? ")
            except (KeyboardInterrupt, EOFError):
                raise ScriptError(
                    f"physical roll cancelled: no face for the {die.name} ({why})"
                ) from None
            face = read_face(answer, die)
            if face is not None:
                return face
            self.tell(f"a {die.name} shows {faces_text(die)}")

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]
