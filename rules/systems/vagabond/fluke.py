"""`fluke`: spend 1 Luck to reroll the d20 of the Hero's previous LINE, and resolve that LINE again.

The Fluke happens "before it resolves", so the previous LINE is resolved afresh from the state it
started from: its own changes are taken back (they are Changes, so they can be), 1 Luck is spent,
and the LINE runs again with every die kept as it fell except its d20. The Fluke's change-set is
then the Luck it spent plus, pool by pool, the difference between now and the new result — so a
Crit that no longer happens gives its Luck back, a Save that now passes gives back the HP of the
damage die it ignores, and `undo` reverts the Fluke alone. Nothing outside the Hero's sheet (an
enemy's HP, the GM's narration) is reversed: the output shows both results for the table to follow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.campaign import Character, LogEntry, apply_change, current_value
from rules.dice.evaluate import Roller
from rules.errors import RuleError, UsageError
from rules.notation import ast, parse
from rules.resolution import Change, Resolution, Value
from rules.systems.protocol import Context


@dataclass
class ReplaySource:
    """Gives the previous LINE's faces back in order; the chosen d20 and any new die are thrown."""

    faces: tuple[tuple[str, int], ...]
    reroll: int
    fresh: Callable[[ast.Die, str], int]
    position: int = 0
    diverged: bool = False
    rerolled: tuple[int, int] | None = field(default=None)

    def throw(self, die: ast.Die, why: str) -> int:
        i = self.position
        self.position += 1
        same = not self.diverged and i < len(self.faces) and self.faces[i][0] == die.name
        if same and i == self.reroll:
            new = self.fresh(die, "the Fluke")
            self.rerolled = (self.faces[i][1], new)
            return new
        if same:
            return self.faces[i][1]
        self.diverged = True
        return self.fresh(die, why)

    def throw_many(self, die: ast.Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]


@dataclass(frozen=True)
class Previous:
    """The LINE a Fluke rerolls: its text, its dice, which d20 to reroll, and its changes."""

    input: str
    dice: tuple[tuple[str, int], ...]
    check_die: int
    effects: tuple[Change, ...]


def previous_line(entry: LogEntry | None, who: Character) -> Previous:
    """The Hero's previous LINE, or RuleError saying why there is nothing to Fluke."""
    if entry is None:
        raise RuleError(f"{who.name} has no previous LINE to Fluke")
    if entry.result.get("kind") == "undo":
        raise RuleError(f"{who.name}'s previous LINE was an undo; nothing to Fluke")
    if entry.undone:
        raise RuleError(f"{who.name}'s previous LINE ({entry.input!r}) was undone; nothing to"
                        " Fluke")
    if entry.system != "vagabond":
        raise RuleError(f"{who.name}'s previous LINE was a {entry.system} LINE")
    result: Mapping[str, Any] = entry.result
    record = result.get("fluke")
    if isinstance(record, Mapping):  # a Fluke of a Fluke rerolls the same LINE once more
        dice = _faces(record.get("dice", ()))
        effects = tuple(Change.from_json(c) for c in record.get("effects", ()))
        return Previous(str(record["input"]), dice, int(record["check_die"]), effects)
    dice = _faces(result.get("dice", ()))
    index = result.get("check_die")
    if not isinstance(index, int):
        d20s = [i for i, (die, _) in enumerate(dice) if die == "d20"]
        if not d20s:
            raise RuleError(f"{who.name}'s previous LINE ({entry.input!r}) rolled no d20 to"
                            " reroll")
        index = d20s[-1]
    return Previous(entry.input, dice, index, entry.changes)


def _faces(listed: Any) -> tuple[tuple[str, int], ...]:
    return tuple((str(d["die"]), int(d["face"])) for d in listed)


def fluke(ctx: Context, line: ast.CommandLine) -> Resolution:
    """Spend 1 Luck, reroll the previous LINE's d20, and resolve that LINE again."""
    if line.args:
        raise UsageError("fluke takes no words: it rerolls the d20 of your previous LINE")
    who = ctx.active
    system = ctx.system
    luck_pool = system.pool("luck", who)
    have = system.pool_value(who, luck_pool)
    if have < 1:
        raise RuleError(f"{who.name} has no Luck to spend")
    prev = previous_line(ctx.table.last_entry, who)
    # the state the previous LINE started from, then the Fluke's Luck spent
    sheet: Mapping[str, Any] = who.sheet
    for change in reversed(prev.effects):
        if change.character != who.name:
            raise RuleError("a Fluke re-resolves only LINEs that changed the Hero alone")
        now = current_value(sheet, change.kind, change.pool)
        if now is not None and now != change.after:
            raise RuleError(f"{who.name}'s {change.pool} changed since {prev.input!r}; a Fluke"
                            " comes right after the roll")
        sheet = apply_change(sheet, change, undo=True)
    base_luck = system.pool_value(replace(who, sheet=sheet), luck_pool)
    if base_luck < 1:
        raise RuleError(f"{who.name}'s only Luck came from that roll, and a Fluke rerolls"
                        " before the roll resolves")
    sheet = apply_change(sheet, Change(who.name, "luck", base_luck, base_luck - 1, "fluke"))
    start = replace(who, sheet=sheet)
    source = ReplaySource(prev.dice, prev.check_die,
                          lambda die, why: ctx.roller.throw(die, why)[0])
    characters = {**ctx.table.characters, who.name.lower(): start}
    table = replace(ctx.table, active=start, characters=characters, last_entry=None)
    again = Context(system, table, Roller(source), prev.input)
    redo = replace(parse(prev.input), repeat=1)
    try:
        res = system.resolve(redo, again)
    except (RuleError, UsageError) as exc:
        raise type(exc)(f"fluke of {prev.input!r}: {exc.message}") from None
    if source.rerolled is None:
        raise RuleError(f"{prev.input!r} no longer rolls its d20 the same way; nothing to Fluke")
    spend = Change(who.name, "luck", have, have - 1, "fluke")
    changes = [spend, *net_changes(ctx, who, apply_change(who.sheet, spend), sheet,
                                   prev.effects, res.changes)]
    old, new = source.rerolled
    record = {
        "input": prev.input,
        "dice": [{"die": t.die, "face": t.face, "kept": t.kept} for t in again.roller.throws],
        "check_die": prev.check_die,
        "effects": [c.to_json() for c in res.changes],
    }
    extra = (("fluke", record), *((k, v) for k, v in res.extra if k != "check_die"))
    return ctx.resolution(
        res.kind, f"fluke: {res.summary}", total=res.total, target=res.target,
        outcome=res.outcome, crit=res.crit, fumble=res.fumble, successes=res.successes,
        changes=tuple(changes), notes=(f"Fluke: the d20 {old} → {new}", *res.notes),
        extra=extra,
    )


def net_changes(ctx: Context, who: Character, now: Mapping[str, Any], start: Mapping[str, Any],
                old: tuple[Change, ...], new: tuple[Change, ...]) -> list[Change]:
    """From the sheet `now` to `start` + the new changes, one Change per value that differs."""
    final = dict(start)
    for change in new:
        if change.character != who.name:
            raise RuleError("a Fluke re-resolves only LINEs that change the Hero alone")
        final = apply_change(final, change)
    reasons: dict[tuple[str, str], str] = {}
    for change in old:
        reasons[(change.kind, change.pool)] = f"undone: {change.reason}"
    for change in new:
        reasons[(change.kind, change.pool)] = change.reason
    out = []
    for (kind, pool), reason in reasons.items():
        before = _value(ctx, who, now, kind, pool)
        after = _value(ctx, who, final, kind, pool)
        if before != after:
            out.append(Change(who.name, pool, before, after, reason, kind))
    return out


def _value(ctx: Context, who: Character, sheet: Mapping[str, Any], kind: str, name: str) -> Value:
    value = current_value(sheet, kind, name)
    if value is None and kind == "pool":
        return ctx.system.pool_value(replace(who, sheet=sheet), ctx.system.pool(name, who))
    return value
