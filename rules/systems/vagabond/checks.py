"""Vagabond Checks and Saves: `check`, `save`, `block`, `dodge` (planned once, rolled or priced)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Resolution
from rules.systems.protocol import Context
from rules.systems.vagabond.check_roll import CheckRoll, CheckSpec, aid_from_words, roll_check
from rules.systems.vagabond.names import SAVES, SKILLS, find_skill, find_stat, title
from rules.systems.vagabond.vocabulary import (
    Words,
    afflictions,
    check_values,
    difficulty,
    inline_stats,
    is_trained,
    read_words,
    stat_value,
    word_hint,
)

CHECK_USAGE = "check STAT|SKILL [trained] [favor|hinder …] [+luck] [forgo], or check dex=5"
SAVE_USAGE = "save reflex|endure|will [favor|hinder …] [+luck] [forgo]"
register_usage("vagabond", CHECK_USAGE, SAVE_USAGE)


@dataclass(frozen=True, slots=True)
class Plan:
    """A Check or Save ready to roll or to price: its spec, JSON extras and notes."""

    kind: str
    spec: CheckSpec
    extra: tuple[tuple[str, Any], ...]
    notes: tuple[str, ...] = ()
    forgo_note: str = "Crit: Luck forgone for the Crit's benefit (the GM says what)"


# ---- check ----


def plan_check(ctx: Context, line: syntax.CommandLine) -> Plan:
    """`check STAT|SKILL …`: Difficulty 20 − Stat, or 20 − 2×Stat trained."""
    words = read_words(line, names=1, usage=CHECK_USAGE)
    check_values(words, (), "check")
    inline = inline_stats(words)
    who = ctx.table.active
    skill: str | None = None
    if words.names:
        name = words.names[0]
        stat = find_stat(name)
        if stat is None:
            skill = find_skill(name)
            if skill is None:
                better = word_hint(name)
                raise UsageError(f"check: '{name}' is neither a Stat nor a Skill"
                                 f" ({better or CHECK_USAGE})")
            stat = SKILLS[skill]
    elif len(inline) == 1:
        stat = next(iter(inline))
    else:
        raise UsageError(f"check needs one Stat or Skill: {CHECK_USAGE}")
    trained = is_trained(who, skill) if skill is not None and words.trained is None else bool(words.trained)
    value = stat_value(stat, inline, who)
    aff = afflictions(who)
    aid = aid_from_words(words).with_hinder(*aff.hinders("check"))
    auto_fail = aff.incapacitated if aff.incapacitated and stat in ("might", "dexterity") else None
    spec = CheckSpec(f"check {skill or stat}", difficulty(value, trained), aid, words.luck,
                     words.forgo, auto_fail)
    extra = (("stat", stat), ("skill", skill), ("stat_value", value), ("trained", trained))
    return Plan("check", spec, extra)


def check(ctx: Context, line: syntax.CommandLine) -> Resolution:
    return resolve_plan(ctx, plan_check(ctx, line))


# ---- saves ----


def plan_save(ctx: Context, words: Words, save: str, defence: str | None = None) -> Plan:
    """A Save's Difficulty from its two Stats (never doubled), with its Hindrances."""
    who = ctx.table.active
    inline = inline_stats(words)
    first, second = SAVES[save]
    value = stat_value(first, inline, who) + stat_value(second, inline, who)
    notes: list[str] = []
    if words.trained:
        notes.append("Saves are never doubled by training")
    aff = afflictions(who)
    aid = aid_from_words(words).with_hinder(*aff.hinders("save"))
    if defence == "block" and words.has("ranged") and not words.has("shield"):
        aid = aid.with_hinder("ranged, no Shield")
    if defence == "dodge" and words.has("heavy"):
        aid = aid.with_hinder("Heavy Armor")
    # the seed: no Block or Dodge while Incapacitated; public rules: an Incapacitated Hero fails
    # Might and Dexterity Checks, which we read as Endure (Might) and Reflex (Dexterity) Saves too
    auto_fail = None
    if aff.incapacitated and defence is not None:
        auto_fail = f"{aff.incapacitated}: can't {title(defence)}"
    elif aff.incapacitated and save in ("endure", "reflex"):
        auto_fail = f"{aff.incapacitated}: a {title(first)} Save"
    label = f"{defence or 'save'} ({title(save)})" if defence else f"save {save}"
    spec = CheckSpec(label, 20 - value, aid, words.luck, words.forgo, auto_fail)
    extra = (("save", save), ("defence", defence))
    return Plan("save", spec, extra, tuple(notes),
                "Crit: Luck forgone: unaffected by what provoked the Save")


def save_name(word: str) -> str:
    low = word.lower()
    hits = [s for s in SAVES if s.startswith(low)] if len(low) >= 3 else []
    if len(hits) != 1:
        raise UsageError(f"save: '{word}' is not a Save ({SAVE_USAGE})")
    return hits[0]


def plan_save_line(ctx: Context, line: syntax.CommandLine) -> Plan:
    words = read_words(line, names=1, usage=SAVE_USAGE)
    check_values(words, (), "save")
    if not words.names:
        raise UsageError(f"save needs reflex, endure or will: {SAVE_USAGE}")
    return plan_save(ctx, words, save_name(words.names[0]))


def plan_block(ctx: Context, line: syntax.CommandLine) -> Plan:
    """`block [ranged] [shield]`: an Endure Save, Hindered vs ranged without a Shield."""
    words = read_words(line, ("ranged", "shield"), names=0, usage="block [ranged] [shield]")
    check_values(words, (), "block")
    return plan_save(ctx, words, "endure", "block")


def plan_dodge(ctx: Context, line: syntax.CommandLine) -> Plan:
    """`dodge [heavy]`: a Reflex Save, Hindered in Heavy Armor."""
    words = read_words(line, ("heavy",), names=0, usage="dodge [heavy]")
    check_values(words, (), "dodge")
    return plan_save(ctx, words, "reflex", "dodge")


def save(ctx: Context, line: syntax.CommandLine) -> Resolution:
    return resolve_plan(ctx, plan_save_line(ctx, line))


def block(ctx: Context, line: syntax.CommandLine) -> Resolution:
    return resolve_plan(ctx, plan_block(ctx, line))


def dodge(ctx: Context, line: syntax.CommandLine) -> Resolution:
    return resolve_plan(ctx, plan_dodge(ctx, line))


# ---- rolling a plan ----


def crit_notes(roll: CheckRoll, spec: CheckSpec, forgo_note: str) -> tuple[str, ...]:
    return (forgo_note,) if roll.crit and spec.forgo else ()


def resolve_plan(ctx: Context, plan: Plan) -> Resolution:
    """Roll a planned Check or Save into its Resolution."""
    roll = roll_check(ctx, plan.spec)
    outcome = "pass" if roll.passed else "fail"
    summary = f"{ctx.input.strip()} → " + roll.head(outcome)
    notes = plan.notes + roll.notes + crit_notes(roll, plan.spec, plan.forgo_note)
    return ctx.resolution(
        plan.kind,
        summary,
        total=roll.total,
        target=roll.difficulty,
        outcome=outcome,
        crit=roll.crit,
        changes=roll.changes,
        notes=notes,
        extra=(*plan.extra, ("favor", roll.aid_word), ("check_die", roll.index)),
    )
