"""Brighter Worlds saves: the attribute die 4+, enhanced and impaired, against damage or a foe."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.dice.results import Throw
from rules.dice.steps import GONE, on_ladder
from rules.errors import UsageError, register_usage
from rules.goal import ABOVE, AT_LEAST, against
from rules.notation import syntax
from rules.resolution import Resolution
from rules.roll_parts import throws_parts
from rules.said import said_outcome
from rules.systems.brighter.vocabulary import attr_key, current_die, inline_die, label
from rules.systems.protocol import Context

SAVE_TARGET = 4
"""A save passes on 4 or higher."""

ENHANCED_DIE = 12
IMPAIRED_DIE = 4

Mode = Literal["enhanced", "impaired"] | None

USAGE = "save ATTR [enhanced|impaired] [vs N | vs ATTR of NAME | vs dex=d8]"
register_usage("brighter", USAGE)


@dataclass(frozen=True, slots=True)
class Opponent:
    """The side causing the consequence in an opposed save: who, which attribute, its die."""

    name: str | None
    attr: str
    sides: int

    @property
    def title(self) -> str:
        """`Bob's DEX`, `DEX` (inline), or `their` (a bare die)."""
        if not self.attr:
            return "their"
        return f"{self.name}'s {label(self.attr)}" if self.name else label(self.attr)


@dataclass(frozen=True, slots=True)
class SaveSpec:
    """What a `save` LINE asks for."""

    attr: str
    sides: int
    mode: Mode = None
    beat: int | None = None
    opponent: Opponent | None = None


@dataclass(frozen=True, slots=True)
class SaveRoll:
    """A save's own dice: the value kept (None at zero: no roll) and its throws."""

    value: int | None
    throws: tuple[Throw, ...]


def parse_save(ctx: Context, line: syntax.CommandLine) -> SaveSpec:
    """Read `save ATTR [enhanced|impaired] [vs …]` (ATTR may be inline: `save dex=d8`)."""
    if not line.args:
        raise UsageError(f"save needs an attribute: {USAGE}")
    from rules.systems.brighter.vocabulary import ALIASES, ATTRS
    from rules.systems.spaced_value import spaced_value

    spaced = spaced_value(line, lambda word: ALIASES.get(word.lower(), word.lower()) in ATTRS)
    if spaced is not None:  # `save str d8`
        raise spaced
    first, rest = line.args[0], list(line.args[1:])
    if isinstance(first, syntax.KeyValue):
        attr = attr_key(first.key)
        sides = inline_die(first.key, first.value)
    elif isinstance(first, syntax.Word):
        attr = attr_key(first.text)
        sides = current_die(ctx.active, attr)
    else:
        raise UsageError(f"save needs an attribute first, not '{first}': {USAGE}")
    modes: set[str] = set()
    while rest and str(rest[0]).lower() != "vs":
        word = str(rest.pop(0)).lower()
        if word not in ("enhanced", "impaired"):
            from rules.did_you_mean import habit

            raise UsageError(f"save takes enhanced or impaired, then vs …, not '{word}'"
                             + (habit("brighter", word) or f": {USAGE}"))
        modes.add(word)
    if len(modes) > 1:
        raise UsageError("a save is enhanced or impaired, not both: the rules do not combine them")
    mode: Mode = "enhanced" if "enhanced" in modes else "impaired" if modes else None
    beat, opponent = None, None
    if rest:
        beat, opponent = parse_against(ctx, rest)
    return SaveSpec(attr, sides, mode, beat, opponent)


def parse_against(ctx: Context, args: list[syntax.Arg]) -> tuple[int | None, Opponent | None]:
    """The `vs …` clause: damage to beat, or the opposing side's die."""
    head = args[0]
    if not (isinstance(head, syntax.Word) and head.text.lower() == "vs") or len(args) < 2:
        raise UsageError(f"unexpected '{head}': {USAGE}")
    what, tail = args[1], args[2:]
    if isinstance(what, syntax.ExprArg) and not tail:
        number = what.as_int()
        if number is not None:
            if number < 0:
                raise UsageError(f"vs N takes the damage, 0 or more, not {number}")
            return number, None
        expr = what.expr
        if (
            isinstance(expr, syntax.Dice)
            and expr.count == 1
            and not expr.mods
            and expr.die.kind == "std"
            and on_ladder(expr.die.sides)
        ):
            return None, Opponent(None, "", expr.die.sides)
        raise UsageError(f"vs takes a number, a die d4–d12 or ATTR of NAME, not '{what}'")
    if isinstance(what, syntax.KeyValue) and not tail:
        attr = attr_key(what.key)
        return None, Opponent(None, attr, inline_die(what.key, what.value))
    if (
        isinstance(what, syntax.Word)
        and len(tail) == 2
        and isinstance(tail[0], syntax.Word)
        and tail[0].text.lower() == "of"
        and isinstance(tail[1], syntax.Word)
    ):
        attr = attr_key(what.text)
        foe = ctx.table.character(tail[1].text)
        return None, Opponent(foe.name, attr, current_die(foe, attr))
    raise UsageError(f"vs takes N, ATTR of NAME or ATTR=dN: {USAGE}")


def roll_own(ctx: Context, attr: str, sides: int, mode: Mode) -> SaveRoll:
    """The saving side's dice: the attribute die (a d4 impaired), plus a d12 enhanced."""
    if sides == GONE:
        return SaveRoll(None, ())
    start = len(ctx.roller.throws)
    die = syntax.std_die(IMPAIRED_DIE if mode == "impaired" else sides)
    own: syntax.Expr = syntax.Labeled(syntax.Dice(1, die), label(attr))
    if mode == "enhanced":
        extra = syntax.Labeled(syntax.Dice(1, syntax.std_die(ENHANCED_DIE)), "enhanced")
        own = syntax.Group((own, extra), (syntax.Keep("kh", 1),))
    roll = ctx.roller.roll(own)
    return SaveRoll(roll.total, ctx.roller.throws[start:])


def save(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`save ATTR …`: 4+ passes; `vs N` rolls higher than N; opposed, higher than their die."""
    spec = parse_save(ctx, line)
    mine = roll_own(ctx, spec.attr, spec.sides, spec.mode)
    text = ctx.input.strip()
    notes: list[str] = []
    if mine.value is None:
        notes.append(f"{label(spec.attr)} is at zero: the save fails without a roll")
        # no roll, but the save still had a target: 4, or the damage of `vs N`
        target = None if spec.opponent is not None else (
            SAVE_TARGET if spec.beat is None else spec.beat)
        return ctx.resolution(
            "save", f"{text} → {label(spec.attr)} 0" + said_outcome("fail"), target=target,
            compare=AT_LEAST if spec.beat is None else ABOVE, outcome="fail",
            notes=tuple(notes), extra=_extra(spec),
        )
    if spec.opponent is not None:
        foe = spec.opponent
        if foe.sides == GONE:
            theirs = 0
            notes.append(f"{foe.title} is at zero: it counts as 0")
        else:
            why = f"{foe.title} die" if foe.title == "their" else foe.title
            theirs = ctx.roller.roll(syntax.Dice(1, syntax.std_die(foe.sides)), why=why).total
            notes.append(f"{foe.title} d{foe.sides} rolled {theirs}")
        if mine.value == theirs:
            notes.append("a tie goes to the side causing the consequence")
        target, compare = theirs, ABOVE
        passed = mine.value > theirs
    elif spec.beat is not None:
        target, compare = spec.beat, ABOVE
        passed = mine.value > spec.beat
    else:
        target, compare = SAVE_TARGET, AT_LEAST
        passed = mine.value >= SAVE_TARGET
    outcome = "pass" if passed else "fail"
    return ctx.resolution(
        "save",
        f"{text} → " + throws_parts(mine.throws, named=spec.mode == "enhanced")  # which is the d12
        + f" {against(compare, target)}"
        + said_outcome(outcome),
        total=mine.value,
        target=target,
        compare=compare,
        outcome=outcome,
        notes=tuple(notes),
        extra=_extra(spec),
    )


def _extra(spec: SaveSpec) -> tuple[tuple[str, object], ...]:
    die = f"d{spec.sides}" if spec.sides else "0"
    return (("attribute", spec.attr), ("die", die), ("mode", spec.mode))


# ---- odds ----


def own_probs(sides: int, mode: Mode) -> dict[int, Fraction]:
    """P(value kept) of the saving side's dice, by brute force over their faces."""
    if sides == GONE:
        return {0: Fraction(1)}
    die = IMPAIRED_DIE if mode == "impaired" else sides
    counts: dict[int, int] = {}
    if mode == "enhanced":
        for a in range(1, die + 1):
            for b in range(1, ENHANCED_DIE + 1):
                counts[max(a, b)] = counts.get(max(a, b), 0) + 1
        total = die * ENHANCED_DIE
    else:
        counts = dict.fromkeys(range(1, die + 1), 1)
        total = die
    return {v: Fraction(counts[v], total) for v in sorted(counts)}


def pass_probability(spec: SaveSpec) -> Fraction:
    """P(pass) of a save, exactly."""
    if spec.sides == GONE:
        return Fraction(0)
    probs = own_probs(spec.sides, spec.mode)
    if spec.opponent is not None:
        foe = spec.opponent.sides
        theirs = {0: Fraction(1)} if foe == GONE else {
            f: Fraction(1, foe) for f in range(1, foe + 1)
        }
        return sum(
            (p * q for v, p in probs.items() for t, q in theirs.items() if v > t), Fraction(0)
        )
    if spec.beat is not None:
        return sum((p for v, p in probs.items() if v > spec.beat), Fraction(0))
    return sum((p for v, p in probs.items() if v >= SAVE_TARGET), Fraction(0))
