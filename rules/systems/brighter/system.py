"""Brighter Worlds (seed 004): attribute dice d4–d12, saves on 4+, Grit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.dice.steps import GONE, parse_step
from rules.errors import SheetError, UsageError
from rules.systems.brighter.vocabulary import (
    ALIASES,
    ATTRS,
    check_maxima,
    grit_max,
    validate_attrs,
)
from rules.systems.protocol import CommandFn, OddsFn, System
from rules.systems.sheet_checks import check_pools as check_common_pools
from rules.systems.sheet_checks import validate_common
from rules.systems.sheet_terms import Pool, Stat

STATS = (
    Stat("str", "str", kind="die"),
    Stat("dex", "dex", kind="die"),
    Stat("wil", "wil", kind="die"),
)


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
    lands_on = frozenset({"hurt", "heal", "hit"})  # `hit 2d6 on Bram block`
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
        # imported at the first command: a dice LINE, or the REPL's first prompt, needs none
        from rules.systems.brighter.harm import breath, hit, rest, step_command
        from rules.systems.brighter.saves import save

        return {"save": save, "hit": hit, "step": step_command, "breath": breath, "rest": rest}

    def glance_words(self, character: Character) -> tuple[str, ...]:
        """Each attribute's current die beside Grit (`STR d8 DEX d4 WIL d6`: SPEC §9)."""
        from rules.dice.steps import die_name, parse_step
        from rules.systems.brighter.vocabulary import label

        shown = []
        for attr in ATTRS:
            sides = parse_step(str(character.stats.get(attr, "")))
            if sides is not None:
                shown.append(f"{label(attr)} {die_name(sides)}")
        return (" ".join(shown),) if shown else ()

    def odds_commands(self) -> dict[str, OddsFn]:
        from rules.systems.brighter.odds import hit_odds, save_odds

        return {"save": save_odds, "hit": hit_odds}

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

    def sheet_form(self) -> str:
        from rules.systems.brighter.sheet_form import FORM

        return FORM

    def help_template(self) -> str:
        from rules.systems.brighter.help import HELP

        return HELP


SYSTEM = Brighter()
"""The system object the registry lists."""
