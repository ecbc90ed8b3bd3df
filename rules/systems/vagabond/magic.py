"""Vagabond spells: `cast` prices a spell in Mana, spends it, and makes the Cast Check if needed."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.errors import Do, Hint, RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.notation.words import extra_dice_word
from rules.resolution import Change, Resolution
from rules.roll_parts import roll_parts
from rules.said import note
from rules.systems.protocol import Context
from rules.systems.vagabond.check_roll import CheckSpec, aid_from_words, roll_check
from rules.systems.vagabond.names import CASTING, DELIVERY, SKILLS, title
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

CAST_USAGE = ("cast damage|effect|both [+N] [touch|remote|cube|aura|cone|glyph|line|sphere]"
              " [enlarge=N] [unwilling] [trained] [favor|hinder …] [+luck] [forgo]")
register_usage("vagabond", CAST_USAGE)
AREAS = frozenset(d for d, cost in DELIVERY.items() if cost)
"""Cube, Aura, Cone, Glyph, Line and Sphere: the deliveries that are areas (Touch and Remote
are free and reach one target)."""
ENLARGE_OPEN = ("cast: enlarging an area costs more Mana, but the text does not say"
                " how much: give the extra cost as enlarge=N")
SPELL_PARTS = ("damage", "effect", "both")


@dataclass(frozen=True, slots=True)
class Price:
    """What a spell costs in Mana, part by part, and the most one Cast may spend."""

    kind: str
    extra_dice: int
    delivery: str | None
    cap: int
    cap_text: str
    enlarge: int = 0

    @property
    def parts(self) -> tuple[tuple[str, int], ...]:
        out = []
        if self.kind == "both":
            out.append(("damage and effect", 1))
        if self.extra_dice:
            out.append((f"+{self.extra_dice}d6", self.extra_dice))
        if self.delivery is not None and DELIVERY[self.delivery]:
            out.append((title(self.delivery), DELIVERY[self.delivery]))
        if self.enlarge:
            out.append(("enlarged", self.enlarge))
        return tuple(out)

    @property
    def cost(self) -> int:
        return sum(n for _, n in self.parts)

    def text(self) -> str:
        listed = ", ".join(f"{label} {n}" for label, n in self.parts) or "nothing extra"
        return f"Cost {self.cost} Mana ({listed}); at most {self.cap} per Cast ({self.cap_text})"


def extra_dice(words: Words) -> int:
    """`+N` (or `N`, `Nd6`): extra d6s of damage, 1 Mana each."""
    found: list[int] = []
    for name in words.names:
        extra = extra_dice_word(name)
        if extra is None:
            raise UsageError(f"cast: unknown word '{name}' ({CAST_USAGE})")
        found.append(extra)
    for expr in words.numbers:
        if isinstance(expr, syntax.Num):
            found.append(expr.value)
        elif isinstance(expr, syntax.Dice) and expr.die == syntax.D6 and not expr.mods:
            found.append(expr.count)
        else:
            raise UsageError(f"cast: extra damage is +N d6s (one Mana each), not '{expr}'")
    if len(found) > 1:
        raise UsageError("cast: give the extra damage dice once (+N)")
    return found[0] if found else 0


def price(ctx: Context, words: Words) -> tuple[Price, str, int]:
    """The spell's Price, and the casting Skill and Stat value (from the Class)."""
    parts = [p for p in SPELL_PARTS if words.has(p)]
    if not parts:
        raise UsageError(f"cast: damage, effect or both? ({CAST_USAGE})")
    kind = "both" if "both" in parts or len(parts) == 2 else parts[0]
    deliveries = [d for d in DELIVERY if words.has(d)]
    if len(deliveries) > 1:
        raise UsageError(f"cast: one delivery, not {' and '.join(deliveries)}")
    extra = extra_dice(words)
    if extra and kind == "effect":
        raise UsageError("cast: +N adds damage dice; cast damage or both")
    enlarge = enlarged(words, deliveries[0] if deliveries else None)
    who = ctx.table.active
    cls = words.values.get("class") or (who.field("class") if who is not None else None)
    if not isinstance(cls, str) or not cls:
        raise UsageError("cast needs the caster's Class (its Skill and Stat): sheet key"
                         ' class = "wizard", or class=wizard')
    skill = CASTING.get(cls.lower())
    if skill is None:
        raise UsageError(f"cast: the text names the casting Skill of {', '.join(CASTING)};"
                         f" not of '{cls}'")
    level = inline_int(words, "level", 1, 10)
    if level is None:
        if who is None:
            raise UsageError(("cast needs the caster's Level: level=N, or ", Hint(Do.NAME_ACTOR)))
        sheet_level = who.field("level", 1)
        level = sheet_level if isinstance(sheet_level, int) else 1
    stat = SKILLS[skill]
    value = stat_value(stat, inline_stats(words), who)
    cap = value + math.ceil(level / 2)
    cap_text = f"{title(stat)} {value} + Level {level}/2 rounded up"
    return (Price(kind, extra, deliveries[0] if deliveries else None, cap, cap_text, enlarge),
            skill, value)


def enlarged(words: Words, delivery: str | None) -> int:
    """The extra Mana of an enlarged area: the text leaves the amount OPEN (000:L103), so the
    caster gives it (`enlarge=N`); the bare word `enlarge` asks for it."""
    if words.has("enlarge") and "enlarge" not in words.values:
        raise UsageError(ENLARGE_OPEN)
    if "enlarge" not in words.values:
        return 0
    if delivery not in AREAS:
        raise UsageError(f"cast: only an area is enlarged ({', '.join(sorted(AREAS))}),"
                         f" not {delivery or 'a spell without a delivery'}")
    value = inline_int(words, "enlarge", 1, None)
    assert value is not None
    return value


@dataclass(frozen=True, slots=True)
class CastPlan:
    """A Cast ready to spend and roll, or to price: the spell's Price, and the Cast Check's spec
    (None when no unwilling Being is a Target, so no Check is made)."""

    words: Words
    spell: Price
    skill: str
    value: int
    trained: bool
    spec: CheckSpec | None


def plan_cast(ctx: Context, line: syntax.CommandLine) -> CastPlan:
    """Price the spell and refuse what the cap forbids; the Cast Check only if unwilling."""
    flags = (*SPELL_PARTS, "unwilling", "enlarge", *DELIVERY)
    words = read_words(line, flags, names=1, numbers=1, usage=CAST_USAGE)
    check_values(words, ("class", "level", "enlarge"), "cast")
    spell, skill, value = price(ctx, words)
    who = ctx.table.active
    aff = afflictions(who)
    if who is not None and aff.incapacitated:
        raise RuleError(f"{who.name} is {aff.incapacitated}: no Actions, so no Cast"
                        " (public rules)")
    if spell.cost > spell.cap:
        raise RuleError(f"this spell costs {spell.cost} Mana; one Cast spends at most"
                        f" {spell.cap} ({spell.cap_text})")
    trained = is_trained(who, skill) if words.trained is None else words.trained
    if not words.has("unwilling"):
        if words.luck or words.favor or words.hinder or words.forgo or words.trained:
            raise UsageError("cast: a Cast Check is made only against an unwilling target:"
                             " add unwilling")
        return CastPlan(words, spell, skill, value, trained, None)
    aid = aid_from_words(words).with_hinder(*aff.hinders("attack"))
    spec = CheckSpec(f"cast ({skill})", difficulty(value, trained), aid, words.luck, words.forgo)
    return CastPlan(words, spell, skill, value, trained, spec)


def cast(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """Price the spell, refuse what the cap or the pool cannot pay, spend, and roll if unwilling."""
    plan = plan_cast(ctx, line)
    spell, skill, value, words = plan.spell, plan.skill, plan.value, plan.words
    cost = spell.cost
    who = ctx.table.active
    changes: list[Change] = []
    notes = [spell.text()]
    if who is None:
        notes.append("no character: no Mana spent")
    elif cost:
        pool = ctx.system.pool("mana", who)
        have = ctx.system.pool_value(who, pool)
        if have < cost:
            raise RuleError(f"{who.name} has {have} Mana; this spell costs {cost}")
        changes.append(Change(who.name, "mana", have, have - cost, "cast"))
    stat = SKILLS[skill]
    if plan.spec is None:
        notes.append("No Cast Check: no unwilling target")
        extra = roll_extra_damage(ctx, spell, notes)
        shown = "" if extra is None else f" · +{extra} damage"
        return ctx.resolution(
            "cast", f"{ctx.input.strip()} → {cost} Mana{shown}", changes=tuple(changes),
            notes=tuple(notes),
            extra=(("mana", cost), ("cap", spell.cap), ("skill", skill),
                   ("extra_damage", extra)),
        )
    roll = roll_check(ctx, plan.spec)
    outcome = "pass" if roll.passed else "fail"
    changes.extend(roll.changes)
    notes.extend(roll.notes)
    extra = roll_extra_damage(ctx, spell, notes) if roll.passed else None
    if roll.crit and words.forgo:
        notes.append(f"Crit: Luck forgone: +{value} damage ({title(stat)})"
                     if spell.kind != "effect" else "Crit: Luck forgone for the Crit's benefit")
    shown = "" if extra is None else f" · +{extra} damage"
    return ctx.resolution(
        "cast", f"{ctx.input.strip()} → " + roll.head(outcome) + f" · {cost} Mana{shown}",
        total=roll.total, target=roll.difficulty, outcome=outcome, crit=roll.crit,
        changes=tuple(changes), notes=tuple(notes),
        extra=(("mana", cost), ("cap", spell.cap), ("skill", skill), ("trained", plan.trained),
               ("favor", roll.aid_word), ("check_die", roll.index), ("extra_damage", extra)),
    )


def extra_damage_expr(spell: Price) -> syntax.Expr | None:
    """The extra d6s the spell paid for (000:L102: +1d6 per additional Mana), or None."""
    return syntax.Dice(spell.extra_dice, syntax.D6) if spell.extra_dice else None


def roll_extra_damage(ctx: Context, spell: Price, notes: list[str]) -> int | None:
    """Roll the extra d6s the spell paid for; the spell's own damage is not in the excerpt."""
    expr = extra_damage_expr(spell)
    if expr is None:
        return None
    roll = ctx.roller.roll(expr, why="damage")
    notes.append(note(f"Damage: the spell's own dice + {expr} → ", roll_parts(roll)))
    return roll.total
