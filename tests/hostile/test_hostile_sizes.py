"""Every input's cost is bounded (issue 49): a sheet's `[rolls]` and an alias file bring at
most MAX_NEW_NAMED new named rolls (each is read once as dice); past it, a clear error before
any is read, and nothing changes. bench/input_limits.py shows each input at its limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.limits import MAX_NEW_NAMED
from tests.support.cli import invoke

REFUSED = ("at most 1,000 named rolls come in at once ({given} given): split them over"
           " several sheets or imports")


def rolls(count: int) -> str:
    return "".join(f'r{i} = "d20+{i % 10}"\n' for i in range(count))


@pytest.fixture
def campaign() -> None:
    assert invoke("alias", "add", "keep", "d6")[0] == 0  # the campaign, holding one alias


@pytest.mark.parametrize("count", [1_001, 100_000])
def test_a_sheet_with_too_many_named_rolls_is_refused_at_once(
        tmp_path: Path, campaign: None, count: int) -> None:
    sheet = tmp_path / "big.toml"
    sheet.write_text(f'name = "Big"\nsystem = "generic"\n[rolls]\n{rolls(count)}')
    assert invoke("sheet", "import", str(sheet)) == (
        2, "", f"roll: error: {sheet}: sheet key 'rolls': "
               f"{REFUSED.format(given=f'{count:,}')}\n")
    assert invoke("sheet", "list") == (0, "", "")


def test_a_sheet_at_the_limit_is_imported_and_its_rolls_roll(tmp_path: Path) -> None:
    sheet = tmp_path / "full.toml"
    sheet.write_text(f'name = "Full"\nsystem = "generic"\n[rolls]\n{rolls(MAX_NEW_NAMED)}')
    assert invoke("sheet", "import", str(sheet))[:2] == (0, "imported Full (generic)\n")
    assert invoke("--as", "Full", "--rolled", "7", "r999") == (
        0, "r999 → d20+9 → [7] + 9 = 16\n", "")


def test_an_alias_file_with_too_many_is_refused_and_adds_none(
        tmp_path: Path, campaign: None) -> None:
    path = tmp_path / "aliases.toml"
    path.write_text("[aliases]\n" + rolls(1_001))
    assert invoke("alias", "import", str(path)) == (
        2, "", f"roll: error: {REFUSED.format(given='1,001')}\n")
    assert invoke("alias", "list") == (0, "keep → d6\n", "")


def test_stored_aliases_do_not_count_against_new_ones(tmp_path: Path, campaign: None) -> None:
    path = tmp_path / "aliases.toml"
    path.write_text("[aliases]\n" + rolls(1_000))
    assert invoke("alias", "import", str(path))[0] == 0
    assert invoke("alias", "add", "one", "d8")[0] == 0  # 1,002 in all: one new
    assert invoke("alias", "import", str(path))[0] == 0  # the same 1,000 again, replaced
