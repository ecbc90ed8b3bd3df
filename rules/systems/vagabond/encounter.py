"""Vagabond in an encounter (seed 000, 08A): Turns by Group, not by creature; the Heroes go
first, then the enemy Group (who do not roll to hit). When the party is surprised each Hero
makes a Detect Check, and those who fail sit out the first Turn. Effects that last "until your
next Turn" (000:L104) end when that Group's next Turn starts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.campaign import Character
from rules.encounter.in_words import UNTIL
from rules.encounter.rules import Board, EncounterRules, Glanced, is_foe, pool_glance
from rules.encounter.turn_order import Encounter
from rules.errors import UsageError
from rules.notation import syntax
from rules.resolution import Change
from rules.systems.protocol import System

HEROES, ENEMIES = "heroes", "enemies"
"""The two Groups, spelled as every game's sides are (rules/encounter/rules.py `side`)."""


def marker(group: str, flag: str) -> str:
    """The marker flag of an effect that lasts until a Group's next Turn:
    `until-turn:heroes:blessed` ends the Status `blessed` when the Heroes' next Turn starts."""
    return f"{UNTIL}{group.lower()}:{flag}"


class VagabondEncounter(EncounterRules):
    takes_turns_by = "group"

    def side(self, who: Character, enemies: bool = False) -> str:
        return ENEMIES if enemies or is_foe(who) else HEROES

    def takers(self, enc: Encounter) -> list[str]:
        sides = {c.side for c in enc.order}
        return [g for g in (HEROES, ENEMIES) if g in sides]

    def actor(self, enc: Encounter) -> str | None:
        return None

    def label(self, taker: str) -> str:
        return f"the {taker.capitalize()}' Turn"

    def check_foe(self, sheet: Mapping[str, Any]) -> None:
        if "hp" not in sheet.get("max", {}):
            raise UsageError(f"foe add: {sheet['name']}'s HP is OPEN (the text gives it per"
                             " enemy): give it as hp=N")

    def begin(self, board: Board, enc: Encounter, words: set[str]) -> Encounter:
        unknown = words - {"surprised"}
        if unknown:
            raise UsageError(f"encounter start: unexpected {', '.join(sorted(unknown))}"
                             " (Vagabond: encounter start [NAMES…] [surprised])")
        if "surprised" not in words:
            return enc
        from rules.systems.vagabond.checks import check

        out = []
        for c in enc.order:
            if c.side != HEROES:
                continue
            res = check(board.acting(c.name, "check detect"),
                        syntax.CommandLine("check", (syntax.Word("detect"),)))
            board.add(res.changes, [f"{c.name} Detect: {res.summary.split('→', 1)[-1].strip()}"])
            if res.passed is False:
                out.append(c.name)
        return replace(enc, out=tuple(out))

    def turn_start(self, board: Board, enc: Encounter, taker: str) -> None:
        prefix = marker(taker, "")
        for c in enc.order:
            who = board.character(c.name)
            for flag in sorted(f for f in who.flags if f.startswith(prefix)):
                effect = flag[len(prefix):]
                board.add([Change(who.name, flag, True, False, "its Turn comes", "flag")]
                          + ([Change(who.name, effect, True, False, "until the next Turn",
                                     "flag")] if effect in who.flags else []),
                          [f"{who.name}: {effect} ends (the {taker.capitalize()}' next Turn)"])
        if taker == HEROES:
            for name in enc.out:
                board.add(notes=[f"{name} sits out the first Turn (failed the Detect Check)"])
        if taker == ENEMIES:
            board.add(notes=["enemies don't roll to hit: Heroes Save to Block or Dodge"])

    def leaving(self, board: Board, enc: Encounter, who: Character) -> None:
        for flag in sorted(f for f in who.flags if f.startswith(UNTIL)):
            board.add([Change(who.name, flag, True, False, "out of the fight", "flag")])

    def glance_pools(self, system: System, who: Character) -> tuple[Glanced, ...]:
        return pool_glance(system, who, ("hp",))

    def help(self) -> str:
        return ("Turns by Group: the Heroes, then the Enemies; encounter start surprised:"
                " a Detect Check each, who fails sits out the first Turn")
