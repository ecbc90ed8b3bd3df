"""Vagabond's vocabulary: Statuses and what they do to rolls, and a command's words (its Stats,
Skills, Saves and Classes are in names.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.campaign import Character
from rules.errors import Do, Hint, UsageError
from rules.notation import syntax
from rules.systems.vagabond.names import ABBREVIATIONS, STAT_RANGE, find_skill, find_stat, title

FAVOR_WORDS = frozenset({"favor", "favored", "favour", "favoured"})
HINDER_WORDS = frozenset({"hinder", "hindered"})
HABITS = {"adv": "Favor", "advantage": "Favor", "dis": "Hinder", "disadvantage": "Hinder",
          "disadv": "Hinder"}
"""Other games' words for what Vagabond calls Favor and Hinder (5e's advantage)."""


def word_hint(word: str, allowed: Iterable[str] = (), names: bool = True) -> str:
    """What to say of a word a command does not take: Vagabond's word for another game's
    habit (`adv` → Favor), else the nearest word it does take, else ""."""
    low = word.lower()
    if low in HABITS:
        ours = HABITS[low]
        return f"Vagabond calls it {ours}: write {ours.lower()}"
    from rules.did_you_mean import closest
    from rules.systems.vagabond.names import SKILLS, STAT_NAMES

    known = [*sorted(FAVOR_WORDS), *sorted(HINDER_WORDS), "trained", "forgo", "+luck",
             *allowed]
    if names:
        known += [*STAT_NAMES, *SKILLS]
    near = closest(low, known)
    return f"did you mean '{near}'?" if near else ""
AID_WORDS = FAVOR_WORDS | HINDER_WORDS | {"+luck", "forgo"}


# ---- Statuses (the seed lost its table; effects below are the public rules') ----


@dataclass(frozen=True, slots=True)
class Status:
    """A Status a Hero can carry as a sheet flag, and what it does to the Hero's own rolls."""

    name: str
    effect: str
    vulnerable: bool = False  # its attacks (Casts too) and Saves are Hindered
    confused: bool = False  # its Checks and Saves are Hindered
    incapacitated: bool = False  # no Actions, no Block/Dodge, Might/Dexterity rolls fail
    damage_dealt: int = 0
    healing: int = 0


# public rules: Vulnerable, Blinded, Restrained, Incapacitated, Paralyzed, Unconscious, Confused,
# Frightened and Sickened as the Vagabond Foundry system reads the core book's Status list.
STATUSES: Mapping[str, Status] = {s.name: s for s in (
    Status("vulnerable", "its attacks and Saves are Hindered; attacks on it are Favored",
           vulnerable=True),
    Status("blinded", "can't see; Vulnerable", vulnerable=True),
    Status("restrained", "Speed 0; Vulnerable", vulnerable=True),
    Status("incapacitated", "no Actions or Move; can't Block or Dodge; Might and Dexterity"
           " rolls fail; Vulnerable", vulnerable=True, incapacitated=True),
    Status("paralyzed", "Incapacitated, Speed 0", vulnerable=True, incapacitated=True),
    Status("unconscious", "Blinded, Incapacitated and Prone", vulnerable=True,
           incapacitated=True),
    Status("confused", "its Checks and Saves are Hindered", confused=True),
    Status("frightened", "−2 to the damage it deals", damage_dealt=-2),
    Status("sickened", "−2 to the healing it receives", healing=-2),
    Status("fatigued", "no effect on rolls (each Fatigue fills an Item Slot; 3+: no Rush;"
           " 5: death; count it in the fatigue pool)"),
    Status("prone", "no effect on its own rolls: Speed 0, melee attacks on it are Favored"),
    Status("dazed", "no effect on rolls: can't Focus or Move without spending its Action"),
    Status("dead", "0 HP or 5 Fatigue: no rolls, rests or pool moves"),
)}


@dataclass(frozen=True, slots=True)
class Afflictions:
    """The Statuses of one Hero that touch its rolls, each named by the flag that gives it."""

    vulnerable: str | None = None
    confused: str | None = None
    incapacitated: str | None = None
    damage_dealt: tuple[tuple[str, int], ...] = ()
    healing: tuple[tuple[str, int], ...] = ()

    def hinders(self, kind: str) -> list[str]:
        """Hinder sources for a roll of `kind` (check, attack, save)."""
        out = []
        if self.vulnerable and kind in ("attack", "save"):
            out.append(self.vulnerable)
        if self.confused:
            out.append(self.confused)
        return out


def afflictions(character: Character | None) -> Afflictions:
    """What the character's flags do to its rolls (no character: nothing)."""
    if character is None:
        return Afflictions()
    flags = sorted(f.lower() for f in character.flags)
    found = [STATUSES[f] for f in flags if f in STATUSES]
    vulnerable = next((s for s in found if s.vulnerable), None)
    confused = next((s for s in found if s.confused), None)
    incapacitated = next((s for s in found if s.incapacitated), None)
    why = None
    if vulnerable is not None:
        given_by = "" if vulnerable.name == "vulnerable" else f" ({title(vulnerable.name)})"
        why = "Vulnerable" + given_by
    return Afflictions(
        vulnerable=why,
        confused=None if confused is None else title(confused.name),
        incapacitated=None if incapacitated is None else title(incapacitated.name),
        damage_dealt=tuple((title(s.name), s.damage_dealt) for s in found if s.damage_dealt),
        healing=tuple((title(s.name), s.healing) for s in found if s.healing),
    )


def is_trained(character: Character | None, skill: str) -> bool:
    """A named Skill is trained when the sheet's `skills.trained` lists it."""
    if character is None:
        return False
    return any(find_skill(s) == skill for s in character.trained)


# ---- a command's words ----


@dataclass(frozen=True, slots=True)
class Words:
    """The words of a Vagabond command, sorted by what they do."""

    favor: int = 0
    hinder: int = 0
    luck: bool = False
    forgo: bool = False
    trained: bool | None = None  # None: as the sheet says
    flags: frozenset[str] = frozenset()  # command-specific words (ranged, shield, unwilling …)
    names: tuple[str, ...] = ()  # the other bare words, in order (a Stat, a Skill, a Save …)
    values: Mapping[str, str] = field(default_factory=dict)  # key=value words
    numbers: tuple[syntax.Expr, ...] = ()  # numbers and dice

    def has(self, word: str) -> bool:
        return word in self.flags


def read_words(line: syntax.CommandLine, flags: Iterable[str] = (), names: int = 1,
               numbers: int = 0, usage: str = "") -> Words:
    """Sort a command's words; UsageError for a word the command does not take."""
    allowed = frozenset(flags)
    favor = hinder = 0
    luck = forgo = False
    trained: bool | None = None
    seen: set[str] = set()
    named: list[str] = []
    values: dict[str, str] = {}
    exprs: list[syntax.Expr] = []
    for arg in line.args:
        if isinstance(arg, syntax.KeyValue):
            if arg.key in values:
                raise UsageError(f"{line.word}: {arg.key}= is given twice")
            values[arg.key] = arg.value
            continue
        if isinstance(arg, syntax.ExprArg):
            if isinstance(arg.expr, syntax.Aid):  # the `f` / `h` atoms as words
                favor, hinder = favor + arg.expr.favor, hinder + (not arg.expr.favor)
                continue
            exprs.append(arg.expr)
            continue
        word = arg.text.lower()
        if word in FAVOR_WORDS:
            favor += 1
        elif word in HINDER_WORDS:
            hinder += 1
        elif word == "+luck":
            if luck:
                raise UsageError(f"{line.word}: +luck once is enough (Favor does not stack)")
            luck = True
        elif word == "forgo":
            forgo = True
        elif word in ("trained", "untrained"):
            trained = word == "trained"
        elif word in allowed:
            if word in seen:
                raise UsageError(f"{line.word}: '{word}' is given twice")
            seen.add(word)
        else:
            named.append(word)
    if len(named) > names:
        extra = named[names]
        better = word_hint(extra, allowed, names=False)
        hint = f" ({better})" if better else f" ({usage})" if usage else ""
        raise UsageError(f"{line.word}: unknown word '{extra}'{hint}")
    if len(exprs) > numbers:
        raise _unexpected(line, exprs[numbers], usage)
    return Words(favor, hinder, luck, forgo, trained, frozenset(seen), tuple(named), values,
                 tuple(exprs))


def inline_int(words: Words, key: str, lo: int | None, hi: int | None) -> int | None:
    """An inline `key=N` value, checked against its range; None when not given."""
    raw = words.values.get(key)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise UsageError(f"{key}={raw}: give a whole number") from None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo}–{hi}" if hi is not None else f"{lo} or more"
        raise UsageError(f"{key}={value} is out of range ({span})")
    return value


def inline_stats(words: Words) -> dict[str, int]:
    """The inline Stats of a command (`dex=5 awr=3`), by full name."""
    out: dict[str, int] = {}
    for key in words.values:
        stat = find_stat(key)
        if stat is not None:
            value = inline_int(words, key, *STAT_RANGE)
            assert value is not None
            out[stat] = value
    return out


def check_values(words: Words, allowed: Iterable[str], command: str) -> None:
    """UsageError for a key=value that is neither a Stat nor one the command takes."""
    known = set(allowed)
    for key in words.values:
        if find_stat(key) is None and key not in known:
            from rules.did_you_mean import closest
            from rules.systems.vagabond.names import STAT_NAMES

            near = closest(key, [*STAT_NAMES, *ABBREVIATIONS, *sorted(known)])
            if near is not None:
                raise UsageError(f"{command}: unknown {key}= (did you mean {near}=?)")
            extra = ", ".join(f"{k}=N" for k in sorted(known))
            raise UsageError(
                f"{command}: unknown {key}= (inline Stats: dex=5 …"
                + (f"; also {extra}" if extra else "") + ")"
            )


def stat_value(stat: str, inline: Mapping[str, int], character: Character | None) -> int:
    """A Stat's value: inline first, else the active character's sheet; UsageError says how."""
    if stat in inline:
        return inline[stat]
    if character is not None:
        value = character.stats.get(stat)
        if isinstance(value, int):
            return value
        raise UsageError(
            f"{character.name} has no {title(stat)} on the sheet: add [stats] {stat} = N,"
            f" or give it inline ({_abbrev(stat)}=N)"
        )
    raise UsageError((
        f"this needs {title(stat)}: give it inline ({_abbrev(stat)}=N) or act as a character"
        " (", Hint(Do.NAME_ACTOR), ")"))


def _abbrev(stat: str) -> str:
    return next(a for a, s in ABBREVIATIONS.items() if s == stat)


def difficulty(stat: int, trained: bool) -> int:
    """A Check's Difficulty: 20 − Stat, or 20 − 2×Stat when trained."""
    return 20 - stat * (2 if trained else 1)


def _unexpected(line: syntax.CommandLine, expr: syntax.Expr, usage: str) -> UsageError:
    """A number the command does not take; right after a word (`check dex 5`) it is that
    word's inline value, written `dex=5` (rules/systems/spaced_value.py)."""
    from rules.systems.spaced_value import spaced_value_at

    at = next(i for i, a in enumerate(line.args)
              if isinstance(a, syntax.ExprArg) and a.expr is expr)
    spaced = spaced_value_at(line, at)
    if spaced is not None:
        return spaced
    hint = f" ({usage})" if usage else ""
    return UsageError(f"{line.word}: unexpected '{expr}'{hint}")
