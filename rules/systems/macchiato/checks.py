"""Macchiato Monsters stat checks: d20 ≤ stat, advantage, the free advantage, sessions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.campaign import Character
from rules.errors import RuleError, UsageError, register_usage
from rules.goal import AT_MOST, against
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.roll_parts import throws_parts
from rules.said import OutcomeWord, marks, note, said_outcome
from rules.systems.periods import new_period
from rules.systems.protocol import Context
from rules.systems.sheet_terms import Stat

STAT_LOW, STAT_HIGH = 3, 18
CHECK_USAGE = "check STAT [adv|dis] [free] (STAT: str dex con int wis cha, or inline str=12)"
register_usage("macchiato", CHECK_USAGE)

STATS = tuple(
    Stat(name, name[:3], STAT_LOW, STAT_HIGH)
    for name in ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
)
"""The classic six (3d6 each, 3–18: public rules)."""

FREE_FLAG = "free-advantage-spent"
"""The flag a character carries once the session's free advantage is used."""

SESSION_FIELD = "session"
"""The party's session counter, moved by `session new`."""

CRIT_NOTE = note(OutcomeWord("crit"), ": double the effect or add a consequence")
FUMBLE_NOTE = note(OutcomeWord("fumble"), ": double the effect or add a consequence")

Edge = Literal["adv", "dis"] | None


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """What a `check` LINE asks for: the stat and its value, advantage, and the free advantage."""

    stat: str
    value: int
    edge: Edge
    free: bool


def find_stat(word: str) -> Stat:
    """The stat named by its full name or 3-letter abbreviation; UsageError lists them."""
    low = word.lower()
    for stat in STATS:
        if low in (stat.name, stat.abbrev):
            return stat
    from rules.did_you_mean import closest

    near = closest(low, [n for s in STATS for n in (s.name, s.abbrev)])
    names = ", ".join(f"{s.abbrev}" for s in STATS)
    hint = f"did you mean '{near}'?" if near else f"stats: {names}"
    raise UsageError(f"no Macchiato stat {word!r} ({hint})")


def parse_check(ctx: Context, line: syntax.CommandLine) -> CheckSpec:
    """Read `check STAT [adv|dis] [free]` (or `check str=12 …`) into a CheckSpec."""
    usage = CHECK_USAGE
    if not line.args:
        raise UsageError(f"check needs a stat: {usage}")
    from rules.systems.spaced_value import spaced_value

    spaced = spaced_value(line, lambda word: any(word.lower() in (s.name, s.abbrev) for s in STATS))
    if spaced is not None:  # `check str 12`
        raise spaced
    first, rest = line.args[0], line.args[1:]
    if isinstance(first, syntax.KeyValue):
        stat = find_stat(first.key)
        try:
            value = int(first.value)
        except ValueError:
            raise UsageError(f"{first}: a Macchiato stat is a number 3–18") from None
    elif isinstance(first, syntax.Word):
        stat = find_stat(first.text)
        value = sheet_stat(ctx.active, stat)
    else:
        raise UsageError(f"check needs a stat first, not '{first}': {usage}")
    if not STAT_LOW <= value <= STAT_HIGH:
        raise UsageError(f"{stat.name} {value} is outside the stat range 3–18")
    words = []
    for arg in rest:
        if not isinstance(arg, syntax.Word) or arg.text.lower() not in ("adv", "dis", "free"):
            from rules.did_you_mean import habit

            raise UsageError(f"check takes adv, dis or free after the stat, not '{arg}'"
                             + (habit("macchiato", str(arg)) or f": {usage}"))
        words.append(arg.text.lower())
    free = "free" in words
    if free and "adv" in words:
        raise RuleError("free gives advantage, and advantage does not stack: drop adv or free")
    edge = resolve_edge("adv" in words or free, "dis" in words)
    return CheckSpec(stat.name, value, edge, free)


def sheet_stat(character: Character, stat: Stat) -> int:
    """The stat's value on the character's sheet; UsageError says how to give it."""
    value = character.stats.get(stat.name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(
            f"{character.name} has no {stat.name} on the sheet: add [stats] {stat.name} = N,"
            f" or check {stat.abbrev}=N"
        )
    return value


def resolve_edge(adv: bool, dis: bool) -> Edge:
    """Advantage and disadvantage together cancel: one die, as a normal check."""
    if adv and not dis:
        return "adv"
    if dis and not adv:
        return "dis"
    return None


def check_expr(edge: Edge) -> syntax.Dice:
    """The d20s of a check: roll-under, so advantage keeps the lower, disadvantage the higher."""
    if edge is None:
        return syntax.Dice(1, syntax.D20)
    keep = syntax.Keep("kl" if edge == "adv" else "kh", 1)
    return syntax.Dice(2, syntax.D20, (keep,))


def free_change(character: Character) -> Change:
    """Spending the session's free advantage; RuleError when it is spent already."""
    if FREE_FLAG in character.flags:
        raise RuleError(
            f"{character.name} has used the free advantage this session"
            " (`session new` gives it back); nothing changed"
        )
    return Change(character.name, FREE_FLAG, False, True, "free advantage", kind="flag")


def check(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`check STAT [adv|dis] [free]`: d20 ≤ stat passes; natural 1 crit, natural 20 fumble."""
    spec = parse_check(ctx, line)
    changes = (free_change(ctx.active),) if spec.free else ()
    roll = ctx.roller.roll(check_expr(spec.edge), why=spec.stat)
    face = roll.total
    outcome = "pass" if face <= spec.value else "fail"
    crit, fumble = face == 1, face == 20
    summary = (f"{ctx.input.strip()} → " + throws_parts(roll.throws)
               + f" {against(AT_MOST, spec.value)}"
               + said_outcome(outcome) + marks(crit, fumble and not crit))
    notes: tuple[str, ...] = ()
    if crit:
        notes = (CRIT_NOTE,)
    elif fumble:
        notes = (FUMBLE_NOTE,)
    return ctx.resolution(
        "check",
        summary,
        total=face,
        target=spec.value,
        compare=AT_MOST,
        outcome=outcome,
        crit=crit,
        fumble=fumble,
        changes=changes,
        notes=notes,
        extra=(("stat", spec.stat), ("advantage", spec.edge), ("free", spec.free)),
        rolls=(roll,),
    )


def session(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`session new`: a new session gives every character back the free advantage."""
    changes, number = new_period(
        ctx, line, SESSION_FIELD, FREE_FLAG,
        "session new starts a session (and gives back every free advantage)")
    summary = f"{ctx.input.strip()} → session {number}: free advantage for all"
    return ctx.resolution("session", summary, changes=tuple(changes))
