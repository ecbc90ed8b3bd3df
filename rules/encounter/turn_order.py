"""An encounter as data: who takes part, the order with initiative, the round, whose turn.

It lives in the party's sheet as one field (`encounter`, canonical JSON), so starting,
advancing and ending it are Changes the store applies and logs like any other LINE's, and
`undo` puts a turn back with its upkeep.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from rules.encounter import FIELD
from rules.errors import UsageError
from rules.resolution import Change
from rules.table_state import TableState

SPELLED = {"Heroes": "heroes", "Enemies": "enemies"}
"""Vagabond's Groups as an older encounter record spelled them: every game's sides are
`heroes` and `enemies` now (a Champions House is its own name)."""


def _spelled(turn: str | None) -> str | None:
    return None if turn is None else SPELLED.get(turn, turn)


@dataclass(frozen=True, slots=True)
class Combatant:
    """One who takes part: a character of the campaign (a foe is one too), its side and
    initiative (None where the game rolls none); `pinned` keeps it through rerolls."""

    name: str
    side: str = "heroes"
    initiative: int | None = None
    pinned: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side, "initiative": self.initiative,
                "pinned": self.pinned}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Combatant:
        init = data.get("initiative")
        side = str(data.get("side", "heroes"))
        return Combatant(str(data["name"]), SPELLED.get(side, side),
                         init if isinstance(init, int) else None, bool(data.get("pinned")))


@dataclass(frozen=True, slots=True)
class Encounter:
    """The fight: its game, the round (from 1), the order, whose turn it is (a combatant,
    a Group or a House: what the game takes turns by), and who sits out or delays."""

    system: str
    round: int = 1
    order: tuple[Combatant, ...] = ()
    turn: str | None = None
    out: tuple[str, ...] = ()
    """Who sits out the first Turn (Vagabond's surprise)."""
    delayed: tuple[str, ...] = ()
    """Who delayed this round: their turn has started once already (its upkeep is done)."""
    die: str | None = None
    """The die the GM named to roll the order with, rolled for newcomers too."""

    def to_json(self) -> dict[str, Any]:
        return {"system": self.system, "round": self.round, "turn": self.turn,
                "order": [c.to_json() for c in self.order], "out": list(self.out),
                "delayed": list(self.delayed), "die": self.die}

    def dump(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True,
                          separators=(",", ":"))

    @staticmethod
    def load(text: str) -> Encounter:
        data = json.loads(text)
        return Encounter(
            str(data["system"]), int(data.get("round", 1)),
            tuple(Combatant.from_json(c) for c in data.get("order", ())),
            _spelled(data.get("turn")), tuple(data.get("out", ())), tuple(data.get("delayed", ())),
            data.get("die"),
        )

    # ---- who ----

    def names(self) -> list[str]:
        return [c.name for c in self.order]

    def find(self, name: str) -> Combatant | None:
        low = name.strip().lower()
        return next((c for c in self.order if c.name.lower() == low), None)

    def combatant(self, name: str) -> Combatant:
        found = self.find(name)
        if found is None:
            known = ", ".join(self.names()) or "nobody yet"
            raise UsageError(f"{name!r} is not in the encounter (in it: {known})")
        return found

    def with_order(self, order: list[Combatant] | tuple[Combatant, ...]) -> Encounter:
        return replace(self, order=tuple(order))


def current(table: TableState) -> Encounter | None:
    """The encounter running in this campaign, or None."""
    text = table.party.get(FIELD)
    if not isinstance(text, str) or not text:
        return None
    try:
        return Encounter.load(text)
    except (ValueError, KeyError, TypeError):
        raise UsageError("the campaign's encounter record is unreadable: `encounter end`"
                         " clears it") from None


def running(table: TableState) -> Encounter:
    """The running encounter, or a UsageError saying how to start one."""
    found = current(table)
    if found is None:
        raise UsageError("no encounter is running: start one with `encounter start [NAMES…]`")
    return found


def state_change(before: Encounter | None, after: Encounter | None, reason: str) -> Change:
    """The party's `encounter` field going from one state to the next."""
    return Change(None, FIELD, None if before is None else before.dump(),
                  None if after is None else after.dump(), reason, "field")
