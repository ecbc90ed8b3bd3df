"""P(crit) and P(fumble) of a LINE whose one dice term has a `cs`/`cf` range (`2d20kh1cs>=19`).

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
from rules.notation import ast


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


def with_marks(odds: Odds, expr: ast.Expr) -> Odds:
    """`odds` with the chance of each range of the LINE's one ranged term, where it can tell."""
    ranged = [n for n in ast.walk(expr) if isinstance(n, ast.Dice)
              and any(isinstance(m, ast.Crit) for m in n.mods)]
    if len(ranged) != 1:
        return odds
    node = ranged[0]
    if any(isinstance(m, (ast.Explode, ast.Clamp)) for m in node.mods):
        return odds
    try:
        chances = {kind: _chance(node, kind) for kind in ("cs", "cf")}
    except RollError:
        return odds  # too much work for a line under the chart: the chart stands alone
    return MarkedOdds(odds.distribution, odds.outcomes, crit=chances["cs"],
                      fumble=chances["cf"])


def _chance(node: ast.Dice, kind: str) -> Fraction | None:
    points = [m.when for m in node.mods if isinstance(m, ast.Crit) and m.kind == kind]
    if not points:
        return None
    if node.count == 0:
        return Fraction(0)
    faces = Dist.uniform(node.die.faces)
    rerolls = [m for m in node.mods if isinstance(m, ast.Reroll)]
    first = _rerolled(node, faces, rerolls) if rerolls else faces
    keeps = [m for m in node.mods if isinstance(m, ast.Keep)]

    def marked(v: Value) -> Value:
        return int(any(p.matches(v) for p in points))

    window = keep_window(keeps, node.count)
    weights = pool_keep([(first.weights, node.count)], window, marked, str(node))
    return 1 - Fraction(weights.get(0, 0), first.denom**node.count)
