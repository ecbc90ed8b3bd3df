"""Shared helpers of the Brighter Worlds tests: Ann and Bob, one resolved LINE, its odds, its dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.campaign import Character
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.notation import parse
from rules.resolution import Resolution
from rules.systems import Context, get_system
from rules.table_state import TableState

SYSTEM = get_system("brighter")


def ann(**extra: Any) -> Character:
    """STR d8 (max d10), DEX d6 (max d8), WIL d4 (max d6), armor 1: Max Grit 1 + 2 + 1 = 4."""
    sheet: dict[str, Any] = {
        "name": "Ann", "system": "brighter", "armor": 1,
        "stats": {"str": "d8", "dex": "d6", "wil": "d4"},
        "max": {"str": "d10", "dex": "d8", "wil": "d6"},
    }  # fmt: skip
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(sheet.get(key), dict):
            sheet[key] = {**sheet[key], **value}
        else:
            sheet[key] = value
    return Character("Ann", "brighter", sheet)


BOB = Character("Bob", "brighter", {"name": "Bob", "stats": {"str": "d10", "dex": "d8"}})


def resolve(
    text: str, faces: Iterable[int] = (), active: Character | None = None,
    others: Iterable[Character] = (BOB,),
) -> Resolution:
    chars = {c.name.lower(): c for c in [*others, *([active] if active else [])]}
    ctx = Context(SYSTEM, TableState(active, chars), Roller(ScriptedSource(faces)), text)
    return SYSTEM.resolve(parse(text), ctx)


def odds(text: str, active: Character | None = None) -> Any:
    chars = {"bob": BOB}
    ctx = Context(SYSTEM, TableState(active, chars), Roller(ScriptedSource([])), text)
    return SYSTEM.odds(parse(text), ctx)


def dice(res: Resolution) -> list[tuple[str, int, bool]]:
    return [(t.die, t.face, t.kept) for t in res.throws]
