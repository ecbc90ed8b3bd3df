"""LINEs from the notation both peers share, and their translations for avrae's `d20` and `icepool`.

`corpus(seed, n)` builds syntax trees with a seeded `random.Random` (the same corpus on every
machine); `to_d20` writes a tree in d20's notation; `to_icepool` builds the same exact
distribution with icepool's dice algebra (for the trees `icepool_can` accepts).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import d20
import icepool

from rules.dice.results import Rolled, RolledGroup, RolledLabel, RolledOp, RolledTerm
from rules.notation import syntax

SIDES = (2, 3, 4, 6, 8, 10, 12, 20)
D20_KEEP = {"kh": "kh", "kl": "kl", "dh": "ph", "dl": "pl"}
LABELS = ("fire", "slashing", "cold")


# ---- the corpus ----


class _Gen:
    """Random trees of the common subset: NdX with r/ro, ! (one or two points), min/max, one
    keep/drop; `{…}` groups with one keep/drop; + - * and unary -; `d20 adv`/`dis`; labels."""

    def __init__(self, rng: random.Random, exploding: bool) -> None:
        self.rng = rng
        self.exploding = exploding

    def point(self, sides: int, low: int, high: int) -> syntax.Compare:
        """A compare point that matches some faces of a dX, never all of them."""
        op = self.rng.choice(["=", ">", ">=", "<", "<="])
        if op == "=":
            return syntax.Compare("=", self.rng.randint(low, high))
        if op in (">", ">="):
            base = self.rng.randint(max(low, sides // 2), high)
            return syntax.Compare(">", base) if op == ">" else syntax.Compare(">=", max(base, 2))
        base = self.rng.randint(low, max(low, sides // 2))
        return syntax.Compare("<", max(base, 2)) if op == "<" else syntax.Compare("<=", base)

    def explode_point(self, sides: int) -> syntax.Compare | None:
        """Max (a bare `!`), or a point that leaves most faces standing."""
        rng = self.rng
        kind = rng.choice(["max", "max", "=", ">=", ">", "<", "<="])
        if kind == "max":
            return None
        if kind == "=":
            return syntax.Compare("=", rng.randint(1, sides))
        if kind in (">=", ">"):
            low = rng.randint(max(2, sides - 2), sides)
            return syntax.Compare(">=", low) if kind == ">=" else syntax.Compare(">", low - 1)
        high = rng.randint(1, max(1, sides // 3))
        return syntax.Compare("<=", high) if kind == "<=" else syntax.Compare("<", high + 1)

    def dice(self) -> syntax.Dice:
        rng = self.rng
        if rng.random() < 0.08:
            return syntax.advantaged(syntax.Dice(1, syntax.D20), rng.choice(["adv", "dis"]))  # type: ignore[arg-type]
        sides = rng.choice(SIDES)
        count = rng.randint(1, 4)
        die = syntax.std_die(sides)
        mods: list[syntax.Modifier] = []
        if sides > 2 and rng.random() < 0.3:
            once = rng.random() < 0.4
            mods.append(syntax.Reroll(self.point(sides, 1, sides - 1), once, "ro" if once else "r"))
        if self.exploding and sides > 2 and rng.random() < 0.35:
            for _ in range(rng.choice([1, 1, 2])):
                when = self.explode_point(sides)
                points = [m.when for m in mods if isinstance(m, syntax.Explode)] + [when]
                explosion = syntax.explosion(die, tuple(syntax.Explode("!", p) for p in points))
                if when in points[:-1] or (explosion and all(map(explosion.matches, die.faces))):
                    continue
                mods.append(syntax.Explode("!", when))
        if sides > 2 and rng.random() < 0.15:
            mods.append(syntax.Clamp(rng.choice(["min", "max"]), rng.randint(2, sides - 1)))
        if rng.random() < 0.35:
            mods.append(syntax.Keep(rng.choice(["kh", "kl", "dh", "dl"]), rng.randint(0, count)))
        node = syntax.Dice(count, die, syntax.in_stage_order(tuple(mods)))
        return node

    def atom(self, depth: int) -> syntax.Expr:
        rng = self.rng
        roll = rng.random()
        if roll < 0.2:
            return syntax.Num(rng.randint(0, 10))
        if roll < 0.3 and depth < 2:
            members = tuple(self.atom(depth + 1) for _ in range(rng.randint(1, 3)))
            keep = syntax.Keep(rng.choice(["kh", "kl", "dh", "dl"]), rng.randint(0, len(members)))
            return syntax.Group(members, (keep,))
        node: syntax.Expr = self.dice()
        if rng.random() < 0.1:
            node = syntax.Labeled(node, rng.choice(LABELS))
        return node

    def expr(self, depth: int = 0) -> syntax.Expr:
        rng = self.rng
        if depth >= 2 or rng.random() < 0.45:
            node = self.atom(depth)
            return syntax.Neg(node) if rng.random() < 0.08 else node
        op = rng.choice(["+", "+", "-", "*"])
        return syntax.BinOp(op, self.expr(depth + 1), self.expr(depth + 1))  # type: ignore[arg-type]


def corpus(seed: int, n: int, exploding: bool = True) -> list[syntax.Expr]:
    """n expressions; some end in `/ k` (division is compared where it is the last step)."""
    rng = random.Random(seed)
    gen = _Gen(rng, exploding)
    out: list[syntax.Expr] = []
    for _ in range(n):
        expr = gen.expr()
        if rng.random() < 0.1:
            expr = syntax.BinOp("/", expr, syntax.Num(rng.randint(2, 4)))
        out.append(expr)
    return out


# ---- d20 ----


def _selector(point: syntax.Compare) -> str:
    """A compare point as a d20 selector (d20 knows `N`, `>N` and `<N`)."""
    v = point.value
    return {"=": f"{v}", ">": f">{v}", "<": f"<{v}", ">=": f">{v - 1}", "<=": f"<{v + 1}"}[point.op]


def _d20_ops(node: syntax.Dice) -> str:
    out = []
    for m in node.mods:  # in acting order, which d20 follows as written
        if isinstance(m, syntax.Reroll):
            out.append(("ro" if m.once else "rr") + _selector(m.when))
        elif isinstance(m, syntax.Explode):
            out.append("e" + _selector(m.when or syntax.Compare("=", node.die.highest)))
        elif isinstance(m, syntax.Clamp):
            out.append(("mi" if m.bound == "min" else "ma") + str(m.value))
        elif isinstance(m, syntax.Keep):
            out.append(D20_KEEP[m.op] + str(m.count))
        else:
            raise ValueError(f"not in the common subset: {m}")
    return "".join(out)


def to_d20(node: syntax.Expr) -> str:
    """The expression in d20's notation; our top-level `/` is d20's `//` (both round down)."""
    if isinstance(node, syntax.Num):
        return str(node.value)
    if isinstance(node, syntax.Dice):
        return f"{node.count}d{node.die.sides}{_d20_ops(node)}"
    if isinstance(node, syntax.Labeled):
        return f"{to_d20(node.inner)} [{node.label}]"
    if isinstance(node, syntax.Neg):
        return f"-({to_d20(node.operand)})"
    if isinstance(node, syntax.Group):
        inner = ", ".join(to_d20(m) for m in node.members) + ("," if len(node.members) == 1 else "")
        keeps = "".join(D20_KEEP[m.op] + str(m.count) for m in node.mods if isinstance(m, syntax.Keep))
        return f"({inner}){keeps}"
    if isinstance(node, syntax.BinOp):
        op = "//" if node.op == "/" else node.op
        return f"({to_d20(node.left)}) {op} ({to_d20(node.right)})"
    raise ValueError(f"not in the common subset: {node}")


class StreamSource:
    """Our dice drawn as d20 draws its own, `randrange(sides) + 1` from a `random.Random(seed)`:
    rolled in the same order, a LINE gets the same faces from both (d20 rolls from the global
    `random`, seeded alike by `d20_seeded`)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def throw(self, die: syntax.Die, why: str) -> int:
        assert die.kind == "std", die
        return self.rng.randrange(die.sides) + 1

    def throw_many(self, die: syntax.Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]


@contextmanager
def d20_seeded(seed: int) -> Iterator[None]:
    """d20 rolls from `random.seed(seed)` while the block runs; the global stream is as it was
    after it."""
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


def seed_for(sides: int, faces: list[int]) -> int:
    """The first seed whose stream throws these faces of a dX, in order."""
    seed = 0
    while StreamSource(seed).throw_many(syntax.std_die(sides), len(faces), "") != faces:
        seed += 1
    return seed


def d20_throws(node: Any, alive: bool = True) -> Iterator[tuple[int, int, bool]]:
    """(sides, value, kept) of every face of a d20 result: a face rerolled away shows as thrown,
    a standing one as it counts (after min/max); a dropped parent drops all below it."""
    alive = alive and node.kept
    if isinstance(node, d20.Dice):
        for die in node.values:
            for literal in die.values:
                if literal.kept:
                    yield node.size, literal.number, alive and die.kept
                else:
                    yield node.size, literal.values[0], False
        return
    for child in node.children:
        yield from d20_throws(child, alive)


def had_tie(node: Rolled) -> bool:
    """Whether a keep/drop chose between equal dice or members somewhere in our result."""
    if isinstance(node, RolledTerm):
        kept = {d.value for d in node.dice if d.kept}
        return bool(kept & {d.value for d in node.dice if not d.kept})
    if isinstance(node, RolledGroup):
        values = [m.value for m in node.members]
        kept = {v for v, k in zip(values, node.kept, strict=True) if k}
        dropped = {v for v, k in zip(values, node.kept, strict=True) if not k}
        return bool(kept & dropped) or any(had_tie(m) for m in node.members)
    if isinstance(node, RolledLabel):
        return had_tie(node.inner)
    if isinstance(node, RolledOp):
        return any(had_tie(c) for c in node.children)
    return False


def our_throws(node: Rolled, alive: bool = True) -> Iterator[tuple[int, int, bool]]:
    """The same view of our result tree."""
    if isinstance(node, RolledTerm):
        for d in node.dice:
            for face in d.faces[: len(d.faces) - 1]:
                yield d.die.sides, face, False
            yield d.die.sides, d.value, alive and d.kept
    elif isinstance(node, RolledGroup):
        for member, kept in zip(node.members, node.kept, strict=True):
            yield from our_throws(member, alive and kept)
    elif isinstance(node, RolledLabel):
        yield from our_throws(node.inner, alive)
    elif isinstance(node, RolledOp):
        for child in node.children:
            yield from our_throws(child, alive)


# ---- icepool ----


def icepool_can(node: syntax.Expr) -> bool:
    """Whether `to_icepool` builds this tree: explosions only alone on a term (icepool sums an
    exploding die's chain, so it cannot reroll, clamp or keep its dice one by one)."""
    for n in syntax.walk(node):
        explodes = [isinstance(m, syntax.Explode) for m in n.mods] if isinstance(n, syntax.Dice) else []
        if any(explodes) and not all(explodes):
            return False
        if isinstance(n, syntax.BinOp) and n.op == "/" and n is not node:
            return False
    return True


def _icepool_dice(node: syntax.Dice) -> icepool.Die[int]:
    die: icepool.Die[int] = icepool.d(node.die.sides)
    for m in node.mods:
        if isinstance(m, syntax.Reroll):
            die = die.reroll(m.when.matches, depth=1 if m.once else "inf")
        elif isinstance(m, syntax.Clamp):
            die = die.clip(m.value, None) if m.bound == "min" else die.clip(None, m.value)
    explosion = syntax.explosion(node.die, node.mods)
    if explosion is not None:
        p = Fraction(sum(explosion.matches(f) for f in node.die.faces), node.die.sides)
        depth = 1
        while p**depth > Fraction(1, 10**13):
            depth += 1
        return node.count @ die.explode(explosion.matches, depth=depth)
    keeps = [m for m in node.mods if isinstance(m, syntax.Keep)]
    return _kept(die.pool(node.count), node.count, keeps)


def _kept(pool: icepool.Pool[int], n: int, keeps: list[syntax.Keep]) -> icepool.Die[int]:
    if not keeps:
        return pool.sum()
    (keep,) = keeps
    k = min(keep.count, n)
    if keep.op in ("kh", "dl"):
        size = k if keep.op == "kh" else n - k
        return pool.highest(size).sum() if size else icepool.Die([0])
    size = k if keep.op == "kl" else n - k
    return pool.lowest(size).sum() if size else icepool.Die([0])


def to_icepool(node: syntax.Expr) -> icepool.Die[Any]:
    """The exact distribution of an expression, built with icepool (before rounding down)."""
    if isinstance(node, syntax.Num):
        return icepool.Die([node.value])
    if isinstance(node, syntax.Dice):
        return _icepool_dice(node)
    if isinstance(node, syntax.Labeled):
        return to_icepool(node.inner)
    if isinstance(node, syntax.Neg):
        return -to_icepool(node.operand)
    if isinstance(node, syntax.Group):
        members = [to_icepool(m) for m in node.members]
        keeps = [m for m in node.mods if isinstance(m, syntax.Keep)]
        return _kept(icepool.Pool(members), len(members), keeps)
    if isinstance(node, syntax.BinOp):
        left, right = to_icepool(node.left), to_icepool(node.right)
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if node.op == "*":
            return left * right
        return left // right
    raise ValueError(f"not in the common subset: {node}")


def icepool_probabilities(die: icepool.Die[Any]) -> dict[int, Fraction]:
    denominator = die.denominator()
    return {int(o): Fraction(q, denominator) for o, q in die.items() if q}
