"""Rerolling dice of the character's previous LINE, which then resolves again (shared by games).

Vagabond's Fluke (000:L39, "reroll a die you rolled, before it resolves") and Tiers' Fate reroll
(003:L228, "1 Fate point rerolls any d20 you roll, and the new roll stands … the other dice you
rolled stand") are one mechanism: the previous LINE is resolved afresh from the state it started
from. Its own changes are taken back (they are Changes, so they can be), the fee is paid, and the
LINE runs again with every die as it fell except the chosen ones. The reroll's change-set is the
fee plus, value by value, the difference between now and the new result — so `undo` reverts the
reroll alone. A die is given back only while the LINE throws the same die for the same purpose at
the same place; from the first difference on (a miss that now hits rolls its damage) dice are new.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.campaign import Character, LogEntry, apply_change, current_value
from rules.dice.evaluate import Roller
from rules.errors import LimitError, RuleError, UsageError
from rules.notation import parse, syntax
from rules.record import SECRET_MARK, UNDO, Rerolled, RolledDie
from rules.resolution import Change, Resolution, Value
from rules.systems.protocol import Context
from rules.table_state import TableState

if TYPE_CHECKING:
    from rules.exact import Odds


@dataclass(frozen=True, slots=True)
class Thrown:
    """One die the previous LINE threw: its place (1-based), die, face and what it was for."""

    number: int
    die: str
    face: int
    why: str

    def __str__(self) -> str:
        return f"{self.number}: {self.die} [{self.face}] ({self.why})"


@dataclass(slots=True)
class ReplaySource:
    """Gives the previous LINE's faces back in order; the chosen dice and any new die are thrown.

    With `whys` None it records what each die is for (the faces must then suffice); with `whys`
    a die is given back only if it is the same die for the same purpose as before.
    """

    faces: tuple[tuple[str, int], ...]
    picks: frozenset[int]
    fresh: Callable[[syntax.Die, str], int]
    whys: tuple[str, ...] | None = None
    position: int = 0
    diverged: bool = False
    rerolled: list[tuple[str, int, int]] = field(default_factory=list)
    seen: list[Thrown] = field(default_factory=list)

    def throw(self, die: syntax.Die, why: str) -> int:
        i = self.position
        self.position += 1
        same = not self.diverged and i < len(self.faces) and self.faces[i][0] == die.name
        if same and self.whys is not None:
            same = i < len(self.whys) and self.whys[i] == why
        if same and i in self.picks:
            face = self.fresh(die, why)
            self.rerolled.append((die.name, self.faces[i][1], face))
        elif same:
            face = self.faces[i][1]
        else:
            self.diverged = True
            face = self.fresh(die, why)
        self.seen.append(Thrown(i + 1, die.name, face, why))
        return face

    def throw_many(self, die: syntax.Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class Previous:
    """The LINE to reroll: its text, its dice (die and face, in roll order), the changes it
    made, and its system's own fields."""

    input: str
    dice: tuple[tuple[str, int], ...]
    effects: tuple[Change, ...]
    fields: Mapping[str, Any]
    """The system's own fields of its record (a Fluke's `check_die`)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """How a game rerolls: its name in output, the JSON key of its record, and its fee."""

    name: str
    """`Fluke`, `Fate reroll`: the notes' and messages' word."""
    word: str
    """`fluke`, `fate reroll`: the summary's prefix."""
    key: str
    """The JSON key that records the rerolled LINE (a reroll of a reroll finds it there)."""
    pay: Callable[[Context, Character], list[Change]]
    """The fee's changes from a character's state; RuleError when it cannot be paid."""
    unpaid: str
    """Why the state before the LINE cannot pay: the fee came from the roll being rerolled."""


Picker = Callable[[Previous, tuple[Thrown, ...]], frozenset[int]]
"""Which dice (0-based places) to reroll, from the previous LINE and its dice."""


def previous_line(entry: LogEntry | None, who: Character, system: str, rule: Rule) -> Previous:
    """The character's previous LINE (read from its log record), or RuleError saying why
    there is nothing to reroll."""
    if entry is None:
        raise RuleError(f"{who.name} has no previous LINE to {rule.name}")
    record = entry.record
    if record.act == UNDO:
        raise RuleError(f"{who.name}'s previous LINE was an undo; nothing to {rule.name}")
    if record.act == SECRET_MARK:  # a role that may not read the secret row reads its marker
        raise RuleError(f"{who.name}'s previous LINE was a secret roll this role cannot read;"
                        f" the GM can {rule.name} it")
    if entry.undone:
        raise RuleError(f"{who.name}'s previous LINE ({entry.input!r}) was undone; nothing to"
                        f" {rule.name}")
    if entry.system != system:
        raise RuleError(f"{who.name}'s previous LINE was a {entry.system} LINE")
    again = record.field(rule.key)
    if isinstance(again, Rerolled):  # a reroll of a reroll rerolls the same LINE once more
        faces = tuple((d.die, d.face) for d in again.dice)
        return Previous(again.input, faces, again.effects, dict(again.fields))
    line = record.expanded or entry.input  # a named roll rerolls what it ran
    faces = tuple((d.die, d.face) for d in record.dice)
    return Previous(line, faces, entry.changes, record.fields)


def starting_table(table: TableState, prev: Previous, rule: Rule) -> TableState:
    """The table as it was before the previous LINE: its changes taken back, each checked."""
    sheets: dict[str, Mapping[str, Any]] = {}
    for change in reversed(prev.effects):
        if change.character is None:
            raise RuleError(f"a {rule.name} re-resolves only LINEs that change characters,"
                            " not the party")
        owner = table.character(change.character)
        key = owner.name.lower()
        sheet = sheets.get(key, owner.sheet)
        now = current_value(sheet, change.kind, change.pool)
        if now is not None and now != change.after:
            raise RuleError(f"{owner.name}'s {change.pool} changed since {prev.input!r}; a"
                            f" {rule.name} comes right after the roll")
        sheets[key] = apply_change(sheet, change, undo=True)
    characters = dict(table.characters)
    for key, sheet in sheets.items():
        characters[key] = replace(characters[key], sheet=sheet)
    active = table.active
    if active is not None:
        active = characters.get(active.name.lower(), active)
    return replace(table, active=active, characters=characters, last_entry=None)


def _resolve(ctx: Context, table: TableState, prev: Previous, source: ReplaySource,
             rule: Rule) -> tuple[Resolution, Context]:
    again = Context(ctx.system, table, Roller(source), prev.input)
    try:
        return ctx.system.resolve(replace(parse(prev.input), repeat=1), again), again
    except (RuleError, UsageError) as exc:
        raise type(exc)((f"{rule.word} of {prev.input!r}: ", *exc.parts)) from None


def _unchanged(die: syntax.Die, why: str) -> int:
    raise RuleError("the previous LINE no longer rolls the same way; nothing to reroll")


def thrown_dice(ctx: Context, table: TableState, prev: Previous, rule: Rule) -> tuple[Thrown, ...]:
    """The previous LINE's dice with what each was for, by resolving it again as it fell."""
    source = ReplaySource(prev.dice, frozenset(), _unchanged)
    _resolve(ctx, table, prev, source, rule)
    return tuple(source.seen)


def with_sheet(table: TableState, who: Character, sheet: Mapping[str, Any]) -> TableState:
    """The table with `who` (the active character) holding `sheet`."""
    me = replace(who, sheet=sheet)
    return replace(table, active=me, characters={**table.characters, who.name.lower(): me})


@dataclass(frozen=True, slots=True)
class Plan:
    """A reroll ready to throw or to price: the fee now, the LINE, the table it starts from
    (fee paid), the dice to reroll and what each of the LINE's dice was for."""

    fee: list[Change]
    prev: Previous
    start: TableState
    picks: frozenset[int]
    whys: tuple[str, ...]


def plan_reroll(ctx: Context, rule: Rule, pick: Picker) -> Plan:
    """Everything a reroll checks before a die is thrown (RuleError / UsageError say why not)."""
    who = ctx.active
    fee = rule.pay(ctx, who)
    prev = previous_line(ctx.table.last_entry, who, ctx.system.id, rule)
    start = starting_table(ctx.table, prev, rule)
    me = start.character(who.name)
    dice = thrown_dice(ctx, start, prev, rule)
    picks = pick(prev, dice)
    try:
        base_fee = rule.pay(ctx, me)
    except RuleError:
        raise RuleError(rule.unpaid.format(name=who.name)) from None
    paid = _applied(me.sheet, base_fee)
    return Plan(fee, prev, with_sheet(start, me, paid), picks, tuple(t.why for t in dice))


def reroll(ctx: Context, rule: Rule, pick: Picker) -> Resolution:
    """Pay the fee, reroll the picked dice of the previous LINE, and resolve that LINE again."""
    who = ctx.active
    plan = plan_reroll(ctx, rule, pick)
    fee, prev = plan.fee, plan.prev
    thrown: list[tuple[int, int]] = []  # each new die: its place in the LINE, its throw here

    def fresh(die: syntax.Die, why: str) -> int:
        face, throw_id = ctx.roller.throw(die, why)
        thrown.append((source.position - 1, throw_id))
        return face

    source = ReplaySource(prev.dice, plan.picks, fresh, plan.whys)
    res, again = _resolve(ctx, plan.start, prev, source, rule)
    if not source.rerolled:
        raise RuleError(f"{prev.input!r} no longer rolls those dice the same way; nothing to"
                        f" {rule.name}")
    _keep_as_the_line_does(ctx.roller, again.roller, thrown)
    now = with_sheet(ctx.table, who, _applied(who.sheet, fee))
    changes = [*fee, *net_changes(ctx, now, plan.start, prev.effects, res.changes)]
    record = Rerolled(prev.input, tuple(RolledDie(t.die, t.face, t.kept)
                                        for t in again.roller.throws), res.changes, res.extra)
    shown = ", ".join(f"the {die} {old} → {new}" for die, old, new in source.rerolled)
    extra = ((rule.key, record), *((k, v) for k, v in res.extra if k != "check_die"))
    return ctx.resolution(
        res.kind, f"{rule.word}: " + res.summary_parts, total=res.total, target=res.target,
        compare=res.compare or ">=", outcome=res.outcome, crit=res.crit, fumble=res.fumble,
        successes=res.successes,
        changes=tuple(changes), notes=(f"{rule.name}: {shown}", *res.notes), extra=extra,
    )


def _keep_as_the_line_does(roller: Roller, line: Roller, thrown: list[tuple[int, int]]) -> None:
    """The reroll's own dice count as they count in the LINE resolved again (§3 `dice`): at
    advantage the lower new d20 is not kept (003:L228 "you roll both d20s again and keep the
    higher or the lower, as before")."""
    counted = line.throws
    for place, throw_id in thrown:
        if not counted[place].kept:
            roller.set_aside(throw_id)


class _Branch(Exception):
    """A replay needs one more new die than the faces given: the enumeration branches on it."""

    def __init__(self, die: syntax.Die) -> None:
        super().__init__(die.name)
        self.die = die


MAX_BRANCHES = 20_000
"""The most outcomes a reroll's odds enumerate (two d20s and a few dice fit easily)."""


def reroll_odds(ctx: Context, rule: Rule, pick: Picker) -> Odds:
    """The exact odds of a reroll: every face of every new die, the LINE resolved for each."""
    from rules.exact import Odds

    plan = plan_reroll(ctx, rule, pick)
    totals: dict[int, Fraction] = {}
    outcomes: dict[str, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    leaves = 0
    while stack:
        prefix, chance = stack.pop()
        given = iter(prefix)

        def fresh(die: syntax.Die, why: str, given: Iterator[int] = given) -> int:
            face = next(given, None)
            if face is None:
                raise _Branch(die)
            return face

        source = ReplaySource(plan.prev.dice, plan.picks, fresh, plan.whys)
        try:
            res, _ = _resolve(ctx, plan.start, plan.prev, source, rule)
        except _Branch as branch:
            faces = branch.die.faces
            stack.extend((prefix + (f,), chance / len(faces)) for f in faces)
            continue
        leaves += 1
        if leaves > MAX_BRANCHES:
            raise LimitError(f"the odds of this {rule.name} would take more than"
                             f" {MAX_BRANCHES:,} outcomes")
        if res.total is not None:
            totals[res.total] = totals.get(res.total, Fraction(0)) + chance
        for word in (res.outcome, "crit" if res.crit else None):
            if word is not None:
                outcomes[word] = outcomes.get(word, Fraction(0)) + chance
    if not totals:
        raise UsageError(f"{plan.prev.input!r} gives no total: nothing to price")
    return Odds(totals, outcomes)


def _applied(sheet: Mapping[str, Any], changes: list[Change]) -> Mapping[str, Any]:
    for change in changes:
        sheet = apply_change(sheet, change)
    return sheet


def net_changes(ctx: Context, now: TableState, start: TableState, old: tuple[Change, ...],
                new: tuple[Change, ...]) -> list[Change]:
    """From the table `now` to `start` + the new changes, one Change per value that differs."""
    final: dict[str, Mapping[str, Any]] = {}
    for change in new:
        if change.character is None:
            raise RuleError("a reroll re-resolves only LINEs that change characters, not the"
                            " party")
        key = change.character.lower()
        final[key] = apply_change(final.get(key, start.character(change.character).sheet),
                                  change)
    reasons: dict[tuple[str, str, str], str] = {}
    for change in old:
        reasons[(str(change.character), change.kind, change.pool)] = f"undone: {change.reason}"
    for change in new:
        reasons[(str(change.character), change.kind, change.pool)] = change.reason
    out = []
    for (name, kind, pool), reason in reasons.items():
        owner = now.character(name)
        before = _value(ctx, owner, owner.sheet, kind, pool)
        ending = final.get(name.lower(), start.character(name).sheet)
        after = _value(ctx, owner, ending, kind, pool)
        if before != after:
            out.append(Change(owner.name, pool, before, after, reason, kind))
    return out


def _value(ctx: Context, who: Character, sheet: Mapping[str, Any], kind: str, name: str) -> Value:
    value = current_value(sheet, kind, name)
    if value is None and kind == "pool":
        return ctx.system.pool_value(replace(who, sheet=sheet), ctx.system.pool(name, who))
    return value


# ---- choosing the dice ----


def pick_words(line: syntax.CommandLine, dice: tuple[Thrown, ...], command: str) -> list[Thrown]:
    """The dice that fit every word: a die (`d6`), a place (`3`) or a purpose (`damage`)."""
    found = list(dice)
    for arg in line.args:
        if isinstance(arg, syntax.ExprArg) and arg.as_int() is not None:
            place = arg.as_int()
            found = [t for t in found if t.number == place]
        elif isinstance(arg, syntax.ExprArg) and isinstance(arg.expr, syntax.Dice) \
                and arg.expr.count == 1 and not arg.expr.mods:
            name = arg.expr.die.name
            found = [t for t in found if t.die == name]
        elif isinstance(arg, syntax.Word):
            word = arg.text.lower()
            found = [t for t in found if word in re.findall(r"[a-z0-9+]+", t.why.lower())]
        else:
            raise UsageError(f"{command}: '{arg}' is not a die (d6), a place (3) or a purpose"
                             " (damage)")
    return found


def listed(dice: tuple[Thrown, ...] | list[Thrown]) -> str:
    """`1: d20 [12] (check dex), 2: d6 [4] (Favor)`."""
    return ", ".join(str(t) for t in dice)
