"""Issue 41: `alias add` checks only the chain the new alias reaches, and refuses exactly what
the whole check refused (a loop through a long chain, a chain made too deep from behind)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.line.named import reserved
from rules.errors import RollError
from rules.named_rolls import check_added, check_rolls
from tests.support.cli import invoke

CHAIN = ("a1", "a2", "a3", "a4")


@pytest.fixture
def chained(tmp_path: Path) -> Path:
    """A campaign whose aliases lead a1 → a2 → a3 → a4 → 2d6."""
    for name, body in zip(CHAIN, [*CHAIN[1:], "2d6"], strict=True):
        assert invoke("alias", "add", name, body)[0] == 0
    return tmp_path


def test_a_loop_through_a_long_chain_is_refused(chained: Path) -> None:
    assert invoke("alias", "add", "a4", "A1", "+1") == (
        2, "", "roll: error: named rolls loop: a1 → a2 → a3 → a4 → a1\n")
    assert invoke("alias", "list")[1] == "a1 → a2\na2 → a3\na3 → a4\na4 → 2d6\n"


def test_a_chain_made_too_deep_from_behind_is_refused(chained: Path) -> None:
    assert invoke("alias", "add", "a5", "d8")[0] == 0
    assert invoke("alias", "add", "a4", "a5") == (
        0, "replaced alias a4 → a5\n", "")
    assert invoke("alias", "add", "a5", "a6") == (0, "replaced alias a5 → a6\n", "")
    assert invoke("alias", "add", "a6", "d4") == (
        2, "", "roll: error: named rolls nest at most 5 deep: a1 → a2 → a3 → a4 → a5 → a6\n")


def outcome(check: object) -> str:
    """What a check gave: its table's size and last entry, or its error."""
    try:
        table = check()  # type: ignore[operator]
    except RollError as error:
        return f"refused: {error.message}"
    return f"{len(table)} {list(table.items())[-1]}"


def big_table() -> dict[str, str]:
    """2,000 stored aliases in chains of up to four, each body a LINE a player would give."""
    table = {f"r{i:04d}": (f"r{i + 1:04d} +1" if i % 4 != 3 else f"{1 + i % 9}d6+{i % 7}")
             for i in range(2000)}
    return dict(sorted(table.items()))


@pytest.mark.parametrize(("name", "body"), [
    ("zz", "2d6"),  # new, reaching nothing
    ("zz", "r0001"),  # new, into a chain: zz → r0001 → r0002 → r0003 (4 deep)
    ("zz", "R0000 # a comment"),  # new, 5 deep
    ("r0003", "r0004"),  # a chain's end led on: r0000's chain 8 deep
    ("r0003", "r0000"),  # a loop of four
    ("r0003", "r0002 x"),  # a loop of two, through r0000 and r0001 behind it
    ("r0101", "d20"),  # replaced mid-chain
    ("r0101", "  "),  # an empty body
    ("2d6", "d6"),  # a name that is dice
    ("rest", "d6"),  # a reserved word
    ("Zz", "d6"),  # a name to fold: the whole check
])
def test_the_reach_check_refuses_what_the_whole_check_refuses(name: str, body: str) -> None:
    before, words = big_table(), reserved(None)
    whole = outcome(lambda: check_rolls({**before, name: body}, words, before.keys() - {name}))
    assert outcome(lambda: check_added(before, name, body, words)) == whole
