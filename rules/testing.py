"""A test kit a game's author runs against their `System` (a package's game, a game file's, a
built-in one): the protocol's promises, each broken one said as a problem.

    from rules.testing import check_system
    assert check_system(MY_GAME) == []          # its examples: every face of their dice

Promised: the game names itself (a lower-case word, a title, help text, words), every example
LINE resolves, a LINE resolved twice with the same faces gives the same result and leaves the
table as it was (pure: nothing kept between LINEs), and its exact odds agree with its rolls over
every sequence of faces its dice can show (walked one die at a time; at most `limit` sequences).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.errors import RollError
from rules.notation.die_nodes import Die

if TYPE_CHECKING:
    from rules.exact.result import Odds
    from rules.resolution import Resolution
    from rules.systems.protocol import System
    from rules.table_state import TableState

LIMIT = 20_000
"""The most face sequences one LINE's walk takes by default."""


@dataclass(slots=True)
class Walk:
    """A dice source that gives the faces chosen so far, then each die's lowest face, noting
    every die it was asked for: one path of the tree of all faces."""

    chosen: list[int]
    dice: list[tuple[int, ...]] = field(default_factory=list)

    def throw(self, die: Die, why: str) -> int:
        index = len(self.dice)
        self.dice.append(die.faces)
        return self.chosen[index] if index < len(self.chosen) else die.faces[0]

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        return [self.throw(die, why) for _ in range(count)]


def every_result(system: System, line: str, table: TableState, limit: int = LIMIT
                 ) -> Iterable[tuple[Resolution, Fraction]]:
    """Each result of a LINE with its probability, over every sequence of faces (each die's
    faces equally likely); a LimitError past `limit` sequences."""
    from rules.dice.evaluate import Roller
    from rules.errors import LimitError
    from rules.notation import parse
    from rules.systems.protocol import Context

    tree = parse(line)
    chosen: list[int] = []
    for _ in range(limit):
        walk = Walk(list(chosen))
        res = system.resolve(tree, Context(system, table, Roller(walk), line))
        faces = [chosen[i] if i < len(chosen) else d[0] for i, d in enumerate(walk.dice)]
        p = Fraction(1)
        for d in walk.dice:
            p /= len(d)
        yield res, p
        chosen = _next(faces, walk.dice)
        if not chosen:
            return
    raise LimitError(f"{line!r} throws more than {limit:,} sequences of faces: too many to walk")


def _next(faces: list[int], dice: list[tuple[int, ...]]) -> list[int]:
    """The next sequence in order: the last die that has a next face moves on; after it, none
    (each later die starts again at its lowest). Empty when every sequence was walked."""
    for i in range(len(faces) - 1, -1, -1):
        options = dice[i]
        at = options.index(faces[i])
        if at + 1 < len(options):
            return [*faces[:i], options[at + 1]]
    return []


def check_system(system: System, lines: Iterable[str] | None = None,
                 table: TableState | None = None, limit: int = LIMIT) -> list[str]:
    """The promises this game breaks, each said once (empty: it keeps them all)."""
    from rules.notation.parts import is_name
    from rules.table_state import TableState

    seated = table if table is not None else TableState()
    problems: list[str] = []
    if not is_name(system.id) or system.id != system.id.lower():
        problems.append(f"its id {system.id!r} is not one lower-case word")
    if not system.title:
        problems.append("it has no title")
    try:
        if not system.help().strip():
            problems.append("its help is empty")
    except (ValueError, RollError) as err:
        problems.append(f"its help cannot be made: {err}")
    if not all(isinstance(w, str) and w for w in system.words()):
        problems.append("its words are not all non-empty texts")
    wanted = list(lines) if lines is not None else [
        e for e in system.examples if not e.startswith("odds ")]
    for line in wanted:
        problems += [f"{line}: {p}" for p in _line_problems(system, line, seated, limit)]
    return problems


def _line_problems(system: System, line: str, table: TableState, limit: int) -> list[str]:
    from rules.dice.evaluate import Roller
    from rules.dice.source import ScriptedSource
    from rules.notation import parse
    from rules.systems.protocol import Context

    tree = parse(line)
    try:
        odds = system.odds(tree, Context(system, table, Roller(ScriptedSource([])), line))
        seen = list(every_result(system, line, table, limit))
    except RollError as err:
        return [f"refused: {err}"]
    problems = []
    first = seen[0][0]
    faces = [t.face for t in first.throws]
    again = system.resolve(tree, Context(system, table, Roller(ScriptedSource(faces)), line))
    if again != first:
        problems.append("the same faces gave another result (a game keeps nothing between LINEs)")
    problems += _disagreements(odds, seen)
    return problems


def _disagreements(odds: Odds, seen: list[tuple[Resolution, Fraction]]) -> list[str]:
    """Where the exact odds and the walked rolls differ: totals, outcomes, crits, fumbles."""
    totals: dict[int, Fraction] = {}
    outcomes: dict[str, Fraction] = {}
    for res, p in seen:
        if res.total is not None:
            totals[res.total] = totals.get(res.total, Fraction(0)) + p
        for word, happened in ((res.outcome, True), ("crit", res.crit), ("fumble", res.fumble)):
            if word is not None and happened:
                outcomes[word] = outcomes.get(word, Fraction(0)) + p
    problems = []
    if totals and dict(odds.distribution) != totals:
        problems.append(f"odds give totals {dict(odds.distribution)}, rolls {totals}")
    for word, p in odds.outcomes.items():
        if outcomes.get(word, Fraction(0)) != p:
            problems.append(f"odds give P({word}) = {p}, rolls {outcomes.get(word, 0)}")
    for word in outcomes.keys() - odds.outcomes.keys():
        problems.append(f"rolls give {word!r}, which the odds never price")
    return problems
