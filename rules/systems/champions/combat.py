"""Champions & Cohorts attacks: d20 + Might against Guard, the weapon die less Armor, wounds."""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.errors import Do, Hint, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.said import said_outcome
from rules.systems.champions.vocabulary import (
    ARMOR_CAP,
    CHAMPION_CAP,
    DOWNED,
    GUARD_BONUS,
    GUARD_BONUS_CAP,
    SLOTS,
    TAGS,
    armor_of,
    champions_only,
    guard_bonus_of,
    guard_of,
    has,
    kind_of,
    mark_wounds,
    might_of,
    plural,
    weapon_sides,
    wounds_for,
    wounds_of,
)
from rules.systems.protocol import Context

USAGE = ("attack TARGET [weapon light|standard|heavy|exceptional|dN] [heavy|critical|relic|major]"
         "  (TARGET: a character, `on NAME` too, or guard=N armor=N [cohort])")
register_usage("champions", USAGE)
TARGET_KEYS = ("guard", "armor")
MIGHT_KEYS = ("might", "mit")
KIND_WORDS = ("champion", "cohort")


@dataclass(frozen=True, slots=True)
class Target:
    """Who is attacked: a character of the campaign (`who`), or inline numbers; `bonus` is the
    temporary Guard bonus given, before the cap."""

    name: str
    guard: int
    armor: int
    kind: str
    wounds: int = 0
    downed: bool = False
    who: Character | None = None
    bonus: int = 0

    @property
    def slots(self) -> int:
        return SLOTS[self.kind]

    @property
    def guard_bonus(self) -> int:
        """The temporary Guard bonus that counts: 002:L20 caps them at +2."""
        return min(self.bonus, GUARD_BONUS_CAP)

    @property
    def total_guard(self) -> int:
        """The Guard the attack must meet: the sheet's Guard and the capped temporary bonus."""
        return self.guard + self.guard_bonus


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """An attack ready to roll or to price: the attacker's Might, the target, the weapon die."""

    might: int
    target: Target
    sides: int
    tags: tuple[str, ...]

    def hits(self, d20: int) -> bool:
        """d20 + Might meets the Guard, temporary bonus included (ties hit)."""
        return d20 + self.might >= self.target.total_guard

    def damage(self, face: int) -> int:
        """The weapon die less Armor; a damaging hit deals at least 1."""
        return max(1, face - self.target.armor)

    def wounds(self, face: int) -> int:
        """Wounds the hit deals: by damage, at most 2 on a Champion unless tagged."""
        count = wounds_for(self.damage(face))
        return min(count, CHAMPION_CAP) if self.capped else count

    @property
    def capped(self) -> bool:
        return self.target.kind == "champion" and not self.tags

    def downs(self, wounds: int) -> bool:
        """These wounds fill the target's last slot (a Downed target is not downed again)."""
        return not self.target.downed and self.target.wounds + wounds >= self.target.slots


def _int(arg: syntax.KeyValue, lo: int | None = None, hi: int | None = None) -> int:
    try:
        value = int(arg.value)
    except ValueError:
        raise UsageError(f"attack: {arg.key} must be a whole number, not '{arg.value}'") from None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        top = "" if hi is None else f" (Normal Micro Armor is capped at {hi})"
        from rules.systems.sheet_checks import span_words

        raise UsageError(f"attack: {arg.key} must be {span_words(lo, hi)}, not {value:,}{top}")
    return value


@dataclass(slots=True)
class _Words:
    """The words of an attack LINE, sorted by what they mean."""

    names: list[str]
    inline: dict[str, syntax.KeyValue]
    kind: str | None = None
    weapon: syntax.Arg | None = None
    tags: tuple[str, ...] = ()
    might: int | None = None
    guard_bonus: int = 0


def _read(line: syntax.CommandLine) -> _Words:
    words = _Words([], {})
    args = list(line.args)
    tags: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if isinstance(arg, syntax.KeyValue):
            key = arg.key.lower()
            if key in TARGET_KEYS:
                words.inline[key] = arg
            elif key in MIGHT_KEYS:
                words.might = _int(arg)
            elif key == "weapon":
                words.weapon = arg
            elif key == GUARD_BONUS:
                words.guard_bonus += _int(arg, 0)
            else:
                raise UsageError(f"attack: unknown '{arg}' (inline: guard=N armor=N might=N"
                                 " weapon=…)")
            continue
        text = str(arg).lower() if isinstance(arg, syntax.Word) else ""
        if text == GUARD_BONUS:
            given = args[i] if i < len(args) else None
            amount = given.as_int() if isinstance(given, syntax.ExprArg) else None
            if amount is None or amount < 0:
                raise UsageError("attack: guard-bonus needs a whole number ≥ 0 (capped at +2)")
            words.guard_bonus, i = words.guard_bonus + amount, i + 1
        elif text == "weapon":
            if i >= len(args):
                raise UsageError("attack: weapon needs light|standard|heavy|exceptional|dN")
            words.weapon, i = args[i], i + 1
        elif text == "on" and isinstance(arg, syntax.Word) and not arg.quoted:
            continue  # `attack on Raider 1`: whom, as every game names it (SPEC §9)
        elif text in TAGS:
            tags.append(text)
        elif text in KIND_WORDS:
            words.kind = text
        elif isinstance(arg, syntax.Word):
            words.names.append(arg.text)
        else:
            raise UsageError(f"attack: unexpected '{arg}': {USAGE}")
    words.tags = tuple(tags)
    return words


def _target(ctx: Context, words: _Words) -> Target:
    if len(words.names) > 1:
        listed = " and ".join(f"'{n}'" for n in words.names)
        raise UsageError(f"attack takes one TARGET, not {listed} (tags: {' '.join(TAGS)})")
    if words.names:
        if words.inline or words.kind:
            raise UsageError("attack: give the target by name or inline (guard=N armor=N"
                             " [cohort]), not both")
        who = champions_only(ctx.table.character(words.names[0]))
        return Target(who.name, guard_of(who), armor_of(who), kind_of(who), wounds_of(who),
                      has(who, DOWNED), who, guard_bonus_of(who) + words.guard_bonus)
    if "guard" not in words.inline:
        raise UsageError(f"attack needs a TARGET: {USAGE}")
    guard = _int(words.inline["guard"])
    armor = _int(words.inline["armor"], 0, ARMOR_CAP) if "armor" in words.inline else 0
    return Target("the target", guard, armor, words.kind or "champion", bonus=words.guard_bonus)


def plan_attack(ctx: Context, line: syntax.CommandLine) -> AttackPlan:
    """Read `attack TARGET [weapon W] [TAG]`: the Might, the target and the weapon die."""
    words = _read(line)
    target = _target(ctx, words)
    attacker = ctx.table.active
    if words.might is not None:
        might = words.might
    elif attacker is not None:
        might = might_of(champions_only(attacker))
    else:
        raise UsageError(("attack needs the attacker's Might: ", Hint(Do.ACT_AS_CHARACTER),
                          ", or give might=N"))
    weapon: str | syntax.Arg | None = words.weapon
    if isinstance(weapon, syntax.KeyValue):
        weapon = weapon.value
    if weapon is None and attacker is not None:
        given = attacker.field("weapon")
        weapon = given if isinstance(given, str) else None
    if weapon is None:
        raise UsageError("attack needs the weapon: weapon light|standard|heavy|exceptional|dN"
                         " (the rules give no default; a sheet may set weapon = \"standard\")")
    sides = weapon_sides(weapon)
    return AttackPlan(might, target, sides, words.tags)


def _d20_text(d20: int, might: int) -> str:
    """`12+3 = 15`."""
    sign = "+" if might >= 0 else "-"
    return f"{d20}{sign}{abs(might)} = {d20 + might}"


def _damage_note(plan: AttackPlan, face: int, wounds: int) -> str:
    """`Damage d8: 6 − 1 Armor = 5 → 2 wounds`, with the minimum and the Champion cap."""
    armor = plan.target.armor
    raw = face - armor
    text = f"Damage d{plan.sides}: {face}"
    if armor:
        text += f" − {armor} Armor = {raw}"
        if raw < 1:
            text += ", at least 1"
    full = wounds_for(plan.damage(face))
    text += f" → {plural(full, 'wound')}"
    if full != wounds:
        text += f"; {wounds} on a Champion (untagged)"
    return text


def guard_notes(target: Target) -> list[str]:
    """`Guard 14 +2 temporary bonus = 16`, and the cap when more was given (002:L20)."""
    if not target.bonus:
        return []
    note = f"Guard {target.guard} +{target.guard_bonus} temporary bonus = {target.total_guard}"
    if target.bonus > target.guard_bonus:
        note += f" (+{target.bonus} given; temporary Guard bonuses are capped at +{GUARD_BONUS_CAP})"
    return [note]


def attack(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """d20 + Might ≥ Guard hits; the weapon die less Armor becomes wounds on the target."""
    plan = plan_attack(ctx, line)
    target = plan.target
    d20, _ = ctx.roller.throw(syntax.D20, "the attack")
    total = d20 + plan.might
    hit = plan.hits(d20)
    outcome = "hit" if hit else "miss"
    summary = (f"{ctx.input.strip()} → {_d20_text(d20, plan.might)} vs {target.total_guard}"
               + said_outcome(outcome))
    changes: tuple[Change, ...] = ()
    notes: list[str] = guard_notes(target)
    damage: int | None = None
    wounds: int | None = None
    downed = False
    if hit:
        face, _ = ctx.roller.throw(syntax.std_die(plan.sides), "the weapon")
        damage = plan.damage(face)
        wounds = plan.wounds(face)
        summary += f" · {plural(wounds, 'wound')}"
        notes.append(_damage_note(plan, face, wounds))
        if target.who is not None:
            marked = mark_wounds(target.who, wounds, "attack")
            changes, downed = marked.changes, marked.downed
            notes.extend(marked.notes)
        else:
            downed = plan.downs(wounds)
            fills = (f"; that fills a {target.kind.capitalize()}'s {target.slots} slots:"
                     " Downed, Med Flag at 3" if downed else "")
            notes.append(f"(inline target: nothing recorded{fills})")
    return ctx.resolution(
        "attack", summary, total=total, target=target.total_guard, outcome=outcome,
        changes=changes, notes=tuple(notes),
        extra=(("target_name", target.who.name if target.who else None),
               ("on", target.who.name if target.who else None),  # every game's key (SPEC §9)
               ("target_kind", target.kind), ("might", plan.might),
               ("guard_bonus", target.guard_bonus),
               ("armor", target.armor), ("weapon", f"d{plan.sides}"), ("tags", list(plan.tags)),
               ("damage", damage), ("wounds", wounds), ("downed", downed)),
    )
