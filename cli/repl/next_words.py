"""What may come next at the cursor: a pure `suggest()` over the words of the table."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from cli.repl.view import TableView
from cli.repl.word_lists import (
    ALIAS_WORDS,
    LINE_WORDS,
    MODIFIERS,
    REPL_WORDS,
    SHEET_WORDS,
    SHELLS,
    SUBCOMMAND_WORDS,
    TABLE_WORDS,
    command_words,
    own_words,
    skills,
)
from rules.campaign import Character
from rules.errors import RollError
from rules.notation import parse, syntax
from rules.systems import SYSTEMS
from rules.systems.on_whom import ON
from rules.systems.protocol import System
from rules.systems.sheet_terms import Pool


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One completion: `text` replaces the last `-start` characters before the cursor."""

    text: str
    start: int = 0
    display: str = ""
    meta: str = ""

    @property
    def shown(self) -> str:
        return self.display or self.text.strip()


def suggest(text_before_cursor: str, state: TableView) -> list[Suggestion]:
    """What may come next at the cursor, given the words typed so far and the table."""
    words = text_before_cursor.split()
    fragment = "" if not words or text_before_cursor[-1:].isspace() else words[-1]
    before = words[:-1] if fragment else words
    if not before:
        modifiers = _modifiers(fragment)
        return modifiers if modifiers is not None else _first_word(fragment, state, repl=True)
    head = before[0].lower()
    if head == "odds":
        rest = text_before_cursor.lstrip()[len(before[0]) :]
        return suggest_line(rest, state)
    if head in REPL_WORDS or head in SUBCOMMAND_WORDS or head == "completion":
        rest = text_before_cursor.lstrip()[len(before[0]):].lstrip()
        return _after_repl_word(head, before[1:], fragment, rest, state)
    return suggest_line(text_before_cursor, state)


def suggest_line(text_before_cursor: str, state: TableView) -> list[Suggestion]:
    """Completions inside a LINE (what `roll LINE` and `odds LINE` take)."""
    words = text_before_cursor.split()
    fragment = "" if not words or text_before_cursor[-1:].isspace() else words[-1]
    before = words[:-1] if fragment else words
    modifiers = _modifiers(fragment)
    if modifiers is not None:
        return modifiers
    if not before:
        return _first_word(fragment, state, repl=False)
    typed = text_before_cursor.lstrip()[len(before[0]):].lstrip()  # after the command word
    if before[0].lower() in command_words(state.system):  # a command's words: no parse (a
        return _arguments(before[0].lower(), typed, state)  # Tab's grammar build is 0.1 s)
    head_text = text_before_cursor[: len(text_before_cursor) - len(fragment)]
    line = _parsed(head_text)
    if isinstance(line, syntax.RollLine):
        if line.target is not None:
            return []
        after = {w: m for w, m in LINE_WORDS.items() if w == "vs" or not syntax.has_advantage(line)}
        return _matching(fragment, after, space=True)
    return _arguments(before[0].lower(), typed, state)


def _parsed(text: str) -> syntax.Line | None:
    try:
        return parse(text) if text.strip() else None
    except RollError:
        return None


def _modifiers(fragment: str) -> list[Suggestion] | None:
    """Notation modifiers right after a dice term (`4d6k` → kh, kl); None if no term ends here."""
    from rules.notation.tokens import modifier_typed

    typed = modifier_typed(fragment)
    if typed is None:
        return None  # no term ends here, or an operator or bracket came after it
    if typed and not any(m.startswith(typed) for m in MODIFIERS):
        return None
    return [
        Suggestion(m, -len(typed), m, meta)
        for m, meta in MODIFIERS.items()
        if m.startswith(typed) and m != typed
    ]


def _first_word(fragment: str, state: TableView, repl: bool) -> list[Suggestion]:
    choices: dict[str, str] = {}
    if repl:
        choices.update(REPL_WORDS)
        choices.update(SUBCOMMAND_WORDS)
    for word in command_words(state.system):
        choices.setdefault(word, f"{state.system.id} command")
    for name, line in state.rolls.items():
        choices.setdefault(name, line)  # a named roll: its LINE as the hint
    return _matching(fragment, choices, space=True)


def _games(state: TableView) -> dict[str, str]:
    """Every game by id, its title as the hint: those listed, then the campaign's imported ones."""
    games = {s.id: s.title for s in SYSTEMS.values()}
    for name in state.games:
        games.setdefault(name, "the campaign's game")
    return games


def _after_repl_word(
    head: str, args: list[str], fragment: str, rest: str, state: TableView
) -> list[Suggestion]:
    """What follows a REPL word or subcommand; `rest`: the text typed after it."""
    if head == "use" and not args:
        return _matching(fragment, _games(state), space=False)
    if head == "as":  # `as Goblin 1`: the rest of the line is one name
        return _names(rest, state, extra=None if args else {"none": "act as nobody"},
                      whole=True)
    if head == "physical" and not args:
        return _matching(fragment, {"on": "ask for faces", "off": "roll dice"}, space=False)
    if head == "help" and not args:
        topics = {"notation": "dice notation", "tables": "rollable tables"}
        topics |= _games(state)
        topics["encounter"] = "rounds, turns, foes"
        return _matching(fragment, topics, space=False)
    if head == "completion" and not args:
        return _matching(fragment, dict.fromkeys(SHELLS, "shell"), space=False)
    if head == "log" and not args:
        return _matching(fragment, {"-n": "how many"}, space=True)
    if head == "table" and not args:
        found = _matching(fragment, dict.fromkeys(TABLE_WORDS, "table"), space=True)
        return found + _matching(fragment, dict.fromkeys(state.tables, "roll on it"), space=False)
    if head == "table" and len(args) == 1 and args[0].lower() in ("rm", "export"):
        return _matching(fragment, dict.fromkeys(state.tables, "table"), space=False)
    if head == "alias" and not args:
        return _matching(fragment, dict.fromkeys(ALIAS_WORDS, "alias"), space=True)
    if head == "alias" and len(args) == 1 and args[0].lower() == "rm":
        return _matching(fragment, dict(state.rolls), space=False)
    if head == "sheet":
        if not args:
            return _matching(fragment, dict.fromkeys(SHEET_WORDS, "sheet"), space=True)
        if args[0].lower() in ("show", "export", "rm"):  # `sheet show Goblin 1`
            return _names(rest[len(args[0]):].lstrip(), state, whole=True)
    return []


def _arguments(command: str, typed: str, state: TableView) -> list[Suggestion]:
    """What follows a command word (`typed`: the text after it): its own words, stats,
    skills, pools, names, risk dice."""
    fragment = "" if not typed or typed[-1].isspace() else typed.split()[-1]
    system = state.system
    whom = _after_on(typed, fragment)
    if whom is not None and (not whom.split()[:-1 if fragment else None] or _names(whom, state)):
        return _names(whom, state, space=True, whole=True)  # `hurt 3 on Gob`: whom it lands on (SPEC §9)
    spec = command_words(system).get(command)
    if spec is None:
        return []
    choices: dict[str, str] = dict.fromkeys(spec.words, command)
    if command in system.lands_on or command == "attack":
        choices.setdefault(ON, "whom: on NAME")
    choices.update(dict.fromkeys(own_words(system, command), command))
    if spec.stats:
        for stat in system.stats:
            choices.setdefault(stat.name, "stat")
            choices.setdefault(stat.abbrev, stat.name)
        for skill, owner in skills(system).items():
            choices.setdefault(skill, f"skill ({owner})" if owner else "skill")
    if spec.pools:
        ch = state.character
        pools = system.all_pools(ch) if ch else list(system.pools)
        for pool in pools:
            if ch is None or _has_pool(system, ch, pool):
                choices.setdefault(pool.name, "pool")
    if spec.risk:
        for name, die in state.risk.items():
            choices.setdefault(name, f"risk {die}")
    found = _matching(fragment, choices, space=True)
    if spec.names:
        found += _names(typed, state, space=True)  # more words may follow a target
    return found


def _after_on(typed: str, fragment: str) -> str | None:
    """The text after an `on` one or two words back (where a name of several words may be
    being typed: `on Goblin `), or None."""
    spans = [m for m in re.finditer(r"\S+", typed)]
    done = spans[:-1] if fragment else spans
    for word in done[-2:][::-1]:
        if word.group().lower() == ON:
            return typed[word.end():].lstrip()
    return None


def _has_pool(system: System, character: Character, pool: Pool) -> bool:
    """Whether `character` has `pool`: its size is known, or the sheet holds a value (a hero
    with no [max] mana has no Mana to spend; only what applies is offered)."""
    try:
        known = system.pool_max(character, pool) is not None
    except RollError:
        known = False
    return known or pool.name in character.pools


def _names(
    typed: str, state: TableView, extra: Mapping[str, str] | None = None, space: bool = False,
    whole: bool = False,
) -> list[Suggestion]:
    """Characters' names that finish what is typed (`typed`: the text before the cursor from
    the word where a name may start): the last word, or the last words where they begin a
    name of several (`on Goblin ` → `Goblin 1`), or an open quote (`"Gob`); `whole`: all of
    `typed` is one name (`as Goblin 1`)."""
    from rules.notation.name_words import name_key, written

    fragment = "" if not typed or typed[-1].isspace() else typed.split()[-1]
    opened = _open_quote(typed)
    if opened is not None:
        quote, at = opened
        partial = name_key(typed[at + 1:]) + (" " if typed[-1:].isspace() else "")
        return [Suggestion(quote + n + quote + (" " if space else ""), at - len(typed),
                           quote + n + quote, "character")
                for n in state.names if name_key(n).startswith(partial)]
    out: list[Suggestion] = []
    seen: set[str] = set()
    for start in [0] if whole else _word_starts(typed, len(fragment)):
        tail = typed[start:]
        partial = name_key(tail) + (" " if tail[-1:].isspace() and tail.strip() else "")
        for name in state.names:
            if name in seen or not name_key(name).startswith(partial):
                continue
            seen.add(name)
            shown = written(name)
            if shown != fragment or space:
                out.append(Suggestion(shown + (" " if space else ""), start - len(typed), shown,
                                      "character"))
    return out + _matching(fragment, extra or {}, space=space)


def _word_starts(typed: str, fragment: int) -> list[int]:
    """Where a name may begin before the cursor, the farthest first: each word's start (a name
    of several words may be half typed), then the last word's (or the cursor, after a space)."""
    last = len(typed) - fragment
    starts = [i for i in range(last)
              if not typed[i].isspace() and (i == 0 or typed[i - 1].isspace())]
    return [*starts, last]


def _open_quote(typed: str) -> tuple[str, int] | None:
    """The quote a name was opened with and where, if it is not closed yet (`attack on "Gob`);
    a `'` opens one only where a word starts (`O'Hara` is a word)."""
    at, quote = -1, ""
    i = 0
    while i < len(typed):
        ch = typed[i]
        if ch in "\"'" and (ch == '"' or i == 0 or typed[i - 1].isspace()):
            close = typed.find(ch, i + 1)
            if close < 0:
                at, quote = i, ch
                break
            i = close
        i += 1
    return None if at < 0 else (quote, at)


def _matching(
    fragment: str, choices: Mapping[str, str], space: bool, start: int | None = None
) -> list[Suggestion]:
    """Choices that start with `fragment` (any case), in the order given."""
    low = fragment.lower()
    begin = -len(fragment) if start is None else start
    out = []
    for word, meta in choices.items():
        if word == fragment and not space:
            continue  # nothing left to add
        if word.strip('"').lower().startswith(low):
            out.append(Suggestion(word + (" " if space else ""), begin, word, meta))
    return out
