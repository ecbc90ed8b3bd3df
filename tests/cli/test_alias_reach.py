"""`alias add` among many aliases reads only the chain the new one reaches (issue 41): loops and
depth are still judged as over the whole table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import invoke


@pytest.fixture
def crowd(tmp_path: Path) -> Path:
    """A campaign of 1,000 aliases, four of them a chain c1 → c2 → c3 → c4."""
    rows = [f'a{i:04d} = "{1 + i % 9}d6+{i % 7}"' for i in range(996)]
    rows += ['c1 = "c2 +1"', 'c2 = "c3 +1"', 'c3 = "c4 +1"', 'c4 = "c5 +1"']
    file = tmp_path / "aliases.toml"
    file.write_text("[aliases]\n" + "\n".join(rows) + "\n")
    code, out, err = invoke("alias", "import", str(file))
    assert (code, out) == (0, "imported 1000 aliases\n")
    assert err == f"roll: created a new campaign at {tmp_path / 'campaign.sqlite3'}\n"
    return tmp_path


def test_a_loop_through_a_long_chain_is_refused(crowd: Path) -> None:
    assert invoke("alias", "add", "c4", "c1") == (
        2, "", "roll: error: named rolls loop: c1 → c2 → c3 → c4 → c1\n")
    assert invoke("alias", "add", "c5", "c2") == (
        2, "", "roll: error: named rolls loop: c1 → c2 → c3 → c4 → c5 → c2\n")


def test_a_chain_made_too_deep_from_behind_is_refused(crowd: Path) -> None:
    assert invoke("alias", "add", "c5", "c6") == (0, "added alias c5 → c6\n", "")
    code, out, err = invoke("alias", "add", "c6", "d6")
    assert (code, out) == (2, "")
    assert err == "roll: error: named rolls nest at most 5 deep: c1 → c2 → c3 → c4 → c5 → c6\n"


def test_replacing_the_end_of_a_chain_is_allowed(crowd: Path) -> None:
    assert invoke("alias", "add", "c4", "2d6") == (0, "replaced alias c4 → 2d6\n", "")
    assert invoke("alias", "add", "C4", "3d6") == (  # as over the whole table (names ignore case)
        2, "", "roll: error: named roll 'c4' is given twice (names ignore case)\n")


def test_a_body_read_in_any_case_still_closes_a_loop(crowd: Path) -> None:
    assert invoke("alias", "add", "x", "C1 +2")[0] == 0
    assert invoke("alias", "add", "c4", "X") == (
        2, "", "roll: error: named rolls loop: c1 → c2 → c3 → c4 → x → c1\n")
    assert invoke("alias", "add", "k1", "d6")[0] == 0
    assert invoke("alias", "add", "y", "\u212a1")[0] == 0  # KELVIN SIGN lower-cases to k
    assert invoke("alias", "add", "k1", "y") == (
        2, "", "roll: error: named rolls loop: k1 → y → k1\n")


def test_the_chain_reach_is_read_the_same_on_both_stores(store_where: str) -> None:
    """The reach's two queries (a chain by name, the aliases that mention one) on SQLite and
    PostgreSQL alike: a loop closed through a chain written in capitals is refused on each."""
    where = ("--campaign", store_where)
    for name, line in (("c1", "C2 +1"), ("c2", "c3 +1"), ("other", "2d6")):
        assert invoke(*where, "alias", "add", name, line)[0] == 0
    assert invoke(*where, "alias", "add", "c3", "c1") == (
        2, "", "roll: error: named rolls loop: c1 → c2 → c3 → c1\n")
    assert invoke(*where, "alias", "add", "c3", "d8") == (0, "added alias c3 → d8\n", "")
