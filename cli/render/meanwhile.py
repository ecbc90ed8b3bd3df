"""What another process changed in the campaign while a person typed dice faces."""

from __future__ import annotations

from cli.base.safe import shown
from cli.render.text import value_text
from rules.campaign import Character
from rules.errors import RollError
from rules.resolution import Value
from rules.roll_parts import pool_title
from rules.systems import System
from rules.table_state import TableState

SECTIONS = ("pools", "risk", "max", "stats", "items")
"""The parts of a sheet whose values a LINE reads."""


def moved(before: TableState, after: TableState) -> bool:
    """Whether the characters or the party differ (the log's last entry alone does not count)."""
    return (before.characters, before.party, before.active) != (
        after.characters, after.party, after.active)


def meanwhile(before: TableState, after: TableState, system: System) -> list[str]:
    """`meanwhile: Mira · Luck 2 → 1`, one line per value that moved; a generic line else."""
    out: list[str] = []

    def value(character: Character, section: str, name: str) -> Value:
        """A value as the sheet holds it; a pool left at its maximum reads as that."""
        held: Value = character.section(section).get(name)
        if held is None and section == "pools":
            pool = next((p for p in system.all_pools(character) if p.name == name), None)
            try:
                return system.pool_value(character, pool) if pool else None
            except RollError:
                return None
        return held

    for key, now in after.characters.items():
        then = before.characters.get(key)
        if then is None:
            out.append(f"meanwhile: {now.name} joined")
            continue
        for section in SECTIONS:
            old, new = then.section(section), now.section(section)
            for name in sorted(set(old) | set(new)):
                if old.get(name) != new.get(name):
                    out.append(f"meanwhile: {now.name} · {pool_title(name)}"
                               f" {value_text(value(then, section, name))}"
                               f" → {value_text(value(now, section, name))}")
        for flag in sorted(then.flags ^ now.flags):
            state = "on" if flag in now.flags else "off"
            out.append(f"meanwhile: {now.name} · {pool_title(flag)} {state}")
    return [shown(line) for line in out] or ["meanwhile: the campaign changed"]
