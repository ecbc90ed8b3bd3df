"""Brighter Worlds (seed 004): attribute dice d4–d12, saves on 4+, Grit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.dice.steps import GONE, parse_step
from rules.errors import SheetError, UsageError
from rules.systems import brighter_odds
from rules.systems.base import CommandFn, OddsFn, Pool, Stat, System, validate_common
from rules.systems.base import check_pools as check_common_pools
from rules.systems.brighter_attrs import (
    ALIASES,
    ATTRS,
    check_maxima,
    grit_max,
    validate_attrs,
)
from rules.systems.brighter_harm import breath, hit, rest, step_command
from rules.systems.brighter_save import save

STATS = (
    Stat("str", "str", kind="die"),
    Stat("dex", "dex", kind="die"),
    Stat("wil", "wil", kind="die"),
)

HELP = """\
Brighter Worlds (`-s brighter`, seed 004)
Attributes: str dex wil as dice "d4"…"d12" (or "0"), each with a
  maximum in [max] (str = "d10"; absent: the current die); armor 0–3;
  grit: max 1 + the steps of max DEX and max WIL above d4
  save ATTR [enhanced|impaired] [vs …]
                          roll the attribute die: 4+ → pass; enhanced
                          also rolls a d12, keep the higher; impaired
                          rolls a d4 instead; at 0 → fail, no roll
    vs N                  damage: roll higher than N
    vs ATTR of NAME       opposed (or vs dex=d8): roll higher than
                          their die; ties go to the side causing it
                          (dice in order: yours, the d12, theirs)
  hit N|DICE [NAME] [str|dex|wil]
                          NAME (else the active character) is hit:
                          damage − armor comes off Grit first; the rest
                          is Direct Damage: Critical Damage save (STR
                          by default), roll higher or step it down;
                          Direct Damage reaching the die's highest
                          face steps it down without a save, again
                          while it still reaches; below d4 the
                          character is incapacitated
  step up|down ATTR       move the attribute one step (up to its max)
  step up|down max ATTR   move the maximum (max DEX/WIL move Max Grit)
  breath                  catch your breath: all Grit back
  rest ATTR               one step of one attribute back toward its max
  spend|gain|set grit N, hurt N (off Grit)
Inline attributes work without a character: save dex=d8 vs 3
"""


def _max_grit(character: Character) -> int | None:
    return grit_max(character)


def check_pools(system: System, sheet: dict[str, Any]) -> None:
    """Pools are whole numbers from 0 to their maximum (known once the maxima are back)."""
    if not isinstance(sheet["pools"], Mapping):
        raise SheetError("sheet key 'pools' must be a table ([pools])")
    check_common_pools(system, sheet)


class Brighter(System):
    """Brighter Worlds: roll the attribute's die, 4+ avoids the consequences."""

    id = "brighter"
    title = "Brighter Worlds"
    seed = "004"
    examples = (
        "save dex=d8 enhanced",
        "save dex=d8 vs 3",
        "save str=d6 vs dex=d8",
        "odds save dex=d8 enhanced",
    )
    stats = STATS
    pools = (Pool("grit", "Grit", _max_grit, "1 + steps of max DEX and max WIL above d4"),)
    health = "grit"
    fields = {"armor": (int, 0, 3)}

    def extra_commands(self) -> dict[str, CommandFn]:
        return {"save": save, "hit": hit, "step": step_command, "breath": breath, "rest": rest}

    def odds_commands(self) -> dict[str, OddsFn]:
        return {"save": brighter_odds.save_odds, "hit": brighter_odds.hit_odds}

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        sheet = dict(data)
        maxima = validate_attrs(sheet)
        pools = sheet.pop("pools", None)
        sheet = validate_common(self, sheet)
        stats = sheet.get("stats", {})
        # an attribute's maximum defaults to its die at import, and is kept: stepping down
        # and resting back up then always know where the top is
        for attr in ATTRS:
            if attr in maxima or attr not in stats:
                continue
            if parse_step(stats[attr]) == GONE:
                raise SheetError(
                    f"sheet key 'stats.{attr}' is 0: give its maximum, [max] {attr} = \"d6\""
                )
            maxima[attr] = stats[attr]
        sheet["max"] = {**sheet.get("max", {}), **maxima}
        check_maxima(sheet)
        if pools is not None:
            sheet["pools"] = pools
            check_pools(self, sheet)
        return sheet

    def pool(self, word: str, character: Character | None = None) -> Pool:
        """Grit (and `[max]` pools of the sheet), never an attribute's die maximum."""
        low = ALIASES.get(word.lower(), word.lower())
        if low in ATTRS:
            raise UsageError(
                f"{low.upper()} is an attribute die, not a pool: step up|down {low}, rest {low}"
            )
        return super().pool(word, character)

    def all_pools(self, character: Character) -> list[Pool]:
        return [p for p in super().all_pools(character) if p.name not in ATTRS]

    def help(self) -> str:
        return HELP


SYSTEM = Brighter()
"""The system object the registry lists."""
