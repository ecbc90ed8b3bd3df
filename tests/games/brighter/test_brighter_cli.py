"""Brighter Worlds through `roll`: a hit through Grit and Critical Damage, saves, undo."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import invoke, invoke_json

ANN = """\
name = "Ann"
system = "brighter"
armor = 1
[stats]
str = "d8"
dex = "d6"
wil = "d4"
[max]
dex = "d8"
[pools]
grit = 2
"""


@pytest.fixture
def ann(tmp_path: Path, private_campaign: Path) -> Path:
    sheet = tmp_path / "ann.toml"
    sheet.write_text(ANN, encoding="utf-8")
    assert invoke("sheet", "import", str(sheet))[0] == 0
    return private_campaign


def stored(campaign: Path) -> dict[str, Any]:
    """The stored sheet, as `roll sheet export` gives it."""
    code, out, _ = invoke("sheet", "export", "Ann")
    assert code == 0
    return tomllib.loads(out)


def test_a_hit_takes_grit_then_steps_str_down_and_undo_puts_it_back(ann: Path) -> None:
    code, out, err = invoke("--as", "Ann", "--rolled", "2", "hit", "6")
    assert (code, err) == (0, "")
    assert out == (
        "hit 6 → 3 Direct Damage · STR 2 > 3 · fail\n"
        "Ann · Grit 2 → 0 (hit)\n"
        "Ann · STR d8 → d6 (critical damage)\n"
        "armor 1 stops 1\n"
    )
    sheet = stored(ann)
    assert (sheet["stats"]["str"], sheet["pools"]["grit"], sheet["max"]["str"]) == ("d6", 0, "d8")
    assert invoke("undo")[0] == 0
    sheet = stored(ann)
    assert (sheet["stats"]["str"], sheet["pools"]["grit"]) == ("d8", 2)


def test_critical_damage_steps_down_once_in_the_campaign(ann: Path) -> None:
    code, [obj] = invoke_json("--as", "Ann", "hit", "11")
    assert code == 0
    assert (obj["kind"], obj["outcome"], obj["total"], obj["dice"]) == ("damage", "fail", 11, [])
    assert [(c["pool"], c["before"], c["after"], c["kind"]) for c in obj["changes"]] == [
        ("grit", 2, 0, "pool"), ("str", "d8", "d6", "stat")
    ]
    for _ in range(2):  # each hit steps once more: d4, then 0 and incapacitated
        assert invoke_json("--as", "Ann", "hit", "11")[0] == 0
    assert stored(ann)["stats"]["str"] == "0"
    assert stored(ann)["flags"] == ["incapacitated"]


def test_breath_rest_and_steps_through_the_cli(ann: Path) -> None:
    invoke("--as", "Ann", "--rolled", "2", "hit", "6")
    assert invoke("--as", "Ann", "breath") == (
        0, "breath → Grit 3\nAnn · Grit 0 → 3 (breath)\n", ""
    )
    assert invoke("--as", "Ann", "rest", "str") == (
        0, "rest str → STR d8\nAnn · STR d6 → d8 (rest)\n", ""
    )
    code, _, err = invoke("--as", "Ann", "rest", "str")
    assert code == 1 and "Ann's STR is d8, its maximum; nothing changed" in err
    assert invoke("--as", "Ann", "step", "up", "dex")[1] == (
        "step up dex → DEX d8\nAnn · DEX d6 → d8 (step up)\n"
    )


def test_saves_through_the_cli(ann: Path) -> None:
    assert invoke("--as", "Ann", "--rolled", "3,9", "save", "dex", "enhanced") == (
        0, "save dex enhanced → [d6 ~~3~~, d12 9] vs 4 · pass\n", ""
    )
    code, [obj] = invoke_json("--as", "Ann", "--rolled", "3,2", "save", "dex", "enhanced", "vs",
                              "2")
    assert (code, obj["text"], obj["total"], obj["dice"]) == (
        0, "save dex enhanced vs 2 → [d6 3, d12 ~~2~~] > 2 · pass", 3,
        [{"die": "d6", "face": 3, "kept": True}, {"die": "d12", "face": 2, "kept": False}])
    assert invoke("--as", "Ann", "--rolled", "3", "save", "dex", "impaired")[1] == (
        "save dex impaired → 3 vs 4 · fail\n")  # one die: nothing to tell apart
    assert invoke("-s", "brighter", "--rolled", "3", "--exit-code", "save", "str=d8")[0] == 1
    code, [obj] = invoke_json("--as", "Ann", "--rolled", "4", "save", "wil", "vs", "3")
    assert (obj["kind"], obj["outcome"], obj["target"], obj["total"]) == ("save", "pass", 3, 4)


def test_help_brighter_says_the_save_steps_down_once_and_cites_the_rule() -> None:
    code, out, _ = invoke("help", "brighter")
    assert code == 0
    assert ("roll higher or step it down\n"
            "                          ONCE, however large the Direct Damage (seed\n"
            "                          004 in seeds/README.md: \"roll the attribute\n"
            "                          die, higher than the Direct Damage, or step\n"
            "                          that attribute down once\")") in out
