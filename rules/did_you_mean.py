""""Did you mean …?": the closest known word by edit distance, for a word that is unknown."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.errors import UsageError

MAX_DISTANCE = 2
"""At most this many edits (letters added, removed, changed or swapped) away."""


def distance(a: str, b: str) -> int:
    """Edit distance with swaps of two neighbours (optimal string alignment)."""
    a, b = a.lower(), b.lower()
    if a == b:
        return 0
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word nearest `word` (within MAX_DISTANCE edits, and at most its length less
    two: `xy` suggests nothing, `sav` one edit away), ties to the first given; None when none
    is near."""
    best: tuple[int, str] | None = None
    limit = min(MAX_DISTANCE, len(word) - 2)
    for candidate in known:
        if abs(len(word) - len(candidate)) > limit:
            continue  # more edits away than the limit, by length alone (a name of a mebibyte)
        d = distance(word, candidate)
        if d <= limit and (best is None or d < best[0]):
            best = (d, candidate)
    return None if best is None else best[1]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """` (did you mean 'check'?)`, or "" when no known word is near."""
    found = closest(word, known)
    return f" (did you mean '{found}'?)" if found else ""


def said_once(message: str) -> str:
    """A library's message with a suggestion it repeated said once (`No such command 'shwo'.
    Did you mean 'show'? Did you mean 'show'?`: Typer and Click each add one)."""
    import re

    return re.sub(r"( Did you mean [^?]*\?)(?:\1)+", r"\1", message)


HABITS = {
    "vagabond": {"adv": "favor", "advantage": "favor", "dis": "hinder", "disadvantage": "hinder"},
    "macchiato": {"favor": "adv", "favour": "adv", "hinder": "dis", "advantage": "adv",
                  "disadvantage": "dis"},
    "tiers": {"favor": "adv", "favour": "adv", "hinder": "dis", "advantage": "adv",
              "disadvantage": "dis"},
    "brighter": {"adv": "enhanced", "advantage": "enhanced", "favor": "enhanced",
                 "dis": "impaired", "disadvantage": "impaired", "hinder": "impaired"},
}
"""Another game's word for what this one calls otherwise (5e's advantage is Vagabond's Favor)."""

GAME_NAMES = {"vagabond": "Vagabond", "macchiato": "Macchiato Monsters", "tiers": "Tiers",
              "brighter": "Brighter Worlds"}


def habit(system_id: str, word: str) -> str:
    """` (Brighter Worlds calls it enhanced: write enhanced)` for another tool's word, else ""."""
    ours = HABITS.get(system_id, {}).get(word.lower())
    if ours is None:
        return ""
    return f" ({GAME_NAMES[system_id]} calls it {ours}: write {ours})"


def habit_hint(text: str, at: int) -> tuple[str, str] | None:
    """What to write for another dice tool's habit where the grammar stopped at `at` (0-based),
    or None: the message, and the LINE spelled as it works here (the JSON error's `hint`):
    `d20+5 dc 15` (vs 15), a leading repeat `6 4d6` or `6x4d6` (6x 4d6), words after the
    dice (`2d6+3 fire`: a [label] or a # comment), `4d6 drop lowest` (4d6dl1)."""
    import re

    from rules.notation.bot import alone

    if at == 0 and alone(text) is not None:  # `/r` with nothing after it
        return alone(text) or "", ""
    rest, before = text[at:], text[:at].rstrip()
    dc = re.match(r"dc\s*(\d+)(?![a-z0-9_])", rest, re.IGNORECASE)
    if dc is not None:
        spelled = f"{before} vs {dc.group(1)}{rest[dc.end():]}"
        return f"a target is written vs here: {spelled} (not dc {dc.group(1)})", spelled
    repeat = re.match(r"\s*(\d+)\s+$", text[:at])
    if repeat is not None and re.match(r"\d*d[\d%f{]", rest, re.IGNORECASE):
        spelled = f"{repeat.group(1)}x {rest.strip()}"
        return f"a roll repeated is written {repeat.group(1)}x here: {spelled}", spelled
    glued = re.match(r"(\d+)x(\d*d[\d%f{].*)", rest.strip(), re.IGNORECASE) if at == 0 else None
    if glued is not None:
        spelled = f"{glued.group(1)}x {glued.group(2)}"
        return f"a repeat is written with a space after its x: {spelled}", spelled
    inline = re.fullmatch(r"\s*\[\[(.+)\]\]\s*", text) if at == 0 else None
    if inline is not None:  # Roll20's inline roll: the brackets its chat needs
        spelled = inline.group(1).strip()
        return f"a LINE needs no [[ ]] around it (Roll20's inline roll): {spelled}", spelled
    dotted = re.match(r"\.\s*(\d+)", rest) if re.search(r"\bvs$", before, re.IGNORECASE) else None
    if dotted is not None:  # `vs. 15`
        spelled = f"{before} {dotted.group(1)}{rest[dotted.end():]}"
        return f"a target is written vs {dotted.group(1)}, without a dot: {spelled}", spelled
    second = re.match(r"\s*(?:[,;]|and\s)?\s*(\d*d[\d%f].*)$", rest, re.IGNORECASE)
    other = "" if second is None else second.group(1).strip()
    if other and re.search(r"[\d%F)\]}]$", before, re.IGNORECASE) and not (
            _drops(before, other)):
        return (f"a LINE is one roll: {other} goes on a line of its own (in a batch or the REPL,"
                f" or another roll), or add them: {before} + {other}"), ""
    signed = _signed_word(text, at)
    if signed is not None:
        return signed
    spaced = text[:at] != before  # `1d4 y` is a word after the dice; `1d4y` a typo in them
    return _words_after(before, rest.strip()) if before and spaced else None


_NOTATION_WORDS = frozenset({"adv", "dis", "advantage", "disadvantage", "vs", "dc"})
"""Words the notation has: after a sign they are misplaced, not a character's value."""


def _signed_word(text: str, at: int) -> tuple[str, str] | None:
    """A word added to or taken from the dice where the grammar stopped (at its sign or at the
    word): rpg-dice-roller's `4d6-L` (drop the lowest), else a
    character's value as sheets and other tools name it (`d20+dex`: `{dex}` here)."""
    import re

    found = re.compile(r"\s*([+-])\s*@?([^\W\d_]\w*)(?![\w({\[])").match(text, at)
    if found is None:  # the grammar stopped at the word, after its sign
        sign = re.search(r"([+-])\s*$", text[:at])
        word = re.compile(r"@?([^\W\d_]\w*)(?![\w({\[])").match(text, at)
        if sign is None or word is None:
            return None
        start, op, name, end = sign.start(), sign.group(1), word.group(1), word.end()
    else:
        start, op, name, end = found.start(1), found.group(1), found.group(2), found.end()
    before, after = text[:start].rstrip(), text[end:]
    if op == "-" and name.lower() == "l":  # -H parses: it is Vagabond's Hinder die
        spelled = f"{before}dl1{after}"
        return f"drop lowest is written {spelled} (not -{name})", spelled
    if len(name) < 2 or re.fullmatch(r"d[\d%f]*", name, re.IGNORECASE) or (
            name.lower() in _NOTATION_WORDS):
        return None  # a letter (a typo?), a die or a word of the notation: the grammar's error
    value = "{" + name.lower() + "}"
    spelled = f"{text[:start]}{op}{text[start + 1:end - len(name)].rstrip('@')}{value}{after}"
    spelled = spelled.strip()
    return (f"a character's value is written in braces: {spelled} (and {{{name.lower()}:N}}"
            " gives N when nobody acts)"), spelled


def _drops(dice: str, words: str) -> bool:
    """Whether `words` after `dice` (`4d6 d1`) read as a drop of fewer dice than it has."""
    import re

    term = re.search(r"(\d+)d\d+$", dice, re.IGNORECASE)
    dropped = re.fullmatch(r"d(\d+)", words, re.IGNORECASE)
    return term is not None and dropped is not None and (
        int(dropped.group(1)) < int(term.group(1)))


def _words_after(before: str, words: str) -> tuple[str, str] | None:
    """Words after a roll as other tools take them: `drop lowest` (a modifier), a damage type
    or a name (a [label] after its term, or a # comment naming the roll)."""
    import re

    keep = re.fullmatch(r"(drop|keep)\s+(lowest|highest)(?:\s+(\d+))?", words, re.IGNORECASE)
    if keep is not None:
        spelled = f"{before}{keep.group(1)[0].lower()}{keep.group(2)[0].lower()}{keep.group(3) or 1}"
        return f"{keep.group(1).lower()} {keep.group(2).lower()} is written {spelled}", spelled
    if re.search(r"\bvs\s*\d+$", before, re.IGNORECASE):
        return None  # after a target: a game's word (favor), not a label
    bang = re.fullmatch(r"!\s*([^\W\d_].*)", words)
    if bang is not None:  # Dice Maiden's `! comment`
        spelled = f"{before} # {bang.group(1)}"
        return f"a comment is written after #: {spelled}", spelled
    if _drops(before, words):
        count = words[1:]
        spelled = f"{before}d{count}"
        return (f"drop the lowest is written right after the dice: {spelled} (or {before} dl"
                f"{count}: after a space, d{count} is a die)"), spelled
    times = _times(words)
    if times is not None:
        spelled = f"{times}x {before}"
        return (f"a roll repeated is written {times}x before it: {spelled} (to multiply:"
                f" ({before}) * {times})"), spelled
    if not re.search(r"[\d%F)\]}]$", before, re.IGNORECASE) or not re.fullmatch(
            r"[^\W\d_][\w' -]*", words):
        return None  # after an operator or `vs` a word is no label
    if " " not in words:
        spelled = f"{before} [{words}]"
        return (f"a word after the dice is a label in brackets, {spelled}, or a comment after #:"
                f" {before} # {words}"), spelled
    spelled = f"{before} # {words}"
    return f"words after the dice are a comment after #: {spelled}", spelled


OUTSIDE_THE_REPL = {
    "use": ("a line of a batch begins with -s NAME instead (-s vagabond check dex)", "-s {} LINE"),
    "as": ("a line of a batch begins with --as NAME instead (--as Mira check dex)", "--as {} LINE"),
    "again": ("write the LINE again", ""),
    "physical": ("--rolled FACES gives the faces of physical dice", "--rolled FACES LINE"),
    "quit": ("a batch ends where its input ends", ""),
    "exit": ("a batch ends where its input ends", ""),
}
"""The REPL's own words, said where a batch or a shell meets them: what to write there instead,
and the spelling that works (the JSON error's `hint`) with the word's argument in it."""


def repeat_first(word: str, rest: str) -> tuple[str, str] | None:
    """`x6 4d6kh3`, a repeat's x on the wrong side of its number: the message and the LINE so
    spelled (`rest`: the LINE after the word, as typed), else None."""
    times = _times(word)
    if times is None or not rest:
        return None
    spelled = f"{times}x {rest}"
    return f"a roll repeated is written {times}x: {spelled}", spelled


FIGHT_NOUNS = frozenset({"fight", "combat", "battle", "encounter", "initiative", "init"})
"""What other tools and tables call a fight, beside a word that starts or ends it."""
FIGHT_VERBS = {"start": "encounter start", "begin": "encounter start", "end": "encounter end",
               "stop": "encounter end", "finish": "encounter end", "over": "encounter end"}
"""A word that starts or ends a fight (`start combat`, `fight over`), as its LINE here."""
INIT_WORDS = {"": "encounter", "list": "encounter", "begin": "encounter start",
              "start": "encounter start", "next": "next", "n": "next", "end": "encounter end"}
"""Avrae's initiative tracker (`!init begin`, `!init next`, `!init end`), as its LINE here."""
INIT_NAMES = {"add": "encounter add", "remove": "encounter rm", "rm": "encounter rm"}
"""Avrae's `!init add NAME`, `!init remove NAME`: a word before a combatant's name."""
FIGHT_SAYS = {"encounter start": "a fight starts with encounter start here",
              "encounter end": "a fight ends with encounter end here",
              "next": "a turn passes with next here",
              "encounter": "the fight's order and whose turn it is are shown by encounter here",
              "encounter add": "a combatant joins with encounter add NAME here (a foe: foe add"
                               " NAME)",
              "encounter rm": "a combatant leaves with encounter rm NAME here",
              "help encounter": "a fight is run with encounter, foe and next here"}


def fight_habit(word: str, args: list[str], commands: Collection[str]) -> tuple[str, str] | None:
    """Another tool's words for running a fight, none of them a game's: `end turn` (`end
    round`: the game's `turn end` where it has one, Champions, else `next`), `start combat`,
    `end fight`, `fight start`, Avrae's `init begin` / `init next` / `init add NAME`: the message
    and the LINE that does it (`commands`: the game's words); None for any other LINE."""
    verb, rest = word.lower(), [a.lower() for a in args]
    if verb == "end" and rest in (["turn"], ["round"]):
        ours = "turn end" if "turn" in commands else "next"
        return f"a turn is ended with {ours} here", ours
    if verb == "init":
        return _init_habit(args)
    if len(rest) != 1:
        return None
    if verb in FIGHT_VERBS and rest[0] in FIGHT_NOUNS:  # `start combat`
        ours = FIGHT_VERBS[verb]
    elif verb in FIGHT_NOUNS and rest[0] in FIGHT_VERBS:  # `fight start`
        ours = FIGHT_VERBS[rest[0]]
    else:
        return None
    return FIGHT_SAYS[ours], ours


def _init_habit(args: list[str]) -> tuple[str, str]:
    """Avrae's initiative tracker (`init`, then a word of its own, a name after some) as the
    LINE that does it here; anything else of it, where the fight's words are explained."""
    first = args[0].lower() if args else ""
    if first in INIT_NAMES:
        ours = INIT_NAMES[first]
        name = " ".join(args[1:]) if len(args) > 1 and args[1][:1].isalpha() else "NAME"
        return FIGHT_SAYS[ours].replace("NAME", name), f"{ours} {name}"
    ours = INIT_WORDS.get(first, "help encounter") if len(args) <= 1 else "help encounter"
    return FIGHT_SAYS[ours], ours


def _times(word: str) -> str | None:
    """The count of a repeat written with its x first (`x6`, `×3`, `X2`), else None: the
    habit of `1d4+1 x3` and of `x6 4d6kh3` alike."""
    import re

    repeat = re.fullmatch(r"[x×](\d+)", word, re.IGNORECASE)
    return None if repeat is None else repeat.group(1)


def repl_word_here(word: str, argument: str) -> tuple[str, str | None] | None:
    """What a REPL word means outside the REPL: the message and the hint, else None."""
    found = OUTSIDE_THE_REPL.get(word.lower())
    if found is None:
        return None
    said, spelled = found
    hint = spelled.format(argument or "NAME") if spelled else None
    return f"'{word}' is a word of the REPL's prompt; {said}", hint


OTHER_PLACES = {
    "version": ("roll --version says it", None),
    "config": ("roll help config says where the config file is and what it holds", "help config"),
    "sheets": ("roll sheet list lists the campaign's, roll help sheets how to write one",
               "sheet list"),
    "characters": ("roll sheet list lists the campaign's characters", "sheet list"),
    "games": ("roll systems lists the games, roll game list the campaign's own", "systems"),
    "fights": ("roll encounter shows the fight, roll help encounter its words", "encounter"),
}
"""Words a user types to ask about roll itself, where a LINE is read: what answers them, and
the line that does (the JSON error's `hint`)."""


def other_place(word: str) -> tuple[str, str | None] | None:
    """What answers `word` when it asks about roll itself (`version`, `sheets`), else None."""
    found = OTHER_PLACES.get(word.lower())
    return None if found is None else (f"'{word}' is no LINE: {found[0]}", found[1])


COMMAND_HABITS = {"brighter": {"check": "save", "test": "save"}}
"""A game's command for what other games' players type (Brighter Worlds rolls an attribute's
save where others check a stat)."""


def command_habit(system_id: str, word: str) -> str | None:
    """This game's command for another game's `word`, else None."""
    return COMMAND_HABITS.get(system_id, {}).get(word.lower())


KNOWN_SHOWN = 12
"""The most names an unknown character's error lists (a campaign may hold a thousand)."""

_NO_MARKS = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
                           "ł": "l", "Ł": "l", "ß": "ss", "đ": "d", "Đ": "d", "þ": "th",
                           "Þ": "th", "ı": "i"})
"""Letters NFKD leaves whole, as a keyboard without them spells them."""


def folded(name: str) -> str:
    """A name as a keyboard without its accents types it, lower case (`Zoë` → zoe, `Björn
    Ærinsson` → bjorn aerinsson)."""
    import unicodedata

    from rules.notation.name_words import name_key

    plain = unicodedata.normalize("NFKD", name.translate(_NO_MARKS))
    return name_key("".join(c for c in plain if not unicodedata.combining(c)))


def near_name(typed: str, names: Iterable[str]) -> str | None:
    """The known name `typed` most likely meant: the same letters but for accents (`Zoe`:
    Zoë), or the first word of a name of several (`Bjorn`: Björn Ærinsson), else the nearest
    spelling (`closest`) but for another of a numbered lot; None when none is near."""
    import re

    names = list(names)
    key = folded(typed)
    keys = [folded(name) for name in names]
    for name, name_key in zip(names, keys, strict=True):
        if name_key == key:
            return name
    for name, name_key in zip(names, keys, strict=True):
        if " " in name_key and name_key.split()[0] == key:
            return name
    # another of a numbered lot (`Goblin 41` of Goblin 1 … 40) is no typo of one of them
    lot = re.sub(r"\d+", "#", key)
    return closest(typed, [name for name, name_key in zip(names, keys, strict=True)
                           if re.sub(r"\d+", "#", name_key) != lot])


def unknown_character(typed: str, known: list[str], where: str = "this campaign"
                      ) -> UsageError:
    """The error of a name no character of the campaign has (`known`: its names, in order):
    the one most likely meant first, then the known names, at most KNOWN_SHOWN of them."""
    from rules.errors import UsageError

    near = near_name(typed, known)
    meant = "" if near is None else f"did you mean {near!r}? "
    shown = ", ".join(known[:KNOWN_SHOWN]) or "none yet"
    if len(known) > KNOWN_SHOWN:
        shown += f" and {len(known) - KNOWN_SHOWN:,} more"
    return UsageError(f"no character named {typed!r} in {where} ({meant}known: {shown})")
