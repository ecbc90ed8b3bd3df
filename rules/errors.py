"""The one error family of `rules`: every refusal carries a message and an exit status.

A message may name what to do next in a front end's own commands: a `Hint` (act as a character,
choose a system, run a command) is a part of the message that each front end words for itself
(`--as NAME` in a shell, `as NAME` at the REPL's prompt). `message` is the message as the `roll`
command words it; `worded` words it for another front end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum


class Do(Enum):
    """What a hint asks for, whatever the front end calls it."""

    NAME_ACTOR = "name-actor"  # name who acts: `--as NAME`
    ACT_AS_ONE = "act-as-one"  # somebody must act: `use --as NAME (or `as NAME` in the REPL)`
    ACT_AS_CHARACTER = "act-as-character"  # `act --as a character`
    USE_SYSTEM = "use-system"  # roll with the system `what`: `use -s what`
    CHOOSE_SYSTEM = "choose-system"  # `choose the system with -s what`
    RUN = "run"  # run the command `what` (its words, without `roll`): `` `roll what` ``


@dataclass(frozen=True, slots=True)
class Hint:
    """A part of a message that names a front end's command: `do`, and the system id or the
    command's words it is about (`what`)."""

    do: Do
    what: str = ""


Part = str | Hint
Wording = Callable[[Hint], str]
"""How a front end words a hint."""


def command_words(hint: Hint) -> str:
    """A hint as the `roll` command's options and subcommands word it."""
    match hint.do:
        case Do.NAME_ACTOR:
            return "--as NAME"
        case Do.ACT_AS_ONE:
            return "use --as NAME (or `as NAME` in the REPL)"
        case Do.ACT_AS_CHARACTER:
            return "act --as a character"
        case Do.USE_SYSTEM:
            return f"use -s {hint.what}"
        case Do.CHOOSE_SYSTEM:
            return f"choose the system with -s {hint.what}"
        case Do.RUN:
            return f"`roll {hint.what}`"


USAGE_ROOM = 50
"""The columns a command's usage takes in an error at most: two lines of a 40-column pane
with what the error says first; the whole is in `help TOPIC`."""
_USAGES: dict[str, str] = {}
"""Each command's usage as written once (its module's constant) → the help topic that has it."""


def register_usage(topic: str, *texts: str) -> None:
    """Commands' usages, each as written once, kept so that an error quoting one shows it
    brief (`brief_usage`) and points at `help TOPIC` (the game's id, `encounter`)."""
    for text in texts:
        _USAGES[text] = topic


def brief_usage(text: str, topic: str) -> str:
    """`text` cut at a word to `USAGE_ROOM` columns, and where the whole is:
    `attack ac N|on NAME [stat STAT|melee|ranged] … · help tiers`."""
    if len(text) <= USAGE_ROOM:
        return f"{text} · help {topic}"
    cut = text.rfind(" ", 0, USAGE_ROOM)
    return f"{text[:cut if cut > 0 else USAGE_ROOM]} … · help {topic}"


def _brief(part: str) -> str:
    """`part` with each command usage it quotes made brief: one mechanism, every command's."""
    for text, topic in _USAGES.items():
        if text in part:
            part = part.replace(text, brief_usage(text, topic))
    return part


class RollError(Exception):
    """Base of every error `rules` raises on purpose; `exit_status` is what `roll` exits with.

    `message` is a text, or its parts: texts and hints (`("sheet show needs a NAME (or ",
    Hint(Do.NAME_ACTOR), ")")`)."""

    exit_status = 2

    def __init__(self, message: str | Sequence[Part], hint: str | None = None) -> None:
        self.hint = hint
        """The input spelled as it works, when the message teaches one (the JSON error's `hint`)."""
        given: tuple[Part, ...] = (message,) if isinstance(message, str) else tuple(message)
        self.parts: tuple[Part, ...] = tuple(_brief(p) if isinstance(p, str) else p for p in given)
        self.message = self.worded(command_words)
        super().__init__(self.message)

    @property
    def hints(self) -> tuple[Hint, ...]:
        """The hints of the message, in order."""
        return tuple(part for part in self.parts if isinstance(part, Hint))

    def worded(self, words: Wording) -> str:
        """The message with each hint in a front end's words."""
        return "".join(part if isinstance(part, str) else words(part) for part in self.parts)


class NotationError(RollError):
    """A LINE that does not parse: `column` is 1-based, `expected` names what would have fit."""

    def __init__(self, message: str, text: str, column: int, expected: str = "",
                 hint: str | None = None) -> None:
        super().__init__(message, hint)
        self.text = text
        self.column = column
        self.expected = expected


class LimitError(RollError):
    """A LINE that would throw too many dice, explode too long or nest too deep."""


class EvaluationError(RollError):
    """A LINE that parses but has no value: 1d0, division by zero, exploding a d1 …"""


class ScriptError(RollError):
    """`--rolled` faces that ran out, were left over, or do not fit the die that was needed."""


class SheetError(RollError):
    """A character sheet that does not fit its system; nothing is stored."""


class UsageError(RollError):
    """A command given the wrong words: unknown stat, missing target, OPEN value not given."""


class RuleError(RollError):
    """A rule refused the action (no Luck to spend, a spend that cannot be paid); nothing changed."""

    exit_status = 1
