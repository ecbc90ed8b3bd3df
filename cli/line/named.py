"""Named rolls at the CLI: which LINEs may name one, the rolls in reach, and the result shown.

A sheet's `[rolls]` and the campaign's aliases (`roll alias add`) expand a LINE's first word
(rules/named_rolls.py). Plain dice and a command word of the system in use are never names, so such
a LINE never opens the campaign to look; any other first word does, if the campaign exists.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from cli.base.argv import FRONT_WORDS
from rules.errors import RollError
from rules.named_rolls import Expansion, reserved_words
from rules.notation import syntax
from rules.notation.parts import is_name
from rules.resolution import Resolution

if TYPE_CHECKING:
    from cli.base.settings import Settings
    from cli.store import CampaignView
    from rules.campaign import Character
    from rules.notation.head import Head


@cache
def reserved(system_id: str | None) -> Mapping[str, str]:
    """The words a named roll may not shadow: of one system, or of every system (None)."""
    from rules.systems import SYSTEMS, get_system

    systems = SYSTEMS.values() if system_id is None else (get_system(system_id),)
    return reserved_words({s.id: s.commands() for s in systems}, FRONT_WORDS)


@cache
def never_names() -> frozenset[str]:
    """The words no named roll can be, whatever the acting character plays: `roll`'s own, the
    notation's, and the commands every system has (`gain`, `spend`, `next` …). A LINE starting
    with one never opens the campaign to look for a name."""
    from rules.systems import pool_commands

    return frozenset(reserved_words({"every": pool_commands()}, FRONT_WORDS))


def first_name(name: str | None, line: syntax.Line | None = None) -> str | None:
    """The LINE's first word, lower-cased, if it is shaped like a name (after any `Nx`): the
    command word of its tree, or, for a LINE that parses only once expanded, the `name` its
    head read (rules/notation/head.py)."""
    if isinstance(line, syntax.CommandLine):
        return line.word if is_name(line.word) else None
    if line is not None:
        return None  # dice are never names
    return name


def sheet_rolls(character: Character | None) -> dict[str, str]:
    """A character's own named rolls (`[rolls]` of its sheet, checked on import)."""
    return {} if character is None else character.rolls


def expand_in(
    tx: CampaignView, text: str, acting: str | None, system_id: str | None
) -> Expansion:
    """Expand `text` with the rolls in reach: the campaign's aliases, then the acting
    character's `[rolls]` (which win); `{name}` falls back to the character's stats."""
    character = tx.find_character(acting) if acting is not None else None
    rolls = {**tx.aliases(), **sheet_rolls(character)}
    if not rolls:
        return Expansion(text, text)
    chosen = system_id or (character.system if character is not None else "generic")
    values = dict(character.stats) if character is not None else {}
    return _expand(text, rolls, chosen, values)


def may_name(first: str | None, line: syntax.Line | RollError, system_id: str | None,
             acting: str | None) -> bool:
    """Whether the LINE's first word may name a roll: dice never do, nor `roll`'s own words,
    nor a command of the system in use (`system_id`: chosen, or the acting character's once
    read; generic's for nobody)."""
    if isinstance(line, syntax.RollLine):
        return False  # dice are never names: a plain LINE imports nothing more
    name = first_name(first, None if isinstance(line, RollError) else line)
    if name is None or name in never_names():
        return False
    if system_id is None and acting is not None:
        return True  # the acting character's system, not read yet, decides
    from rules.systems import get_system

    return name not in reserved(get_system(system_id or "generic").id)


def expansion_in(tx: CampaignView, head: Head, line: syntax.Line | RollError, settings: Settings,
                 acting: str | None, system_id: str | None = None) -> Expansion | None:
    """The LINE that the first word of `head`'s LINE names (a sheet's roll or an alias), read
    in the LINE's own transaction, or None (a command of `system_id`, the system that resolves
    it once known, is never a name)."""
    if not may_name(head.name, line, settings.system_id() or system_id, acting):
        return None
    found = expand_in(tx, head.body, acting, settings.system_id())
    return found if found.expanded else None


def _expand(text: str, rolls: Mapping[str, str], system_id: str, values: dict[str, Any]
            ) -> Expansion:
    """Expand with the words of `system_id` reserved (a system's command is never a name)."""
    from rules.named_rolls import expand

    try:
        words = reserved(system_id)
    except RollError:  # an unknown -s: the LINE itself reports it
        words = reserved(None)
    return expand(text, rolls, words, values=values)


def named_result(res: Resolution, expansion: Expansion) -> Resolution:
    """The result of an expanded LINE: JSON `input` as typed plus `expanded`, and the summary
    headed by the name (`longsword → attack melee 1d8+3 favor → …`)."""
    if not expansion.expanded:
        return res
    core = expansion.core
    shown = f"{expansion.chain[0]} → {core}"  # `Nx` and `# comment` show as for any LINE
    said = res.summary_parts
    after = said.after(core)  # most summaries begin with the LINE they resolved
    summary = shown + after if after is not None else f"{shown}: " + said
    extra = (*res.extra, ("expanded", expansion.line))
    return replace(res, input=expansion.original, said=summary, extra=extra)
