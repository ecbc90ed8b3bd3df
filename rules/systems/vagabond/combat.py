"""Vagabond combat: a Hero's `attack`, and `hit` for an enemy's attack that lands on a Hero."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.campaign import Character
from rules.dice.results import all_dice
from rules.errors import RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.roll_parts import roll_parts
from rules.said import Said, joined, note
from rules.systems.protocol import Context
from rules.systems.vagabond.check_roll import CheckSpec, aid_from_words, roll_check
from rules.systems.vagabond.checks import Plan, plan_save
from rules.systems.vagabond.names import ARMOR_RANGE, ATTACK_SKILLS, SKILLS, find_skill, title
from rules.systems.vagabond.vocabulary import (
    Words,
    afflictions,
    check_values,
    difficulty,
    inline_int,
    inline_stats,
    is_trained,
    read_words,
    stat_value,
)

ATTACK_USAGE = ("attack melee|ranged|brawl|finesse DAMAGE [trained] [favor|hinder …] [+luck]"
                " [forgo] [on NAME]")
HIT_USAGE = ("hit DAMAGE [block [ranged] [shield] | dodge [heavy]] [immune|weak] [armor=N]"
             " [on NAME]")
register_usage("vagabond", ATTACK_USAGE, HIT_USAGE)


@dataclass(frozen=True, slots=True)
class Damage:
    """Damage worked out: the amount, and the line that shows how."""

    amount: int
    text: str


def with_extra_die(expr: syntax.Expr) -> syntax.Expr | None:
    """`expr` with one more die in its first dice term (Weak), or None if it has no dice."""
    if isinstance(expr, syntax.Dice):
        return replace(expr, count=expr.count + 1)
    if isinstance(expr, syntax.BinOp):
        left = with_extra_die(expr.left)
        if left is not None:
            return replace(expr, left=left)
        right = with_extra_die(expr.right)
        return None if right is None else replace(expr, right=right)
    if isinstance(expr, syntax.Labeled):
        inner = with_extra_die(expr.inner)
        return None if inner is None else replace(expr, inner=inner)
    if isinstance(expr, syntax.Neg):
        inner = with_extra_die(expr.operand)
        return None if inner is None else replace(expr, operand=inner)
    return None


def roll_damage(ctx: Context, expr: syntax.Expr, *, weak: bool = False, immune: bool = False,
                armor: int = 0, bonuses: tuple[tuple[str, int], ...] = (),
                ignore_highest: bool = False) -> Damage:
    """Roll damage and apply, in order: a passed Save's ignored die, bonuses, Immune, Armor."""
    parts: list[str | Said] = []
    if weak:
        more = with_extra_die(expr)
        if more is None:
            parts.append("Weak: no damage die to add one to")
        else:
            expr = more
    start = len(ctx.roller.throws)
    roll = ctx.roller.roll(expr, why="damage")
    parts.insert(0, f"Damage {expr} → " + roll_parts(roll))
    amount = roll.total
    if ignore_highest:
        dice = [d for d in all_dice(roll.tree) if d.kept and d.die.kind == "std"]
        if dice:
            top = max(dice, key=lambda d: d.value)
            amount -= top.value
            parts.append(f"-{top.value} (the Save ignores a {top.die.name})")
            # JSON shows the ignored die as not kept (000:L66: "ignore one of the attack's
            # highest rolled damage dice")
            ignored = next((start + i for i, t in enumerate(roll.throws)
                            if t.kept and t.die == top.die.name and t.face == top.face), None)
            if ignored is not None:
                ctx.roller.set_aside(ignored)
        else:
            parts.append("no damage die for the Save to ignore")
    for label, n in bonuses:
        amount += n
        parts.append(f"{n:+d} {label}")
    if immune and not weak:
        amount = 0
        parts.append("Immune: no damage")
    elif armor and weak:
        parts.append("Weak: Armor ignored")
    elif armor:
        amount -= armor
        parts.append(f"-{armor} Armor")
    amount = max(0, amount)
    return Damage(amount, note(joined(parts, ", "), f" = {amount}" if len(parts) > 1 else ""))


def damage_expr(words: Words, command: str, usage: str) -> syntax.Expr:
    if not words.numbers:
        raise UsageError(f"{command} needs the damage dice: {usage}")
    return words.numbers[0]


# ---- attack ----


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """An attack ready to roll or to price: the Check, and what its damage needs."""

    spec: CheckSpec
    words: Words
    skill: str
    stat: str
    value: int
    trained: bool
    expr: syntax.Expr
    damage_dealt: tuple[tuple[str, int], ...]
    armor: int = 0


def plan_attack(ctx: Context, line: syntax.CommandLine, target: Character | None = None
                ) -> AttackPlan:
    """`attack SKILL DAMAGE …`: the weapon Skill's Check (Hindered when Vulnerable or Confused);
    `target`: whom it is made on (its sheet's Armor unless `armor=N` is given)."""
    words = read_words(line, ("immune", "weak"), names=1, numbers=1, usage=ATTACK_USAGE)
    check_values(words, ("armor",), "attack")
    armor = inline_int(words, "armor", *ARMOR_RANGE)  # checked before any die is thrown
    if armor is None:
        worn = target.field("armor", 0) if target is not None else 0
        armor = worn if isinstance(worn, int) else 0
    if not words.names:
        raise UsageError(f"attack needs the weapon's Skill: {ATTACK_USAGE}")
    skill = find_skill(words.names[0])
    if skill not in ATTACK_SKILLS:
        raise UsageError(f"attack: '{words.names[0]}' is not melee, ranged, brawl or finesse")
    expr = damage_expr(words, "attack", ATTACK_USAGE)
    who = ctx.table.active
    aff = afflictions(who)
    if aff.incapacitated and who is not None:
        raise RuleError(f"{who.name} is {aff.incapacitated}: no Actions, so no attack"
                        " (public rules)")
    stat = SKILLS[skill]
    value = stat_value(stat, inline_stats(words), who)
    trained = is_trained(who, skill) if words.trained is None else words.trained
    aid = aid_from_words(words).with_hinder(*aff.hinders("attack"))
    spec = CheckSpec(f"attack {skill}", difficulty(value, trained), aid, words.luck, words.forgo)
    return AttackPlan(spec, words, skill, stat, value, trained, expr, aff.damage_dealt, armor)


def attack(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """The attack Check with the weapon's Skill, then the damage on a hit: off the HP of
    whom `on NAME` names, through its Armor (SPEC §9)."""
    from rules.systems.on_whom import on_whom

    target, line = on_whom(ctx.table, ctx.system.id, line)
    plan = plan_attack(ctx, line, target)
    words = plan.words
    roll = roll_check(ctx, plan.spec)
    changes = roll.changes
    outcome = "hit" if roll.passed else "miss"
    summary = f"{ctx.input.strip()} → " + roll.head(outcome)
    notes = list(roll.notes)
    amount: int | None = None
    if roll.passed:
        bonuses = list(plan.damage_dealt)
        if roll.crit and words.forgo:
            bonuses.insert(0, (f"Crit ({title(plan.stat)})", plan.value))
        damage = roll_damage(ctx, plan.expr, weak=words.has("weak"),
                             immune=words.has("immune"),
                             armor=plan.armor, bonuses=tuple(bonuses))
        amount = damage.amount
        summary += f" · {amount} damage"
        notes.append(damage.text)
        if target is not None:
            changes = (*changes, *hp_loss(ctx, target, amount, "attack"))
    elif roll.crit and words.forgo:
        notes.append("Crit: Luck forgone, but the attack missed")
    return ctx.resolution(
        "attack", summary, total=roll.total, target=roll.difficulty, outcome=outcome,
        crit=roll.crit, changes=tuple(changes), notes=tuple(notes),
        extra=(("skill", plan.skill), ("stat", plan.stat), ("trained", plan.trained),
               ("damage", amount), ("favor", roll.aid_word), ("check_die", roll.index),
               ("on", None if target is None else target.name)),  # whom it lands on
    )


# ---- hit: an enemy's attack lands on the active Hero ----


def hp_loss(ctx: Context, who: Character, amount: int, reason: str) -> list[Change]:
    """HP falls by `amount` (at 0 HP the Hero dies: the system marks it)."""
    pool = ctx.system.pool("hp", who)
    now = ctx.system.pool_value(who, pool)
    after = max(0, now - amount)
    return [Change(who.name, "hp", now, after, reason)] if after != now else []


@dataclass(frozen=True, slots=True)
class HitPlan:
    """An enemy's attack on the Hero, ready to roll or to price: the damage and its modifiers,
    and the Block or Dodge Save when one is chosen."""

    words: Words
    expr: syntax.Expr
    armor: int
    defence: str | None
    save: Plan | None


def plan_hit(ctx: Context, line: syntax.CommandLine) -> HitPlan:
    """`hit DAMAGE [block … | dodge …] …`: the damage, the Armor, and the Save with its Hindrances."""
    flags = ("ranged", "block", "dodge", "shield", "heavy", "immune", "weak")
    words = read_words(line, flags, names=0, numbers=1, usage=HIT_USAGE)
    check_values(words, ("armor",), "hit")
    expr = damage_expr(words, "hit", HIT_USAGE)
    if words.has("block") and words.has("dodge"):
        raise UsageError("hit: Block or Dodge, not both")
    who = ctx.table.active
    armor = inline_int(words, "armor", *ARMOR_RANGE)
    if armor is None and who is not None:
        sheet_armor = who.field("armor", 0)
        armor = sheet_armor if isinstance(sheet_armor, int) else 0
    defence = "block" if words.has("block") else "dodge" if words.has("dodge") else None
    if defence is None:
        if words.luck or words.favor or words.hinder or words.forgo:
            raise UsageError("hit: favor, hinder, +luck and forgo need a Save: add block or dodge")
        return HitPlan(words, expr, armor or 0, None, None)
    save = plan_save(ctx, words, "endure" if defence == "block" else "reflex", defence)
    return HitPlan(words, expr, armor or 0, defence, save)


def hit(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """Roll the chosen Save (Block or Dodge), then the damage: a pass ignores a highest die."""
    plan = plan_hit(ctx, line)
    words, expr, armor, defence = plan.words, plan.expr, plan.armor, plan.defence
    who = ctx.table.active
    notes: list[str] = []
    changes: list[Change] = []
    weak, immune = words.has("weak"), words.has("immune")
    if plan.save is None:
        damage = roll_damage(ctx, expr, weak=weak, immune=immune, armor=armor)
        notes.append(damage.text)
        if who is not None:
            changes.extend(hp_loss(ctx, who, damage.amount, "hit"))
        return ctx.resolution(
            "damage", f"{ctx.input.strip()} → {damage.amount} damage", total=damage.amount,
            changes=tuple(changes), notes=tuple(notes),
            extra=(("damage", damage.amount), ("defence", None), ("armor", armor)),
        )
    roll = roll_check(ctx, plan.save.spec)
    changes.extend(roll.changes)
    notes.extend(plan.save.notes + roll.notes)
    outcome = "pass" if roll.passed else "fail"
    if roll.crit and words.forgo:  # the Crit's benefit on a Save, whatever the total
        damage = Damage(0, "Crit: Luck forgone: unaffected by the attack")
    else:
        damage = roll_damage(ctx, expr, weak=weak, immune=immune, armor=armor,
                             ignore_highest=roll.passed)
    notes.append(damage.text)
    if who is not None:
        changes.extend(hp_loss(ctx, who, damage.amount, "hit"))
    return ctx.resolution(
        "save", f"{ctx.input.strip()} → " + roll.head(outcome) + f" · {damage.amount} damage",
        total=roll.total, target=roll.difficulty, outcome=outcome, crit=roll.crit,
        changes=tuple(changes), notes=tuple(notes),
        extra=(("damage", damage.amount), ("defence", defence), ("armor", armor),
               ("favor", roll.aid_word), ("check_die", roll.index)),
    )
