"""Champions & Cohorts (seed 002): d20 + Might vs Guard, weapon dice, wound slots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.errors import SheetError, UsageError
from rules.resolution import Change
from rules.systems.base import CommandFn, OddsFn, Pool, Stat, System
from rules.systems.champions_attack import attack
from rules.systems.champions_odds import attack_odds
from rules.systems.champions_rules import (
    MED_FLAG,
    SLOTS,
    SUPPLY,
    WOUNDS,
    check_kind,
    weapon_sides,
    wounds_of,
)
from rules.systems.champions_turn import field_heal, heal, hurt, rest, stabilize, turn_end

HELP = """\
Champions & Cohorts (`-s champions`, seed 002)
Stats: might mit · insight ins · presence prs; sheet fields guard, armor (0–2),
  kind = "champion" (3 wound slots) | "cohort" (2), house, weapon (optional)
  attack TARGET [weapon W] [TAG]   d20 + Might ≥ the target's Guard (ties hit) →
                                   hit: the weapon die − Armor (at least 1);
                                   1–3 → 1 wound, 4–6 → 2, 7+ → 3
      TARGET: a character, or inline guard=N armor=N [cohort]
      W: light d4 · standard d6 · heavy d8 · exceptional d10 · any dN
         (no default in the rules: give it, or weapon = "…" on the sheet)
      TAG: heavy critical relic major: more than 2 wounds on a Champion
      e.g. attack Kael weapon heavy · attack Kael weapon d8 relic
           attack guard=12 armor=1 cohort weapon d6 might=2
  All slots filled: Downed, Med Flag at 3 (flag downed, field med-flag).
  turn end [HOUSE]    that House's Med Flags count 3 → 2 → 1 → removed (not
                      the turn a character fell: flag fell); what removal
                      means is OPEN in the rules text.   e.g. turn end Blue
  stabilize NAME      an adjacent Healer's Command: a Champion stands with 2
                      wounds (1 slot left); a Cohort's Med Flag stops, its
                      return is OPEN.   e.g. roll --as Mira stabilize Kael
  field-heal NAME     a Gesture: 1 Healing Supply ([max] supply = N) clears 1
                      wound of a standing ally, once per round (flag
                      field-healed, cleared when its House's turn ends).
                      e.g. roll --as Mira field-heal Kael
  hurt N, heal N      mark / clear wounds by hand (heal stands a Downed one up)
  rest                refills [max] pools (Healing Supply); wounds stay
  odds attack …       P(hit), P(miss), P(Downed), and the wounds dealt
                      e.g. roll --as Mira odds attack Kael weapon heavy
"""


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
        "odds attack guard=14 armor=1 weapon heavy might=3",
    )
    stats = (Stat("might", "mit"), Stat("insight", "ins"), Stat("presence", "prs"))
    pools = (
        Pool(WOUNDS, "Wounds", _wound_slots, "wounds marked: Champion 3 slots, Cohort 2"),
        Pool(SUPPLY, "Healing Supply", None, "from the sheet's [max] table"),
    )
    health = WOUNDS
    fields = {"guard": (int, 0, None), "armor": (int, 0, 2), "kind": (str, None, None),
              "house": (str, None, None), "weapon": (str, None, None),
              MED_FLAG: (int, 1, 3)}

    def extra_commands(self) -> dict[str, CommandFn]:
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

    def help(self) -> str:
        return HELP


SYSTEM = Champions()
