"""Vagabond (seed 000): d20 ≥ 20 − Stat (×2 trained), Favor/Hinder, Crits and Luck, Saves."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.campaign import Character
from rules.notation import ast
from rules.odds import Odds
from rules.resolution import Change, Resolution
from rules.systems.base import (
    CommandFn,
    Context,
    OddsFn,
    Pool,
    Stat,
    System,
    pool_gain,
    pool_hurt,
    pool_set,
    pool_spend,
)
from rules.systems.vagabond_checks import block, check, dodge, save
from rules.systems.vagabond_combat import attack, hit
from rules.systems.vagabond_fluke import fluke
from rules.systems.vagabond_magic import cast
from rules.systems.vagabond_odds import odds_hooks, odds_table
from rules.systems.vagabond_party import (
    breather,
    level_up,
    rest_changes,
    status,
    victim,
    with_death_notes,
    xp,
)
from rules.systems.vagabond_roll import one_aid_die
from rules.systems.vagabond_rules import STATUSES, title

STATS = (
    Stat("might", "mit", 2, 7),
    Stat("dexterity", "dex", 2, 7),
    Stat("awareness", "awr", 2, 7),
    Stat("reason", "rsn", 2, 7),
    Stat("presence", "prs", 2, 7),
    Stat("luck", "luk", 2, 7),
)


def _stat(character: Character, name: str) -> int | None:
    value = character.stats.get(name)
    return value if isinstance(value, int) else None


def _hp_max(character: Character) -> int | None:
    might = _stat(character, "might")
    level = character.field("level", 1)
    return might * level if might is not None and isinstance(level, int) else None


HELP = """\
Vagabond (`-s vagabond`, seed 000)
  Difficulty = 20 − Stat, or 20 − 2×Stat trained; d20 (+d6 Favored, −d6 Hindered)
  ≥ Difficulty passes. The unmodified 20 is a Crit: +1 Luck (up to the Luck Stat),
  or `forgo` the Luck for the Crit's benefit (attack/cast: +Stat damage; a Save:
  unaffected by what provoked it). Favor and Hinder cancel one for one, never stack.
Stats (2–7): might mit · dexterity dex · awareness awr · reason rsn · presence prs · luck luk
Skills: Might brawl melee · Dexterity finesse sneak · Awareness detect mysticism survival
  ranged · Reason arcana craft medicine · Presence influence leadership performance
  (trained when the sheet's [skills] trained lists it, or with the word `trained`)
Commands (inline Stats such as dex=5 work without a character)
  check STAT|SKILL [trained] [favor|hinder …] [+luck] [forgo]   check dex=5 trained
  save reflex|endure|will [favor|hinder …] [+luck] [forgo]      never doubled by training
  block [ranged] [shield]        Endure Save, Hindered vs ranged unless you have a Shield
  dodge [heavy]                  Reflex Save, Hindered in Heavy Armor
  +luck                          (on any roll) spend 1 Luck for Favor
  fluke                          spend 1 Luck: reroll the d20 of your previous LINE
  attack melee|ranged|brawl|finesse DAMAGE [trained] [armor=N] [immune|weak] …
                                 the Skill's Check, then the damage on a hit
  hit DAMAGE [block [ranged] [shield] | dodge [heavy]] [immune|weak] [armor=N]
                                 an enemy's attack: a passed Save ignores a highest
                                 damage die, the sheet's armor subtracts, HP falls
  cast damage|effect|both [+N] [touch|remote|cube|aura|cone|glyph|line|sphere]
       [unwilling] …             +N (or N): extra d6s of damage, 1 Mana each
                                 Mana: both 1, +1 per extra d6, Cube 1, areas 2; at most
                                 casting Stat + Level/2 (up) per Cast; a Cast Check
                                 (the Class's Skill) only against an unwilling target
  status [list] | status add|rm NAME …   Statuses as flags (effects below)
  breather                       HP + Might (once per Shift)
  rest                           HP, Luck, Mana to max; at full HP, 1 Fatigue goes instead
  victim                         the Hero with the least Luck (a tie is rolled for)
  xp quest failure hindered discovery loot   the XP Questionnaire, 1 XP per yes
  level up [STAT]                +1 Level; even Levels +1 Stat, odd ones a Perk
  spend|gain|set POOL [N], hurt N, heal N    pools: hp (Might × Level), luck (the Luck
                                 Stat), mana ([max] mana = N), fatigue (0–5, 5 is death)
Statuses (public rules):
"""


class Vagabond(System):
    """Vagabond: Heroes roll d20 against Difficulties baked into their Stats."""

    id = "vagabond"
    title = "Vagabond"
    seed = "000"
    favor_atoms = True
    examples = (
        "check dex=5 trained",
        "check dex=5 trained favor hinder favor",
        "save reflex dex=5 awr=3",
        "d20+f vs 12",
        "odds check dex=7",
    )
    stats = STATS
    pools = (
        Pool("hp", "HP", _hp_max, "Might × Level"),
        Pool("luck", "Luck", lambda c: _stat(c, "luck"), "the Luck stat"),
        Pool("mana", "Mana", None, "from the sheet's [max] table"),
        Pool("fatigue", "Fatigue", lambda c: 5, "0–5; 5 is death"),
    )
    fields = {"level": (int, 1, 10), "armor": (int, 0, None), "class": (str, None, None),
              "xp": (int, 0, None)}

    def extra_commands(self) -> dict[str, CommandFn]:
        return {
            "check": check,
            "save": save,
            "block": block,
            "dodge": dodge,
            "fluke": fluke,
            "attack": attack,
            "hit": hit,
            "cast": cast,
            "status": status,
            "breather": breather,
            "victim": victim,
            "xp": xp,
            "level": level_up,
            "spend": with_death_notes(pool_spend),
            "gain": with_death_notes(pool_gain),
            "set": with_death_notes(pool_set),
            "hurt": with_death_notes(pool_hurt),
        }

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The common checks; an omitted Fatigue is written down as 0 (not its maximum, 5)."""
        sheet = super().validate_sheet(data)
        pools = dict(sheet.get("pools", {}))
        pools.setdefault("fatigue", 0)
        sheet["pools"] = pools
        return sheet

    def odds_commands(self) -> dict[str, OddsFn]:
        return odds_hooks()

    def pool_value(self, character: Character, pool: Pool) -> int:
        """An omitted pool starts at its maximum, except Fatigue, which starts at 0."""
        if pool.name == "fatigue" and not isinstance(character.pools.get("fatigue"), int):
            return 0
        return super().pool_value(character, pool)

    def rest_changes(self, character: Character) -> list[Change]:
        return rest_changes(self, character)

    def resolve_roll(self, line: ast.RollLine, ctx: Context) -> Resolution:
        """A dice LINE such as `d20+f vs 12`: its `f`/`h` atoms roll one net d6 at most, and a
        lone d20 showing 20 is marked as a Crit."""
        expr, aid_note = one_aid_die(line.expr)
        res = super().resolve_roll(replace(line, expr=expr), ctx)
        if aid_note:
            res = replace(res, notes=(*res.notes, aid_note))
        d20s = [i for i, t in enumerate(res.throws) if t.die == "d20"]
        if len(d20s) != 1:
            return res
        index = d20s[0]
        crit = res.throws[index].face == 20 and res.throws[index].kept
        notes = res.notes + (("Crit: the unmodified 20",) if crit else ())
        return replace(res, crit=crit, notes=notes, extra=(*res.extra, ("check_die", index)))

    def odds(self, line: ast.Line, ctx: Context) -> Odds:
        """Exact odds; a dice LINE's `f`/`h` atoms are netted to one d6 as when it is rolled."""
        if isinstance(line, ast.RollLine):
            line = replace(line, expr=one_aid_die(line.expr)[0])
        return super().odds(line, ctx)

    def help(self) -> str:
        statuses = "\n".join(f"  {title(s.name)}: {s.effect}" for s in STATUSES.values())
        return HELP + statuses + "\n  (any other Status is kept as a flag, with no automatic"\
            " effect)\n" + odds_table()


SYSTEM = Vagabond()
