"""Tiers checks: a pool of [stat modifier + Tier] d6s counting successes (seed 003, Checks).

"Roll [Stat modifier + Tier] d6s. 1: Lose 1 stamina, gain 1 Fate point. With no stamina to lose,
a 1 costs nothing and pays no Fate. 2-4: Nothing. 5: Success. 6: Success + roll another die
(explosion). Need successes equal to the tier of the task." Negative stats roll only Tier dice and
succeed on 6s; advantage succeeds on 4+, disadvantage on 6 only; Fate bought before the roll adds
one die each. GM Option - Narrative Consequences (`narrative`): "the GM can replace the standard
stamina cost with a more fitting narrative consequence instead … The player still gains the Fate
point."
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.errors import Do, Hint, LimitError, RuleError, UsageError, register_usage
from rules.limits import MAX_WAVES
from rules.notation import syntax
from rules.record import LINE
from rules.resolution import Change, Resolution
from rules.said import said_outcome
from rules.systems.protocol import Context
from rules.systems.tiers.harm import take_hit
from rules.systems.tiers.pools import gain_fate, pool_of, refuse_dead, some, spend_fate
from rules.systems.tiers.sheet import title
from rules.systems.tiers.vocabulary import Edge, edge_of, modifier_of, read_words, tier_of

BUYOUT_USAGE = ("buyout S (S: the Stamina the task's tier costs; the Tier DCs table is not in"
                " the excerpt)")
CHECK_USAGE = "check STAT task N [adv|dis] [fate K] [narrative] (inline: body=14 tier=2)"
register_usage("tiers", CHECK_USAGE, BUYOUT_USAGE)
NARRATIVE = ("GM option, narrative consequences: each 1 is a setback the GM names instead of"
             " Stamina; its Fate is still gained")


@dataclass(frozen=True, slots=True)
class CheckPlan:
    """A check ready to roll or to price: the pool, the face that succeeds, the successes needed."""

    stat: str
    modifier: int
    tier: int
    task: int
    edge: Edge
    threshold: int
    base_dice: int
    fate_dice: int
    notes: tuple[str, ...] = ()
    narrative: bool = False
    """The GM's option: the 1s cost a narrative consequence, not Stamina (003)."""

    @property
    def pool(self) -> int:
        return self.base_dice + self.fate_dice


def threshold_of(modifier: int, edge: Edge) -> int:
    """The lowest face that succeeds: 5+, 4+ with advantage, 6 with disadvantage or a negative
    stat (seed 003 reads "successes require a 6" for negative stats, whatever the advantage)."""
    if modifier < 0 or edge == "dis":
        return 6
    return 4 if edge == "adv" else 5


def plan_check(ctx: Context, line: syntax.CommandLine) -> CheckPlan:
    """Read `check STAT task N [adv|dis] [fate K]` into a plan."""
    words = read_words(line, CHECK_USAGE, numbers=("task", "fate"), flags=("adv", "dis", "narrative"),
                       stat=True)
    if words.stat is None:
        inline = set(words.scores) | set(words.dice)
        if len(inline) != 1:
            raise UsageError(f"check needs a stat: {CHECK_USAGE}")
        stat = inline.pop()
    else:
        stat = words.stat
    task = words.number("task")
    if task is None:
        raise UsageError(
            f"check needs the task's tier, the successes it needs (the Check Tiers table is not"
            f" in the excerpt): task N, 1 Basic … 5 Legendary ({CHECK_USAGE})"
        )
    if task < 1:
        raise UsageError(f"check: task {task}: a task needs 1 success or more")
    fate = words.number("fate") or 0
    if fate < 0:
        raise UsageError(f"check: fate {fate}: spend 1 Fate or more")
    who = ctx.table.active
    if fate and who is None:
        raise UsageError(("fate K spends a character's Fate: act as a character (",
                          Hint(Do.NAME_ACTOR), ")"))
    tier = tier_of(words, who)
    modifier = modifier_of(stat, words, who)
    edge, notes = edge_of(words, who)
    threshold = threshold_of(modifier, edge)
    base = tier if modifier < 0 else modifier + tier
    if modifier < 0:
        notes += (f"negative {title(stat)} modifier: {tier} Tier dice, successes on 6 only",)
        if edge == "adv":
            notes += ("advantage does not lower a negative stat's 6",)
    elif edge is not None:
        notes += (f"{'advantage' if edge == 'adv' else 'disadvantage'}: successes on"
                  f" {'4+' if edge == 'adv' else '6 only'}",)
    return CheckPlan(stat, modifier, tier, task, edge, threshold, base, fate, notes,
                     words.has("narrative"))


def die_text(face: int, threshold: int) -> str:
    """`5*` (a success), `6!*` (a success that rolled another die), `3`."""
    return f"{face}{'!' if face == 6 else ''}{'*' if face >= threshold else ''}"


def throw_pool(ctx: Context, plan: CheckPlan) -> list[int]:
    """The pool at once, then one more die for each 6, in waves (SPEC §4)."""
    faces, _ = ctx.roller.throw_many(syntax.D6, plan.pool, f"the {title(plan.stat)} check")
    wave = faces.count(6)
    waves = 0
    while wave:
        waves += 1
        if waves > MAX_WAVES:
            raise LimitError(f"a check explodes at most {MAX_WAVES} waves")
        more, _ = ctx.roller.throw_many(syntax.D6, wave, "an explosion (a 6)")
        faces += more
        wave = more.count(6)
    return faces


def check(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`check STAT task N …`: spend the Fate, roll the pool, pay the 1s, count the successes."""
    plan = plan_check(ctx, line)
    who = ctx.table.active
    changes: list[Change] = []
    notes = list(plan.notes)
    stamina: int | None = None
    earned: int | None = None  # what the Fate dice left of the earned Fate
    if who is not None:
        refuse_dead(who)
        stamina = pool_of(ctx, who, "stamina")  # a missing [max] stamina stops it before the dice
        if plan.fate_dice:
            spent, after_dice = spend_fate(ctx, who, plan.fate_dice, "fate dice")
            changes += spent
            earned = after_dice.earned
    faces = throw_pool(ctx, plan)
    successes = sum(1 for f in faces if f >= plan.threshold)
    ones = faces.count(1)
    paid = 0
    if ones and who is not None and stamina is not None and plan.narrative:
        changes += some(gain_fate(ctx, who, ones, "rolled 1s", earned))
        notes.append(NARRATIVE)
    elif ones and who is not None and stamina is not None:
        paid = min(ones, stamina)
        if paid:
            changes.append(Change(who.name, "stamina", stamina, stamina - paid, "rolled 1s"))
            gained = gain_fate(ctx, who, paid, "rolled 1s", earned)
            if gained is not None:
                changes.append(gained)
        if paid < ones:
            notes.append(f"{ones - paid} of the 1s found no Stamina: they cost nothing and pay"
                         " no Fate")
    elif ones:
        notes.append("each 1 costs 1 Stamina and gains 1 Fate (no character to charge)")
    outcome = "pass" if successes >= plan.task else "fail"
    if outcome == "fail" and who is not None and stamina is not None:
        left = stamina - paid
        more, ladder = failure_ladder(ctx, who, left)
        changes += more
        notes += ladder
    shown = "[" + ", ".join(die_text(f, plan.threshold) for f in faces) + "]"
    word = "success" if successes == 1 else "successes"
    summary = (f"{ctx.input.strip()} → {shown} = {successes} {word} vs {plan.task}"
               + said_outcome(outcome))
    extra = (("stat", plan.stat), ("modifier", plan.modifier), ("tier", plan.tier),
             ("pool", plan.pool), ("fate_dice", plan.fate_dice), ("threshold", plan.threshold),
             ("edge", plan.edge), ("ones", ones))  # fmt: skip
    return ctx.resolution("check", summary, total=successes, target=plan.task, outcome=outcome,
                          successes=successes, changes=tuple(changes), notes=tuple(notes),
                          extra=extra)


# ---- failed checks: the Stamina ladder ----


def failure_ladder(ctx: Context, who: Character, stamina: int) -> tuple[list[Change], list[str]]:
    """What a failed check costs (seed 003, "On a failed check"): with Stamina, the choice of a
    buyout; at 0 Stamina, exhaustion; at 0 Stamina and exhausted, 1 Vitality past Vigor."""
    if stamina > 0:
        return [], ["failed: spend Stamina to succeed with buyout S (the Tier DCs table, not in"
                    " the excerpt, sets S)"]
    if "exhausted" not in who.flags:
        return ([Change(who.name, "exhausted", False, True, "failed at 0 Stamina", "flag")],
                ["failed at 0 Stamina: exhaustion (disadvantage on every roll until a Rest)"])
    hit = take_hit(ctx, who, 1, "failed at 0 Stamina", past_vigor=True)
    return list(hit.changes), ["failed at 0 Stamina while exhausted: 1 Vitality, past Vigor",
                               *hit.notes]


def buyout(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`buyout S`: spend S Stamina to turn the previous LINE, a failed check, into a pass."""
    words = read_words(line, BUYOUT_USAGE, amount=True)
    cost = None if words.amount is None else syntax.ExprArg(words.amount).as_int()
    if cost is None or cost < 1:
        raise UsageError(f"buyout needs the Stamina it costs: {BUYOUT_USAGE}")
    who = ctx.active
    refuse_dead(who)
    entry = ctx.table.last_entry
    record = None if entry is None or entry.undone else entry.record
    if entry is None or record is None or record.act != LINE or record.system != ctx.system.id \
            or record.kind != "check" or record.outcome != "fail":
        raise RuleError(f"{who.name}'s previous LINE is not a failed check: nothing to buy out")
    stamina = pool_of(ctx, who, "stamina")
    if stamina == 0:
        raise RuleError(f"{who.name} has no Stamina: a failure at 0 Stamina costs exhaustion")
    if cost > stamina:
        raise RuleError(f"{who.name} has {stamina} Stamina; the buyout costs {cost}; nothing changed")
    change = Change(who.name, "stamina", stamina, stamina - cost, "buyout")
    return ctx.resolution("check", f"{ctx.input.strip()} → {entry.input}" + said_outcome("pass"),
                          outcome="pass",
                          target=record.target, compare=record.compare or ">=",
                          successes=record.successes,
                          changes=(change,), extra=(("bought", entry.id),))
