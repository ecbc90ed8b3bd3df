"""A dice term with more than keeps (`4d6r1!`, `10d10>=7t10`, `d20cs>19`, `2d6min2`): its dice
worked out one by one (rerolls, explosions, clamps, keeps, success counting, crit ranges,
sort), then frozen into the term's DieRolls. A plain sum or a keep never loads it
(rules/dice/evaluate.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rules.dice.counting import check_counting, success_of
from rules.dice.results import DieRoll, Rolled, RolledTerm
from rules.dice.term_rules import keep_indices
from rules.errors import EvaluationError, LimitError
from rules.limits import MAX_WAVES
from rules.notation import syntax


class Thrower(Protocol):
    """What a term's dice need of the LINE's roller (rules/dice/evaluate.py): one more die,
    and a throw set aside or marked for what became of it."""

    def throw(self, die: syntax.Die, why: str) -> tuple[int, int]: ...

    def throw_many(self, die: syntax.Die, count: int, why: str) -> tuple[list[int], int]: ...

    def set_aside(self, *throw_ids: int) -> None: ...

    def fate(self, throw_id: int, fate: str) -> None: ...


@dataclass(slots=True)
class _Die:
    """A die while its term is being worked out (mutable; frozen into DieRoll at the end)."""

    die: syntax.Die
    faces: list[int]
    ids: list[int]
    why: str
    value: int = 0
    kept: bool = True
    rerolled_once: bool = False
    exploded: bool = False
    discarded: int = 0
    success: int = 0
    chain: int = 0
    """How many explosion dice this die's lineage has thrown (a cap stops it)."""


def modified_term(roller: Thrower, node: syntax.Dice, faces: list[int], first: int, label: str
                  ) -> Rolled:
    """The term `node` whose dice first showed `faces` (throw ids from `first`), worked out
    through its modifiers in their stage order."""
    die = node.die
    mods = node.staged
    dice = [_Die(die, [f], [first + i], "roll", f) for i, f in enumerate(faces)]
    rerolls = [m for m in mods if isinstance(m, syntax.Reroll)]
    if rerolls:
        _reroll(roller, node, dice, rerolls, label)
    explosion = syntax.explosion(die, mods)
    if explosion is not None:
        dice = _explode(roller, node, dice, explosion, label)
    for m in mods:
        if isinstance(m, syntax.Clamp):
            for d in dice:
                d.value = max(d.value, m.value) if m.bound == "min" else min(d.value, m.value)
    for m in mods:
        if isinstance(m, syntax.Keep):
            _keep(dice, m)
    counting = [m for m in mods if isinstance(m, syntax.Counting)]
    if counting:
        check_counting(node, counting)
        for d in dice:
            if d.kept:
                d.success = success_of(d.value, counting)
        value = sum(d.success for d in dice if d.kept)
    else:
        value = sum(d.value for d in dice if d.kept)
    crit, fumble = _marks(dice, mods)
    roller.set_aside(*[tid for d in dice if not d.kept for tid in d.ids])
    shown = list(dice)
    for m in mods:
        if isinstance(m, syntax.Sort):
            shown.sort(key=lambda d: d.value, reverse=m.descending)
    frozen = tuple(
        DieRoll(d.die, tuple(d.faces), d.value, d.kept, d.why, d.discarded > 0, d.exploded,
                d.success, d.discarded)
        for d in shown
    )
    return RolledTerm(str(node), node.die, tuple(d.face for d in frozen), value,
                      tuple(d.kept for d in frozen), bool(counting), crit, fumble, frozen)


def _reroll(roller: Thrower, node: syntax.Dice, dice: list[_Die], mods: list[syntax.Reroll],
            label: str) -> None:
    always = [m for m in mods if not m.once]
    points = [m.when for m in always]
    if always and node.die.every_face(lambda f: any(p.matches(f) for p in points), points):
        raise EvaluationError(f"{node} would reroll every face of a {node.die.name}, forever")
    once = [m for m in mods if m.once]
    for _wave in range(MAX_WAVES + 1):
        due = []
        for d in dice:
            face = d.faces[-1]
            if any(m.when.matches(face) for m in always) or (
                not d.rerolled_once and any(m.when.matches(face) for m in once)
            ):
                due.append(d)
        if not due:
            return
        if _wave == MAX_WAVES:
            raise LimitError(f"{node} rerolled more than {MAX_WAVES} waves")
        for d in due:
            if not any(m.when.matches(d.faces[-1]) for m in always):
                d.rerolled_once = True
            roller.set_aside(d.ids[-1])
            roller.fate(d.ids[-1], "rerolled")
            d.discarded += 1
            face, tid = roller.throw(d.die, f"a reroll of {label}")
            d.faces.append(face)
            d.ids.append(tid)
            d.value = face

def _explode(
    roller: Thrower, node: syntax.Dice, dice: list[_Die], when: syntax.Explosion, label: str
) -> list[_Die]:
    die = node.die
    if when.endless(die):
        what = "a d1" if die.sides == 1 and die.kind == "std" else f"a {die.name} on {when}"
        raise EvaluationError(f"exploding {what} would never stop: {node}")
    out = list(dice)
    matches = when.matcher(die)
    cap = when.cap  # a die's lineage explodes while its chain is shorter than the cap
    wave = [d for d in dice if matches(d.faces[-1])] if cap != 0 else []
    for n in range(MAX_WAVES + 1):
        if not wave:
            return out
        if n == MAX_WAVES:
            raise LimitError(f"{node} exploded more than {MAX_WAVES} waves")
        nxt: list[_Die] = []
        # a wave is thrown at once, each parent's new die in turn (the same faces, in order)
        faces, first = roller.throw_many(die, len(wave), f"an explosion of {label}")
        for tid, (parent, face) in enumerate(zip(wave, faces, strict=True), start=first):
            parent.exploded = True
            roller.fate(parent.ids[-1], "exploded")
            if when.style == "!!":
                parent.faces.append(face)
                parent.ids.append(tid)
                parent.value += face
                parent.chain += 1
                if (cap is None or parent.chain < cap) and matches(face):
                    nxt.append(parent)
                continue
            child = _Die(die, [face], [tid], "explode", chain=parent.chain + 1)
            child.value = face - 1 if when.style == "!p" else face
            out.append(child)
            if (cap is None or child.chain < cap) and matches(face):
                nxt.append(child)
        wave = nxt
    return out


def _keep(dice: list[_Die], mod: syntax.Keep) -> None:
    """Which of the standing dice a keep or drop leaves standing, by their values."""
    live = [i for i, d in enumerate(dice) if d.kept]
    values = [dice[i].value for i in live]
    flags = [True] * len(live)
    keep_indices(flags, values, mod)
    for i, flag in zip(live, flags, strict=True):
        dice[i].kept = flag


def _marks(dice: list[_Die], mods: tuple[syntax.Modifier, ...]) -> tuple[bool | None, bool | None]:
    """Whether a kept die's natural face (its first standing one) is in the `cs` / `cf` range;
    None for a range the term does not have."""
    crit: bool | None = None
    fumble: bool | None = None
    for m in mods:
        if isinstance(m, syntax.Crit):
            hit = any(d.kept and m.when.matches(d.faces[d.discarded]) for d in dice)
            if m.kind == "cs":
                crit = bool(crit) or hit
            else:
                fumble = bool(fumble) or hit
    return crit, fumble
