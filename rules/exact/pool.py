"""Keep/drop without enumerating rolls: multiset dynamic programming over sorted outcomes."""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from rules.errors import LimitError
from rules.exact.dist import MAX_OUTCOMES, Dist, Value, convolve, exact, too_much_work
from rules.exact.order import keep_best
from rules.notation import syntax

Score = Callable[[Value], Value]
"""What a kept die adds to the term: its value, or +1/−1/0 when counting successes."""
PoolGroup = tuple[Mapping[Value, int], int]
"""Dice of one kind in a pool: the weights of one die (maybe short of its denominator), count."""

MAX_WORK = 1_500_000
"""Inner-loop steps one keep/drop may take before it is refused as too slow (about a second)."""
MAX_ONE_KIND_WORK = 4_000_000
"""…and for a pool of one kind of die, whose steps are cheaper (100d10kh50 takes 1.7 million)."""
MAX_KINDS_STATES = 4096  # a group pools its alike members while the pool has few shapes
ESTIMATE_SLACK = 12  # `_estimate` overcounts real steps 12 to 35 times


def keep_window(keeps: Sequence[syntax.Keep], n: int) -> tuple[int, int]:
    """Ranks (0 = highest, end excluded) that survive `keeps` applied in turn to n dice."""
    a, b = 0, n
    for k in keeps:
        if k.op == "kh":
            b = min(a + k.count, b)
        elif k.op == "kl":
            a = max(b - k.count, a)
        elif k.op == "dh":
            a = min(a + k.count, b)
        else:
            b = max(b - k.count, a)
    return a, b


class OddsWork:
    """The odds engine's work on one pool: counts inner-loop steps so that a huge keep fails fast
    instead of hanging (the dice a LINE may throw are rules/dice/budget.py's Budget)."""

    def __init__(self, what: str, limit: int = MAX_WORK) -> None:
        self.left = limit
        self.what = what

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise too_much_work(self.what)


def _estimate(groups: Sequence[PoolGroup], outcomes: int, depth: int, spread: int) -> int:
    """A generous count of the steps `pool_keep` will take, to refuse hopeless pools at once."""
    shapes = math.prod(min(n, depth) + 1 for _, n in groups)
    return outcomes * min(shapes, (depth + 1) ** 2) * min(shapes, depth + 1) * (depth * spread + 1)


MAX_TAIL_WORK = 150_000_000
"""When every die left is kept, the DP sums them one die at a time at each outcome: about the
cube of the dice left, in big-integer words (800d4dh1: 128 million, 1.5 s; 1200d4dh1: 432)."""


def _tail_work(groups: Sequence[PoolGroup], outcomes: int, spread: int) -> int:
    """Words of big-integer arithmetic the kept-everything tails take: Σ i·spread · i·bits/64
    over i up to each group's dice, at each outcome."""
    return sum(outcomes * spread * max(1, sum(w.values())).bit_length() * n**3 // 192
               for w, n in groups)


def _weight_cost(groups: Sequence[PoolGroup]) -> int:
    """How much one step costs as the DP's integers grow long (1 for short weights)."""
    return 1 + sum(n * max(1, sum(w.values())).bit_length() for w, n in groups) // 2048


def pool_keep(
    groups: Sequence[PoolGroup],
    window: tuple[int, int],
    score: Score,
    what: str = "a pool",
    work: OddsWork | None = None,
) -> dict[Value, int]:
    """Weights of the summed score of the dice ranked in `window` (0 = highest) of a pool.

    The weights are over the product of every die's denominator: a group of n dice whose single
    die has weights over D contributes D**n. Outcomes are visited from one end, choosing how many
    dice of each group show each outcome (binomially); once the window is passed the rest of the
    pool no longer matters, and once only "keep everything left" remains, the rest is one
    convolution. So `20d10kh3` visits a handful of states, not 10**20 rolls.
    """
    groups = [(w, n) for w, n in groups if n > 0]
    total = sum(n for _, n in groups)
    if any(not w for w, _ in groups):
        return {}  # a die that can show nothing (every face rerolled away or exploding): no roll
    a, b = window
    if a >= b or not groups:  # nothing ranked in the window (or no die at all): it sums to 0
        return {0: math.prod(sum(w.values()) ** n for w, n in groups)}
    if len(groups) == 1:  # like dice: the highest or lowest k by thresholds, if they apply
        best = keep_best(groups[0][0], total, window, score, what)
        if best is not None:
            return best
    walk = _Walk.priced(groups, window, score, what, work)
    return walk.weights_of_window()


@dataclass(slots=True)
class _Walk:
    """One walk of a pool's outcomes from the nearer end of its window: what every step reads
    (each group's weights and what is left after each outcome) and the tails it keeps."""

    groups: Sequence[PoolGroup]
    window: tuple[int, int]
    total: int
    scores: list[Value]
    weights: list[list[int]]
    rest: list[list[int]]
    work: OddsWork
    cost: int
    what: str
    tails: dict[tuple[int, int, int], Mapping[Value, int]] = field(default_factory=dict)
    powers: dict[tuple[int, int], int] = field(default_factory=dict)

    @classmethod
    def priced(cls, groups: Sequence[PoolGroup], window: tuple[int, int], score: Score,
               what: str, work: OddsWork | None) -> _Walk:
        """The walk from the window's nearer end, its work estimated and charged (or refused)
        before any is done."""
        total = sum(n for _, n in groups)
        a, b = window
        depth_down = b if b < total else a
        depth_up = (total - a) if a > 0 else (total - b)
        descending = depth_down <= depth_up
        if not descending:
            a, b = total - b, total - a
        outcomes = sorted({v for w, _ in groups for v in w}, reverse=descending)
        work = work or OddsWork(what, MAX_ONE_KIND_WORK if len(groups) == 1 else MAX_WORK)
        scores = [exact(score(v)) for v in outcomes]
        spread = int(max(scores)) - int(min(scores)) + 1
        cost = _weight_cost(groups)
        work.spend(
            cost * _estimate(groups, len(outcomes), min(depth_down, depth_up), spread)
            // ESTIMATE_SLACK
        )
        if b == total and _tail_work(groups, len(outcomes), spread) > MAX_TAIL_WORK:
            raise too_much_work(what)  # before the work: `1200d4dh1` took 35 s to be refused
        weights = [[w.get(v, 0) for v in outcomes] for w, _ in groups]
        return cls(groups, (a, b), total, scores, weights, [_suffix_sums(ws) for ws in weights],
                   work, cost, what)

    def power(self, base: int, m: int) -> int:
        key = (base, m)
        if key not in self.powers:
            self.powers[key] = base**m
        return self.powers[key]

    def tail(self, g: int, j: int, m: int) -> Mapping[Value, int]:
        """Weights of the summed score of m dice of group g showing outcomes after index j."""
        tails, key = self.tails, (g, j, m)
        if key not in tails:
            one = tails.get((g, j, 1))
            if one is None:
                one = {}
                for i in range(j + 1, len(self.scores)):
                    if self.weights[g][i]:
                        one[self.scores[i]] = one.get(self.scores[i], 0) + self.weights[g][i]
                tails[(g, j, 1)] = one
            # the DP asks for m, m-1, m-2 … at one outcome: build them all, one die at a time
            have = max(i for i in range(1, m + 1) if (g, j, i) in tails)
            for i in range(have + 1, m + 1):
                tails[(g, j, i)] = convolve(tails[(g, j, i - 1)], one, self.what) if one else {}
                self.work.spend(len(tails[(g, j, i)]) * self.cost)
        return tails[key]

    def leftover(self, j: int, rem: tuple[int, ...]) -> Mapping[Value, int]:
        """Weights of the summed score of the dice left (rem per group) showing outcomes after j."""
        parts = [self.tail(g, j, m) for g, m in enumerate(rem) if m]
        joint: Mapping[Value, int] = parts[0] if parts else {0: 1}
        for part in parts[1:]:
            joint = convolve(joint, part, self.what)
        return joint

    def weights_of_window(self) -> dict[Value, int]:
        """Every outcome in turn, the states (dice left per group) carried from one to the next."""
        states: dict[tuple[int, ...], dict[Value, int]] = {tuple(n for _, n in self.groups): {0: 1}}
        done: dict[Value, int] = {}
        for j in range(len(self.scores)):
            states = self.step(j, states, done)
            if len(done) > MAX_OUTCOMES:
                raise LimitError(f"the odds of {self.what} have more than {MAX_OUTCOMES:,} values")
        return {v: w for v, w in done.items() if w}

    def step(self, j: int, states: dict[tuple[int, ...], dict[Value, int]],
             done: dict[Value, int]) -> dict[tuple[int, ...], dict[Value, int]]:
        """The states after outcome j; what the window has finished with goes into `done`."""
        nxt: dict[tuple[int, ...], dict[Value, int]] = {}
        settled: dict[tuple[int, ...], dict[Value, int]] = {}  # every die left is kept
        for rem, sums in states.items():
            self.split_state(j, rem, sums, nxt, settled, done)
        for rem2, sums in settled.items():
            # the paths that leave the same dice to be kept share one convolution with them
            left = self.leftover(j, rem2)
            self.work.spend(len(left) * len(sums) * self.cost)
            _add_sum(done, sums, left, self.what)
        return nxt

    def split_state(self, j: int, rem: tuple[int, ...], sums: dict[Value, int],
                    nxt: dict[tuple[int, ...], dict[Value, int]],
                    settled: dict[tuple[int, ...], dict[Value, int]],
                    done: dict[Value, int]) -> None:
        """Each way the dice left in one state may show outcome j, carried on or settled."""
        (a, b), total, s, cost = self.window, self.total, self.scores[j], self.cost
        here = [ws[j] for ws in self.weights]
        after = [r[j] for r in self.rest]
        c = total - sum(rem)
        self.work.spend(len(sums) * cost)
        if b < total:
            # every split that reaches the window's end keeps b - max(c, a) dice here;
            # their joint weight is everything minus the splits that stop short of it
            full = math.prod(self.power(h + r, m) for h, r, m in zip(here, after, rem, strict=True))
            limit = b - c - 1
        else:
            full, limit = 0, sum(rem)
        short = 0
        for ks, k, coef in _splits(rem, here, limit):
            c2 = c + k
            rem2 = tuple(m - x for m, x in zip(rem, ks, strict=True))
            kept = max(0, min(c2, b) - max(c, a))
            if b == total and c2 >= a:
                self.work.spend(len(sums) * cost)
                _add_shifted(settled.setdefault(rem2, {}), sums, kept * s, coef)
                continue
            if b < total:
                short += coef * math.prod(self.power(r, m) for r, m in zip(after, rem2, strict=True))
            if any(m and not r for m, r in zip(rem2, after, strict=True)):
                continue  # dice left over with no outcomes left to show
            if not k and rem2 not in nxt:
                nxt[rem2] = sums  # no die shows this outcome: the state moves on as it is
                continue
            self.work.spend(len(sums) * cost)
            _add_shifted(nxt.setdefault(rem2, {}), sums, kept * s, coef)
        if full - short:
            _add_shifted(done, sums, (b - max(c, a)) * s, full - short)


def _suffix_sums(ws: list[int]) -> list[int]:
    """For each index, the sum of the entries after it."""
    out = [0] * len(ws)
    acc = 0
    for i in range(len(ws) - 1, -1, -1):
        out[i] = acc
        acc += ws[i]
    return out


def _splits(
    rem: tuple[int, ...], here: list[int], limit: int
) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Ways k_i of each group's remaining dice show this outcome, sum k ≤ limit: (ks, k, coef)."""
    if len(rem) == 1:
        m, h = rem[0], here[0]
        for x in range(min(m, limit) + 1 if h else 1):
            yield (x,), x, math.comb(m, x) * h**x
        return
    ranges = [range(min(m, limit) + 1) if h else range(1) for m, h in zip(rem, here, strict=True)]
    for ks in itertools.product(*ranges):
        k = sum(ks)
        if k > limit:
            continue
        coef = 1
        for m, x, h in zip(rem, ks, here, strict=True):
            if x:
                coef *= math.comb(m, x) * h**x
        yield ks, k, coef


def _add_shifted(
    into: dict[Value, int], sums: Mapping[Value, int], shift: Value, coef: int
) -> None:
    """into[v + shift] += w * coef for each v, w in sums."""
    get = into.get
    if shift == 0:
        for v, w in sums.items():
            into[v] = get(v, 0) + w * coef
        return
    for v, w in sums.items():
        t = v + shift
        if type(t) is not int:
            t = exact(t)
        into[t] = get(t, 0) + w * coef


def _add_sum(into: dict[Value, int], x: Mapping[Value, int], y: Mapping[Value, int], what: str) -> None:
    """into[v] += w for each v, w in the weights of X + Y (X and Y independent)."""
    if len(x) > len(y):
        x, y = y, x
    if len(x) == 1:  # a lone value shifts the other's weights: no convolution needed
        ((v, w),) = x.items()
        _add_shifted(into, y, v, w)
    else:
        _add_shifted(into, convolve(x, y, what), 0, 1)


def members_keep(
    members: Sequence[Dist], window: tuple[int, int], score: Score, what: str = "a group"
) -> Dist:
    """The summed score of the members ranked in `window` (0 = highest) of a group.

    Alike members make a pool for `pool_keep`; when there are too many kinds of member, track
    member by member the highest `b` values seen (or the lowest `n - a`, whichever is fewer):
    enough to know the window at the end.
    """
    n = len(members)
    a, b = window
    denom = math.prod(m.denom for m in members)
    if a >= b:
        return Dist({0: math.prod(m.total for m in members)}, denom)
    kinds: list[Dist] = []
    counts: list[int] = []
    for m in members:
        same = next((i for i, k in enumerate(kinds) if k.denom == m.denom
                     and k.weights == m.weights), None)
        if same is None:
            kinds.append(m)
            counts.append(1)
        else:
            counts[same] += 1
    if math.prod(c + 1 for c in counts) <= MAX_KINDS_STATES:
        groups = [(k.weights, c) for k, c in zip(kinds, counts, strict=True)]
        return Dist(pool_keep(groups, window, score, what), denom)
    top = b <= n - a
    size = b if top else n - a
    work = OddsWork(what)
    work.spend(_members_estimate(members, size))
    states: dict[tuple[Value, ...], int] = {(): 1}
    for member in members:
        nxt: dict[tuple[Value, ...], int] = {}
        work.spend(len(states) * len(member.weights) * (1 + size // 2))
        for seen, w in states.items():
            for v, wv in member.weights.items():
                key = _insert(seen, v if top else -v, size)
                nxt[key] = nxt.get(key, 0) + w * wv
        states = nxt
        if len(states) > MAX_OUTCOMES:
            raise too_much_work(what)
    out: dict[Value, int] = {}
    for seen, w in states.items():
        kept = seen[a:b] if top else tuple(-x for x in seen[n - b : n - a])
        total = exact(sum((score(v) for v in kept), start=0))
        out[total] = out.get(total, 0) + w
    return Dist(out, denom)


def _members_estimate(members: Sequence[Dist], size: int) -> int:
    """An upper bound of `members_keep`'s steps: states can be no more than the multisets."""
    values = len({v for m in members for v in m.weights})
    states, steps = 1, 0
    for k, member in enumerate(members):
        steps += states * len(member.weights) * (1 + size // 2)
        fill = min(k + 1, size)
        states = min(states * len(member.weights), math.comb(values + fill, fill))
    return steps


def _insert(seen: tuple[Value, ...], v: Value, size: int) -> tuple[Value, ...]:
    """`seen` (highest first) with v added, cut to its `size` highest values."""
    items = list(seen)
    # bisect on negated order: find the place that keeps the tuple descending
    i = bisect.bisect_left([-x for x in items], -v)
    items.insert(i, v)
    return tuple(items[:size])
