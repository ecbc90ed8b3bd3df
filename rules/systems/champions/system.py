"""Champions & Cohorts (seed 002): d20 + Might vs Guard, weapon dice, wound slots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.errors import SheetError, UsageError
from rules.resolution import Change
from rules.systems.champions.vocabulary import (
    GUARD_BONUS,
    MED_FLAG,
    SLOTS,
    SUPPLY,
    WOUNDS,
    check_kind,
    weapon_sides,
    wounds_of,
)
from rules.systems.protocol import CommandFn, OddsFn, System
from rules.systems.sheet_terms import Pool, Stat


def _wound_slots(character: Character) -> int | None:
    kind = character.field("kind")
    return SLOTS.get(kind.lower()) if isinstance(kind, str) else None


class Champions(System):
    """Champions & Cohorts: attacks against Guard, Armor, wounds and Med Flags."""

    id = "champions"
    title = "Champions & Cohorts"
    seed = "002"
    examples = (
        "attack guard=12 armor=1 cohort weapon d6 might=2",
        "attack guard=12 guard-bonus 3 weapon d6 might=2",
        "odds attack guard=14 armor=1 weapon heavy might=3",
    )
    stats = (Stat("might", "mit"), Stat("insight", "ins"), Stat("presence", "prs"))
    pools = (
        Pool(WOUNDS, "Wounds", _wound_slots, "wounds marked: Champion 3 slots, Cohort 2",
             harm="Wounds"),
        Pool(SUPPLY, "Healing Supply", None, "from the sheet's [max] table"),
    )
    health = WOUNDS
    fields = {"guard": (int, 0, None), "armor": (int, 0, 2), "kind": (str, None, None),
              "house": (str, None, None), "weapon": (str, None, None),
              MED_FLAG: (int, 1, 3), GUARD_BONUS: (int, 0, None)}

    def extra_commands(self) -> dict[str, CommandFn]:
        # imported at the first command: a dice LINE, or the REPL's first prompt, needs none
        from rules.systems.champions.combat import attack
        from rules.systems.champions.recovery import (
            field_heal,
            heal,
            hurt,
            rest,
            stabilize,
            turn_end,
        )

        return {
            "attack": attack,
            "turn": turn_end,
            "stabilize": stabilize,
            "field-heal": field_heal,
            "hurt": hurt,
            "heal": heal,
            "rest": rest,
        }

    def odds_commands(self) -> dict[str, OddsFn]:
        from rules.systems.champions.odds import attack_odds

        return {"attack": attack_odds}

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The common checks, a known kind and weapon; no wounds recorded means none marked."""
        sheet = super().validate_sheet(data)
        if "kind" in sheet:
            sheet["kind"] = check_kind(sheet["kind"], "sheet key 'kind'")
        if "weapon" in sheet:
            try:
                weapon_sides(sheet["weapon"], "sheet key 'weapon'")
            except UsageError as exc:
                raise SheetError(exc.message) from None
        pools = dict(sheet.get("pools", {}))
        pools.setdefault(WOUNDS, 0)
        sheet["pools"] = pools
        return sheet

    def pool_value(self, character: Character, pool: Pool) -> int:
        """Wounds start at 0 (none marked); other pools start at their maximum."""
        if pool.name == WOUNDS:
            return wounds_of(character)
        return super().pool_value(character, pool)

    def rest_changes(self, character: Character) -> list[Change]:
        """`rest` refills the sheet's `[max]` pools (Healing Supply), never the wounds."""
        return [c for c in super().rest_changes(character) if c.pool != WOUNDS]

    def completion_words(self, command: str) -> tuple[str, ...]:
        """Words the REPL offers after a command, beyond SPEC's."""
        return {"attack": (GUARD_BONUS,)}.get(command, ())

    def sheet_form(self) -> str:
        from rules.systems.champions.sheet_form import FORM

        return FORM

    def help_template(self) -> str:
        from rules.systems.champions.help import HELP

        return HELP


SYSTEM = Champions()
