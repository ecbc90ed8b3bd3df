"""The Tiers vocabulary: stats, their modifiers and dice, Tier, advantage, and a command's words
(what a sheet alone says of a character is in sheet.py)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.campaign import Character
from rules.errors import Do, Hint, SheetError, UsageError
from rules.notation import syntax
from rules.notation.words import die_word, signed_whole
from rules.systems.tiers.sheet import ARMOUR_PENALTY, KINDS, PLAYER, sheet_modifier, title

STAT_NAMES = ("body", "mind", "sense", "heart", "cunning", "fate")
ABBREVIATIONS = {"bod": "body", "mnd": "mind", "sen": "sense", "hrt": "heart", "cun": "cunning",
                 "fat": "fate"}  # fmt: skip
SCORE_RANGE = (1, 30)
TIER_RANGE = (1, 5)

# seed 003 ("The die ladder is always the standard one: d4 / d6 / d8 / d10 / d12 for Tiers 1-5")
TIER_DIE = {1: 4, 2: 6, 3: 8, 4: 10, 5: 12}

Edge = Literal["adv", "dis"] | None

NO_DIE_WORDS = frozenset({"0", "none"})


def find_stat(word: str) -> str | None:
    """The stat a word names: full name or 3-letter abbreviation."""
    low = word.lower()
    return low if low in STAT_NAMES else ABBREVIATIONS.get(low)


def stat_name(word: str) -> str:
    """The stat a word names, or a UsageError listing them."""
    stat = find_stat(word)
    if stat is None:
        from rules.did_you_mean import closest

        near = closest(word.lower(), [*STAT_NAMES, *ABBREVIATIONS])
        hint = f"did you mean '{near}'?" if near else f"stats: {', '.join(STAT_NAMES)}"
        raise UsageError(f"'{word}' is not a Tiers stat ({hint})")
    return stat


# ---- stat dice ----


@dataclass(frozen=True, slots=True)
class StatDie:
    """A stat's die (`d6`, a negative `-d4` that subtracts, or no die at all: `sides` 0)."""

    sides: int
    sign: int = 1

    @property
    def none(self) -> bool:
        return self.sides == 0

    @property
    def die(self) -> syntax.Die:
        return syntax.std_die(self.sides)

    def __str__(self) -> str:
        if self.none:
            return "no die"
        return f"{'-' if self.sign < 0 else ''}d{self.sides}"


NO_DIE = StatDie(0, 0)


def parse_die(text: str) -> StatDie | None:
    """`d6`, `-d4`, `0` / `none` (no die: a stat of 10–11, seed 003 Glancing Blow); else None."""
    low = text.strip().lower()
    if low in NO_DIE_WORDS:
        return NO_DIE
    die = die_word(low)
    if die is None or die[1] < 2:
        return None
    return StatDie(die[1], die[0])


def validate_tables(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet with its `[dice]` (stat → "d6" / "-d4" / "0") and `[mods]` (stat → whole
    number) checked and keyed by full stat names, and its `armor` one of the known weights."""
    out = dict(sheet)
    for section in ("dice", "mods"):
        if section not in sheet:
            continue
        table = sheet[section]
        if not isinstance(table, Mapping):
            raise SheetError(f"sheet key '{section}' must be a table ([{section}])")
        normalized: dict[str, Any] = {}
        for key, value in table.items():
            stat = find_stat(key)
            if stat is None:
                raise SheetError(
                    f"sheet key '{section}.{key}' is not a Tiers stat ({', '.join(STAT_NAMES)})"
                )
            if section == "dice" and (not isinstance(value, str) or parse_die(value) is None):
                raise SheetError(
                    f"sheet key 'dice.{key}' must be a die such as \"d6\", \"-d4\" (negative)"
                    f" or \"0\" (no die), not {value!r}"
                )
            if section == "mods" and (isinstance(value, bool) or not isinstance(value, int)):
                raise SheetError(f"sheet key 'mods.{key}' must be a whole number, not {value!r}")
            normalized[stat] = value
        out[section] = normalized
    armour = sheet.get("armor")
    if armour is not None and (not isinstance(armour, str) or armour not in ARMOUR_PENALTY):
        raise SheetError(
            f"sheet key 'armor' is one of {', '.join(ARMOUR_PENALTY)}, not {armour!r}"
        )
    if "shield" in sheet and not isinstance(sheet["shield"], bool):
        raise SheetError(f"sheet key 'shield' is true or false, not {sheet['shield']!r}")
    if "kind" in sheet:
        kind = sheet["kind"]
        word = kind.strip().lower() if isinstance(kind, str) else ""
        word = PLAYER if word == "pc" else word  # a player character, as tables say it
        if word not in KINDS:
            raise SheetError(f"sheet key 'kind' is one of {', '.join(KINDS)}, not {kind!r}")
        out["kind"] = word
    return out


# ---- a command's words ----


@dataclass(frozen=True, slots=True)
class Words:
    """The words of a Tiers command, sorted: options with values, flags, a stat, inline values."""

    command: str
    numbers: Mapping[str, int] = field(default_factory=dict)  # task 2, dc 12, fate 1 …
    names: Mapping[str, str] = field(default_factory=dict)  # stat body, on Bob
    flags: frozenset[str] = frozenset()
    stat: str | None = None  # the bare stat word (check body)
    scores: Mapping[str, int] = field(default_factory=dict)  # body=14
    dice: Mapping[str, StatDie] = field(default_factory=dict)  # body=d6, body=-d4
    tier: int | None = None  # tier=2
    amount: syntax.Expr | None = None  # hurt 5, hurt 2d6
    counts: Mapping[str, int] = field(default_factory=dict)  # repeatable words: rider 1 rider 2

    def has(self, flag: str) -> bool:
        return flag in self.flags

    def count(self, word: str) -> int:
        """How many times a repeatable word was given."""
        return self.counts.get(word, 0)

    def number(self, option: str) -> int | None:
        return self.numbers.get(option)


def _signed(arg: syntax.Arg) -> int | None:
    if isinstance(arg, syntax.ExprArg):
        return arg.as_int()
    if isinstance(arg, syntax.Word) and signed_whole(arg.text):
        return int(arg.text)
    return None


def read_words(
    line: syntax.CommandLine,
    usage: str,
    numbers: Iterable[str] = (),
    names: Iterable[str] = (),
    flags: Iterable[str] = (),
    stat: bool = False,
    amount: bool = False,
    repeatable: Iterable[str] = (),
) -> Words:
    """Sort a command's words; a UsageError (with the usage) for anything it does not take.
    A `repeatable` word may come again: a number keeps the largest, and each is counted."""
    takes_number, takes_name, takes_flag = set(numbers), set(names), set(flags)
    again = set(repeatable)
    counts: dict[str, int] = {}
    found: dict[str, int] = {}
    named: dict[str, str] = {}
    seen: set[str] = set()
    scores: dict[str, int] = {}
    dice: dict[str, StatDie] = {}
    tier: int | None = None
    bare: str | None = None
    expr: syntax.Expr | None = None
    args = list(line.args)
    i = 0
    while i < len(args):
        arg = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        i += 1
        if isinstance(arg, syntax.KeyValue):
            tier = _inline(line.word, arg, scores, dice, tier)
            continue
        if isinstance(arg, syntax.ExprArg):
            if amount and expr is None:
                expr = arg.expr
                continue
            raise _unexpected(line, i - 1, stat, usage)
        word = arg.text.lower()
        if word in takes_number and nxt is not None and _signed(nxt) is not None:
            _not_twice(line.word, word, found, again)
            found[word] = max(_signed(nxt) or 0, found.get(word, -(10**9)))
            counts[word] = counts.get(word, 0) + 1
            i += 1
        elif word in takes_number and (not stat or find_stat(word) is None or bare is not None):
            raise UsageError(f"{line.word}: '{word}' needs a number after it ({usage})")
        elif word in takes_name:
            if nxt is None or not isinstance(nxt, syntax.Word):
                raise UsageError(f"{line.word}: '{word}' needs a name after it ({usage})")
            _not_twice(line.word, word, named)
            named[word] = nxt.text
            i += 1
        elif word in takes_flag:
            _not_twice(line.word, word, seen, again)
            seen.add(word)
            counts[word] = counts.get(word, 0) + 1
        elif stat and bare is None and find_stat(word) is not None:
            bare = find_stat(word)
        else:
            raise _unknown_word(line.word, arg.text, usage)
    return Words(line.word, found, named, frozenset(seen), bare, scores, dice, tier, expr, counts)


def _unexpected(line: syntax.CommandLine, at: int, stat: bool, usage: str) -> UsageError:
    """A number or die the command does not take at argument `at`; right after a stat
    (`check body 14`) it is the stat's inline value, written `body=14`."""
    before = line.args[at - 1] if at else None
    if stat and isinstance(before, syntax.Word) and find_stat(before.text) is not None:
        from rules.systems.spaced_value import spaced_value_at

        spaced = spaced_value_at(line, at)
        if spaced is not None:
            return spaced
    return UsageError(f"{line.word}: unexpected '{line.args[at]}' ({usage})")


def _not_twice(command: str, word: str, taken: Collection[str], again: Collection[str] = ()) -> None:
    """UsageError when `word` was given already and is not one that may come again."""
    if word in taken and word not in again:
        raise UsageError(f"{command}: '{word}' is given twice")


def _unknown_word(command: str, text: str, usage: str) -> UsageError:
    """The error of a word the command does not take: another tool's habit, else the usage."""
    from rules.did_you_mean import habit

    return UsageError(f"{command}: unknown word '{text}'" + (habit("tiers", text) or f" ({usage})"))


def _inline(command: str, arg: syntax.KeyValue, scores: dict[str, int], dice: dict[str, StatDie],
            tier: int | None) -> int | None:
    """Record `body=14` (a score), `body=d6` / `body=-d4` / `body=none` (a die) or `tier=2`."""
    key, value = arg.key.lower(), arg.value.strip()
    if key == "tier":
        if tier is not None:
            raise UsageError(f"{command}: tier= is given twice")
        return _ranged(f"tier={value}", value, TIER_RANGE)
    stat = find_stat(key)
    if stat is None:
        from rules.did_you_mean import closest

        near = closest(key, [*STAT_NAMES, *ABBREVIATIONS, "tier"])
        if near is not None:
            raise UsageError(f"{command}: unknown {key}= (did you mean {near}=?)")
        raise UsageError(
            f"{command}: unknown {key}= (inline values: tier=2, a stat's score body=14,"
            " a stat's die body=d6 / body=-d4 / body=none)"
        )
    die = parse_die(value) if not signed_whole(value) else None
    if die is not None:
        if stat in dice:
            raise UsageError(f"{command}: {key}= gives the {title(stat)} die twice")
        dice[stat] = die
    else:
        if stat in scores:
            raise UsageError(f"{command}: {key}= gives the {title(stat)} score twice")
        scores[stat] = _ranged(f"{key}={value}", value, SCORE_RANGE)
    return tier


def _ranged(spelled: str, value: str, span: tuple[int, int]) -> int:
    try:
        number = int(value)
    except ValueError:
        raise UsageError(f"{spelled}: give a whole number (or a die such as d6)") from None
    if not span[0] <= number <= span[1]:
        raise UsageError(f"{spelled} is out of range ({span[0]}–{span[1]})")
    return number


# ---- what a character (or the inline words) says ----


def tier_of(words: Words, who: Character | None) -> int:
    """The Tier: inline `tier=N` first, else the sheet's `tier`."""
    if words.tier is not None:
        return words.tier
    if who is not None:
        value = who.field("tier")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        from rules.encounter.missing import give_it

        raise UsageError(f"{who.name} has no Tier: " + give_it(
            who, "add tier = N (1–5) to the sheet, or give tier=N", "tier=N"))
    raise UsageError(("this needs a Tier: give it inline (tier=2) or act as a character (",
                      Hint(Do.NAME_ACTOR), ")"))


def modifier_of(stat: str, words: Words, who: Character | None) -> int:
    """A stat's modifier: inline score, else the sheet's (`sheet_modifier`)."""
    if stat in words.scores:
        return (words.scores[stat] - 10) // 2
    if who is not None:
        return sheet_modifier(stat, who)
    raise UsageError((f"this needs {title(stat)}: give it inline ({stat}=14) or act as a"
                      " character (", Hint(Do.NAME_ACTOR), ")"))


def die_of(stat: str, words: Words, who: Character | None) -> StatDie:
    """A stat's die: inline `body=d6`, else the sheet's `[dice]` (the score→die table is OPEN)."""
    if stat in words.dice:
        return words.dice[stat]
    if who is not None:
        raw = who.section("dice").get(stat)
        die = parse_die(raw) if isinstance(raw, str) else None
        if die is not None:
            return die
        from rules.encounter.missing import give_it

        raise UsageError(
            f"{who.name} has no {title(stat)} die: the rules text leaves the score→die table OPEN,"
            " so " + give_it(who, f"add [dice] {stat} = \"d6\" (\"-d4\" negative, \"0\" none),"
                             f" or give {stat}=d6", f"{stat}=d6"))
    raise UsageError((
        f"this needs the {title(stat)} die: give it inline ({stat}=d6, {stat}=-d4 or {stat}=none)"
        " or act as a character (", Hint(Do.NAME_ACTOR), ")"))


def edge_of(words: Words, who: Character | None, also_dis: str | None = None
            ) -> tuple[Edge, tuple[str, ...]]:
    """Advantage or disadvantage: both cancel, several do not stack; Exhaustion is a
    disadvantage on every roll (seed 003, Exhaustion Effects); `also_dis` names one more."""
    adv = words.has("adv")
    dis = words.has("dis")
    notes: list[str] = []
    if also_dis is not None:
        notes.append(also_dis + (" (cancels the advantage)" if adv and not dis else ""))
        dis = True
    exhausted = who is not None and "exhausted" in who.flags
    if exhausted:
        notes.append("exhausted: disadvantage" + (" (cancels the advantage)" if adv else ""))
    dis = dis or exhausted
    if adv and dis:
        return None, tuple(notes)
    return ("adv" if adv else "dis" if dis else None), tuple(notes)


def d20_expr(edge: Edge) -> syntax.Dice:
    """The d20 of a save, attack or disruption check: 2d20 keep the higher (adv) or lower (dis)."""
    if edge is None:
        return syntax.Dice(1, syntax.D20)
    return syntax.Dice(2, syntax.D20, (syntax.Keep("kh" if edge == "adv" else "kl", 1),))


def signed(n: int) -> str:
    """`+2`, `-1`, `+0`."""
    return f"+{n}" if n >= 0 else str(n)
