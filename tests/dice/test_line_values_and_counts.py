"""`{stat}` and `{pool}` of the acting character in any LINE, and the closing count of a
repeated LINE with a target (text and its JSON object)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_json
from tests.support.sheets import VAGABOND


@pytest.fixture
def mira(tmp_path: Path) -> Path:
    sheet = tmp_path / "mira.toml"
    sheet.write_text(VAGABOND)
    assert invoke("sheet", "import", str(sheet))[0] == 0
    return tmp_path


def test_a_stat_of_the_acting_character_in_a_plain_line(mira: Path) -> None:
    code, out, err = invoke("--as", "Mira", "--rolled", "12", "d20+{might}")
    assert (code, err) == (0, "")
    assert out == "d20+{might} → d20+4 → [12] + 4 = 16\n"


def test_abbreviations_and_pools_fill_too(mira: Path) -> None:
    code, out, _ = invoke("--as", "Mira", "--rolled", "12", "d20+{dex}+{luck} vs 20")
    assert out == "d20+{dex}+{luck} vs 20 → d20+5+3 vs 20 → [12] + 5 + 3 = 20 vs 20 · pass\n"
    faces = "2,3,1,1,1,1,1,1"
    code, out, _ = invoke("--as", "Mira", "--rolled", faces, "{hp}d6")  # hp: might × level
    assert (code, out) == (0, "{hp}d6 → 8d6 → [2, 3, 1, 1, 1, 1, 1, 1] = 11\n")
    _, objs = invoke_json("--as", "Mira", "--seed", "1", "{hp}d1")
    assert (objs[0]["total"], objs[0]["expanded"]) == (8, "8d1")


def test_nobody_acting_names_the_value(mira: Path) -> None:
    code, out, err = invoke("--rolled", "12", "d20+{might}")
    assert (code, out) == (2, "")
    assert err == ("roll: error: {might} is a value of the acting character, and nobody acts:"
                   " use --as NAME (or `as NAME` in the REPL), or give a default: {might:N}\n")
    code, out, _ = invoke("--rolled", "12", "d20+{might:2}")
    assert (code, out) == (0, "d20+{might:2} → d20+2 → [12] + 2 = 14\n")


def test_an_unknown_value_suggests_the_nearest(mira: Path) -> None:
    code, _, err = invoke("--as", "Mira", "--rolled", "12", "d20+{migth}")
    assert code == 2
    assert err == "roll: error: Mira has no stat or pool 'migth' for {migth} (did you mean {might}?)\n"


def test_a_dice_group_is_never_a_value() -> None:
    code, out, _ = invoke("--rolled", "3,5", "{d6, d8}kh1")
    assert (code, out) == (0, "{d6, d8}kh1 → {~~[3] = 3~~, [5] = 5} = 5\n")


# ---- the closing count of repeats ----


def test_a_repeat_with_a_target_says_how_many_passed() -> None:
    code, out, err = invoke("--rolled", "12,3,20,9,15,1", "6x d20+5 vs 15")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "3 of 6 pass"
    assert len(out.splitlines()) == 7


def test_n_times_closes_the_same_way() -> None:
    code, out, _ = invoke("--rolled", "12,3", "-n", "2", "d20+5 vs 15")
    assert out == ("d20+5 vs 15 → [12] + 5 = 17 vs 15 · pass\n"
                   "d20+5 vs 15 → [3] + 5 = 8 vs 15 · fail\n1 of 2 pass\n")


def test_the_json_summary_follows_the_repeats() -> None:
    code, objs = invoke_json("--rolled", "12,3,20", "3x d20+5 vs 15")
    assert code == 0 and len(objs) == 4
    assert [o["kind"] for o in objs] == ["roll", "roll", "roll", "repeats"]
    assert objs[-1] == {
        "input": "3x d20+5 vs 15", "system": "generic", "character": None, "kind": "repeats",
        "times": 3, "passed": 2, "failed": 1, "outcomes": {"fail": 1, "pass": 2},
        "text": "2 of 3 pass",
    }


def test_no_count_without_a_target_or_under_quiet() -> None:
    assert invoke("--rolled", "1,2", "2x d6")[1] == "d6 → [1] = 1\nd6 → [2] = 2\n"
    assert invoke("-q", "--rolled", "12,3", "2x d20 vs 10")[1] == "pass\nfail\n"


def test_a_pool_whose_maximum_is_open_says_so(mira: Path) -> None:
    code, out, err = invoke("--as", "Mira", "--rolled", "3", "d20+{mana}")
    assert (code, out) == (2, "")
    assert err == ("roll: error: Mira has no Mana maximum: the rules leave it OPEN, so give it"
                   " on the sheet: [max] mana = N\n")
