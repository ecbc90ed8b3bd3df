"""Read and check a game file (TOML): one error naming the file, the key and its line, or a
`GameSpec`. Nothing in the file runs: formulas are read by our own grammar (formula.py)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from rules.systems.gamefile import formula as fm
from rules.systems.gamefile.bands import read_bands
from rules.systems.gamefile.commands import read_command
from rules.systems.gamefile.model import GameSpec, PoolSpec, StatSpec
from rules.systems.gamefile.where import GameFileError, Where

MAX_FILE = 65_536
"""The most characters a game file holds."""

MAX_STATS = 60
MAX_POOLS = 30
MAX_COMMANDS = 40

TOP_KEYS = frozenset({"game", "stats", "skills", "pools", "commands"})
GAME_KEYS = frozenset({"name", "title", "health", "initiative"})
STAT_KEYS = frozenset({"abbrev", "min", "max", "die"})
SKILL_KEYS = frozenset({"stat", "abbrev", "min", "max"})
POOL_KEYS = frozenset({"title", "max", "start"})


def read_game(text: str, where: str, origin: str = "file",
              front_words: Mapping[str, str] | None = None) -> GameSpec:
    """The game a game file's text says; GameFileError (file, key, line) when it says it wrong."""
    if len(text) > MAX_FILE:
        raise GameFileError(f"{where}: a game file has at most {MAX_FILE:,} characters")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise GameFileError(f"{where}: not TOML: {err}") from None
    at = Where(where, text)
    at.keys(data, "", TOP_KEYS)
    reserved = _reserved(front_words)
    game = at.table(data.get("game"), "game")
    at.keys(game, "game", GAME_KEYS)
    name = at.name(game.get("name"), "game.name", {**reserved, **_builtin_games()})
    stats = _stats(at, data, reserved)
    known = frozenset(n for s in stats for n in (s.name, s.abbrev))
    pools = _pools(at, data, known, reserved)
    words = frozenset(s.name for s in stats) | {p.name for p in pools}
    commands: list[Any] = []
    table = at.table(data.get("commands", {}), "commands")
    if len(table) > MAX_COMMANDS:
        at.fail("commands", f"a game has at most {MAX_COMMANDS} commands")
    for word, body in table.items():
        at.name(word, f"commands.{word}", {**reserved, **{w: "a stat or pool" for w in words}})
        commands.append(read_command(at, word, body, stats, read_bands,
                                     frozenset(p.name for p in pools)))
    health = at.text(game.get("health"), "game.health", pools[0].name if pools else "hp")
    initiative = game.get("initiative")
    if initiative is not None:
        _dice_text(at, initiative)
    return GameSpec(name, at.text(game.get("title"), "game.title", name), origin, stats,
                    tuple(pools), tuple(commands), health, initiative, text)


def _dice_text(at: Where, value: Any) -> None:
    from rules.errors import RollError
    from rules.notation import parse
    from rules.notation.syntax import RollLine

    try:
        ok = isinstance(value, str) and isinstance(parse(value), RollLine)
    except RollError:
        ok = False
    if not ok:
        at.fail("game.initiative", "must be dice notation, such as \"d20\"")


def _reserved(front_words: Mapping[str, str] | None) -> dict[str, str]:
    from rules.named_rolls import reserved_words
    from rules.systems import pool_commands

    return reserved_words({"every": pool_commands()}, front_words)


def _builtin_games() -> dict[str, str]:
    from rules.systems import MODULES

    return {game: "a built-in game" for game in MODULES}


def _stats(at: Where, data: Mapping[str, Any], reserved: Mapping[str, str]
           ) -> tuple[StatSpec, ...]:
    out: list[StatSpec] = []
    taken: dict[str, str] = {}
    for section, allowed in (("stats", STAT_KEYS), ("skills", SKILL_KEYS)):
        table = at.table(data.get(section, {}), section)
        for name, body in table.items():
            key = f"{section}.{name}"
            at.name(name, key, reserved)
            spec = at.table(body, key)
            at.keys(spec, key, allowed)
            abbrev = at.name(spec.get("abbrev", name), f"{key}.abbrev", reserved)
            for word in {name, abbrev}:
                if word in taken:
                    at.fail(key, f"'{word}' already names the {taken[word]}")
                taken[word] = f"{section[:-1]} {name}"
            skill_of = None
            if section == "skills":
                skill_of = spec.get("stat")
                if skill_of not in {s.name for s in out if s.skill_of is None}:
                    at.fail(f"{key}.stat", "names no stat of this game")
            die = spec.get("die", False)
            if not isinstance(die, bool):
                at.fail(f"{key}.die", "is true (dice d4–d12, as Brighter Worlds) or false")
            lo = None if die else at.number(spec.get("min", 0), f"{key}.min", -1000, 1000)
            hi = None if die else at.number(spec.get("max", 20), f"{key}.max", -1000, 1000)
            if lo is not None and hi is not None and lo > hi:
                at.fail(f"{key}.min", f"min {lo} is over max {hi}")
            out.append(StatSpec(name, abbrev, lo, hi, die, skill_of))
    if len(out) > MAX_STATS:
        at.fail("stats", f"a game has at most {MAX_STATS} stats and skills")
    return tuple(out)


def _pools(at: Where, data: Mapping[str, Any], known: frozenset[str],
           reserved: Mapping[str, str]) -> list[PoolSpec]:
    table = at.table(data.get("pools", {}), "pools")
    if len(table) > MAX_POOLS:
        at.fail("pools", f"a game has at most {MAX_POOLS} pools")
    out: list[PoolSpec] = []
    for name, body in table.items():
        key = f"pools.{name}"
        at.name(name, key, reserved)
        if name in known:
            at.fail(key, f"'{name}' already names a stat")
        spec = at.table(body, key)
        at.keys(spec, key, POOL_KEYS)
        top = spec.get("max", "sheet")
        maximum = None if top == "sheet" else at.formula(top, f"{key}.max",
                                                         known | set(table))
        from rules.titles import pool_title

        start = spec.get("start")
        out.append(PoolSpec(name, at.text(spec.get("title"), f"{key}.title", pool_title(name)),
                            maximum, None if start is None else at.number(
                                start, f"{key}.start", 0, 10**6)))
    _no_loop(at, out)
    return out


def _no_loop(at: Where, pools: list[PoolSpec]) -> None:
    """A pool's maximum may read another pool's maximum, never itself through others."""
    reads = {p.name: fm.names(p.maximum) if p.maximum else frozenset() for p in pools}

    def visit(name: str, path: tuple[str, ...]) -> None:
        for other in sorted(reads.get(name, ())):
            if other in path:
                loop = " → ".join((*path[path.index(other):], other))
                at.fail(f"pools.{path[0]}.max", f"a loop: {loop}")
            if other in reads:
                visit(other, (*path, other))

    for pool in pools:
        visit(pool.name, (pool.name,))
