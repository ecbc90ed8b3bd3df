"""Death is kept (000:L75): "You die at 0 HP … or at 5 Fatigue. There are no death saves."

A Hero whose HP reaches 0 or Fatigue 5 gets the `dead` flag, which `sheet show` and the REPL's
toolbar show with the other flags; commands that need a living Hero are then refused. `undo`
takes a death back with the LINE that caused it; a table that rules otherwise removes the flag
with `status rm dead`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.campaign import Character
from rules.errors import RuleError
from rules.resolution import Change
from rules.table_state import TableState

DEAD = "dead"
FATIGUE_DEATH = 5
NEEDS_LIFE = frozenset({"check", "save", "block", "dodge", "attack", "hit", "cast", "breather",
                        "rest", "heal", "hurt", "spend", "gain", "level"})
"""Command words a dead Hero cannot use (`set`, `status`, `xp`, `fluke`'s replay decides)."""


def cause(change: Change) -> str | None:
    """What kills in this change: `0 HP`, `5 Fatigue`, or None."""
    if change.kind != "pool" or change.character is None:
        return None
    if change.pool == "hp" and change.after == 0 and change.before != 0:
        return "0 HP"
    reached = isinstance(change.after, int) and change.after >= FATIGUE_DEATH
    was = isinstance(change.before, int) and change.before >= FATIGUE_DEATH
    if change.pool == "fatigue" and reached and not was:
        return f"{FATIGUE_DEATH} Fatigue"
    return None


def can_kill(changes: Sequence[Change]) -> bool:
    """Whether any of these changes takes a Hero to 0 HP or 5 Fatigue (most change nothing
    that kills: the campaign's other characters are then never read)."""
    return any(cause(change) is not None for change in changes)


def dead_among(table: TableState, changes: Sequence[Change]) -> frozenset[str]:
    """The Heroes these changes could kill who are dead already, by lower-case name: each one
    read alone (the acting one is read already), never the whole roster."""
    dead: set[str] = set()
    for change in changes:
        if cause(change) is None or change.character is None:
            continue
        key = change.character.lower()
        active = table.active
        who = active if active is not None and active.name.lower() == key else (
            table.characters.get(key))
        if who is not None and DEAD in {f.lower() for f in who.flags}:
            dead.add(key)
    return frozenset(dead)


def deaths(changes: Sequence[Change], dead: frozenset[str]) -> tuple[list[Change], list[str]]:
    """The `dead` flag and a note for each Hero these changes kill (not one `dead` already, by
    lower-case name, nor one whose flag the changes set)."""
    flagged = {c.character.lower() for c in changes
               if c.kind == "flag" and c.pool == DEAD and c.character is not None}
    out: list[Change] = []
    notes: list[str] = []
    for change in changes:
        why = cause(change)
        if why is None or change.character is None:
            continue
        key = change.character.lower()
        if key in flagged or key in dead:
            continue
        flagged.add(key)
        out.append(Change(change.character, DEAD, False, True, why, "flag"))
        notes.append(f"{change.character} dies: {why}"
                     + (" (no death saves)" if why == "0 HP" else ""))
    return out, notes


def refuse_dead(who: Character | None, word: str) -> None:
    """RuleError for a dead Hero's command that needs a living one (nothing changes)."""
    if who is None or word not in NEEDS_LIFE or DEAD not in {f.lower() for f in who.flags}:
        return
    raise RuleError(f"{who.name} is Dead (0 HP or 5 Fatigue; no death saves): no {word};"
                    " nothing changed (undo the LINE that killed, or status rm dead)")
