"""The nodes of a system command LINE (`check dex trained`, `spend luck 1`): its words,
`key=value` pairs and number or dice arguments; `Line` is either kind of LINE."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.notation.expr_nodes import Neg, Num, RollLine

if TYPE_CHECKING:
    from rules.notation.expr_nodes import Expr


@dataclass(frozen=True, slots=True)
class Word:
    """A bare word of a system command (`dex`, `trained`, `+luck`, a quoted name)."""

    text: str
    quoted: bool = field(default=False, compare=False)
    """Written in quotes (`"Goblin 1"`, `'Goblin 1'`): one name as it is, never joined to the
    words beside it (rules/notation/name_words.py)."""

    def __str__(self) -> str:
        if not self.text or any(c.isspace() for c in self.text):
            return '"' + self.text + '"'
        return self.text


@dataclass(frozen=True, slots=True)
class KeyValue:
    """`dex=5`, `guard=12`, `dex=d8`: an inline value given without a character sheet."""

    key: str
    value: str

    def __str__(self) -> str:
        return f"{self.key}={self.value}"


@dataclass(frozen=True, slots=True)
class ExprArg:
    """A number or dice expression among a command's words (`hurt 3`, `hit 2d6`)."""

    expr: Expr

    def __str__(self) -> str:
        return str(self.expr)

    def as_int(self) -> int | None:
        """The integer this argument spells, if it is a plain (signed) number."""
        node = self.expr
        if isinstance(node, Num):
            return node.value
        if isinstance(node, Neg) and isinstance(node.operand, Num):
            return -node.operand.value
        return None


Arg = Word | KeyValue | ExprArg


@dataclass(frozen=True, slots=True)
class CommandLine:
    """A system command LINE: `WORD arg…` (`check dex trained`, `spend luck 1`)."""

    word: str
    args: tuple[Arg, ...] = ()
    repeat: int = 1
    comment: str | None = field(default=None, compare=False)
    column: int = field(default=1, compare=False)
    shown: str = field(default="", compare=False)
    """The LINE as typed, without its `Nx` and `# comment`: what each result echoes."""

    def __str__(self) -> str:
        parts = [f"{self.repeat}x"] if self.repeat != 1 else []
        parts.append(self.word)
        parts.extend(str(a) for a in self.args)
        return " ".join(parts)


Line = RollLine | CommandLine
