"""A game file's command played: its words read into numbers (a `Plan`), faces into an outcome."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.errors import UsageError
from rules.notation import syntax
from rules.systems.gamefile import formula as fm
from rules.systems.gamefile.model import CommandSpec, GameSpec, StatSpec, WordSpec
from rules.systems.gamefile.throw import Faces, Throwing
from rules.systems.protocol import Context

SYMBOLS = {">=": "", ">": ">", "<=": "≤", "<": "<"}
"""How a result line writes the comparison before its target (`vs 12`, `vs ≤9`)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """A command's numbers for one LINE: what it throws, what it adds, what it is against."""

    throwing: Throwing
    add: int
    target: int | None
    words: tuple[str, ...]
    automatic: bool = False
    """Zero dice where the game says that fails without a roll."""
    zero: bool = False
    """Zero dice read as the lowest of two: no crit beyond the one die that counts."""
    other: Throwing | None = None
    """The set the total is compared with, die by die (`against`)."""
    levels: tuple[tuple[int, str], ...] = ()
    """The better outcomes' targets, best first."""


@dataclass(frozen=True, slots=True)
class Decided:
    """What the faces came to (`score`: the total compared with another set, die by die)."""

    total: int
    successes: int | None
    outcome: str | None
    crit: bool
    fumble: bool
    degrees: int | None
    score: int | None = None


def die_value(text: object) -> int | None:
    """`"d8"` → 8, `"0"` → 0 (a Brighter-style die stat); None when it is not one."""
    from rules.dice.steps import parse_step

    return parse_step(str(text)) if isinstance(text, (str, int)) else None


def stat_value(spec: StatSpec, value: object, where: str) -> int:
    """A stat's number (a die stat: its sides), or a UsageError saying what it takes."""
    if spec.die:
        sides = die_value(value)
        if sides is None:
            raise UsageError(f"{where}: {spec.name} is a die \"d4\"…\"d12\" or 0, not {value!r}")
        return sides
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value))
        except ValueError:
            raise UsageError(f"{where}: {spec.name} is a whole number, not {value!r}") from None
    return value


def find_stat(game: GameSpec, word: str) -> StatSpec | None:
    """The stat or skill a word names (full or abbreviated)."""
    low = word.lower()
    return next((s for s in game.stats if low in (s.name, s.abbrev)), None)


def plan(game: GameSpec, cmd: CommandSpec, ctx: Context, line: syntax.CommandLine) -> Plan:
    """Read a LINE's words (a stat, a skill, `name=value`, the command's words, `+N`)."""
    values: dict[str, int] = {}
    who = ctx.table.active
    if who is not None:
        for spec in game.stats:
            if spec.name in who.stats:
                values[spec.name] = stat_value(spec, who.stats[spec.name], who.name)
    inline: dict[str, int] = {}
    chosen: dict[str, str] = {}
    words: list[WordSpec] = []
    plus = 0
    inputs = dict(cmd.inputs)
    for arg in line.args:
        plus += _read_arg(game, cmd, arg, inline, chosen, words, inputs)
    values.update(inline)
    for name, default in inputs.items():
        if name not in values and default is not None:
            values[name] = default
    for spec in game.stats:
        if spec.name in values:
            values.setdefault(spec.abbrev, values[spec.name])
    _choose(game, cmd, chosen, values)
    return _numbers(cmd, values, words, plus)


def _read_arg(game: GameSpec, cmd: CommandSpec, arg: syntax.Arg, inline: dict[str, int],
              chosen: dict[str, str], words: list[WordSpec], inputs: Mapping[str, int | None]
              ) -> int:
    """One word of the LINE; returns its `+N` (0 for any other word)."""
    if isinstance(arg, syntax.ExprArg):
        number = arg.as_int()
        if number is None:
            raise UsageError(f"{cmd.word} takes +N or -N, not '{arg}'")
        return number
    if isinstance(arg, syntax.KeyValue):
        key = arg.key.lower()
        spec = find_stat(game, key)
        if spec is not None:
            inline[spec.name] = stat_value(spec, arg.value, f"{arg.key}={arg.value}")
            _pick(cmd, spec, chosen)
            return 0
        if key in inputs:
            try:
                inline[key] = int(arg.value)
            except ValueError:
                raise UsageError(f"{arg.key}={arg.value}: a whole number") from None
            return 0
        raise UsageError(f"{cmd.word} has no value '{arg.key}' ({_takes(game, cmd)})")
    text = arg.text.lower() if isinstance(arg, syntax.Word) else str(arg)
    if text[:1] in "+-" and text[1:].isdigit():
        return int(text)
    spec = find_stat(game, text)
    if spec is not None:
        _pick(cmd, spec, chosen)
        return 0
    word = next((w for w in cmd.words if w.word == text), None)
    if word is None:
        from rules.did_you_mean import closest

        near = closest(text, [w.word for w in cmd.words] + [s.name for s in game.stats])
        hint = f"did you mean '{near}'?" if near else _takes(game, cmd)
        raise UsageError(f"{cmd.word} does not take '{text}' ({hint})")
    words.append(word)
    return 0


def _takes(game: GameSpec, cmd: CommandSpec) -> str:
    parts = [] if cmd.uses == "none" else [cmd.uses.replace("+", " and ")]
    parts += [w.word for w in cmd.words] + [f"{n}=N" for n, _ in cmd.inputs] + ["+N"]
    return "it takes: " + ", ".join(parts)


def _pick(cmd: CommandSpec, spec: StatSpec, chosen: dict[str, str]) -> None:
    role = "skill" if spec.skill_of is not None else "stat"
    if cmd.uses == "none" or role not in cmd.uses:
        return  # a stat given inline for the formulas that name it
    if role in chosen and chosen[role] != spec.name:
        raise UsageError(f"{cmd.word} takes one {role}, not {chosen[role]} and {spec.name}")
    chosen[role] = spec.name
    if spec.skill_of is not None and "stat" in cmd.uses:
        chosen.setdefault("stat", spec.skill_of)


def _choose(game: GameSpec, cmd: CommandSpec, chosen: dict[str, str],
            values: dict[str, int]) -> None:
    for role in ("stat", "skill"):
        if role not in chosen:
            continue
        name = chosen[role]
        if name not in values:
            raise UsageError(f"this needs {name}: give it inline ({name}=N) or act as a character"
                             f" whose sheet has it")
        values[role] = values[name]
    if cmd.uses in ("stat", "stat+skill") and "stat" not in chosen:
        names = " | ".join(s.name for s in game.stats if s.skill_of is None)
        raise UsageError(f"{cmd.word} needs a stat: {cmd.word} {names}")
    if cmd.uses == "skill" and "skill" not in chosen:
        names = " | ".join(s.name for s in game.stats if s.skill_of is not None)
        raise UsageError(f"{cmd.word} needs a skill: {cmd.word} {names}")
    values.setdefault("skill", 0)


def _numbers(cmd: CommandSpec, values: Mapping[str, int], words: list[WordSpec],
             plus: int) -> Plan:
    count = fm.value(cmd.dice, values) + sum(w.dice for w in words)
    if cmd.plus == "dice":
        count += plus
    sides = fm.value(cmd.die, values)
    keep = "highest" if cmd.read == "highest" else "lowest" if cmd.read == "lowest" else None
    kept: int | None = cmd.keep_count if keep else None
    keeping = [w for w in words if w.keep is not None]
    if len({w.keep for w in keeping}) > 1:
        raise UsageError(f"{cmd.word} keeps the highest or the lowest, not both: "
                         + " and ".join(w.word for w in keeping))
    if keeping:
        keep = keeping[0].keep
        kept = kept if kept is not None else count - sum(w.dice for w in keeping)
    kept = count if kept is None else kept
    automatic, zero = False, count <= 0
    if zero:
        automatic = cmd.zero == "fail"
        count, keep, kept = (0, None, 0) if automatic else (2, "lowest", 1)
    add = (0 if cmd.add is None else fm.value(cmd.add, values)) + sum(w.add for w in words)
    if cmd.plus == "total":
        add += plus
    target = None if cmd.target is None else fm.value(cmd.target, values) + sum(
        w.target for w in words)
    push = any(w.push for w in words)
    other = None if cmd.against is None else Throwing(
        fm.value(cmd.against.dice, values), fm.value(cmd.against.die, values), None,
        fm.value(cmd.against.dice, values), False, cmd.success)
    levels = tuple((fm.value(f, values), name) for f, name in cmd.levels)
    return Plan(Throwing(count, sides, keep, max(kept, 0), push, cmd.success), add, target,
                tuple(w.word for w in words), automatic, zero, other, levels)


def decide(cmd: CommandSpec, plan: Plan, faces: Faces) -> Decided:
    """The total, successes, outcome, crit and fumble these faces give."""
    successes = None
    if cmd.read == "successes":
        successes = sum(1 for f in faces.kept if f >= cmd.success)
        total = successes + plan.add
    else:
        total = sum(faces.kept) + plan.add
    score = None
    if cmd.against is not None:  # hits: the dice of the other set the total beats
        score, compare = total, cmd.against.compare
        successes = total = sum(1 for f in faces.other if passes(compare, score, f))
    crit = cmd.crit is not None and bool(faces.every) and cmd.crit.marks(
        list(faces.kept if cmd.crit.among == "kept" or plan.zero else faces.every))
    fumble = cmd.fumble is not None and bool(faces.every) and cmd.fumble.marks(
        list(faces.kept if cmd.fumble.among == "kept" or plan.zero else faces.every))
    outcome, degrees = _outcome(cmd, plan, total)
    if plan.automatic:
        outcome, degrees = (cmd.bands[0].outcome if cmd.bands else cmd.outcomes[1]), None
    elif crit and cmd.crit is not None and cmd.crit.outcome:
        outcome = cmd.crit.outcome
    elif fumble and cmd.fumble is not None and cmd.fumble.outcome:
        outcome = cmd.fumble.outcome
    return Decided(total, successes, outcome, crit, fumble, degrees, score)


def _outcome(cmd: CommandSpec, plan: Plan, total: int) -> tuple[str | None, int | None]:
    if cmd.bands:
        return next(b.outcome for b in cmd.bands if b.holds(total)), None
    if plan.target is None:
        return None, None
    passed = passes(cmd.compare, total, plan.target)
    if passed:
        better = next((name for at, name in plan.levels if passes(cmd.compare, total, at)), None)
        if better is not None:
            return better, None
    degrees = None
    if cmd.degrees is not None and passed:
        degrees = abs(total - plan.target) // cmd.degrees.every
    return cmd.outcomes[0 if passed else 1], degrees


def passes(compare: str, total: int, target: int) -> bool:
    """Whether the total passes the target by the command's comparison."""
    if compare == ">=":
        return total >= target
    if compare == ">":
        return total > target
    if compare == "<=":
        return total <= target
    return total < target
