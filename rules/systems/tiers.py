"""The Tier-based d20 system (seed 003): Tier dice, d6 success pools, Fate, saves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.errors import UsageError
from rules.resolution import Change
from rules.systems.base import CommandFn, OddsFn, Pool, Stat, System
from rules.systems.tiers_check import buyout, check
from rules.systems.tiers_combat import attack, damage
from rules.systems.tiers_harm import heal, hurt
from rules.systems.tiers_odds import odds_hooks
from rules.systems.tiers_pools import POOLS, UNCAPPED, WHY_OPEN
from rules.systems.tiers_recovery import combat, gain, recover, rest, session, spend, turn
from rules.systems.tiers_rules import validate_tables
from rules.systems.tiers_save import disrupt, initiative, save

HELP = """\
Tiers (`-s tiers`, seed 003): Tier 1–5; Vigor → Vitality → Wounds
Sheet: tier = 2; armor = "none|light|medium|heavy"; [stats] body mind
  sense heart cunning fate (scores; modifier (score−10)//2, or [mods]
  body = 2); [dice] body = "d6" (negative "-d4", none "0": the
  score→die table is not in the excerpt); [max] stamina = 4
Inline without a sheet: tier=2 body=14 body=d6 sense=-d4 mind=none
  check STAT task N [adv|dis] [fate K]
        [modifier + Tier]d6 (negative modifier: Tier dice, 6s only);
        5+ succeeds (adv 4+, dis 6 only); each 6 rolls another die;
        each 1 costs 1 Stamina and earns 1 Fate while Stamina lasts;
        successes ≥ N (the task's tier) → pass. fate K: K more dice
        (session Fate first). A failure at 0 Stamina exhausts; at 0
        Stamina and exhausted it costs 1 Vitality past Vigor
  buyout S      spend S Stamina: the previous failed check passes
  save STAT dc N [adv|dis] [bonus B]
        d20 + stat die + Fate die + Tier ≥ DC → pass (a Fate save rolls
        the Fate die once); adv/dis: 2d20 keep the higher/lower
  disrupt STAT dc N [adv|dis]   d20 + stat die + Tier (disruption)
  initiative    d8 + Mind die
  attack ac N [stat STAT|melee|ranged] [bonus B] [major|minor]
         [adv|dis] [mystic] [crit R] [rider N] [on NAME]
        d20 + modifier + bonus ≥ AC → hit; a natural R–20 (default 20)
        is a crit. Major hit: the Tier die (d4 d6 d8 d10 d12), crit
        two; Minor: flat Tier, crit (natural 20) the Tier die floored
        at Tier; mystic: Vigor damage; a Major's miss: Glancing Blow
        (Body die as Vigor damage; no die 1; negative none). on NAME
        applies it to that character; untrained: melee Body, ranged
        Cunning; resist|immune|vulnerable: −1 / none / +1
  damage [major|minor] [crit] [mystic|glancing] [rider N] [on NAME]
  hurt N|DICE [vigor] [resist|immune|vulnerable]
        Vigor absorbs, then Vitality; to 0 Vitality or past it: a
        wound, injury roll d20 + overflow (31+ kills), Second Wind
        (Vigor and Vitality full); no wound left: death
  heal N        Vitality
  recover [stamina N] [vitality N]   1 Fate → 1 Stamina, 2 Stamina →
        1 Vitality
  rest [healer] Vitality, Stamina full; exhaustion off; earned Fate →
        Destiny; healer: one light wound closes
  combat | turn Vigor full | start of your turn: + Heart modifier
        (negative: −1)
  session new   session Fate back to 3 for every character
Pools: vigor (Tier + Heart mod, min 0, − armour: medium 1, heavy 2),
  vitality (3 + Tier), wounds (slots left, Tier + 1), stamina ([max]),
  fate (session Fate, 3), earned (earned Fate), destiny; flags
  exhausted, dead. spend fate K: session first; gain fate K: earned
  Examples: check body task 2 · check sen task 1 adv fate 1
            save heart dc 14 · attack ac 13 stat body bonus 1
            odds check body task 3 · hurt 6 · recover stamina 1
"""


class Tiers(System):
    """Tiers: d6 success pools sized by Tier; Vigor → Vitality → Wounds."""

    id = "tiers"
    title = "Tiers"
    seed = "003"
    examples = (
        "check body body=14 body=d6 tier=2 task 2",
        "save sense sense=d4 fate=d8 tier=2 dc 12",
        "attack ac 14 bonus 3 tier=2 body=d6",
        "odds check body body=14 tier=2 task 2",
    )
    stats = tuple(
        Stat(name, abbrev, 1, 30)
        for name, abbrev in (("body", "bod"), ("mind", "mnd"), ("sense", "sen"),
                             ("heart", "hrt"), ("cunning", "cun"), ("fate", "fat"))
    )
    pools = POOLS
    health = "vitality"
    fields = {"tier": (int, 1, 5), "armor": (str, None, None)}
    sections = frozenset({"dice", "mods"})

    def extra_commands(self) -> dict[str, CommandFn]:
        return {
            "check": check,
            "buyout": buyout,
            "save": save,
            "disrupt": disrupt,
            "initiative": initiative,
            "attack": attack,
            "damage": damage,
            "hurt": hurt,
            "heal": heal,
            "recover": recover,
            "rest": rest,
            "combat": combat,
            "turn": turn,
            "session": session,
            "spend": spend,
            "gain": gain,
        }

    def odds_commands(self) -> dict[str, OddsFn]:
        return odds_hooks()

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The common checks, plus `[dice]`, `[mods]` and the armour's weight."""
        return super().validate_sheet(validate_tables(data))

    def pool_value(self, character: Character, pool: Pool) -> int:
        """Earned Fate and Destiny start at 0; Vigor, Vitality and Wounds say what they need."""
        if pool.name in UNCAPPED and not isinstance(character.pools.get(pool.name), int):
            return 0
        if pool.name in WHY_OPEN and not isinstance(character.pools.get(pool.name), int) \
                and self.pool_max(character, pool) is None:
            raise UsageError(f"{character.name}: {WHY_OPEN[pool.name]}")
        return super().pool_value(character, pool)

    def rest_changes(self, character: Character) -> list[Change]:
        """Unused: `rest` is this system's own command (what a Rest restores, seed 003)."""
        return []

    def completion_words(self, command: str) -> tuple[str, ...]:
        """Words the REPL offers after a command, beyond SPEC's."""
        return {
            "attack": ("melee", "ranged", "mystic", "crit", "rider", "on", "adv", "dis"),
            "damage": ("major", "minor", "crit", "mystic", "glancing", "rider", "on"),
            "hurt": ("vigor", "resist", "immune", "vulnerable"),
            "recover": ("stamina", "vitality"),
            "rest": ("healer",),
            "session": ("new",),
            "save": ("bonus",),
            "disrupt": ("dc", "adv", "dis"),
        }.get(command, ())

    def help(self) -> str:
        return HELP


SYSTEM = Tiers()
"""The system object the registry lists."""
