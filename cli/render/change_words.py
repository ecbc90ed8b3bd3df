"""A change in words, one line: `Mira · Luck 2 → 3 (crit)`, `Goblin 1 · joins the campaign
(foe add)`, a flag as its game words it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.titles import pool_title

if TYPE_CHECKING:
    from rules.resolution import Change, Value


def value_text(value: Value) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def pool_label(system_id: str | None, pool: str) -> str:
    """A pool as its system titles it (Tiers' `wounds` are Wound slots left, Champions' are
    wounds taken: issue 14), else the shared title."""
    from rules.systems import SYSTEMS

    if system_id is not None and system_id in SYSTEMS:
        for known in SYSTEMS[system_id].pools:
            if known.name == pool:
                return known.title
    return pool_title(pool)


def change_line(change: Change, system_id: str | None = None) -> str:
    """`Mira · Luck 2 → 3 (crit)`; a flag reads `Mira · Vulnerable on (…)`."""
    if is_encounter(change):
        from rules.encounter.in_words import change_text

        return change_text(change)
    return f"{change.character or 'Party'} · {change_rest(change, system_id)}"


def is_encounter(change: Change) -> bool:
    """The party's encounter field (the fight's round, order and turn) moving."""
    return change.kind == "field" and change.character is None and change.pool == "encounter"


def change_rest(change: Change, system_id: str | None = None, many: bool = False,
                with_order: bool = False) -> str:
    """What a change does, after whose it is: `Luck 2 → 3 (crit)`, `joins the campaign (…)`
    (`many`: said of several, `join`; `with_order`: the fight's order grew with it)."""
    if change.kind == "character":
        made = change.before is None
        verb = ("join" if many else "joins") if made else ("leave" if many else "leaves")
        where = "the campaign and the order" if with_order else "the campaign"
        return f"{verb} {where} ({change.reason})"
    title = flag_title(change.pool) if change.kind == "flag" else pool_label(
        system_id, change.pool) if change.kind == "pool" else pool_title(change.pool)
    if change.kind == "max":
        title = f"Max {title}"
    if change.kind == "flag":
        return f"{title} {value_text(change.after)} ({change.reason})"
    return f"{title} {value_text(change.before)} → {value_text(change.after)} ({change.reason})"


def flag_title(flag: str) -> str:
    """A flag as its game words it: a Vagabond effect until a Group's next Turn reads
    `Vulnerable until the Enemies' next Turn`, never its id."""
    from rules.encounter.in_words import flag_words

    return flag_words(flag) or pool_title(flag)
