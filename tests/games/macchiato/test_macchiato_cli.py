"""Macchiato Monsters through `roll`: sheets, risk dice in the campaign, free advantage, undo."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_json

MIRA = """\
name = "Mira"
system = "macchiato"
[stats]
str = 12
dex = 9
[risk]
torches = "Δ6"
"""


@pytest.fixture
def mira(tmp_path: Path, private_campaign: Path) -> Path:
    sheet = tmp_path / "mira.toml"
    sheet.write_text(MIRA, encoding="utf-8")
    assert invoke("sheet", "import", str(sheet))[0] == 0
    return private_campaign


def stored_risk(campaign: Path, name: str = "Mira") -> dict[str, str]:
    """The risk dice of the stored sheet, as `roll sheet export` gives them."""
    code, out, _ = invoke("sheet", "export", name)
    assert code == 0
    return dict(tomllib.loads(out).get("risk", {}))


def test_risk_torches_steps_down_in_the_stored_sheet_and_undo_restores_it(mira: Path) -> None:
    code, out, err = invoke("--as", "Mira", "--rolled", "2", "risk", "torches")
    assert (code, err) == (0, "")
    assert out == "risk torches → 2 on Δ6 · step-down\nMira · Torches Δ6 → Δ4 (risk)\n"
    assert stored_risk(mira) == {"torches": "Δ4"}
    assert invoke("undo")[0] == 0
    assert stored_risk(mira) == {"torches": "Δ6"}


def test_risk_json_has_the_change(mira: Path) -> None:
    code, [obj] = invoke_json("--as", "Mira", "--rolled", "1", "risk", "torches")
    assert code == 0
    assert (obj["kind"], obj["outcome"], obj["total"], obj["system"]) == (
        "risk", "step-down", 1, "macchiato"
    )
    assert obj["dice"] == [{"die": "Δ6", "face": 1, "kept": True}]
    assert obj["changes"] == [{"character": "Mira", "pool": "torches", "before": "Δ6",
                               "after": "Δ4", "reason": "risk", "kind": "risk"}]  # fmt: skip


def test_a_fizzled_die_leaves_the_sheet(mira: Path) -> None:
    invoke("--as", "Mira", "--rolled", "1", "risk", "torches")
    code, out, _ = invoke("--as", "Mira", "--rolled", "3", "risk", "torches")
    assert out == (
        "risk torches → 3 on Δ4 · fizzle\nMira · Torches Δ4 → — (risk)\n"
        "Torches fizzled: the die is gone\n"
    )
    assert stored_risk(mira) == {}
    assert invoke("--as", "Mira", "--rolled", "3", "risk", "torches")[0] == 2


def test_party_risk_dice_without_a_character(private_campaign: Path) -> None:
    from cli.store.sqlite import Campaign

    with Campaign(private_campaign).transaction():
        pass  # a GM's campaign with no character yet: only `sheet import` makes one from roll
    assert invoke("-s", "macchiato", "risk", "add", "food", "delta10") == (
        0, "risk add food delta10 → Party · Food Δ10\nParty · Food — → Δ10 (risk add)\n", ""
    )
    assert invoke("-s", "macchiato", "--rolled", "3", "risk", "food") == (
        0, "risk food → 3 on Δ10 · step-down\nParty · Food Δ10 → Δ8 (risk)\n", ""
    )
    assert invoke("-s", "macchiato", "risk", "list") == (
        0, "risk list → 1 risk die\nParty · Food Δ8\n", ""
    )


def test_free_advantage_once_per_session(mira: Path) -> None:
    assert invoke("--as", "Mira", "--rolled", "15,4", "check", "str", "free") == (
        0,
        "check str free → [~~15~~, 4] ≤ 12 · pass\n"
        "Mira · Free advantage spent on (free advantage)\n",
        "",
    )
    code, out, err = invoke("--as", "Mira", "--rolled", "15,4", "check", "str", "free")
    assert (code, out) == (1, "")
    assert err.startswith("roll: error: Mira has used the free advantage this session")
    assert invoke("-s", "macchiato", "session", "new")[0] == 0
    assert invoke("--as", "Mira", "--rolled", "15,4", "check", "str", "free")[0] == 0


def test_check_exit_code_and_quiet(mira: Path) -> None:
    assert invoke("--as", "Mira", "--rolled", "13", "--exit-code", "check", "str")[0] == 1
    assert invoke("--as", "Mira", "--rolled", "1", "-q", "check", "str") == (0, "pass\n", "")
    code, [obj] = invoke_json("--as", "Mira", "--rolled", "20", "check", "dex")
    assert (obj["outcome"], obj["crit"], obj["fumble"], obj["target"]) == ("fail", False, True, 9)


def test_a_lone_risk_die_line(private_campaign: Path) -> None:
    assert invoke("-s", "macchiato", "--rolled", "2", "delta8") == (
        0, "delta8 → 2 · step-down to Δ6\n", ""
    )
    code, [obj] = invoke_json("-s", "macchiato", "--rolled", "8", "Δ8")
    assert (obj["kind"], obj["outcome"], obj["notes"]) == (
        "risk", "hold", ["8 is a lucky break (the highest face)"]
    )


def test_help_macchiato(private_campaign: Path) -> None:
    code, out, _ = invoke("help", "macchiato")
    assert code == 0
    assert "torches Δ6, arrows Δ8" in out and "full-plate Δ10" in out
