"""Shared helpers of the game-file tests: a docs/games file read, one LINE resolved, its odds."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cli.render.text import plain_text
from rules.campaign import Character
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.exact.result import Odds
from rules.notation import parse
from rules.resolution import Resolution
from rules.systems import Context
from rules.systems.gamefile.reader import read_game
from rules.systems.gamefile.system import GameSystem
from rules.table_state import TableState
from tests.support.paths import ROOT_DIR

GAMES_DIR = ROOT_DIR / "docs" / "games"
"""The whole game files the docs show."""


def game(stem: str) -> GameSystem:
    """A docs/games file's game, read as a file."""
    path = GAMES_DIR / f"{stem}.toml"
    return GameSystem(read_game(path.read_text(encoding="utf-8"), path.name))


def from_text(text: str, where: str = "game.toml") -> GameSystem:
    """A game from a game file's text."""
    return GameSystem(read_game(text, where))


def resolve(system: GameSystem, text: str, faces: Iterable[int] = (),
            active: Character | None = None) -> Resolution:
    chars = {} if active is None else {active.name.lower(): active}
    ctx = Context(system, TableState(active, chars), Roller(ScriptedSource(faces)), text)
    return system.resolve(parse(text), ctx)


def odds(system: GameSystem, text: str, active: Character | None = None) -> Odds:
    ctx = Context(system, TableState(active, {}), Roller(ScriptedSource([])), text)
    return system.odds(parse(text), ctx)


def shown(res: Resolution) -> str:
    """The result line a person sees, then each note and change as the text renderer words them."""
    return plain_text(res)


def character(name: str, system: str, **sheet: Any) -> Character:
    """A character of a game file's game with this sheet."""
    return Character(name, system, {"name": name, "system": system, **sheet})


def dice(res: Resolution) -> list[tuple[str, int, bool]]:
    return [(t.die, t.face, t.kept) for t in res.throws]
