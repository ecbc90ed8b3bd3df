"""Tiers attacks and damage: d20 + stat modifier + weapon bonus vs AC, the Tier die (seed 003).

"Major hit = roll your Tier die. Major critical hit = roll TWO Tier dice (a natural roll in your
crit range). Minor hit = flat points equal to Tier. Minor critical hit (natural 20 only) = roll
the Tier die, floored at the flat value." A Major's miss may deal a Glancing Blow: the Body die
as Vigor damage, 1 with no Body die, nothing with a negative one. The AC is `ac N`, or the
`on NAME` character's from its sheet (defence.py). "Only the largest flat rider applies to a hit"
and "A hit rolls at most one extra Tier die" (003:L80–81); firing through one creature is at
disadvantage, and a natural 1 hits that creature instead (003:L69); at long range too, and
beyond long range there is no attack (003, Ranged).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.campaign import Character
from rules.dice.results import all_dice
from rules.errors import RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.roll_parts import dice_parts
from rules.said import marks, said, said_outcome
from rules.systems.protocol import Context
from rules.systems.tiers.defence import armour_class
from rules.systems.tiers.harm import DESCRIPTORS, after_descriptor, descriptor_of, take_hit
from rules.systems.tiers.pools import refuse_dead
from rules.systems.tiers.sheet import kind_of
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

ATTACK_USAGE = ("attack ac N|on NAME [stat STAT|melee|ranged] [bonus B] [major|minor] [adv|dis]"
                " [mystic] [crit R] [rider N …] [extra-die] [cover half|three-quarters]"
                " [through N | ally NAME] [range long|beyond] [resist|immune|vulnerable]")
DAMAGE_USAGE = ("damage [major|minor] [crit] [mystic|glancing] [rider N …] [extra-die]"
                " [resist|immune|vulnerable] [on NAME] (inline: tier=2 body=d6)")
register_usage("tiers", ATTACK_USAGE, DAMAGE_USAGE)
REPEATABLE = ("rider", "extra-die")
"""Several abilities may each offer a rider or an extra Tier die (003:L80–81)."""
HIT_FLAGS = ("major", "minor", "mystic", *DESCRIPTORS)
UNTRAINED = {"melee": "body", "ranged": "cunning"}
"""Untrained attacks use the Body modifier (melee) or the Cunning modifier (ranged) (seed 003)."""


@dataclass(frozen=True, slots=True)
class Damage:
    """A hit's damage: the points it deals (after riders and descriptors) and how it reads."""

    amount: int
    text: str
    vigor_only: bool = False
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HitSpec:
    """What a hit deals: the attacker's rank and Tier, mystic (Vigor damage), riders, type."""

    tier: int
    minor: bool
    mystic: bool
    rider: int
    descriptor: str | None
    target: Character | None
    extra_die: bool = False
    notes: tuple[str, ...] = ()


def is_minor(words: Words, who: Character | None) -> bool:
    """A Minor's hit: the word `minor`, or a sheet of kind minor unless `major` is given."""
    return words.has("minor") or (not words.has("major") and kind_of(who) == "minor")


def hit_spec(ctx: Context, words: Words) -> HitSpec:
    """The damage words shared by `attack` and `damage`."""
    if words.has("major") and words.has("minor"):
        raise UsageError(f"{words.command}: major or minor, not both")
    rider = words.number("rider") or 0
    if rider < 0:
        raise UsageError(f"{words.command}: rider {rider}: a flat rider adds points (1 or more)")
    notes: list[str] = []
    if words.count("rider") > 1:
        notes.append(f"only the largest flat rider applies: +{rider}")
    if words.count("extra-die") > 1:
        notes.append("a hit rolls at most one extra Tier die")
    who = ctx.table.active
    return HitSpec(tier_of(words, who), is_minor(words, who), words.has("mystic"),
                   rider, descriptor_of(words.flags), on_target(ctx, words),
                   words.has("extra-die"), tuple(notes))


def on_target(ctx: Context, words: Words, option: str = "on") -> Character | None:
    """The `on NAME` (or `ally NAME`) character, a Tiers one."""
    target = ctx.table.character(words.names[option]) if option in words.names else None
    if target is not None and target.system != ctx.system.id:
        raise UsageError(f"{target.name} is a {target.system} character: {option} NAME takes a"
                         " Tiers one")
    return target


def roll_damage(ctx: Context, spec: HitSpec, crit: bool) -> Damage:
    """A hit's damage: the Tier die (two on a Major crit), or a Minor's flat Tier."""
    die = syntax.std_die(TIER_DIE[spec.tier])
    kind = "Vigor damage" if spec.mystic else "damage"
    notes: tuple[str, ...] = spec.notes
    if spec.minor and not crit:
        points, text = spec.tier, str(spec.tier)
    elif spec.minor:
        face, _ = ctx.roller.throw(die, "a Minor's critical hit")
        points, text = max(face, spec.tier), str(max(face, spec.tier))
        if face < spec.tier:
            notes += (f"the Tier die showed {face}: a crit is floored at the flat {spec.tier}",)
    else:
        count = 2 if crit else 1
        faces, _ = ctx.roller.throw_many(die, count, "a critical hit" if crit else "the Tier die")
        points, text = sum(faces), "+".join(str(f) for f in faces)
    if spec.extra_die:
        face, _ = ctx.roller.throw(die, "an extra Tier die")
        points += face
        text += f"+{face}"
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
    if who is not None and "foe" in who.flags:
        return UNTRAINED["melee"]  # a foe of one line has no tree: untrained, melee unless said
    if who is not None:
        raise UsageError(
            "attack needs the stat of your martial or mystic tree: stat STAT (untrained: melee"
            f" uses Body, ranged Cunning) ({ATTACK_USAGE})"
        )
    return None  # an NPC without a sheet: its whole attack bonus is `bonus B`


ATTACK_NUMBERS = ("ac", "bonus", "crit", "rider", "through")
ATTACK_FLAGS = ("adv", "dis", "melee", "ranged", "extra-die", *HIT_FLAGS)


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """An attack roll ready to throw or to price: d20 (advantage) + modifier + bonus vs AC."""

    ac: int
    stat: str | None
    modifier: int
    bonus: int
    crit_from: int
    edge: Edge
    notes: tuple[str, ...] = ()
    in_the_way: bool = False
    """One creature in the line of fire: a natural 1 hits it instead (003:L69)."""

    def hits_in_the_way(self, natural: int) -> bool:
        return self.in_the_way and natural == 1

    def judge(self, natural: int) -> tuple[int, bool, bool]:
        """The total, whether it hits and whether it crits, for a natural d20."""
        total = natural + self.modifier + self.bonus
        if self.hits_in_the_way(natural):
            return total, False, False  # the creature in the way is hit, not the target
        crit = natural >= self.crit_from
        # a natural roll in the crit range is a critical hit: the text lists it among the hits
        return total, crit or total >= self.ac, crit


def attack_words(line: syntax.CommandLine) -> Words:
    return read_words(line, ATTACK_USAGE, numbers=ATTACK_NUMBERS,
                      names=("stat", "on", "cover", "ally", "range"),
                      flags=ATTACK_FLAGS, repeatable=REPEATABLE)


def through_allies(words: Words) -> str | None:
    """003:L67–71: one creature in the way (`through 1`, or `ally NAME`) is disadvantage; two or
    more, no attack; mystic attacks are not affected. The disadvantage's reason, or None."""
    through = words.number("through")
    if "ally" in words.names:
        if through not in (None, 1):
            raise UsageError("attack: ally NAME is the one creature in the way: not with"
                             f" through {through}")
        through = 1
    if through is None or through == 0:
        return None
    if through < 0:
        raise UsageError(f"attack: through {through}: the creatures in the line of fire, 1 or 2")
    if words.has("mystic"):
        return None
    if through >= 2:
        raise RuleError(f"{through} creatures in the line of fire: a ranged weapon attack cannot"
                        " target past them (mystic attacks can)")
    return "firing through a creature: disadvantage; a natural 1 hits it instead"


RANGES = ("normal", "long", "beyond")


def long_range(words: Words) -> str | None:
    """003, Ranged: "Normal range: No penalty; Long range: Disadvantage on attack; Beyond long
    range: Cannot attack" (a weapon's ranges; a mystic attack has its 120 ft). The disadvantage's
    reason, or None."""
    band = words.names.get("range")
    if band is None or band == "normal":
        return None
    if band not in RANGES:
        raise UsageError(f"attack: range is {', '.join(RANGES)}, not '{band}'")
    if words.has("melee"):
        raise UsageError("attack: a melee attack has its reach (5 feet), not a range")
    if band == "beyond":
        raise RuleError("beyond long range: cannot attack; nothing changed")
    if words.has("mystic"):
        raise UsageError("attack: a mystic attack has a 120 ft range and no long range")
    return "long range: disadvantage"


def plan_attack(ctx: Context, words: Words) -> AttackRoll:
    """The attack roll of `attack ac N|on NAME [stat STAT|melee|ranged] [bonus B] [adv|dis] …`."""
    armour = armour_class(words, on_target(ctx, words), ATTACK_USAGE)
    who = ctx.table.active
    stat = _attack_stat(words, who)
    modifier = 0 if stat is None else modifier_of(stat, words, who)
    crit_from = words.number("crit") or 20
    if not 2 <= crit_from <= 20:
        raise UsageError(f"attack: crit {crit_from}: the crit range starts at a natural 2–20")
    notes: tuple[str, ...] = () if armour.worked is None else (armour.worked,)
    if is_minor(words, who) and crit_from != 20:
        notes += ("a Minor crits on a natural 20 only",)
        crit_from = 20
    in_the_way = through_allies(words)
    if words.has("mystic") and (words.number("through") or "ally" in words.names):
        notes += ("a mystic attack is not affected by creatures in the line of fire",)
    far = long_range(words)
    edge, edge_notes = edge_of(words, who, "; ".join(r for r in (in_the_way, far) if r) or None)
    return AttackRoll(armour.value, stat, modifier, words.number("bonus") or 0, crit_from, edge,
                      notes + edge_notes, in_the_way is not None)


def attack(ctx: Context, line: syntax.CommandLine) -> Resolution:
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
    text = said(str(natural)) if plan.edge is None else dice_parts(all_dice(roll.tree))
    if plan.stat is not None:
        text += signed(plan.modifier)
    if plan.bonus:
        text += signed(plan.bonus)
    if plan.stat is not None or plan.bonus or plan.edge is not None:
        text += f" = {total}"
    summary = f"{ctx.input.strip()} → " + text + f" vs {plan.ac}" + said_outcome(outcome) + marks(crit)
    dealt: Damage | None = None
    changes: tuple[Change, ...] = ()
    if plan.hits_in_the_way(natural):
        # 003:L69 "On a natural 1, you hit that creature instead of your target"
        ally = on_target(ctx, words, "ally")
        stray = roll_damage(ctx, spec, False)
        who = "the creature in the way" if ally is None else ally.name
        summary += f" · hits {who}: {stray.text}"
        notes += stray.notes
        if ally is None:
            notes.append("nothing recorded for the creature in the way: name it with ally NAME")
        else:
            changes, landed, _ = land(ctx, replace(spec, target=ally), stray, "attack")
            notes += landed
    elif hit:
        dealt = roll_damage(ctx, spec, crit)
    elif body is not None:
        dealt = roll_glancing(ctx, body, spec.descriptor)
        if dealt is None:
            notes.append("a negative Body die: no Glancing Blow")
    if dealt is not None:
        summary += f" · {dealt.text}"
        notes += dealt.notes
        changes, landed, _ = land(ctx, spec, dealt, "attack")
        notes += landed
    extra = (("stat", plan.stat), ("natural", natural), ("modifier", plan.modifier),
             ("bonus", plan.bonus), ("tier", spec.tier),
             ("damage", None if dealt is None else dealt.amount),
             ("vigor_damage", bool(dealt and dealt.vigor_only)), ("edge", plan.edge),
             ("in_the_way", plan.hits_in_the_way(natural)))  # fmt: skip
    return ctx.resolution("attack", summary, total=total, target=plan.ac, outcome=outcome,
                          crit=crit, changes=changes, notes=tuple(notes), extra=extra)


# ---- damage ----


def damage(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`damage [major|minor] [crit] [mystic|glancing] …`: a hit's damage, rolled on its own."""
    words = read_words(line, DAMAGE_USAGE, numbers=("rider",), names=("on",),
                       flags=("crit", "glancing", "extra-die", *HIT_FLAGS), repeatable=REPEATABLE)
    spec = hit_spec(ctx, words)
    notes: list[str] = []
    if words.has("glancing"):
        if spec.minor or words.has("crit") or spec.mystic or spec.rider or spec.extra_die:
            raise UsageError("damage glancing is a Major's miss: no minor, crit, mystic, rider or"
                             " extra-die")
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
