"""Shared helpers of the Macchiato Monsters tests: Mira, a hand-built table, one resolved LINE, odds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.campaign import Character
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.notation import parse
from rules.resolution import Resolution
from rules.systems import Context, get_system
from rules.table_state import TableState

SYSTEM = get_system("macchiato")


def mira(**extra: Any) -> Character:
    sheet = {"name": "Mira", "system": "macchiato", "stats": {"strength": 12, "dexterity": 9},
             "risk": {"torches": "Δ6"}, **extra}  # fmt: skip
    return Character("Mira", "macchiato", sheet)


def context(
    text: str,
    faces: Iterable[int] = (),
    active: Character | None = None,
    others: Iterable[Character] = (),
    party: Mapping[str, Any] | None = None,
) -> Context:
    chars = {c.name.lower(): c for c in [*others, *([active] if active else [])]}
    table = TableState(active, chars, party or {})
    return Context(SYSTEM, table, Roller(ScriptedSource(faces)), text)


def resolve(text: str, faces: Iterable[int] = (), **kw: Any) -> Resolution:
    return SYSTEM.resolve(parse(text), context(text, faces, **kw))


def odds(text: str, **kw: Any) -> Any:
    return SYSTEM.odds(parse(text), context(text, **kw))
