"""Tiers pools: Vigor, Vitality, Wounds, Stamina, Fate (session and earned), Destiny.

Fate is kept in two pools (seed 003, Fate Points: "You begin every session with 3: this is your
session Fate … Fate you gain in play … is earned Fate. Both spend the same way, and session Fate
is spent first"): `fate` is the session Fate (0–3; `session new` puts it back to 3) and `earned`
the earned Fate (no cap). A character's Fate is their sum. Spending Fate takes session Fate first;
gaining Fate (rolled 1s, the GM's awards) adds earned Fate; at a Rest the earned Fate becomes
Destiny. `wounds` counts the wound slots left to spend (Tier + 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.errors import RuleError, UsageError
from rules.resolution import Change
from rules.systems.protocol import Context
from rules.systems.sheet_terms import Pool
from rules.systems.tiers.sheet import PLAYER, armour_penalty, heart_modifier, kind_of, sheet_tier

SESSION_FATE = 3
"""Session Fate each session starts with (seed 003, Fate Points)."""


def vigor_max(who: Character) -> int | None:
    """Tier + Heart modifier (minimum 0), less the armour's penalty (seed 003, Vigor and Armor);
    a Minor's whole pool is Vigor (003:L97), whose size the excerpt lacks: its sheet's [max]."""
    if kind_of(who) == "minor":
        return None
    tier, heart = sheet_tier(who), heart_modifier(who)
    if tier is None or heart is None:
        return None
    return max(0, max(0, tier + heart) - armour_penalty(who))


def vitality_max(who: Character) -> int | None:
    """Vitality = 3 + Tier (seed 003)."""
    tier = sheet_tier(who)
    return None if tier is None else 3 + tier


def wounds_max(who: Character) -> int | None:
    """"You can carry wounds equal to your Tier + 1" (seed 003): the wound slots."""
    tier = sheet_tier(who)
    return None if tier is None else tier + 1


POOLS = (
    Pool("vigor", "Vigor", vigor_max, "Tier + Heart modifier (min 0), less armour's penalty"),
    Pool("vitality", "Vitality", vitality_max, "3 + Tier"),
    # titled apart from Champions' Wounds (wounds taken): here the pool counts the slots left,
    # so the pane shows it as Wounds taken of slots, as Champions' (SPEC §9)
    Pool("wounds", "Wound slots", wounds_max, "wound slots left to spend (Tier + 1)",
         harm="Wounds", left=True),
    Pool("stamina", "Stamina", None, "from the sheet's [max] table"),
    Pool("fate", "Fate", lambda c: SESSION_FATE, "session Fate (3 each session)"),
    Pool("earned", "Earned", None, "earned Fate (rolled 1s, awards); no cap"),
    Pool("destiny", "Destiny", None, "earned Fate left at a Rest; no cap"),
)
UNCAPPED = ("earned", "destiny")
PLAYER_POOLS = ("vigor", "vitality", "wounds", "stamina", "fate", "earned", "destiny")
"""The pools of a player character; an NPC has only those `sheet.npc_pools` names (and a
Stamina its sheet gives)."""
"""Pools that start at 0 and have no maximum."""

MINOR_VIGOR = ("a Minor's whole pool is Vigor and the excerpt does not give its size:"
               " add [max] vigor = N to the sheet")

DEFEATED = "defeated"
"""The flag of an NPC out of the fight: a Minor at 0 Vigor, another NPC at 0 Vitality."""

WHY_OPEN = {
    "vigor": "Vigor's cap is Tier + Heart modifier: add tier = N and [stats] heart (or [mods] heart)",
    "vitality": "Vitality is 3 + Tier: add tier = N to the sheet",
    "wounds": "the wound slots are Tier + 1: add tier = N to the sheet",
}


def why_open(who: Character, name: str) -> str:
    """What the sheet must give for a pool whose maximum is unknown."""
    if name == "vigor" and kind_of(who) == "minor":
        return MINOR_VIGOR
    return WHY_OPEN.get(name, f"add [max] {name} = N to the sheet")


def pool_of(ctx: Context, who: Character, name: str) -> int:
    """The current value of one of `who`'s pools."""
    return ctx.system.pool_value(who, ctx.system.pool(name, who))


def max_of(ctx: Context, who: Character, name: str) -> int | None:
    return ctx.system.pool_max(who, ctx.system.pool(name, who))


# ---- Fate ----


@dataclass(frozen=True, slots=True)
class Fate:
    """A character's Fate: session Fate and earned Fate."""

    session: int
    earned: int

    @property
    def total(self) -> int:
        return self.session + self.earned

    def __str__(self) -> str:
        return f"Fate {self.total} (session {self.session}, earned {self.earned})"


def fate_of(ctx: Context, who: Character) -> Fate:
    return Fate(pool_of(ctx, who, "fate"), pool_of(ctx, who, "earned"))


def spend_fate(ctx: Context, who: Character, k: int, reason: str) -> tuple[list[Change], Fate]:
    """Spend `k` Fate, session Fate first; RuleError (nothing changed) when there is too little."""
    if k:
        refuse_npc_fate(who)
    fate = fate_of(ctx, who)
    if k > fate.total:
        raise RuleError(f"{who.name} has {fate}; cannot spend {k}")
    from_session = min(k, fate.session)
    from_earned = k - from_session
    changes = []
    if from_session:
        changes.append(Change(who.name, "fate", fate.session, fate.session - from_session, reason))
    if from_earned:
        changes.append(Change(who.name, "earned", fate.earned, fate.earned - from_earned, reason))
    return changes, Fate(fate.session - from_session, fate.earned - from_earned)


def gain_fate(ctx: Context, who: Character, k: int, reason: str,
              now: int | None = None) -> Change | None:
    """Earn `k` Fate (rolled 1s, the GM's awards): earned Fate, never session Fate; `now` is the
    earned Fate an earlier change of the same LINE left (the sheet's otherwise)."""
    now = pool_of(ctx, who, "earned") if now is None else now
    return Change(who.name, "earned", now, now + k, reason) if k else None


# ---- staying inside a pool's range ----


def moved(ctx: Context, who: Character, name: str, delta: int, reason: str,
          now: int | None = None) -> tuple[Change | None, int]:
    """`name` moved by `delta`, kept within 0..max: the Change (None if it stays) and the value."""
    before = pool_of(ctx, who, name) if now is None else now
    top = max_of(ctx, who, name)
    after = max(0, before + delta)
    if top is not None:
        after = min(after, top)
    return (Change(who.name, name, before, after, reason) if after != before else None), after


def to_full(ctx: Context, who: Character, name: str, reason: str) -> Change | None:
    """`name` filled to its maximum (UsageError naming the sheet field when it is unknown)."""
    top = max_of(ctx, who, name)
    if top is None:
        raise UsageError(f"{who.name}: {why_open(who, name)}")
    now = pool_of(ctx, who, name)
    return Change(who.name, name, now, top, reason) if now != top else None


def refuse_dead(who: Character) -> None:
    """RuleError for a dead character: there is no dying state and no coming back (seed 003);
    likewise an NPC out of the fight."""
    if "dead" in who.flags:
        raise RuleError(f"{who.name} is dead; nothing changed")
    if DEFEATED in who.flags:
        raise RuleError(f"{who.name} is out of the fight (defeated); nothing changed")


def refuse_npc_fate(who: Character) -> None:
    """003:L230 "Only player characters have Fate points"."""
    if kind_of(who) != PLAYER:
        raise RuleError(f"{who.name} is a {kind_of(who)}: only player characters have Fate points")


def some(*changes: Change | None) -> tuple[Change, ...]:
    return tuple(c for c in changes if c is not None)
