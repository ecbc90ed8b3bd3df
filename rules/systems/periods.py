"""A new stretch of play (Macchiato's session, Vagabond's Shift): a party counter moves on and
each character of the system gets back what was once per stretch (a flag comes off)."""

from __future__ import annotations

from rules.errors import UsageError
from rules.notation import syntax
from rules.resolution import Change
from rules.systems.protocol import Context


def new_period(ctx: Context, line: syntax.CommandLine, counter: str, flag: str,
               usage: str) -> tuple[list[Change], int]:
    """`WORD new`: the party's `counter` + 1, and `flag` off for every character of the system;
    the changes and the new number."""
    if [str(a).lower() for a in line.args] != ["new"]:
        raise UsageError(usage)
    before = ctx.table.party.get(counter)
    number = before + 1 if isinstance(before, int) and not isinstance(before, bool) else 1
    reason = f"{line.word} new"
    changes = [Change(None, counter, before, number, reason, kind="field")]
    for character in sorted(ctx.table.characters.values(), key=lambda c: c.name.lower()):
        if character.system == ctx.system.id and flag in character.flags:
            changes.append(Change(character.name, flag, True, False, reason, "flag"))
    return changes, number
