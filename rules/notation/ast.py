"""The syntax tree of a LINE: frozen nodes whose `str()` gives the notation back."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Literal, TypeVar

if TYPE_CHECKING:
    from fractions import Fraction

CompareOp = Literal["=", ">", ">=", "<", "<="]

_Node = TypeVar("_Node", bound=type)


def written_once(cls: _Node) -> _Node:
    """Keep a node's notation once written: a parsed tree is cached and rolled again and again
    (`-n 30000 3d6` would write `3d6` back at every repeat). Frozen nodes never change."""
    write: Callable[[object], str] = vars(cls)["__str__"]  # the class's own

    def __str__(self: object) -> str:
        text: str | None = self.__dict__.get("_notation")
        if text is None:
            text = self.__dict__["_notation"] = write(self)
        return text

    cls.__str__ = __str__  # type: ignore[assignment]
    return cls


@dataclass(frozen=True, slots=True)
class Compare:
    """A compare point such as `>=5`; a bare number in the notation means `=`."""

    op: CompareOp
    value: int

    def matches(self, face: int | Fraction) -> bool:
        """Whether a face (or an exact value: a group member's total) meets this point."""
        v = self.value
        if self.op == "=":
            return face == v
        if self.op == ">":
            return face > v
        if self.op == ">=":
            return face >= v
        if self.op == "<":
            return face < v
        return face <= v

    def candidates(self) -> tuple[int, ...]:
        """The faces where this point's match can change: a gap in a union of points lies next
        to one of them (so a die's every face need not be listed to test them all)."""
        v = self.value
        return (v - 1, v, v + 1)

    def notation(self, bare_equal: bool = True) -> str:
        if self.op == "=" and bare_equal:
            return str(self.value)
        return f"{self.op}{self.value}"

    def __str__(self) -> str:
        return self.notation()


DieKind = Literal["std", "fate", "percent", "custom", "risk"]


def _die_name(kind: DieKind, sides: int, custom: tuple[int, ...]) -> str:
    if kind == "fate":
        return "dF"
    if kind == "percent":
        return "d%"
    if kind == "custom":
        return "d{" + ",".join(str(f) for f in custom) + "}"
    if kind == "risk":
        return f"Δ{sides}"
    return f"d{sides}"


@dataclass(frozen=True, slots=True)
class Die:
    """One kind of die: `d6`, `dF`, `d%`, `d{1,1,2,3}` or the risk die `Δ8`; `name` is how it
    is written, worked out when it is made (every throw is named by it)."""

    kind: DieKind
    sides: int
    custom: tuple[int, ...] = ()
    name: str = ""
    """How the die is written (`d6`, `dF`): left empty, it is worked out from the others."""

    def __post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", _die_name(self.kind, self.sides, self.custom))

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face, one entry per side (a custom die may repeat a value)."""
        if self.kind == "fate":
            return (-1, 0, 1)
        if self.kind == "custom":
            return self.custom
        return tuple(range(1, self.sides + 1))

    @property
    def lowest(self) -> int:
        if self.kind == "fate":
            return -1
        if self.kind == "custom":
            return min(self.custom)
        return 1

    @property
    def highest(self) -> int:
        if self.kind == "fate":
            return 1
        if self.kind == "custom":
            return max(self.custom)
        return self.sides

    def has_face(self, face: int) -> bool:
        if self.kind in ("std", "percent", "risk"):
            return 1 <= face <= self.sides
        return face in self.faces

    def every_face(self, matches: Callable[[int], bool], points: Iterable[Compare]) -> bool:
        """Whether every face matches: a custom or Fate die face by face, a numbered die by the
        faces next to the points only (a d1000000 lists no million faces)."""
        if self.kind in ("fate", "custom"):
            return all(matches(f) for f in self.faces)
        lo, hi = 1, self.sides
        near = {lo, hi, *(f for p in points for f in p.candidates() if lo <= f <= hi)}
        return all(matches(f) for f in near)

    def __str__(self) -> str:
        return self.name


def std_die(sides: int) -> Die:
    return Die("std", sides)


FATE = Die("fate", 3)
PERCENT = Die("percent", 100)
D6 = std_die(6)
D20 = std_die(20)


# ---- modifiers: applied in the fixed order of `stage`, whatever order they are written in ----


@dataclass(frozen=True, slots=True)
class Reroll:
    """`r1`, `rr<3` (reroll until the face no longer matches) or `ro<3` (reroll once)."""

    when: Compare
    once: bool = False
    spelling: Literal["r", "rr", "ro"] = "r"
    stage = 0

    def __str__(self) -> str:
        return f"{self.spelling}{self.when}"


@dataclass(frozen=True, slots=True)
class Explode:
    """`!` (explode), `!!` (compound) or `!p` (penetrate), on the max face or a compare point.

    Foundry's `x` is `!`; `cap` limits how many explosion dice one die may add (`!cap3`), and
    Foundry's `xo` (explode once) is `cap` 1 (written back `!cap1`).
    """

    style: Literal["!", "!!", "!p"]
    when: Compare | None = None
    cap: int | None = None
    stage = 1

    def __str__(self) -> str:
        head: str = self.style
        if self.when is not None:
            # `!-1` would read as `!` then `- 1`: a negative point keeps its `=`
            head += self.when.notation(bare_equal=self.when.value >= 0)
        return head if self.cap is None else f"{head}cap{self.cap}"


@dataclass(frozen=True, slots=True)
class Explosion:
    """How a term's dice explode: one style, on any of its points (`1d6!5!6`: on 5 or 6)."""

    style: Literal["!", "!!", "!p"]
    points: tuple[Compare, ...]
    cap: int | None = None
    """At most this many explosion dice per die (None: until the wave limit)."""

    def matches(self, face: int | Fraction) -> bool:
        return any(p.matches(face) for p in self.points)

    def matcher(self, die: Die) -> Callable[[int | Fraction], bool]:
        """A fast test for the faces of `die` (the roller asks it of every die thrown)."""
        if die.sides > 64 or die.kind == "custom":  # not worth a table: test each face
            return self.points[0].matches if len(self.points) == 1 else self.matches
        return frozenset(f for f in die.faces if self.matches(f)).__contains__

    def endless(self, die: Die) -> bool:
        """Whether every face of `die` explodes (and no cap stops it)."""
        return self.cap is None and die.every_face(self.matches, self.points)

    def __str__(self) -> str:
        return " or ".join(str(p) for p in self.points)


def explosion(die: Die, mods: tuple[Modifier, ...]) -> Explosion | None:
    """The one explosion of a term's `!` modifiers (a bare `!` explodes on the max face)."""
    explodes = [m for m in mods if isinstance(m, Explode)]
    if not explodes:
        return None
    styles = {m.style for m in explodes}
    if len(styles) > 1:
        from rules.errors import EvaluationError

        raise EvaluationError(mixed_explosions(explodes))
    points: list[Compare] = []
    for m in explodes:
        point = m.when or Compare("=", die.highest)
        if point not in points:
            points.append(point)
    caps = [m.cap for m in explodes if m.cap is not None]
    return Explosion(explodes[0].style, tuple(points), min(caps) if caps else None)


def mixed_explosions(explodes: list[Explode]) -> str:
    """The error for `1d6!!5!6`: a die explodes one way, so the styles may not mix."""
    written = "".join(str(m) for m in explodes)
    styles = " and ".join(sorted({m.style for m in explodes}))
    return (f"one term explodes one way: {written} mixes {styles}"
            " (several points of one style combine: 1d6!5!6 explodes on 5 or 6)")


@dataclass(frozen=True, slots=True)
class Clamp:
    """`minN` / `maxN`: each face is raised to N at least / lowered to N at most."""

    bound: Literal["min", "max"]
    value: int
    stage = 2

    def __str__(self) -> str:
        return f"{self.bound}{self.value}"


@dataclass(frozen=True, slots=True)
class Keep:
    """`khN` `klN` `dhN` `dlN` (`kN` and `dN` are spelled `kh` and `dl`)."""

    op: Literal["kh", "kl", "dh", "dl"]
    count: int
    stage = 3

    def __str__(self) -> str:
        return f"{self.op}{self.count}"


@dataclass(frozen=True, slots=True)
class CountSuccesses:
    """`>=5`: the term's value becomes the number of dice that match."""

    when: Compare
    stage = 4

    def __str__(self) -> str:
        return self.when.notation(bare_equal=False)


@dataclass(frozen=True, slots=True)
class CountFailures:
    """`f1` / `f<2`: each matching die subtracts one success."""

    when: Compare
    stage = 4

    def __str__(self) -> str:
        return f"f{self.when}"


@dataclass(frozen=True, slots=True)
class CountTwice:
    """`t10` / `t>=9` after a success point: a matching die counts one success more (Exalted's
    10s count twice: `10d10>=7t10`)."""

    when: Compare
    stage = 4

    def __str__(self) -> str:
        return f"t{self.when}"


@dataclass(frozen=True, slots=True)
class Crit:
    """`cs>=19` / `cf<=2` (Roll20's): a kept die showing such a face marks the LINE `crit` /
    `fumble`; its value is unchanged."""

    kind: Literal["cs", "cf"]
    when: Compare
    stage = 4  # marks only; written before a sort (`cs19s`: `scs19` would not read back)

    def __str__(self) -> str:
        return f"{self.kind}{self.when}"


@dataclass(frozen=True, slots=True)
class Sort:
    """`s`/`sa` ascending, `sd` descending: changes only the order shown."""

    descending: bool = False
    spelling: Literal["s", "sa", "sd"] = "s"
    stage = 5

    def __str__(self) -> str:
        return self.spelling


Modifier = (Reroll | Explode | Clamp | Keep | CountSuccesses | CountFailures | CountTwice | Crit
            | Sort)
Counting = CountSuccesses | CountFailures | CountTwice


def in_stage_order(mods: tuple[Modifier, ...]) -> tuple[Modifier, ...]:
    """The modifiers in the order they act: reroll, explode, clamp, keep/drop, count, sort
    (a bare `!` after the other explosions, as `mods_notation` writes it)."""
    return tuple(sorted(mods, key=lambda m: (m.stage, isinstance(m, Explode) and m.when is None)))


def mods_notation(mods: tuple[Modifier, ...]) -> str:
    """Modifiers as written back; a bare `!` goes last so `!` + `>=5` never reads as `!>=5`."""
    bare = [m for m in mods if isinstance(m, Explode) and m.when is None]
    rest = [m for m in mods if not (isinstance(m, Explode) and m.when is None)]
    return "".join(str(m) for m in rest + bare)


# ---- expressions ----


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Num:
    """A whole number: `3`."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Dice:
    """`NdX` with its modifiers; `count` 0 is allowed and rolls nothing.

    `advantage` marks a `d20 adv` / `d6 dis` term: one die rolled twice keeping the higher
    (adv) or the lower (dis), e.g. 2d20kh1 (its count and mods say so); it is written back as the
    player wrote it.
    """

    count: int
    die: Die
    mods: tuple[Modifier, ...] = ()
    advantage: Advantage | None = None

    def __str__(self) -> str:
        if self.advantage is not None:
            one = str(self.die) if self.die.kind == "risk" else f"1{self.die}"
            return f"{one} {self.advantage}"
        if self.die.kind == "risk":
            head = str(self.die) if self.count == 1 else f"{self.count}{self.die}"
        else:
            head = f"{self.count}{self.die}"
        return head + mods_notation(self.mods)

    @cached_property
    def staged(self) -> tuple[Modifier, ...]:
        """The modifiers in the order they act (worked out once: a parsed tree is rolled often)."""
        return in_stage_order(self.mods)

    @cached_property
    def keeps_only(self) -> bool:
        """Whether every modifier keeps or drops dice (4d6kh3): no die changes its face."""
        return all(isinstance(m, Keep) for m in self.mods)


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Aid:
    """Vagabond's `f` (Favor: add a d6) and `h` (Hinder: subtract a d6) atoms."""

    favor: bool

    def __str__(self) -> str:
        return "f" if self.favor else "h"


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Group:
    """`{e1, e2, …}` with modifiers that act on the members' totals."""

    members: tuple[Expr, ...]
    mods: tuple[Modifier, ...] = ()

    def __str__(self) -> str:
        return "{" + ", ".join(str(m) for m in self.members) + "}" + mods_notation(self.mods)


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class BinOp:
    """`left op right`: `+ - * /`."""

    op: Literal["+", "-", "*", "/"]
    left: Expr
    right: Expr

    def __str__(self) -> str:
        mine = _PRECEDENCE[self.op]
        left = _wrap(self.left, mine, right_side=False)
        right = _wrap(self.right, mine, right_side=True)
        return f"{left} {self.op} {right}"


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Neg:
    """Unary minus: `-1d4`."""

    operand: Expr

    def __str__(self) -> str:
        inner = str(self.operand)
        if isinstance(self.operand, (BinOp, Neg)):
            inner = f"({inner})"
        return f"-{inner}"


FunctionName = Literal["floor", "ceil", "round", "abs", "min", "max"]


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Call:
    """A function call: `floor(1d6/2)`, `max(1d6, 3)`."""

    fn: FunctionName
    args: tuple[Expr, ...]

    def __str__(self) -> str:
        return f"{self.fn}(" + ", ".join(str(a) for a in self.args) + ")"


@written_once
@dataclass(frozen=True)  # no slots: its notation is kept once written
class Labeled:
    """A term with a `[label]`, kept in the result (`1d8 [slashing]`)."""

    inner: Expr
    label: str

    def __str__(self) -> str:
        inner = f"({self.inner})" if isinstance(self.inner, (BinOp, Neg, Labeled)) else str(self.inner)
        return f"{inner} [{self.label}]"


Expr = Num | Dice | Aid | Group | BinOp | Neg | Call | Labeled

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _wrap(node: Expr, parent: int, right_side: bool) -> str:
    text = str(node)
    if isinstance(node, BinOp):
        child = _PRECEDENCE[node.op]
        if child < parent or (right_side and child == parent):
            return f"({text})"
    return text


# ---- whole LINEs ----

Advantage = Literal["adv", "dis"]


@dataclass(frozen=True)  # no slots: `ranged` and `aided` are cached
class RollLine:
    """A dice expression LINE: `[Nx] EXPR [adv|dis] [vs N | >= N …] [# comment]`.

    `target` with `target_op` is the compare of the total: `vs 15` and `>=15` pass at 15 or more,
    `>15` above 15, `<=5` at 5 or less (a roll-under), `=7` at 7 exactly.
    """

    expr: Expr
    advantage: Advantage | None = None
    target: int | None = None
    repeat: int = 1
    comment: str | None = field(default=None, compare=False)
    shown: str = field(default="", compare=False)
    """The LINE as typed, without its `Nx` and `# comment`: what each result echoes."""
    target_op: CompareOp = ">="

    def __str__(self) -> str:
        parts = [f"{self.repeat}x"] if self.repeat != 1 else []
        compared = self.target is not None and self.target_op != ">="
        # `(2d6) > 3`: a compare right after dice would be their success count
        parts.append(f"({self.expr})" if compared else str(self.expr))
        if self.advantage:
            parts.append(self.advantage)
        if self.target is not None:
            parts.append(self.goal_text)
        return " ".join(parts)

    @property
    def goal_text(self) -> str:
        """`vs 15`, or the compare as written (`> 15`, `<= 5`)."""
        return f"vs {self.target}" if self.target_op == ">=" else f"{self.target_op} {self.target}"

    def passes(self, total: int) -> bool:
        """Whether a total meets the LINE's target (it has one)."""
        assert self.target is not None
        return Compare(self.target_op, self.target).matches(total)

    @cached_property
    def ranged(self) -> bool:
        """Whether a term has a `cs`/`cf` range (asked once, not at every repeat)."""
        return any(isinstance(n, Dice) and any(isinstance(m, Crit) for m in n.mods)
                   for n in walk(self.expr))

    @cached_property
    def aided(self) -> bool:
        """Whether the expression has Vagabond's `f`/`h` atoms (asked once, not at every repeat)."""
        return any(isinstance(n, Aid) for n in walk(self.expr))

    @cached_property
    def risk_die(self) -> Dice | None:
        """The expression's first risk die (`Δ8`), if any (asked once, not at every repeat)."""
        return risk_die(self.expr)


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


def walk(expr: Expr) -> Iterator[Expr]:
    """Every node of an expression, the node itself first."""
    yield expr
    for child in children(expr):
        yield from walk(child)


def children(expr: Expr) -> tuple[Expr, ...]:
    """The nodes right under `expr` (a group's members, a call's arguments …)."""
    if isinstance(expr, BinOp):
        return (expr.left, expr.right)
    if isinstance(expr, Neg):
        return (expr.operand,)
    if isinstance(expr, Labeled):
        return (expr.inner,)
    if isinstance(expr, Call):
        return expr.args
    if isinstance(expr, Group):
        return expr.members
    return ()


def risk_die(expr: Expr) -> Dice | None:
    """The first risk die (`Δ8`) of `expr`, if it has one: Macchiato's atom."""
    return next((n for n in walk(expr) if isinstance(n, Dice) and n.die.kind == "risk"), None)


def is_bare_d20(node: Expr) -> bool:
    """A lone `d20` with no modifiers: the term `adv` and `dis` may follow."""
    return (isinstance(node, Dice) and node.count == 1 and node.die == D20 and not node.mods
            and node.advantage is None)


def is_bare_die(node: Expr) -> bool:
    """A lone die with no modifiers (`d20`, `d6`, `Δ8`): the term `adv` and `dis` may follow."""
    return (isinstance(node, Dice) and node.count == 1 and not node.mods
            and node.advantage is None)


def lone_die(line: RollLine) -> Dice | None:
    """The LINE's one die, alone or rolled at `adv`/`dis` (`Δ8`, `Δ8 adv`), else None."""
    expr = line.expr
    if line.target is not None or not isinstance(expr, Dice):
        return None
    return expr if expr.advantage is not None or is_bare_die(expr) else None


def has_advantage(line: RollLine) -> bool:
    """Whether a d20 of the LINE already rolls with `adv` or `dis`."""
    return line.advantage is not None or any(
        isinstance(n, Dice) and n.advantage is not None for n in walk(line.expr)
    )


def advantaged(node: Dice, advantage: Advantage) -> Dice:
    """`d20 adv` (2d20kh1) or `d6 dis` (2d6kl1) from one bare die: the better or worse of two."""
    keep = Keep("kh" if advantage == "adv" else "kl", 1)
    return replace(node, count=2, mods=(keep,), advantage=advantage)


def combined(words: Iterable[str]) -> Advantage | None:
    """Several `adv`/`dis` words as one: the same word twice is once (advantage never stacks),
    both cancel to one die (Macchiato's text; 5e's too)."""
    given = {w.lower() for w in words}
    if given == {"adv"}:
        return "adv"
    if given == {"dis"}:
        return "dis"
    return None


def bare_again(node: Dice) -> Dice:
    """`d20 adv` back to its one die (a `dis` after it cancels it)."""
    return replace(node, count=1, mods=(), advantage=None)


def with_advantage(expr: Expr, advantage: Advantage | None) -> Expr:
    """Give the first bare d20 of `expr` advantage (2d20kh1) or disadvantage (2d20kl1); a d20
    already rolled the other way goes back to one die (adv and dis cancel), the same way stays."""
    if advantage is None:
        return expr
    if not any(is_bare_d20(n) for n in walk(expr)):
        return _with_second_word(expr, advantage)
    done = False

    def visit(node: Expr) -> Expr:
        nonlocal done
        if done:
            return node
        if isinstance(node, Dice):
            if is_bare_d20(node):
                done = True
                return advantaged(node, advantage)
            return node
        if isinstance(node, BinOp):
            left = visit(node.left)
            return replace(node, left=left, right=visit(node.right))
        if isinstance(node, Neg):
            return replace(node, operand=visit(node.operand))
        if isinstance(node, Labeled):
            return replace(node, inner=visit(node.inner))
        if isinstance(node, Call):
            return replace(node, args=tuple(visit(a) for a in node.args))
        if isinstance(node, Group):
            return replace(node, members=tuple(visit(m) for m in node.members))
        return node

    out = visit(expr)
    if not done:
        from rules.errors import UsageError

        raise UsageError(no_d20_for(advantage))
    return out


def _with_second_word(expr: Expr, advantage: Advantage) -> Expr:
    """`d20 adv dis`: the LINE's word meets a d20 that has one already."""
    first = next((n for n in walk(expr) if isinstance(n, Dice) and n.advantage is not None
                  and n.die == D20), None)
    if first is None:
        from rules.errors import UsageError

        raise UsageError(no_d20_for(advantage))
    if first.advantage == advantage:
        return expr
    return _replaced(expr, first, bare_again(first))


def _replaced(expr: Expr, old: Expr, new: Expr) -> Expr:
    """`expr` with its first node `old` (by identity) replaced by `new`."""
    if expr is old:
        return new
    if isinstance(expr, BinOp):
        left = _replaced(expr.left, old, new)
        if left is not expr.left:
            return replace(expr, left=left)
        right = _replaced(expr.right, old, new)
        return expr if right is expr.right else replace(expr, right=right)
    if isinstance(expr, Neg):
        inner = _replaced(expr.operand, old, new)
        return expr if inner is expr.operand else replace(expr, operand=inner)
    if isinstance(expr, Labeled):
        inner = _replaced(expr.inner, old, new)
        return expr if inner is expr.inner else replace(expr, inner=inner)
    if isinstance(expr, (Call, Group)):
        items = expr.args if isinstance(expr, Call) else expr.members
        for i, item in enumerate(items):
            got = _replaced(item, old, new)
            if got is not item:
                changed = (*items[:i], got, *items[i + 1:])
                return (replace(expr, args=changed) if isinstance(expr, Call)
                        else replace(expr, members=changed))
    return expr


def no_d20_for(advantage: Advantage, expr: Expr | None = None, typed: str | None = None) -> str:
    """Why `adv`/`dis` found no die, saying the rule: it takes one die (the one it follows, or
    at a LINE's end its one plain d20), so `2d20 adv` is ambiguous."""
    word = typed or advantage
    keep, better = ("kh1", "higher") if advantage == "adv" else ("kl1", "lower")
    rule = f"'{word}' rolls one die twice and keeps the {better} (d20 {advantage} is 2d20{keep})"
    d20 = next((n for n in walk(expr) if isinstance(n, Dice) and n.die == D20), None) if (
        expr is not None) else None
    if d20 is not None:
        return (f"{rule}: {d20} is not one die, so '{d20} {word}' is ambiguous; write"
                f" {d20.count if d20.count > 1 else 2}d20{keep}, or d20 {advantage}")
    return (f"{rule}: write it right after the die (d8 {advantage} + 2), or give the line a"
            f" plain d20 (d20+5 {advantage})")
