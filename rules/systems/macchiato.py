"""Macchiato Monsters (seed 001): d20 roll-under stat checks and risk dice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.notation import ast
from rules.resolution import Resolution
from rules.systems import macchiato_odds
from rules.systems.base import CommandFn, Context, OddsFn, System, validate_common
from rules.systems.macchiato_check import STATS, check, session
from rules.systems.macchiato_risk import (
    ARMOUR,
    SUPPLIES,
    lone_risk_die,
    risk,
    roll_lone,
    validate_risk,
)


def _presets(table: Mapping[str, int]) -> str:
    """Presets four to a line, under the help's heading."""
    items = [f"{name} Δ{sides}" for name, sides in table.items()]
    rows = [", ".join(items[i : i + 4]) for i in range(0, len(items), 4)]
    return ",\n            ".join(rows)


HELP = f"""\
Macchiato Monsters (`-s macchiato`, seed 001)
Stats: strength dexterity constitution intelligence wisdom charisma
  (str dex con int wis cha), 3–18; inline: check str=12
  check STAT [adv|dis] [free]   d20 ≤ STAT → pass; natural 1 crit, natural 20
                                fumble: double the effect or add a consequence
                                adv keeps the lower of 2d20, dis the higher;
                                both cancel; free spends the once-per-session
                                free advantage (refused when spent)
  session new                   a new session: free advantage back for all
Risk dice Δ4 Δ6 Δ8 Δ10 Δ12 (ASCII: delta8; in any expression):
  Δ8                            1–3 → step-down (Δ8 → Δ6), below Δ4 → fizzle,
                                else hold; the highest face is a lucky break
  risk NAME                     roll the character's (or party's) risk die
                                and record the step-down or fizzle
  risk add NAME [ΔN|PRESET]     add a risk die (the party's when no
                                character is active, or add `party`)
  risk rm NAME | risk list      remove one / list them
  odds Δ8                       hold / step-down odds, expected rolls to fizzle
  odds check STAT [adv|dis]     pass, fail, crit and fumble odds
Presets (public rules), as in: risk add torches · risk add armour chain
  supplies: {_presets(SUPPLIES)}
  armour:   {_presets(ARMOUR)}
Pools: spend gain set POOL [N] for [max] pools of the sheet.
"""


class Macchiato(System):
    """Macchiato Monsters: roll d20 under a stat; risk dice step down Δ12 → Δ4 → gone."""

    id = "macchiato"
    title = "Macchiato Monsters"
    seed = "001"
    examples = (
        "check str=12 adv",
        "Δ8",
        "delta6",
        "odds Δ8 uses 5",
        "odds check str=12 dis",
    )
    stats = STATS
    fields = {"level": (int, 1, None)}

    def extra_commands(self) -> dict[str, CommandFn]:
        return {"check": check, "session": session, "risk": risk}

    def odds_commands(self) -> dict[str, OddsFn]:
        return {"check": macchiato_odds.check_odds, "risk": macchiato_odds.risk_command_odds}

    def resolve_roll(self, line: ast.RollLine, ctx: Context) -> Resolution:
        """A LINE that is one risk die is a risk roll; any other expression is plain dice."""
        sides = lone_risk_die(line)
        if sides is None:
            return super().resolve_roll(line, ctx)
        return roll_lone(ctx, sides)

    def odds(self, line: ast.Line, ctx: Context) -> Any:
        if isinstance(line, ast.RollLine):
            sides = lone_risk_die(line)
            if sides is not None:
                return macchiato_odds.risk_odds(sides)
        return super().odds(line, ctx)

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        sheet = validate_common(self, data)
        validate_risk(sheet)
        return sheet

    def help(self) -> str:
        return HELP


SYSTEM = Macchiato()
