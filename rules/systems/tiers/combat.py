"""Tiers attacks and damage: d20 + stat modifier + weapon bonus vs AC, the Tier die (seed 003).

"Major hit = roll your Tier die. Major critical hit = roll TWO Tier dice (a natural roll in your
crit range). Minor hit = flat points equal to Tier. Minor critical hit (natural 20 only) = roll
the Tier die, floored at the flat value." A Major's miss may deal a Glancing Blow: the Body die
as Vigor damage, 1 with no Body die, nothing with a negative one. The AC is the GM's: `ac N`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.describe import describe_dice
from rules.dice.results import all_dice
from rules.errors import UsageError
from rules.notation import ast
from rules.resolution import Change, Resolution
from rules.systems.protocol import Context
from rules.systems.tiers.harm import DESCRIPTORS, after_descriptor, descriptor_of, take_hit
from rules.systems.tiers.pools import refuse_dead
from rules.systems.tiers.vocabulary import (
    TIER_DIE,
    Edge,
    StatDie,
    Words,
    d20_expr,
    die_of,
    edge_of,
    modifier_of,
    read_words,
    signed,
    stat_name,
    tier_of,
)

ATTACK_USAGE = ("attack ac N [stat STAT|melee|ranged] [bonus B] [major|minor] [adv|dis] [mystic]"
                " [crit R] [rider N] [resist|immune|vulnerable] [on NAME]")
DAMAGE_USAGE = ("damage [major|minor] [crit] [mystic|glancing] [rider N]"
                " [resist|immune|vulnerable] [on NAME] (inline: tier=2 body=d6)")
HIT_FLAGS = ("major", "minor", "mystic", *DESCRIPTORS)
UNTRAINED = {"melee": "body", "ranged": "cunning"}
"""Untrained attacks use the Body modifier (melee) or the Cunning modifier (ranged) (seed 003)."""


@dataclass(frozen=True)
class Damage:
    """A hit's damage: the points it deals (after riders and descriptors) and how it reads."""

    amount: int
    text: str
    vigor_only: bool = False
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class HitSpec:
    """What a hit deals: the attacker's rank and Tier, mystic (Vigor damage), riders, type."""

    tier: int
    minor: bool
    mystic: bool
    rider: int
    descriptor: str | None
    target: Character | None


def hit_spec(ctx: Context, words: Words) -> HitSpec:
    """The damage words shared by `attack` and `damage`."""
    if words.has("major") and words.has("minor"):
        raise UsageError(f"{words.command}: major or minor, not both")
    rider = words.number("rider") or 0
    if rider < 0:
        raise UsageError(f"{words.command}: rider {rider}: a flat rider adds points (1 or more)")
    target = ctx.table.character(words.names["on"]) if "on" in words.names else None
    if target is not None and target.system != ctx.system.id:
        raise UsageError(f"{target.name} is a {target.system} character: on NAME takes a Tiers one")
    return HitSpec(tier_of(words, ctx.table.active), words.has("minor"), words.has("mystic"),
                   rider, descriptor_of(words.flags), target)


def roll_damage(ctx: Context, spec: HitSpec, crit: bool) -> Damage:
    """A hit's damage: the Tier die (two on a Major crit), or a Minor's flat Tier."""
    die = ast.std_die(TIER_DIE[spec.tier])
    kind = "Vigor damage" if spec.mystic else "damage"
    notes: tuple[str, ...] = ()
    if spec.minor and not crit:
        points, text = spec.tier, str(spec.tier)
    elif spec.minor:
        face, _ = ctx.roller.throw(die, "a Minor's critical hit")
        points, text = max(face, spec.tier), str(max(face, spec.tier))
        if face < spec.tier:
            notes = (f"the Tier die showed {face}: a crit is floored at the flat {spec.tier}",)
    else:
        count = 2 if crit else 1
        faces, _ = ctx.roller.throw_many(die, count, "a critical hit" if crit else "the Tier die")
        points, text = sum(faces), "+".join(str(f) for f in faces)
    if spec.rider:
        points += spec.rider
        text += f"+{spec.rider}"
    if "+" in text:
        text += f" = {points}"
    final, more = after_descriptor(points, spec.descriptor)
    return Damage(final, f"{text} {kind}", spec.mystic, notes + more)


def roll_glancing(ctx: Context, body: StatDie, descriptor: str | None) -> Damage | None:
    """A Major's Glancing Blow: the Body die (or 1 with none) as Vigor damage; None if negative."""
    if body.sign < 0:
        return None
    if body.none:
        points, text = 1, "Glancing Blow 1 Vigor damage"
    else:
        points, _ = ctx.roller.throw(body.die, "a Glancing Blow")
        text = f"Glancing Blow {points} Vigor damage"
    final, notes = after_descriptor(points, descriptor)
    return Damage(final, text, True, notes)


def land(ctx: Context, spec: HitSpec, damage: Damage, reason: str
         ) -> tuple[tuple[Change, ...], tuple[str, ...], str | None]:
    """Apply the damage to the `on NAME` character through their layers."""
    if spec.target is None:
        return (), (), None
    hit = take_hit(ctx, spec.target, damage.amount, reason, vigor_only=damage.vigor_only)
    return hit.changes, (f"{spec.target.name}: {hit.text}", *hit.notes), hit.outcome


# ---- attack ----


def _attack_stat(words: Words, who: Character | None) -> str | None:
    if "stat" in words.names:
        if words.has("melee") or words.has("ranged"):
            raise UsageError("attack: stat STAT or melee/ranged (untrained), not both")
        return stat_name(words.names["stat"])
    if words.has("melee") and words.has("ranged"):
        raise UsageError("attack: melee or ranged, not both")
    for word, stat in UNTRAINED.items():
        if words.has(word):
            return stat
    if who is not None:
        raise UsageError(
            "attack needs the stat of your martial or mystic tree: stat STAT (untrained: melee"
            f" uses Body, ranged Cunning) ({ATTACK_USAGE})"
        )
    return None  # an NPC without a sheet: its whole attack bonus is `bonus B`


ATTACK_NUMBERS = ("ac", "bonus", "crit", "rider")
ATTACK_FLAGS = ("adv", "dis", "melee", "ranged", *HIT_FLAGS)


@dataclass(frozen=True)
class AttackRoll:
    """An attack roll ready to throw or to price: d20 (advantage) + modifier + bonus vs AC."""

    ac: int
    stat: str | None
    modifier: int
    bonus: int
    crit_from: int
    edge: Edge
    notes: tuple[str, ...] = ()

    def judge(self, natural: int) -> tuple[int, bool, bool]:
        """The total, whether it hits and whether it crits, for a natural d20."""
        total = natural + self.modifier + self.bonus
        crit = natural >= self.crit_from
        # a natural roll in the crit range is a critical hit: the text lists it among the hits
        return total, crit or total >= self.ac, crit


def attack_words(line: ast.CommandLine) -> Words:
    return read_words(line, ATTACK_USAGE, numbers=ATTACK_NUMBERS, names=("stat", "on"),
                      flags=ATTACK_FLAGS)


def plan_attack(ctx: Context, words: Words) -> AttackRoll:
    """The attack roll of `attack ac N [stat STAT|melee|ranged] [bonus B] [adv|dis] [crit R]`."""
    ac = words.number("ac")
    if ac is None:
        raise UsageError(f"attack needs the target's AC: ac N ({ATTACK_USAGE})")
    who = ctx.table.active
    stat = _attack_stat(words, who)
    modifier = 0 if stat is None else modifier_of(stat, words, who)
    crit_from = words.number("crit") or 20
    if not 2 <= crit_from <= 20:
        raise UsageError(f"attack: crit {crit_from}: the crit range starts at a natural 2–20")
    notes: tuple[str, ...] = ()
    if words.has("minor") and crit_from != 20:
        notes += ("a Minor crits on a natural 20 only",)
        crit_from = 20
    edge, edge_notes = edge_of(words, who)
    return AttackRoll(ac, stat, modifier, words.number("bonus") or 0, crit_from, edge,
                      notes + edge_notes)


def attack(ctx: Context, line: ast.CommandLine) -> Resolution:
    """`attack ac N …`: the d20 roll, then the hit's damage or a Major's Glancing Blow."""
    words = attack_words(line)
    plan = plan_attack(ctx, words)
    if ctx.table.active is not None:
        refuse_dead(ctx.table.active)
    spec = hit_spec(ctx, words)
    body = None if spec.minor else die_of("body", words, ctx.table.active)  # a Glancing Blow's
    notes = list(plan.notes)
    roll = ctx.roller.roll(d20_expr(plan.edge), why="the attack")
    natural = roll.total
    total, hit, crit = plan.judge(natural)
    outcome = "hit" if hit else "miss"
    text = str(natural) if plan.edge is None else describe_dice(all_dice(roll.tree))
    if plan.stat is not None:
        text += signed(plan.modifier)
    if plan.bonus:
        text += signed(plan.bonus)
    if plan.stat is not None or plan.bonus or plan.edge is not None:
        text += f" = {total}"
    summary = f"{ctx.input.strip()} → {text} vs {plan.ac} · {outcome}" + (" · crit" if crit else "")
    dealt: Damage | None = None
    if hit:
        dealt = roll_damage(ctx, spec, crit)
    elif body is not None:
        dealt = roll_glancing(ctx, body, spec.descriptor)
        if dealt is None:
            notes.append("a negative Body die: no Glancing Blow")
    changes: tuple[Change, ...] = ()
    if dealt is not None:
        summary += f" · {dealt.text}"
        notes += dealt.notes
        changes, landed, _ = land(ctx, spec, dealt, "attack")
        notes += landed
    extra = (("stat", plan.stat), ("natural", natural), ("modifier", plan.modifier),
             ("bonus", plan.bonus), ("tier", spec.tier),
             ("damage", None if dealt is None else dealt.amount),
             ("vigor_damage", bool(dealt and dealt.vigor_only)), ("edge", plan.edge))  # fmt: skip
    return ctx.resolution("attack", summary, total=total, target=plan.ac, outcome=outcome,
                          crit=crit, changes=changes, notes=tuple(notes), extra=extra)


# ---- damage ----


def damage(ctx: Context, line: ast.CommandLine) -> Resolution:
    """`damage [major|minor] [crit] [mystic|glancing] …`: a hit's damage, rolled on its own."""
    words = read_words(line, DAMAGE_USAGE, numbers=("rider",), names=("on",),
                       flags=("crit", "glancing", *HIT_FLAGS))
    spec = hit_spec(ctx, words)
    notes: list[str] = []
    if words.has("glancing"):
        if spec.minor or words.has("crit") or spec.mystic or spec.rider:
            raise UsageError("damage glancing is a Major's miss: no minor, crit, mystic or rider")
        dealt = roll_glancing(ctx, die_of("body", words, ctx.table.active), spec.descriptor)
        if dealt is None:
            return ctx.resolution("damage", f"{ctx.input.strip()} → no Glancing Blow", total=0,
                                  notes=("a negative Body die: no Glancing Blow",))
    else:
        dealt = roll_damage(ctx, spec, words.has("crit"))
    notes += dealt.notes
    changes, landed, outcome = land(ctx, spec, dealt, "damage")
    notes += landed
    summary = f"{ctx.input.strip()} → {dealt.text}"
    extra = (("tier", spec.tier), ("vigor_damage", dealt.vigor_only),
             ("die", f"d{TIER_DIE[spec.tier]}"))
    return ctx.resolution("damage", summary, total=dealt.amount, outcome=outcome,
                          crit=words.has("crit"), changes=changes, notes=tuple(notes), extra=extra)
