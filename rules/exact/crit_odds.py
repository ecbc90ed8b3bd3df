"""P(crit) and P(fumble) of a LINE whose one dice term has a `cs`/`cf` range (`2d20kh1cs>=19`),
or (the generic system's rule) whose one kept d20 shows a natural 20 or 1 (`d20+5 adv`).

The roller marks a crit when a kept die of the term shows a face of the range (its natural
face: the one that stood after rerolls); the odds count the same event over the pool of that
term's dice, ranked as the keep ranks them. Terms that explode or clamp (whose natural face and
kept value part) and LINEs with several ranged terms get no such line.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.errors import RollError
from rules.exact.dice import _rerolled
from rules.exact.dist import Dist, Value
from rules.exact.pool import keep_window, pool_keep
from rules.exact.result import Odds
from rules.notation import syntax


@dataclass(frozen=True)  # no slots: Odds caches its mean and tails
class MarkedOdds(Odds):
    """Odds with P(crit) and P(fumble) where the LINE's range says."""

    crit: Fraction | None = None
    fumble: Fraction | None = None

    @property
    def extra(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.crit is not None:
            out["crit"] = self.crit
        if self.fumble is not None:
            out["fumble"] = self.fumble
        return out

    @property
    def notes(self) -> tuple[str, ...]:
        words = [f"{name} {float(p) * 100:.2f}%" for name, p in
                 (("crit", self.crit), ("fumble", self.fumble)) if p is not None]
        return (" · ".join(words),) if words else ()


def with_marks(odds: Odds, expr: syntax.Expr, natural: bool = False) -> Odds:
    """`odds` with P(crit) and P(fumble): of the LINE's one ranged term's range, where it can
    tell, and (`natural`: the generic system's rule, SPEC §3) of a natural 20 or 1 on the one
    kept d20 of the LINE; a range decides its kind, the natural rule the other."""
    chances: dict[str, Fraction | None] = {"cs": None, "cf": None}
    try:
        if natural:
            chances.update(_natural(expr))
        ranged = [n for n in syntax.walk(expr) if isinstance(n, syntax.Dice)
                  and any(isinstance(m, syntax.Crit) for m in n.mods)]
        if len(ranged) == 1 and not _parted(ranged[0]):
            for kind in ("cs", "cf"):
                points = [m.when for m in ranged[0].mods if isinstance(m, syntax.Crit)
                          and m.kind == kind]
                if points:
                    chances[kind] = _chance(ranged[0], points)
    except RollError:
        return odds  # too much work for a line under the chart: the chart stands alone
    if chances["cs"] is None and chances["cf"] is None:
        return odds
    return MarkedOdds(odds.distribution, odds.outcomes, crit=chances["cs"],
                      fumble=chances["cf"])


NATURAL = {"cs": syntax.Compare("=", 20), "cf": syntax.Compare("=", 1)}
"""A natural 20 is a crit, a natural 1 a fumble (the generic system's d20)."""


def _parted(node: syntax.Dice) -> bool:
    """Whether a term's natural face and kept value part (it explodes or clamps)."""
    return any(isinstance(m, (syntax.Explode, syntax.Clamp)) for m in node.mods)


def _natural(expr: syntax.Expr) -> dict[str, Fraction]:
    """P(natural 20) and P(natural 1) of the one kept d20 of `expr`: {} when the LINE keeps
    another number of d20s (it never marks one), keeps them in a group or explodes them."""
    terms: list[syntax.Dice] = []
    for n in _terms(expr):
        if isinstance(n, syntax.Group):
            pool = _as_pool(n)
            if pool is None:
                return {}
            n = pool
        terms.append(n)
    kept = [(n, _kept(n)) for n in terms]
    if sum(k for _, k in kept) != 1:
        return {}
    node = next(n for n, k in kept if k == 1)
    if _parted(node):
        return {}
    return {kind: _chance(node, [point]) for kind, point in NATURAL.items()}


def _terms(expr: syntax.Expr) -> list[syntax.Dice | syntax.Group]:
    """The d20 terms of `expr`, and the groups that hold d20s (whole: a group keeps members)."""
    found: list[syntax.Dice | syntax.Group] = []

    def visit(node: syntax.Expr) -> None:
        if isinstance(node, syntax.Group):
            if any(isinstance(m, syntax.Dice) and m.die == syntax.D20 for m in syntax.walk(node)):
                found.append(node)
            return
        if isinstance(node, syntax.Dice):
            if node.die == syntax.D20:
                found.append(node)
            return
        for child in syntax.children(node):
            visit(child)

    visit(expr)
    return found


def _as_pool(group: syntax.Group) -> syntax.Dice | None:
    """`{d20, d20}kh1` as the pool 2d20kh1 it keeps like; None for any other group of d20s."""
    plain = all(isinstance(m, syntax.Dice) and m.count == 1 and m.die == syntax.D20 and not m.mods
                for m in group.members)
    if not plain or not all(isinstance(m, syntax.Keep) for m in group.mods):
        return None
    return syntax.Dice(len(group.members), syntax.D20, group.mods)


def _kept(node: syntax.Dice) -> int:
    """How many of a term's dice stay after its keeps and drops."""
    a, b = keep_window([m for m in node.mods if isinstance(m, syntax.Keep)], node.count)
    return max(0, b - a)


def _chance(node: syntax.Dice, points: list[syntax.Compare]) -> Fraction:
    """P(a kept die of the term shows a face of `points`), its faces as they stood after
    rerolls, over the pool ranked as the keep ranks it."""
    if node.count == 0:
        return Fraction(0)
    faces = Dist.uniform(node.die.faces)
    rerolls = [m for m in node.mods if isinstance(m, syntax.Reroll)]
    first = _rerolled(node, faces, rerolls) if rerolls else faces
    keeps = [m for m in node.mods if isinstance(m, syntax.Keep)]

    def marked(v: Value) -> Value:
        return int(any(p.matches(v) for p in points))

    window = keep_window(keeps, node.count)
    weights = pool_keep([(first.weights, node.count)], window, marked, str(node))
    return 1 - Fraction(weights.get(0, 0), first.denom**node.count)
