"""Brighter Worlds harm and recovery: hits through Armor and Grit, Critical Damage, steps, rest."""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character, apply_change
from rules.dice.steps import GONE, die_name, step
from rules.errors import RuleError, UsageError, register_usage
from rules.goal import ABOVE, against
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.roll_parts import throws_parts
from rules.said import said_outcome
from rules.systems.brighter.saves import roll_own
from rules.systems.brighter.vocabulary import (
    ALIASES,
    ATTRS,
    attr_key,
    current_die,
    grit_max,
    incapacitated_note,
    label,
    max_die,
    max_step_changes,
    refuse_step,
    step_changes,
)
from rules.systems.protocol import Context

CRITICAL_SAVE_DEFAULT = "str"
"""The Critical Damage save is on STR unless the attack says otherwise (public rules)."""


@dataclass(frozen=True, slots=True)
class Absorbed:
    """How a hit's damage splits: stopped by Armor, taken off Grit, and Direct Damage left."""

    damage: int
    armor: int
    grit_before: int
    grit_after: int

    @property
    def after_armor(self) -> int:
        return max(0, self.damage - self.armor)

    @property
    def direct(self) -> int:
        return self.after_armor - (self.grit_before - self.grit_after)


def armor_of(character: Character) -> int:
    value = character.field("armor", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def grit_now(ctx: Context, character: Character) -> int:
    return ctx.system.pool_value(character, ctx.system.pool("grit", character))


def absorb(ctx: Context, character: Character, damage: int) -> Absorbed:
    """Damage less Armor comes off Grit first (public rules)."""
    armor = armor_of(character)
    grit = grit_now(ctx, character)
    taken = min(grit, max(0, damage - armor))
    return Absorbed(damage, armor, grit, grit - taken)


HIT_USAGE = ("hit N [on NAME] [str|dex|wil] (N: the damage, or dice such as d8; NAME: who takes"
             " it, else the active character)")
STEP_USAGE = "step up|down [max] ATTR (ATTR: str, dex, wil)"
register_usage("brighter", HIT_USAGE, STEP_USAGE)


def hit_target(ctx: Context, args: tuple[syntax.Arg, ...]) -> tuple[Character, str]:
    """The words after the damage: who takes the hit (SPEC §8 `hit N [NAME]`; the active
    character by default) and the Critical Damage save's attribute (STR by default)."""
    attr: str | None = None
    target: Character | None = None
    for arg in args:
        if not isinstance(arg, syntax.Word):
            raise UsageError(f"hit takes the damage, one NAME and one attribute: {HIT_USAGE}")
        low = arg.text.lower()
        if ALIASES.get(low, low) in ATTRS:
            if attr is not None:
                raise UsageError(f"hit takes the damage, one NAME and one attribute: {HIT_USAGE}")
            attr = attr_key(low)
            continue
        if target is not None:
            raise UsageError(f"hit takes the damage, one NAME and one attribute: {HIT_USAGE}")
        found = ctx.table.characters.get(low)
        if found is None:
            known = ", ".join(sorted(c.name for c in ctx.table.characters.values())) or "none"
            raise UsageError(f"hit: {arg.text!r} is neither an attribute (str, dex, wil) nor a"
                             f" character of the campaign (known: {known})")
        if found.system != ctx.system.id:
            raise UsageError(f"hit: {found.name} is a {found.system} character, not a"
                             f" {ctx.system.id} one")
        target = found
    return (target or ctx.active), attr or CRITICAL_SAVE_DEFAULT


@dataclass(frozen=True, slots=True)
class HitSpec:
    """A `hit` LINE read: who is hit, the damage (a number, or dice to roll), the save's
    attribute."""

    character: Character
    damage: syntax.Expr
    fixed: int | None
    attr: str


def read_hit(ctx: Context, line: syntax.CommandLine) -> HitSpec:
    """`hit N|DICE [NAME] [str|dex|wil]`, checked before any die is thrown."""
    if not line.args or not isinstance(line.args[0], syntax.ExprArg):
        raise UsageError(f"hit needs the damage: {HIT_USAGE}")
    character, attr = hit_target(ctx, line.args[1:])
    current_die(character, attr)  # a missing attribute is a usage error before any dice
    arg = line.args[0]
    damage = arg.as_int()
    if damage is not None and damage < 0:
        raise UsageError(f"hit takes damage 0 or more, not {damage}")
    return HitSpec(character, arg.expr, damage, attr)


def parse_hit(ctx: Context, line: syntax.CommandLine) -> tuple[Character, int, str, bool]:
    """Who is hit, the damage (rolled when dice), the save's attribute, and whether the damage
    was rolled."""
    spec = read_hit(ctx, line)
    if spec.fixed is not None:
        return spec.character, spec.fixed, spec.attr, False
    rolled = max(0, ctx.roller.roll(spec.damage, why="damage").total)
    return spec.character, rolled, spec.attr, True


def hit(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`hit N [NAME] [ATTR]`: Armor, then Grit, then Direct Damage and the Critical Damage save."""
    character, damage, attr, rolled = parse_hit(ctx, line)
    split = absorb(ctx, character, damage)
    changes: list[Change] = []
    if split.grit_after != split.grit_before:
        changes.append(Change(character.name, "grit", split.grit_before, split.grit_after, "hit"))
    notes: list[str] = []
    if split.armor and damage:
        notes.append(f"armor {split.armor} stops {min(split.armor, damage)}")
    head = f"{ctx.input.strip()} → {damage} ·" if rolled else f"{ctx.input.strip()} →"
    extra = [("damage", damage), ("armor", split.armor), ("direct_damage", split.direct),
             ("attribute", attr), ("defender", character.name)]  # fmt: skip
    if split.direct == 0:
        return ctx.resolution("damage", f"{head} Grit takes {split.after_armor}, no Direct Damage",
                              total=damage, changes=tuple(changes), notes=tuple(notes),
                              extra=tuple(extra))
    die = current_die(character, attr)
    name = label(attr)
    outcome, target, total = "fail", None, damage
    if die == GONE:
        target = split.direct  # the save it cannot roll had this to beat
        summary = f"{head} {split.direct} Direct Damage · {name} 0" + said_outcome("fail")
        notes.append(f"{name} is at zero: the save fails without a roll")
    elif split.direct >= die:
        # no face beats it: the save fails unrolled, and steps the attribute down ONCE,
        # however large the Direct Damage (004, seeds/README.md: "or step that attribute
        # down once")
        after = step(die, -1)
        target = split.direct
        summary = f"{head} {split.direct} Direct Damage · {name} {die_name(die)}" + said_outcome(
            "fail")
        notes.append(
            f"no face of {die_name(die)} beats {split.direct}: the save fails, {name}"
            f" {die_name(die)} → {die_name(after)} (once)"
        )
        changes += step_changes(character, attr, after, "critical damage")
    else:
        mine = roll_own(ctx, attr, die, None)
        assert mine.value is not None
        target = split.direct
        outcome = "pass" if mine.value > split.direct else "fail"
        summary = (
            f"{head} {split.direct} Direct Damage · {name} " + throws_parts(mine.throws)
            + f" {against(ABOVE, split.direct)}" + said_outcome(outcome)
        )
        if outcome == "fail":
            changes += step_changes(character, attr, step(die, -1), "critical damage")
    notes.extend(incapacitated_note(character, changes))
    extra.append(("whose", f"{character.name}'s Critical Damage save"))  # the headline's
    return ctx.resolution("damage", summary, total=total, target=target, compare=ABOVE,
                          outcome=outcome,
                          changes=tuple(changes), notes=tuple(notes), extra=tuple(extra))


def breath(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`breath`: catching your breath restores all Grit (public rules)."""
    if line.args:
        raise UsageError("breath takes no words: it restores all Grit")
    character = ctx.active
    top = grit_max(character)
    if top is None:
        top = ctx.system.pool_max(character, ctx.system.pool("grit", character))
    if top is None:
        raise UsageError(
            f"{character.name} has no Max Grit: give [stats] dex and wil, or [max] grit = N"
        )
    now = grit_now(ctx, character)
    changes = () if now == top else (Change(character.name, "grit", now, top, "breath"),)
    full = "" if changes else " (full)"
    return ctx.resolution("rest", f"{ctx.input.strip()} → Grit {top}{full}", changes=changes)


def rest(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`rest ATTR`: one step of one attribute back toward its maximum."""
    character = ctx.active
    if len(line.args) > 1 or (line.args and not isinstance(line.args[0], syntax.Word)):
        raise UsageError("rest ATTR: one attribute (str, dex or wil)")
    if line.args:
        attr = attr_key(str(line.args[0]))
    else:
        below = [a for a in ATTRS if a in character.stats
                 and current_die(character, a) < max_die(character, a)]  # fmt: skip
        if not below:
            return ctx.resolution("rest", f"{character.name} rests: every attribute is at its max")
        if len(below) > 1:
            shown_attrs = ", ".join(label(a) for a in below)
            raise UsageError(f"rest ATTR: which attribute? ({shown_attrs} are below their max)")
        attr = below[0]
    now, top = current_die(character, attr), max_die(character, attr)
    if now >= top:
        raise RuleError(
            f"{character.name}'s {label(attr)} is {die_name(now)}, its maximum; nothing changed"
        )
    changes = step_changes(character, attr, step(now, 1), "rest")
    summary = f"{ctx.input.strip()} → {label(attr)} {die_name(step(now, 1))}"
    return ctx.resolution("rest", summary, changes=tuple(changes))


def step_command(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`step up|down [max] ATTR`: move an attribute (to its max at most) or its maximum."""
    usage = STEP_USAGE
    words = [a.text.lower() if isinstance(a, syntax.Word) else "" for a in line.args]
    if len(words) not in (2, 3) or words[0] not in ("up", "down") or "" in words:
        raise UsageError(usage)
    if len(words) == 3 and words[1] != "max":
        raise UsageError(usage)
    up, on_max, attr = words[0] == "up", len(words) == 3, attr_key(words[-1])
    character = ctx.active
    if on_max:
        grit_before = grit_max(character)
        changes = max_step_changes(character, attr, up)
        top = next(c.after for c in changes if c.kind == "max")
        summary = f"{ctx.input.strip()} → max {label(attr)} {top}"
        notes = _follow_max_grit(character, changes, grit_before)
        return ctx.resolution("step", summary, changes=tuple(changes), notes=notes)
    after = refuse_step(character, attr, up)
    changes = step_changes(character, attr, after, "step up" if up else "step down")
    summary = f"{ctx.input.strip()} → {label(attr)} {die_name(after)}"
    notes = incapacitated_note(character, changes)
    return ctx.resolution("step", summary, changes=tuple(changes), notes=notes)


def _follow_max_grit(
    character: Character, changes: list[Change], before: int | None
) -> tuple[str, ...]:
    """Say how a maximum's step moves Max Grit; Grit above the new Max Grit comes down to it
    (appended to `changes`)."""
    sheet = dict(character.sheet)
    for change in changes:
        sheet = apply_change(sheet, change)
    after = grit_max(Character(character.name, character.system, sheet))
    if before is None or after is None or before == after:
        return ()
    grit = character.pools.get("grit")
    if isinstance(grit, int) and grit > after:
        changes.append(Change(character.name, "grit", grit, after, "Max Grit"))
    return (f"Max Grit {before} → {after}",)
