"""The Tier-based d20 system (seed 003): Tier dice, d6 success pools, Fate, saves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.errors import UsageError
from rules.resolution import Change
from rules.systems.protocol import CommandFn, OddsFn, System
from rules.systems.sheet_terms import Pool, Stat
from rules.systems.tiers.pools import PLAYER_POOLS, POOLS, UNCAPPED, WHY_OPEN, why_open


class Tiers(System):
    """Tiers: d6 success pools sized by Tier; Vigor → Vitality → Wounds."""

    id = "tiers"
    title = "Tiers"
    seed = "003"
    examples = (
        "check body body=14 body=d6 tier=2 task 2",
        "save sense sense=d4 fate=d8 tier=2 dc 12",
        "attack ac 14 bonus 3 tier=2 body=d6",
        "attack ac 12 bonus 2 rider 1 rider 2 extra-die tier=2 body=d6",
        "attack ac 12 bonus 2 cover half through 1 tier=2 body=d6",
        "odds attack ac 12 bonus 3 through 1",
        "odds check body body=14 tier=2 task 2",
    )
    stats = tuple(
        Stat(name, abbrev, 1, 30)
        for name, abbrev in (("body", "bod"), ("mind", "mnd"), ("sense", "sen"),
                             ("heart", "hrt"), ("cunning", "cun"), ("fate", "fat"))
    )
    pools = POOLS
    sheet_pools = frozenset({"attunement"})  # recovery.ATTUNEMENT: a Druid's, no maximum
    health = "vitality"
    fields = {"tier": (int, 1, 5), "armor": (str, None, None), "shield": (bool, None, None),
              "ac": (int, 1, None), "kind": (str, None, None),
              "level": (int, 1, None), "level_cost": (int, 1, None)}
    sections = frozenset({"dice", "mods"})
    acts_for = frozenset({"declare", "react", "focus"})  # `declare Ogre` in the tactical phase
    on_others_turns = {  # 003: an opportunity attack, when an enemy leaves your reach
        "react": "who reacts? it is {taker}'s turn, and a reaction is made on another's:"
                 " react NAME"}

    def extra_commands(self) -> dict[str, CommandFn]:
        # imported at the first command: a dice LINE, or the REPL's first prompt, needs none
        from rules.systems.tiers.advancement import level
        from rules.systems.tiers.checks import buyout, check
        from rules.systems.tiers.combat import attack, damage
        from rules.systems.tiers.encounter import declare, focus, react
        from rules.systems.tiers.fate import fate
        from rules.systems.tiers.harm import heal, hurt
        from rules.systems.tiers.recovery import combat, gain, recover, rest, session, spend, turn
        from rules.systems.tiers.rest_day import day
        from rules.systems.tiers.saves import disrupt, initiative, save

        return {
            "check": check,
            "buyout": buyout,
            "save": save,
            "disrupt": disrupt,
            "initiative": initiative,
            "declare": declare,
            "focus": focus,
            "react": react,
            "attack": attack,
            "damage": damage,
            "hurt": hurt,
            "heal": heal,
            "recover": recover,
            "rest": rest,
            "combat": combat,
            "turn": turn,
            "session": session,
            "day": day,
            "spend": spend,
            "gain": gain,
            "fate": fate,
            "reroll": fate,
            "level": level,
        }

    def odds_commands(self) -> dict[str, OddsFn]:
        from rules.systems.tiers.fate import fate_odds
        from rules.systems.tiers.odds import odds_hooks

        return {**odds_hooks(), "fate": fate_odds, "reroll": fate_odds}

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The common checks, plus `[dice]`, `[mods]` and the armour's weight."""
        from rules.systems.tiers.vocabulary import validate_tables  # with a command's words

        return super().validate_sheet(validate_tables(data))

    def all_pools(self, character: Character) -> list[Pool]:
        """A player's every pool; an NPC's as seed 003 gives them (`npc_pools`)."""
        from rules.systems.tiers.sheet import npc_pools

        pools = super().all_pools(character)
        kept = npc_pools(character)
        if kept is None:
            return pools
        given = {*character.maxima, *character.pools} - {"vitality", "wounds", "fate", "earned",
                                                          "destiny"}
        return [p for p in pools if p.name in kept or p.name in given
                or p.name not in PLAYER_POOLS]

    def pool_value(self, character: Character, pool: Pool) -> int:
        """Earned Fate and Destiny start at 0; Vigor, Vitality and Wounds say what they need."""
        if pool.name in UNCAPPED and not isinstance(character.pools.get(pool.name), int):
            return 0
        if pool.name in WHY_OPEN and not isinstance(character.pools.get(pool.name), int) \
                and self.pool_max(character, pool) is None:
            raise UsageError(f"{character.name}: {why_open(character, pool.name)}")
        return super().pool_value(character, pool)

    def rest_changes(self, character: Character) -> list[Change]:
        """Unused: `rest` is this system's own command (what a Rest restores, seed 003)."""
        return []

    def completion_words(self, command: str) -> tuple[str, ...]:
        """Words the REPL offers after a command, beyond SPEC's."""
        return {
            "attack": ("melee", "ranged", "mystic", "crit", "rider", "on", "adv", "dis",
                       "extra-die", "cover", "through", "ally", "range"),
            "damage": ("major", "minor", "crit", "mystic", "glancing", "rider", "extra-die",
                       "on"),
            "combat": ("end",),
            "hurt": ("vigor", "resist", "immune", "vulnerable"),
            "recover": ("stamina", "vitality", "attunement"),
            "rest": ("healer",),
            "session": ("new",),
            "day": ("new",),
            "level": ("up", "cost"),
            "save": ("bonus",),
            "disrupt": ("dc", "adv", "dis"),
            "fate": ("reroll",),
            "reroll": ("injury",),
        }.get(command, ())

    def sheet_form(self) -> str:
        from rules.systems.tiers.sheet_form import FORM

        return FORM

    def help_template(self) -> str:
        from rules.systems.tiers.help import HELP

        return HELP


SYSTEM = Tiers()
"""The system object the registry lists."""
