"""Macchiato Monsters (seed 001): d20 roll-under stat checks and risk dice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.resolution import Resolution
from rules.systems.macchiato.checks import STATS
from rules.systems.macchiato.risk import (
    lone_risk_die,
    risk,
    roll_lone,
    validate_risk,
)
from rules.systems.protocol import CommandFn, Context, OddsFn, System
from rules.systems.sheet_checks import validate_common

if TYPE_CHECKING:  # a LINE's tree loads with its parse: the game's module (a toolbar) needs none
    from rules.notation import syntax


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
        "Δ8 adv",
        "odds Δ8 dis uses 3",
        "odds check str=12 dis",
    )
    stats = STATS
    risk_atoms = True
    fields = {"level": (int, 1, None)}

    def extra_commands(self) -> dict[str, CommandFn]:
        from rules.systems.macchiato.checks import check, session

        return {"check": check, "session": session, "risk": risk}

    def odds_commands(self) -> dict[str, OddsFn]:
        from rules.systems.macchiato.odds import check_odds, risk_command_odds

        return {"check": check_odds, "risk": risk_command_odds}

    def resolve(self, line: syntax.Line, ctx: Context) -> Resolution:
        """A LINE as every game resolves it; a foe it takes to 0 HP is defeated (harm.py)."""
        res = super().resolve(line, ctx)
        if not any(c.pool == "hp" and c.kind == "pool" for c in res.changes):
            return res
        from rules.systems.macchiato.harm import zero_hp_changes

        more, notes = zero_hp_changes(ctx.table, res.changes)
        if not more:
            return res
        return replace(res, changes=(*res.changes, *more), notes=(*res.notes, *notes))

    def resolve_roll(self, line: syntax.RollLine, ctx: Context) -> Resolution:
        """A LINE that is one risk die is a risk roll; any other expression is plain dice."""
        lone = lone_risk_die(line)
        if lone is None:
            return super().resolve_roll(line, ctx)
        return roll_lone(ctx, *lone)

    def odds(self, line: syntax.Line, ctx: Context) -> Any:
        from rules.notation.expr_nodes import RollLine

        if isinstance(line, RollLine):
            lone = lone_risk_die(line)
            if lone is not None:
                from rules.systems.macchiato.odds import risk_odds

                return risk_odds(*lone)
        return super().odds(line, ctx)

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        sheet = validate_common(self, data)
        validate_risk(sheet)
        return sheet

    def sheet_form(self) -> str:
        from rules.systems.macchiato.sheet_form import FORM

        return FORM

    def help_template(self) -> str:
        from rules.systems.macchiato.help import HELP

        return HELP


SYSTEM = Macchiato()
