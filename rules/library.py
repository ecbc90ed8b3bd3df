"""`rules` as a library: roll a LINE, price it, as the `roll` command would, with no I/O.

    import rules
    rules.roll("4d6kh3", seed=7).summary     # '4d6kh3 → [2, 1, 4, ~~1~~] = 7'

`roll` answers the one result a one-shot prints (`repeat` answers every result of an `Nx`
LINE); `odds` answers the exact distribution `roll odds LINE` prints. Both take the game
(`system`, the `--system` id) and a `table` (the state at the table: who acts, their sheet;
nobody by default, as a one-shot with no `--as`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from rules.errors import LimitError, UsageError
from rules.limits import RECURSION

if TYPE_CHECKING:
    from rules.dice.source import DiceSource
    from rules.exact.result import Odds
    from rules.notation import syntax
    from rules.resolution import Resolution
    from rules.systems import System
    from rules.table_state import TableState


def roll(
    line: str,
    *,
    seed: int | None = None,
    source: DiceSource | None = None,
    system: str | None = None,
    table: TableState | None = None,
) -> Resolution:
    """The result of one LINE (`rules.roll("4d6kh3", seed=7)`): dice from `source` (a
    `ScriptedSource` of faces, say), else from a random source seeded with `seed`. An `Nx`
    LINE has several results: `repeat` answers them all. Faces a source has left stay for the
    next call (a one-shot would refuse them); a result's `changes` are what the campaign would
    apply (`rules.campaign.apply_change` applies one to a sheet): nothing is stored."""
    results = repeat(line, seed=seed, source=source, system=system, table=table)
    if len(results) != 1:
        raise UsageError(
            f"'{line.strip()}' makes {len(results):,} results: rules.repeat() answers them all")
    return results[0]


def repeat(
    line: str,
    *,
    seed: int | None = None,
    source: DiceSource | None = None,
    system: str | None = None,
    table: TableState | None = None,
) -> tuple[Resolution, ...]:
    """Every result of a LINE, once per `Nx` (`3x 1d6`: three), as a batch prints them."""

    with _frames_lent():
        return _repeat(line, seed, source, system, table)


def _repeat(
    line: str, seed: int | None, source: DiceSource | None, system: str | None,
    table: TableState | None,
) -> tuple[Resolution, ...]:
    from rules.dice.budget import Budget, check_dice_limit
    from rules.dice.evaluate import Roller
    from rules.dice.source import RandomSource
    from rules.notation.syntax import RollLine
    from rules.systems import Context

    tree, game, seated = _prepared(line, system, table)
    if isinstance(tree, RollLine):  # `Nx` itself is bounded by the grammar (MAX_REPEAT)
        check_dice_limit(tree.expr, tree.repeat)
    dice = source if source is not None else RandomSource(seed)
    budget = Budget()  # the dice limit covers the whole LINE, repeats included
    try:
        return tuple(
            game.resolve(tree, Context(game, seated, Roller(dice, budget), line))
            for _ in range(tree.repeat)
        )
    except RecursionError:
        raise LimitError("the LINE nests too deeply") from None


def odds(line: str, *, system: str | None = None, table: TableState | None = None) -> Odds:
    """The exact odds of a LINE, as `roll odds` works them (`rules.odds("2d6 vs 7")`:
    `.outcomes["pass"]` is 7/12)."""
    from rules.dice.evaluate import Roller
    from rules.dice.source import RandomSource
    from rules.systems import Context

    with _frames_lent():
        tree, game, seated = _prepared(line, system, table)
        roller = Roller(RandomSource(0))  # a command's context has a roller; odds throw no dice
        try:
            return game.odds(tree, Context(game, seated, roller, line))
        except RecursionError:
            raise LimitError("the LINE nests too deeply") from None


def parse(line: str) -> syntax.Line:
    """The syntax tree of a LINE (`rules.parse("4d6kh3")`), as the roller reads it; raises
    NotationError with a 1-based column."""
    from rules.notation import parse as parse_line

    with _frames_lent():
        return parse_line(line)


def _prepared(
    line: str, system: str | None, table: TableState | None
) -> tuple[syntax.Line, System, TableState]:
    """The LINE's tree, the game that resolves it and the table it is played at."""
    from rules.notation import parse
    from rules.systems import get_system
    from rules.table_state import TableState

    seated = table if table is not None else TableState()
    chosen = system or (seated.active.system if seated.active is not None else "generic")
    game = get_system(chosen)
    if seated.active is not None and seated.active.system != game.id:
        raise UsageError(
            f"{seated.active.name} is a {seated.active.system} character, not {game.id}")
    return parse(line), game, seated


@contextmanager
def _frames_lent() -> Iterator[None]:
    """The frames a LINE's tree may need (rules/limits.py RECURSION), lent for one call of the
    face and given back after it, so a program that imports `rules` keeps its own limit."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, RECURSION))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)
