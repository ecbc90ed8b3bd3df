"""The exact distribution of any dice expression or LINE, walking the roller's syntax tree."""

from __future__ import annotations

import math
import operator
from collections import OrderedDict
from collections.abc import Callable, Hashable
from fractions import Fraction

from rules.dice.term_rules import apply_function
from rules.errors import EvaluationError
from rules.exact.dice import check_count, dice_distribution, score_of
from rules.exact.dist import MAX_OUTCOMES, MAX_PACKED_DIGITS, Dist, Value, exact, too_many, too_much_work
from rules.exact.pool import keep_window, members_keep
from rules.exact.result import Odds
from rules.limits import MAX_DICE
from rules.notation import syntax

EPSILON = Fraction(1, 10**12)
"""Explosion tails are cut once the probability left out of the whole LINE is below this."""


def line_odds(line: syntax.RollLine, natural: bool = False) -> Odds:
    """The odds of a dice LINE: the distribution of its (rounded-down) total, and pass/fail
    against `vs N` (pass when total ≥ N); `adv`/`dis` turn its first d20 into 2d20kh1/kl1.
    P(crit) and P(fumble) come with a `cs`/`cf` range, and (`natural`: the generic system's
    rule) with a natural 20 or 1 of the LINE's one kept d20."""
    expr = syntax.with_advantage(line.expr, line.advantage)
    dist = distribution(expr)
    total = dist if dist.integral else dist.map(_floor)
    odds = Odds.from_dist(total, line.target, line.target_op)
    if line.ranged or natural and any(
            isinstance(n, syntax.Dice) and n.die == syntax.D20 for n in syntax.walk(expr)):
        from rules.exact.crit_odds import with_marks

        return with_marks(odds, expr, natural)
    return odds


def distribution(expr: syntax.Expr) -> Dist:
    """The exact distribution of an expression's value (a rational: `/` is exact division)."""
    check_count(_dice_thrown(expr), MAX_DICE)
    exploding = _exploding_terms(expr)
    eps = EPSILON / max(1, exploding)
    return _cached((expr, eps), lambda: _Walker(eps).walk(expr))


_CACHE: OrderedDict[Hashable, Dist] = OrderedDict()
_CACHE_WORDS = 4_000_000
"""Distributions already computed are kept up to about this many machine words (a REPL asks
`odds 4d6kh3` again and again); the oldest go first."""
_cache_used = 0


def clear_cache() -> None:
    """Forget every remembered distribution (benchmarks time the work, not the lookup)."""
    global _cache_used
    _CACHE.clear()
    _cache_used = 0


def _cost(dist: Dist) -> int:
    return len(dist) * (2 + dist.denom.bit_length() // 64)


def _cached(key: Hashable, compute: Callable[[], Dist]) -> Dist:
    """compute(), remembered under `key` (syntax trees are frozen, so equal trees share it)."""
    global _cache_used
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    dist = compute()
    cost = _cost(dist)
    if key not in _CACHE and cost <= _CACHE_WORDS // 8:  # (a lone term was cached just now)
        _CACHE[key] = dist
        _cache_used += cost
        while _cache_used > _CACHE_WORDS:
            _, old = _CACHE.popitem(last=False)
            _cache_used -= _cost(old)
    return dist


class _Walker:
    """One method per node type, as in the roller; `eps`: each exploding term's share of the cut."""

    def __init__(self, eps: Fraction) -> None:
        self.eps = eps

    def walk(self, node: syntax.Expr) -> Dist:
        dist = self._walk(node)
        if len(dist) > MAX_OUTCOMES:
            raise too_many(str(node), len(dist))
        return dist

    def _walk(self, node: syntax.Expr) -> Dist:
        if isinstance(node, syntax.Num):
            return Dist.constant(node.value)
        if isinstance(node, syntax.Dice):
            eps = self.eps
            return _cached((node, eps), lambda: dice_distribution(node, eps))
        if isinstance(node, syntax.Aid):
            d6 = Dist.uniform(syntax.D6.faces)
            return d6 if node.favor else -d6
        if isinstance(node, syntax.Labeled):
            return self.walk(node.inner)
        if isinstance(node, syntax.Neg):
            return -self.walk(node.operand)
        if isinstance(node, syntax.BinOp):
            return self.binop(node)
        if isinstance(node, syntax.Call):
            return self.call(node)
        return self.group(node)

    def binop(self, node: syntax.BinOp) -> Dist:
        if node.op in ("+", "-"):
            return self.chain(node)
        left, right = self.walk(node.left), self.walk(node.right)
        what = str(node)
        if node.op == "*":
            return left.combine(right, operator.mul, what)
        if 0 in right.weights:
            raise EvaluationError(f"division by zero in {node}: the divisor can be 0")
        return left.combine(right, _divide, what)

    def chain(self, node: syntax.BinOp) -> Dist:
        """A chain of terms added and subtracted (`d99+d99+…`, `1d20+5-1d4`): like terms summed
        as one NdX is (`d6+d6+d6` costs what `3d6` does), the cost of the whole sum estimated
        and refused before any convolution, then the parts added smallest first (a balanced
        tree of sums, not a long line of ever larger ones)."""
        terms: dict[tuple[int, syntax.Expr], int] = {}
        _flatten_sum(node, 1, terms)
        what = _named(node, sum(terms.values()))
        # plain dice are priced from their sides before any of them is built (`d150000+…`)
        known = [(_bare_size(term), times) for (_, term), times in terms.items()]
        check_size([(size, times) for size, times in known if size is not None], what)
        parts = [(self.walk(term), sign, times) for (sign, term), times in terms.items()]
        check_sum_cost([(dist, times) for dist, _, times in parts], what)
        check_merge_work([(dist, times) for dist, _, times in parts], what)
        sums = []
        for dist, sign, times in parts:
            total = dist.sum_of(times, what) if times > 1 else dist
            sums.append(-total if sign < 0 else total)
        return add_smallest_first(sums, what)

    def call(self, node: syntax.Call) -> Dist:
        args = [self.walk(a) for a in node.args]
        if node.fn in ("min", "max"):
            pick: Callable[[Value, Value], Value] = min if node.fn == "min" else max
            out = args[0]
            for other in args[1:]:
                out = out.combine(other, pick, str(node))
            return out
        fn = node.fn
        return args[0].map(lambda v: apply_function(fn, [Fraction(v)]))

    def group(self, node: syntax.Group) -> Dist:
        members = [self.walk(m) for m in node.members]
        keeps: list[syntax.Keep] = []
        counting: list[syntax.Counting] = []
        for m in syntax.in_stage_order(node.mods):
            if isinstance(m, syntax.Keep):
                keeps.append(m)
            elif isinstance(m, syntax.Counting):
                counting.append(m)
            elif not isinstance(m, syntax.Sort):
                raise EvaluationError(
                    f"a group takes keep/drop, success counting and sort, not '{m}': {node}"
                )
        score = score_of(counting, node)
        window = keep_window(keeps, len(members))
        if window != (0, len(members)):
            return members_keep(members, window, score, str(node))
        out = Dist.constant(0)
        for member in members:
            out = out + (member.map(score) if counting else member)
        return out


def _named(node: syntax.Expr, terms: int) -> str:
    """How an error names a sum: itself, or its start and its count of terms when long."""
    text = str(node)
    if len(text) <= 60:
        return text
    return f"{text[:40].rsplit(' ', 1)[0]} … ({terms:,} terms)"


def _flatten_sum(node: syntax.Expr, sign: int, into: dict[tuple[int, syntax.Expr], int]) -> None:
    """The signed terms of a chain of `+` and `-`, each counted (equal trees are equal)."""
    if isinstance(node, syntax.BinOp) and node.op in ("+", "-"):
        _flatten_sum(node.left, sign, into)
        _flatten_sum(node.right, sign if node.op == "+" else -sign, into)
        return
    if isinstance(node, syntax.Neg):
        _flatten_sum(node.operand, -sign, into)
        return
    key = (sign, node)
    into[key] = into.get(key, 0) + 1


Size = tuple[int, int, int]
"""What a sum's cost is estimated from: a part's spread of values (max − min), its number of
values, and its denominator's bits."""


def _bare_size(node: syntax.Expr) -> Size | None:
    """The size of a bare dice term's distribution (no modifier), from its die alone (None: not bare)."""
    if not isinstance(node, syntax.Dice) or node.mods or node.count == 0:
        return None
    die = node.die
    n, faces = node.count, len(set(die.faces)) if die.kind == "custom" else die.sides
    spread = die.highest - die.lowest
    return n * spread, n * (faces - 1) + 1, n * die.sides.bit_length()


def check_sum_cost(parts: list[tuple[Dist, int]], what: str) -> None:
    """Refuse at once a sum of `times` copies of each distribution whose exact weights would
    pass the limits (see check_size)."""
    sizes: list[tuple[Size, int]] = []
    for d, times in parts:
        spread = int(d.max) - int(d.min) if d.integral else MAX_OUTCOMES * len(d)
        sizes.append(((spread, len(d), d.denom.bit_length()), times))
    check_size(sizes, what)


def check_size(parts: list[tuple[Size, int]], what: str) -> None:
    """Refuse a sum of `times` copies of each part whose exact weights would pass the limits:
    its values (at most MAX_OUTCOMES) and its weights' digits (what the odds print and what
    computing them costs), estimated as for NdX (Dist.sum_of)."""
    if sum(times for _, times in parts) <= 1:
        return
    spread = 1 + sum(times * spread for (spread, _, _), times in parts)
    values = min(spread, _product_of_counts(parts))
    if values > MAX_OUTCOMES:
        raise too_many(what, spread)
    bits = sum(times * bits for (_, _, bits), times in parts)
    if values * (bits * 30103 // 100_000) > MAX_PACKED_DIGITS:
        raise too_much_work(what)


MAX_MERGE_DIGITS = 10_000_000
"""At most this many digits through the products of one chain's merges: about a second (measured,
`d999+d998+…`: 40 unlike terms 9.5 million digits in 1.0 s, 50 terms 14.9 million in 1.5 s,
60 terms 20.7 million in 2.4-3.4 s)."""


def check_merge_work(parts: list[tuple[Dist, int]], what: str) -> None:
    """Refuse a chain whose merges (the two smallest first, as add_smallest_first does) would
    multiply more digits in all than MAX_MERGE_DIGITS; each part's own NdX sum is priced by
    Dist.sum_of."""
    import heapq

    if len(parts) <= 1:
        return
    heap: list[tuple[int, int, int]] = []
    for d, times in parts:
        spread = (int(d.max) - int(d.min)) * times + 1 if d.integral else len(d) ** times
        heap.append((min(spread, MAX_OUTCOMES), d.denom.bit_length() * times, len(heap)))
    heapq.heapify(heap)
    work, order = 0, len(heap)
    while len(heap) > 1:
        a_values, a_bits, _ = heapq.heappop(heap)
        b_values, b_bits, _ = heapq.heappop(heap)
        values, bits = min(a_values + b_values, MAX_OUTCOMES), a_bits + b_bits
        work += values * (bits * 30103 // 100_000)
        if work > MAX_MERGE_DIGITS:
            raise too_much_work(what)
        heapq.heappush(heap, (values, bits, order))
        order += 1


def _product_of_counts(parts: list[tuple[Size, int]]) -> int:
    """At most how many values a sum has by its parts' counts of values (capped)."""
    out = 1
    for (_, count, _), times in parts:
        for _ in range(times):
            out *= count
            if out > MAX_OUTCOMES:
                return MAX_OUTCOMES + 1
    return out


def add_smallest_first(dists: list[Dist], what: str) -> Dist:
    """The sum of independent distributions, always adding the two smallest (like Huffman's
    code): each value's weight is multiplied a few times, not once per term."""
    import heapq

    heap = [(len(d), i, d) for i, d in enumerate(dists)]
    heapq.heapify(heap)
    order = len(heap)
    while len(heap) > 1:
        _, _, a = heapq.heappop(heap)
        _, _, b = heapq.heappop(heap)
        both = a.plus(b, what)
        heapq.heappush(heap, (len(both), order, both))
        order += 1
    return heap[0][2]


def _divide(a: Value, b: Value) -> Value:
    return exact(Fraction(a) / Fraction(b))


def _floor(v: Value) -> Value:
    return math.floor(v)


def _children(node: syntax.Expr) -> tuple[syntax.Expr, ...]:
    if isinstance(node, syntax.BinOp):
        return (node.left, node.right)
    if isinstance(node, syntax.Neg):
        return (node.operand,)
    if isinstance(node, syntax.Labeled):
        return (node.inner,)
    if isinstance(node, syntax.Call):
        return node.args
    if isinstance(node, syntax.Group):
        return node.members
    return ()


def _dice_thrown(node: syntax.Expr) -> int:
    """Dice the roller throws before any explosion or reroll (its budget counts these first)."""
    own = node.count if isinstance(node, syntax.Dice) else int(isinstance(node, syntax.Aid))
    return own + sum(_dice_thrown(c) for c in _children(node))


def _exploding_terms(node: syntax.Expr) -> int:
    own = isinstance(node, syntax.Dice) and any(isinstance(m, syntax.Explode) for m in node.mods)
    return int(own) + sum(_exploding_terms(c) for c in _children(node))
