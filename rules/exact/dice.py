"""The exact distribution of one dice term (`NdX` and its modifiers), as the roller throws it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import count

from rules.errors import EvaluationError, LimitError
from rules.exact.dist import MAX_OUTCOMES, Dist, Value, mixture, too_many, too_much_work
from rules.exact.pool import OddsWork, PoolGroup, Score, keep_window, pool_keep
from rules.limits import MAX_WAVES
from rules.notation import syntax

MAX_EXPLODED_DICE = 2_000
"""A keep/drop over exploding dice looks at most this many extra dice before giving up."""

MAX_POOL_SHAPES = 400
"""…and solves at most this many differently shaped pools…"""
MAX_CHAIN_WORK = 10_000_000
"""Refuses a chain of explosions whose exact sum would take more than about a second."""
MAX_MEAN_EXTRA = 100
"""…and refuses dice that would explode into more than this many extra dice on average."""

Counting = syntax.Counting


def score_of(counting: Sequence[Counting], node: object) -> Score:
    """+1 per success, −1 per failure (a die can be both), or the value itself if not counting."""
    if not counting:
        return _identity
    if not any(isinstance(m, syntax.CountSuccesses) for m in counting):
        raise EvaluationError(
            "f counts failures against successes: give a success point first, "
            f"as in 8d10>=8f1 (not {node})"
        )
    hits = [m.when for m in counting if isinstance(m, syntax.CountSuccesses)]
    misses = [m.when for m in counting if isinstance(m, syntax.CountFailures)]
    twice = [m.when for m in counting if isinstance(m, syntax.CountTwice)]

    def score(v: Value) -> Value:
        hit = any(c.matches(v) for c in hits)
        more = hit and any(c.matches(v) for c in twice)
        return int(hit) + int(more) - int(any(c.matches(v) for c in misses))

    return score


def _identity(v: Value) -> Value:
    return v


def dice_distribution(node: syntax.Dice, eps: Fraction) -> Dist:
    """The distribution of a dice term's value; explosions are cut once less than `eps` is left."""
    die = node.die
    _check_sides(node)
    n = node.count
    faces = Dist.uniform(die.faces)
    mods = syntax.in_stage_order(node.mods)
    if not mods:
        return _summed(faces, n, node)
    rerolls = [m for m in mods if isinstance(m, syntax.Reroll)]
    first = _rerolled(node, faces, rerolls) if rerolls else faces
    when = _explosion(node, mods)
    clamp = _clamp_of([m for m in mods if isinstance(m, syntax.Clamp)])
    keeps = [m for m in mods if isinstance(m, syntax.Keep)]
    counting = [m for m in mods if isinstance(m, syntax.Counting)]
    score = score_of(counting, node)
    if n == 0:
        return Dist.constant(0)
    if when is None:
        return _pool(first.map(clamp), n, keeps, score, node)
    exploding = when.matcher(die)
    hit, miss = faces.split(exploding)
    first_hit, first_miss = first.split(exploding)
    depth = _depth(n, first_hit.mass, hit.mass, eps)
    # a cap within reach of the cut: the chains are exact, their last die whole
    capped = when.cap is not None and when.cap <= max(depth, 1) and bool(first_hit.mass)
    if capped:
        assert when.cap is not None
        depth = when.cap
    last = mixture([miss, hit]) if capped else miss
    if when.style == "!!":
        chain = _chain(miss, hit, depth, lambda f: f, str(node), last)
        one = mixture([first_miss, first_hit + chain]) if depth else first_miss
        return _pool(one.map(clamp), n, keeps, score, node)
    shift = 1 if when.style == "!p" else 0

    def child(f: Value) -> Value:
        return clamp(f - shift)

    if all(k.op in ("dh", "dl") and k.count == 0 for k in keeps):
        # nothing is dropped: every die of every lineage counts, so sum lineage by lineage
        kids = _chain(miss.map(lambda f: score(child(f))), hit.map(lambda f: score(child(f))),
                      depth, lambda x: x, str(node), last.map(lambda f: score(child(f))))
        lineage = first_miss.map(lambda f: score(clamp(f)))
        if depth:
            lineage = mixture([lineage, first_hit.map(lambda f: score(clamp(f))) + kids])
        return lineage.sum_of(n, str(node))
    pools = (first_hit, first_miss, hit, miss)
    if when.cap is not None:
        return _capped_pool(node, pools, clamp, child, keeps, score, when.cap)
    return _exploding_pool(node, pools, clamp, child, keeps, score, eps)


def _check_sides(node: syntax.Dice) -> None:
    """EvaluationError for a die of no sides, LimitError for one of more faces than odds handle."""
    die = node.die
    if die.sides < 1:
        raise EvaluationError(f"a die needs at least one side: {node.count}d{die.sides}")
    if die.sides > MAX_OUTCOMES:
        raise LimitError(
            f"the odds of {node}: a {die.name} has more faces than the {MAX_OUTCOMES:,} "
            "values exact odds handle"
        )


def _explosion(node: syntax.Dice, mods: tuple[syntax.Modifier, ...]) -> syntax.Explosion | None:
    """The term's explosion, None when no die explodes; EvaluationError if it never stops."""
    die = node.die
    when = syntax.explosion(die, mods)
    if when is not None and when.endless(die):
        what = "a d1" if die.sides == 1 and die.kind == "std" else f"a {die.name} on {when}"
        raise EvaluationError(f"exploding {what} would never stop: {node}")
    if when is not None and when.cap == 0:
        return None  # `!cap0`: no die explodes
    return when


def _summed(faces: Dist, n: int, node: syntax.Dice) -> Dist:
    """n plain dice: checked for size first so that `100000d1000000` fails at once."""
    width = int(faces.max) - int(faces.min)
    if n and n * width + 1 > MAX_OUTCOMES and len(faces) * 4 >= width + 1:
        raise too_many(str(node), n * width + 1)
    return faces.sum_of(n, str(node))


def _pool(one: Dist, n: int, keeps: Sequence[syntax.Keep], score: Score, node: syntax.Dice) -> Dist:
    """n independent dice like `one`, kept/dropped by `keeps`, each adding its score."""
    window = keep_window(keeps, n)
    if window == (0, n):
        scored = one.map(score)
        return _summed(scored, n, node) if score is _identity else scored.sum_of(n, str(node))
    weights = pool_keep([(one.weights, n)], window, score, str(node))
    return Dist(weights, one.denom**n)


def _rerolled(node: syntax.Dice, faces: Dist, rerolls: Sequence[syntax.Reroll]) -> Dist:
    """One die after `r`/`rr` (reroll until no match: the die conditioned) and `ro` (once)."""
    always = [m.when for m in rerolls if not m.once]
    once = [m.when for m in rerolls if m.once]

    def forever(f: Value) -> bool:
        return any(c.matches(f) for c in always)

    if always and all(forever(f) for f in node.die.faces):
        raise EvaluationError(f"{node} would reroll every face of a {node.die.name}, forever")
    stays = {f: w for f, w in faces.weights.items() if not forever(f)}
    total = sum(stays.values())
    again = {f for f in stays if any(c.matches(f) for c in once)}
    w_again = sum(stays[f] for f in again)
    if not w_again:
        return Dist(stays, total)
    # a face in `again` is rerolled once; the new face stands unless `r` rerolls it
    out = {f: w * w_again + (0 if f in again else w * total) for f, w in stays.items()}
    return Dist(out, total * total)


def _clamp_of(clamps: Sequence[syntax.Clamp]) -> Callable[[Value], Value]:
    """`minN`/`maxN` in the order written, as one function on a die's value."""

    def clamp(v: Value) -> Value:
        for m in clamps:
            v = max(v, m.value) if m.bound == "min" else min(v, m.value)
        return v

    return clamp


def _depth(n: int, p_first: Fraction, p_again: Fraction, eps: Fraction) -> int:
    """How many explosion dice one lineage may have so that n lineages lose less than `eps`."""
    if not p_first:
        return 0
    for k in range(MAX_WAVES + 1):
        if n * p_first * p_again**k < eps:
            return k
    return MAX_WAVES  # the roller refuses a 101st wave: that mass stays cut off


def _chain(
    miss: Dist, hit: Dist, depth: int, value: Callable[[Value], Value], what: str,
    last: Dist | None = None,
) -> Dist:
    """What the explosion dice after one exploding die add up to, at most `depth` of them;
    the last of them is `last` (a miss: the rest is cut off; the whole die: a cap stops it)."""
    step = miss.map(value)
    chain = step if last is None else last.map(value)
    hits = hit.map(value)
    seen = [int(v) for v in (*step.weights, *hits.weights)]
    spread = max(seen) - min(seen) + 1
    # step k convolves a chain of about k * spread values whose weights have k times the bits
    if depth**3 * spread * hit.denom.bit_length() // 30 > MAX_CHAIN_WORK:
        raise too_much_work(f"{what} (its dice explode too often)")
    for _ in range(depth - 1):
        chain = mixture([step, hits + chain])
        if len(chain) > MAX_OUTCOMES:
            raise too_many(what, len(chain))
    return chain


def _exploding_pool(
    node: syntax.Dice,
    pools: tuple[Dist, Dist, Dist, Dist],
    clamp: Callable[[Value], Value],
    child: Callable[[Value], Value],
    keeps: Sequence[syntax.Keep],
    score: Score,
    eps: Fraction,
) -> Dist:
    """Keep/drop over `!`/`!p` dice: mix over how many originals (J) and extra dice (M) explode.

    Given J and M the pool is four groups of like dice: originals that did not explode (n − J),
    originals that did (J), explosion dice that exploded again (M) and the last die of each
    exploding chain (J). The M extra dice split among the J chains in `_chains(M, J)` ways.
    `pools`: an original die that explodes / does not, an explosion die that does / does not.
    """
    first_hit, first_miss, hit, miss = pools
    n = node.count
    p_again = hit.mass
    if n * first_hit.mass / (1 - p_again) > MAX_MEAN_EXTRA:
        raise too_much_work(f"keeping dice of {node} (it explodes too often)")
    work = OddsWork(str(node))
    kinds, (k_first_miss, k_first_hit, k_hit, k_miss) = _like_dice(
        (first_miss.map(clamp), first_hit.map(clamp), hit.map(child), miss.map(child)))
    r_hit, denom_r, sides = first_hit.total, first_hit.denom, hit.denom
    done: dict[tuple[tuple[int, int], ...], dict[Value, int]] = {}
    parts: list[Dist] = []
    covered = Fraction(0)
    for extra in count():
        if extra > MAX_EXPLODED_DICE:
            raise too_much_work(f"keeping dice of {node}")
        for j in range(0 if extra == 0 else 1, n + 1 if r_hit else 1):
            ways = math.comb(n, j) * _chains(extra, j)
            covered += _chance(n, j, extra, pools)
            if not ways:
                continue
            sizes: dict[int, int] = {}
            for k, size in ((k_first_miss, n - j), (k_first_hit, j), (k_hit, extra), (k_miss, j)):
                sizes[k] = sizes.get(k, 0) + size
            window = keep_window(keeps, n + j + extra)
            key = (*sorted(sizes.items()), window)
            if key not in done:
                if len(done) >= MAX_POOL_SHAPES:
                    raise too_much_work(f"keeping dice of {node}")
                groups: list[PoolGroup] = [(kinds[k].weights, m) for k, m in sorted(sizes.items())]
                done[key] = pool_keep(groups, window, score, str(node), work)
            weights = done[key]
            parts.append(Dist({v: w * ways for v, w in weights.items()},
                              denom_r**n * sides ** (j + extra)))
        if 1 - covered < eps:
            break
    return mixture(parts)


def _like_dice(dists: Sequence[Dist]) -> tuple[list[Dist], tuple[int, ...]]:
    """The kinds of die among `dists` (alike when their weights are), and each one's kind."""
    kinds: list[Dist] = []
    index: list[int] = []
    for d in dists:
        same = next((i for i, known in enumerate(kinds) if known.weights == d.weights), None)
        if same is None:
            kinds.append(d)
            same = len(kinds) - 1
        index.append(same)
    return kinds, tuple(index)


def _chance(n: int, j: int, extra: int, pools: tuple[Dist, Dist, Dist, Dist]) -> Fraction:
    """The chance that j of n originals explode and `extra` of their explosion dice explode again."""
    first_hit, first_miss, hit, miss = pools
    r_hit, r_miss, denom_r = first_hit.total, first_miss.total, first_hit.denom
    u_hit, u_miss, sides = hit.total, miss.total, hit.denom
    return Fraction(
        math.comb(n, j) * r_hit**j * r_miss ** (n - j) * math.comb(j + extra - 1, extra)
        * u_hit**extra * u_miss**j if j else r_miss**n,
        denom_r**n * sides ** (j + extra),
    )


def _capped_pool(
    node: syntax.Dice,
    pools: tuple[Dist, Dist, Dist, Dist],
    clamp: Callable[[Value], Value],
    child: Callable[[Value], Value],
    keeps: Sequence[syntax.Keep],
    score: Score,
    cap: int,
) -> Dist:
    """Keep/drop over dice that explode at most `cap` times each (`4d6xokh3`, `3d6!cap2kh2`):
    exact, as every chain ends. Of the j originals that explode, q reach the cap (cap − 1
    explosion dice that exploded, then a last one of any face) and the other j − q end in a
    miss after r explosion dice that exploded among them (each chain fewer than cap − 1)."""
    first_hit, first_miss, hit, miss = pools
    n = node.count
    whole = mixture([miss, hit])
    work = OddsWork(str(node))
    groups_of = (first_miss.map(clamp), first_hit.map(clamp), hit.map(child), miss.map(child),
                 whole.map(child))
    r_sides, sides = first_hit.denom, hit.denom
    parts: list[Dist] = []
    shapes = 0
    for j in range(n + 1 if first_hit.total else 1):
        for q in range(j + 1):
            free = j - q
            most = free * (cap - 2) if cap >= 2 else 0
            for r in range(most + 1):
                ways = math.comb(n, j) * math.comb(j, q) * _bounded(r, free, cap - 2)
                if not ways:
                    continue
                shapes += 1
                if shapes > MAX_POOL_SHAPES:
                    raise too_much_work(f"keeping dice of {node}")
                sizes = (n - j, j, q * (cap - 1) + r, free, q)
                thrown = sum(sizes[2:])
                groups: list[PoolGroup] = [(g.weights, m) for g, m in zip(groups_of, sizes,
                                                                            strict=True)]
                window = keep_window(keeps, n + thrown)
                weights = pool_keep(groups, window, score, str(node), work)
                parts.append(Dist({v: w * ways for v, w in weights.items()},
                                  r_sides**n * sides**thrown))
    return mixture(parts)


def _bounded(total: int, parts: int, most: int) -> int:
    """Ways to write `total` as an ordered sum of `parts` whole numbers from 0 to `most`."""
    if parts == 0:
        return 1 if total == 0 else 0
    if most < 0:
        return 0
    out = 0
    for i in range(parts + 1):
        rest = total - i * (most + 1)
        if rest < 0:
            break
        out += (-1) ** i * math.comb(parts, i) * math.comb(rest + parts - 1, parts - 1)
    return out


def _chains(extra: int, chains: int) -> int:
    """Ways to share `extra` exploding dice among `chains` chains, each under the wave limit
    (a chain's last wave must not explode again)."""
    return _bounded(extra, chains, MAX_WAVES - 1)


def check_count(total_dice: int, limit: int) -> None:
    """The roller's budget: a LINE throws at most `limit` dice before any explosion."""
    if total_dice > limit:
        raise LimitError(f"a LINE throws at most {limit:,} dice (explosions included)")
