"""Champions & Cohorts in an encounter (seed 002): House Turns, each House in its turn; at
the end of a House Turn its Downed characters' Med Flags count down (not on the turn a
character fell) and field healing's once per round starts again (`turn end`'s own rules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.encounter.rules import Board, EncounterRules, Glanced, clear_flags, pool_glance
from rules.encounter.turn_order import Encounter
from rules.errors import UsageError
from rules.notation import syntax
from rules.systems.champions.vocabulary import (
    FELL,
    FIELD_HEALED,
    MED_FLAG,
    SLOTS,
    WOUNDS,
    house_of,
    med_flag_of,
)
from rules.systems.protocol import System


class ChampionsEncounter(EncounterRules):
    takes_turns_by = "house"
    foe_kinds = tuple(SLOTS)

    def side(self, who: Character, enemies: bool = False) -> str:
        house = house_of(who)
        if house is None:
            raise UsageError(f"{who.name} has no House: the fight goes by House Turns, so set"
                             " house = NAME on its sheet (a foe: house=NAME)")
        return house

    def takers(self, enc: Encounter) -> list[str]:
        """Each House once, in the order its first member stands in (`pin` moves one)."""
        seen: list[str] = []
        for c in enc.order:
            if c.side.lower() not in (s.lower() for s in seen):
                seen.append(c.side)
        return seen

    def label(self, taker: str) -> str:
        return f"House {taker}'s turn"

    def actor(self, enc: Encounter) -> str | None:
        return None

    def check_foe(self, sheet: Mapping[str, Any]) -> None:
        name = sheet["name"]
        if sheet.get("kind") not in SLOTS:
            raise UsageError(f"foe add: is {name} a champion or a cohort? (foe add 2 cohorts"
                             " house=Red guard=11 …)")
        stats = sheet.get("stats", {})
        for missing, key, why in (
            ("house" not in sheet, "house", "the House whose turns it takes"),
            ("guard" not in sheet, "guard", "its Guard, which the text gives per character"
             " (OPEN)"),
            ("might" not in stats, "might", "its Might, which its attack adds (OPEN)"),
            ("armor" not in sheet, "armor", "its Armor, which a hit on it subtracts (0–2, OPEN)"),
            ("weapon" not in sheet, "weapon", "its weapon die (light|standard|heavy|exceptional"
             "|dN: the text gives no default)"),
        ):
            if missing:
                raise UsageError(f"foe add: {name} needs {why}: give it as {key}=…")

    def turn_end(self, board: Board, enc: Encounter, taker: str) -> None:
        from rules.systems.champions.recovery import turn_end

        line = syntax.CommandLine("turn", (syntax.Word("end"), syntax.Word(taker)))
        res = turn_end(board.acting_nobody(f"turn end {taker}"), line)
        board.add(res.changes, [n for n in res.notes if not n.startswith("no character of")])

    def leaving(self, board: Board, enc: Encounter, who: Character) -> None:
        clear_flags(board, who, (FELL, FIELD_HEALED), "out of the fight")

    def glance_pools(self, system: System, who: Character) -> tuple[Glanced, ...]:
        """Wounds, and a Downed character's Med Flag (002: "A Downed character receives a
        Med Flag at 3")."""
        flag = med_flag_of(who)
        return (*pool_glance(system, who, (WOUNDS,)),
                *(((MED_FLAG, "Med Flag", flag, str(flag)),) if flag is not None else ()))

    def help(self) -> str:
        return "House Turns: each House in turn; Med Flags count down as a House Turn ends"
