"""Foes from one line: `foe add 3 goblins hp=4` makes Goblin 1, Goblin 2, Goblin 3, each a
character of its own (its own pools, a name a LINE can target), flagged `foe`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.encounter.rules import FOE
from rules.errors import RollError, UsageError, register_usage
from rules.limits import MAX_FOES
from rules.notation import syntax
from rules.notation.words import die_word
from rules.table_state import TableState

NO_DIE = "none"
"""A stat's die that is none (a Tiers stat of 10–11): `body=none`."""
FOE_USAGE = "foe add [N] NAME [KIND] [stat=N …] | foe rm NAME | foe flee NAME"
register_usage("encounter", FOE_USAGE)


@dataclass(frozen=True, slots=True)
class FoeSpec:
    """What `foe add` asked for: how many, their name, kind and given values."""

    count: int
    name: str
    plural: bool
    kind: str | None
    values: tuple[tuple[str, str], ...]


def singular(word: str) -> str:
    """`goblins` → `goblin`, `wolves` → `wolf`, `harpies` → `harpy`; other words as written."""
    low = word.lower()
    if low.endswith("ves") and len(word) > 4:
        return word[:-3] + "f"
    if low.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if low.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if low.endswith("s") and not low.endswith("ss") and len(word) > 2:
        return word[:-1]
    return word


def read_spec(args: tuple[syntax.Arg, ...], kinds: tuple[str, ...]) -> FoeSpec:
    """The words after `foe add`."""
    count, plural, kind = 1, False, None
    words: list[str] = []
    values: list[tuple[str, str]] = []
    for i, arg in enumerate(args):
        if isinstance(arg, syntax.KeyValue):
            values.append((arg.key.lower(), arg.value))
        elif isinstance(arg, syntax.ExprArg):
            number = arg.as_int()
            if i != 0 or number is None:
                raise UsageError(f"foe add: how many comes first, as a number ({FOE_USAGE})")
            if not 1 <= number <= MAX_FOES:
                raise UsageError(f"foe add: from 1 to {MAX_FOES} foes at once, not {number}")
            count, plural = number, True
        elif arg.text.lower() in kinds and kind is None:
            kind = arg.text.lower()
        elif arg.text.lower().rstrip("s") in kinds and kind is None and plural:
            kind = arg.text.lower().rstrip("s")
        else:
            words.append(arg.text)
    if not words:
        if kind is None:
            raise UsageError(f"foe add needs a name: {FOE_USAGE}")
        words = [kind]
    if plural and count > 1:
        words[-1] = singular(words[-1])
    name = " ".join(w if any(ch.isupper() for ch in w) else w.capitalize() for w in words)
    return FoeSpec(count, name, plural and count > 1, kind, tuple(values))


def names_for(spec: FoeSpec, table: TableState) -> list[str]:
    """Goblin 1 … Goblin N, numbered on from the Goblins already in the campaign."""
    if not spec.plural:
        if spec.name.lower() in table.characters:
            raise UsageError(f"{spec.name} is already in this campaign: give this foe another"
                             f" name, or add it by number (foe add 2 {spec.name})")
        return [spec.name]
    pattern = re.compile(re.escape(spec.name.lower()) + r" (\d+)$")
    taken = [int(m.group(1)) for key in table.characters if (m := pattern.match(key))]
    first = max(taken, default=0) + 1
    return [f"{spec.name} {n}" for n in range(first, first + spec.count)]


def sheet_for(system: Any, name: str, spec: FoeSpec) -> dict[str, Any]:
    """A foe's sheet in `system` from the values its LINE gave (`hp=4` a pool's maximum,
    `tier=2` a field, `mind=d6` a stat or its die)."""
    sheet: dict[str, Any] = {"name": name, "system": system.id, "flags": [FOE]}
    if spec.kind is not None:
        sheet["kind"] = spec.kind
    pools = {p.name for p in system.pools}
    for key, value in spec.values:
        stat = system.stat(key)
        if key in system.fields:
            kind = system.fields[key][0]
            sheet[key] = _number(key, value) if kind is int else (
                value.lower() in ("true", "yes", "1") if kind is bool else value)
        elif stat is not None and "dice" in system.sections and (
                die_word(value) is not None or value.lower() == NO_DIE):
            sheet.setdefault("dice", {})[stat.name] = value.lower()
        elif stat is not None:
            sheet.setdefault("stats", {})[stat.name] = (
                value.lower() if stat.kind == "die" else _number(key, value))
        elif key in pools or key == system.health:
            sheet.setdefault("max", {})[key] = _number(key, value)
        else:
            known = sorted({*system.fields, *(s.name for s in system.stats), *pools})
            raise UsageError(f"foe add: {key}= is not a {system.id} stat, pool or field"
                             f" ({', '.join(known)})")
    try:
        checked: dict[str, Any] = system.validate_sheet(sheet)
    except RollError as exc:
        raise UsageError(("foe add: ", *exc.parts)) from None
    return with_pools(system, checked)


def with_pools(system: Any, sheet: dict[str, Any]) -> dict[str, Any]:
    """The sheet with each pool it starts with written out (an omitted pool starts at its
    maximum): the sheet an undo compares it with is then the same however its pools moved."""
    from rules.campaign import Character

    who = Character(sheet["name"], system.id, sheet)
    pools = dict(sheet.get("pools", {}))
    for pool in system.all_pools(who):
        try:
            pools.setdefault(pool.name, system.pool_value(who, pool))
        except RollError:
            continue  # a maximum the rules leave OPEN: the pool waits for its value
    return {**sheet, "pools": pools} if pools else sheet


def _number(key: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise UsageError(f"foe add: {key}= takes a whole number, not {value!r}") from None
