"""The REPL's encounter line (round · whose turn · next) and who acts when nobody was chosen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.encounter.state import FIELD, Encounter
from rules.errors import RollError

ITS_OWN = frozenset({"encounter", "foe", "next", "delay", "pin"})
"""The encounter's own words: they act as nobody in particular."""


def running(party: Mapping[str, Any]) -> tuple[Encounter, Any] | None:
    """The encounter in the party's sheet and its game's rules, or None."""
    text = party.get(FIELD)
    if not isinstance(text, str) or not text:
        return None
    try:
        enc = Encounter.load(text)
        from rules.encounter.games import rules_of
        from rules.systems import get_system

        return enc, rules_of(get_system(enc.system))
    except (RollError, ValueError, KeyError, TypeError):
        return None


def encounter_line(party: Mapping[str, Any], width: int) -> str | None:
    """`round 2 · Mira's turn · next: Goblin 1`, to the pane's width; None outside a fight."""
    found = running(party)
    if found is None:
        return None
    from rules.encounter.describe import status

    return status(found[0], found[1], max(width, 10))


def turn_actor(party: Mapping[str, Any], line: str) -> str | None:
    """Who a LINE without `--as` acts as in a fight: the combatant whose turn it is (None for
    the encounter's own words, a Group's or a House's turn, or no fight)."""
    if line.split(" ", 1)[0].lower() in ITS_OWN:
        return None
    found = running(party)
    if found is None:
        return None
    enc, rules = found
    actor: str | None = rules.actor(enc)
    return actor
