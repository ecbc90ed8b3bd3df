"""Evaluate a syntax tree with a DiceSource: one method per node type, a budget for the limits
(rules/dice/budget.py); a term with more than keeps is worked out die by die in
rules/dice/modified.py, by what rules/dice/term_rules.py decides."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.dice.budget import Budget
from rules.dice.results import (
    DieRoll,
    Roll,
    Rolled,
    RolledConst,
    RolledGroup,
    RolledLabel,
    RolledOp,
    RolledTerm,
    Throw,
)
from rules.dice.source import DiceSource
from rules.dice.term_rules import apply_function, keep_indices
from rules.errors import EvaluationError
from rules.notation.die_nodes import D6, Die, Keep
from rules.notation.expr_nodes import Aid, BinOp, Call, Dice, Expr, Group, Labeled, Neg, Num

if TYPE_CHECKING:
    from rules.dice.results import Exact


@dataclass(slots=True)
class Roller:
    """Throws the dice of one LINE: every roll through it shares the budget and throw order."""

    source: DiceSource
    budget: Budget = field(default_factory=Budget)
    _throws: list[Throw] = field(default_factory=list)
    """Every throw of the LINE so far, in roll order."""
    _whys: list[tuple[int, str]] = field(default_factory=list)
    """(first throw id, why) of each call that threw."""
    _fates: dict[int, str] | None = None
    """The throws a reroll replaced or that exploded (made when the first is), by id."""

    # ---- public ----

    def roll(self, expr: Expr, why: str = "") -> Roll:
        """Evaluate `expr`; the result keeps every die and the throws made for it, in order."""
        start = len(self._throws)
        tree = self._eval(expr, why)
        throws = tuple(self._throws[start:])
        successes = _successes_of(tree)
        # the tree's notation is the expression's, written once as it was rolled
        return Roll(tree.notation, tree, math.floor(tree.value), tree.value, throws, successes)

    def throw(self, die: Die, why: str) -> tuple[int, int]:
        """One die: returns (face, throw id)."""
        self.budget.spend(1)
        face = self.source.throw(die, why)
        self._whys.append((len(self._throws), why))
        self._throws.append(Throw(die.name, face, True))
        return face, len(self._throws) - 1

    def throw_many(self, die: Die, count: int, why: str) -> tuple[list[int], int]:
        """`count` dice at once: returns their faces and the throw id of the first."""
        self.budget.spend(count)
        faces = self.source.throw_many(die, count, why)
        first = len(self._throws)
        self._whys.append((first, why))
        made: dict[int, Throw] = {}  # equal faces of one throw share one value: `100000d6` makes six
        for face in faces:
            if face not in made:
                made[face] = Throw(die.name, face, True)
        self._throws.extend([made[face] for face in faces])
        return faces, first

    def set_aside(self, *throw_ids: int) -> None:
        """Throws that no longer count: dice a keep dropped, a throw a rule ignores after the
        roll (a passed Block or Dodge)."""
        aside: dict[Throw, Throw] = {}  # equal throws set aside share one value, as above
        throws = self._throws
        for i in throw_ids:
            kept = throws[i]
            if kept.kept:
                if kept not in aside:
                    aside[kept] = Throw(kept.die, kept.face, False)
                throws[i] = aside[kept]

    def history(self, count: int) -> list[tuple[str, str | None]]:
        """Each of the first `count` throws' why and fate (`rerolled`, `exploded` or None).
        What it says of a throw never changes once its term is done (later throws only add
        ids past it), so a result may keep the roller as its dice history (`DiceHistory`)."""
        whys = [""] * count
        ends = [first for first, _ in self._whys[1:]] + [count]
        for (first, why), end in zip(self._whys, ends, strict=False):
            stop = min(end, count)
            if first < stop:
                whys[first:stop] = [why] * (stop - first)
        fates = self._fates or {}
        return [(why, fates.get(i)) for i, why in enumerate(whys)]

    def fate(self, throw_id: int, fate: str) -> None:
        """A throw that a reroll replaced (`rerolled`) or that exploded (`exploded`)."""
        if self._fates is None:
            self._fates = {}
        self._fates[throw_id] = fate

    @property
    def throws(self) -> tuple[Throw, ...]:
        """Every throw of the LINE so far, in roll order."""
        return tuple(self._throws)

    # ---- dispatch ----

    def _eval(self, node: Expr, why: str) -> Rolled:
        method: Callable[[Roller, Expr, str], Rolled] = _DISPATCH[type(node)]
        return method(self, node, why)

    def _num(self, node: Num, why: str) -> Rolled:
        return RolledConst(str(node.value), node.value)

    def _label(self, node: Labeled, why: str) -> Rolled:
        inner = self._eval(node.inner, node.label)
        return RolledLabel(str(node), inner, node.label, inner.value)

    def _neg(self, node: Neg, why: str) -> Rolled:
        inner = self._eval(node.operand, why)
        return RolledOp(str(node), "neg", (inner,), -inner.value)

    def _binop(self, node: BinOp, why: str) -> Rolled:
        left = self._eval(node.left, why)
        right = self._eval(node.right, why)
        a, b = left.value, right.value
        if node.op == "+":
            value = a + b
        elif node.op == "-":
            value = a - b
        elif node.op == "*":
            value = a * b
        else:
            if b == 0:
                raise EvaluationError(f"division by zero in {node}")
            from fractions import Fraction  # the only way a value leaves the integers

            value = Fraction(a) / b
        return RolledOp(node.written(left.notation, right.notation), node.op, (left, right), value)

    def _call(self, node: Call, why: str) -> Rolled:
        args = tuple(self._eval(a, why) for a in node.args)
        return RolledOp(str(node), node.fn, args, apply_function(node.fn, [a.value for a in args]))

    def _aid(self, node: Aid, why: str) -> Rolled:
        label = "Favor" if node.favor else "Hinder"
        face, tid = self.throw(D6, label)
        value = face if node.favor else -face
        roll = DieRoll(D6, (face,), value, why=label)
        return RolledTerm(str(node), D6, (face,), value, histories=(roll,))

    # ---- dice terms ----

    def _dice(self, node: Dice, why: str) -> Rolled:
        die = node.die
        if die.sides < 1:
            raise EvaluationError(f"a die needs at least one side: {node.count}d{die.sides}")
        mods = node.staged
        label = why or str(node)
        faces, first = self.throw_many(die, node.count, label)
        if not mods:
            return RolledTerm(str(node), die, tuple(faces), sum(faces))
        if node.keeps_only:
            return self._kept_dice(node, faces, first)
        import rules.dice.modified  # at the first term with more than keeps (see its docstring)

        return rules.dice.modified.modified_term(self, node, faces, first, label)

    def _kept_dice(self, node: Dice, faces: list[int], first: int) -> Rolled:
        """A term whose modifiers only keep or drop (4d6kh3): each die is its one face."""
        kept = [True] * len(faces)
        for mod in node.staged:
            if isinstance(mod, Keep):  # all of them are
                keep_indices(kept, faces, mod)
        self.set_aside(*[first + i for i, k in enumerate(kept) if not k])
        value = sum(f for f, k in zip(faces, kept, strict=True) if k)
        return RolledTerm(str(node), node.die, tuple(faces), value, tuple(kept))

    def _group(self, node: Group, why: str) -> Rolled:
        # groups are no plain sum's: their modifiers' modules load at the first
        from rules.dice.counting import check_counting, success_of
        from rules.notation.modifiers import Counting, Sort, in_stage_order

        members: list[Rolled] = []
        spans: list[tuple[int, int]] = []
        for m in node.members:
            start = len(self._throws)
            members.append(self._eval(m, why))
            spans.append((start, len(self._throws)))
        kept = [True] * len(members)
        values = [m.value for m in members]
        counting: list[Counting] = []
        order = list(range(len(members)))
        for mod in in_stage_order(node.mods):
            if isinstance(mod, Keep):
                keep_indices(kept, values, mod)
            elif isinstance(mod, Counting):
                counting.append(mod)
            elif isinstance(mod, Sort):
                order.sort(key=lambda i: values[i], reverse=mod.descending)
            else:
                raise EvaluationError(
                    f"a group takes keep/drop, success counting and sort, not '{mod}': {node}"
                )
        scores: list[int] = []
        if counting:
            check_counting(node, counting)
            scores = [success_of(v, counting) if k else 0 for v, k in zip(values, kept, strict=True)]
            value: Exact = sum(scores)
        else:
            value = sum(values[i] for i in range(len(members)) if kept[i])
        self.set_aside(*[tid for (start, end), k in zip(spans, kept, strict=True) if not k
                         for tid in range(start, end)])
        return RolledGroup(
            str(node),
            tuple(members[i] for i in order),
            tuple(kept[i] for i in order),
            value,
            counts_successes=bool(counting),
            scores=tuple(scores[i] for i in order) if counting else (),
        )


_DISPATCH: dict[type, Callable[..., Rolled]] = {
    Num: Roller._num,
    Dice: Roller._dice,
    BinOp: Roller._binop,
    Neg: Roller._neg,
    Aid: Roller._aid,
    Group: Roller._group,
    Call: Roller._call,
    Labeled: Roller._label,
}
"""The method of each node type."""


def _successes_of(tree: Rolled) -> int | None:
    """The success count when the whole expression is one counting term or group."""
    node = tree
    while isinstance(node, RolledLabel):
        node = node.inner
    if isinstance(node, (RolledTerm, RolledGroup)) and node.counts_successes:
        return int(node.value)
    return None


def roll(expr: Expr, source: DiceSource) -> Roll:
    """Evaluate one expression with its own budget."""
    return Roller(source).roll(expr)
