"""Champions & Cohorts through the real CLI (CliRunner): two sheets trade blows, Med Flags, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_json

MIRA = """\
name = "Mira"
system = "champions"
kind = "champion"
house = "Red"
guard = 13
armor = 1
[stats]
might = 3
insight = 1
presence = 2
[max]
supply = 2
"""

KAEL = """\
name = "Kael"
system = "champions"
kind = "champion"
house = "Blue"
guard = 14
armor = 1
weapon = "heavy"
[stats]
might = 2
"""


@pytest.fixture
def sheets(tmp_path: Path) -> None:
    for name, text in (("mira", MIRA), ("kael", KAEL)):
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        assert invoke("sheet", "import", str(path))[0] == 0


def lines(*args: str) -> list[str]:
    code, out, err = invoke(*args)
    assert code == 0, err
    return out.splitlines()


@pytest.mark.usefixtures("sheets")
def test_two_sheets_attack_each_other_and_undo_reverts_the_last() -> None:
    assert lines("--as", "Mira", "--rolled", "12,6", "attack", "Kael", "weapon", "heavy") == [
        "attack Kael weapon heavy → 12+3 = 15 vs 14 · hit · 2 wounds",
        "Kael · Wounds 0 → 2 (attack)",
        "Damage d8: 6 − 1 Armor = 5 → 2 wounds",
    ]
    assert lines("--as", "Kael", "--rolled", "15,4", "attack", "Mira") == [
        "attack Mira → 15+2 = 17 vs 13 · hit · 1 wound",
        "Mira · Wounds 0 → 1 (attack)",
        "Damage d8: 4 − 1 Armor = 3 → 1 wound",
    ]
    assert lines("undo") == ["undid #2 (Kael): attack Mira", "   Mira · Wounds 1 → 0 (undo attack)"]
    code, out, _ = invoke("sheet", "export", "Mira")
    assert code == 0 and "wounds = 0" in out
    code, out, _ = invoke("sheet", "export", "Kael")
    assert code == 0 and "wounds = 2" in out


@pytest.mark.usefixtures("sheets")
def test_downed_med_flag_countdown_and_stabilize_through_the_store() -> None:
    assert lines("--as", "Mira", "--rolled", "18,10", "attack", "Kael", "weapon", "d10",
                 "critical")[1:5] == [
        "Kael · Wounds 0 → 3 (attack)",
        "Kael · Downed on (attack)",
        "Kael · Med Flag — → 3 (attack)",
        "Kael · Fell on (attack)",
    ]
    code, out, _ = invoke("sheet", "export", "Kael")
    assert 'flags = ["downed", "fell"]' in out and "med-flag = 3" in out
    assert lines("-s", "champions", "turn", "end", "Blue")[0] == (
        "turn end Blue → no Med Flag counts down")
    assert lines("-s", "champions", "turn", "end", "Blue") == [
        "turn end Blue → 1 Med Flag counts down",
        "Kael · Med Flag 3 → 2 (turn end)",
    ]
    assert lines("--as", "Mira", "stabilize", "Kael") == [
        "stabilize Kael → stable · stands at 2 wounds",
        "Kael · Wounds 3 → 2 (stabilize)",
        "Kael · Downed off (stabilize)",
        "Kael · Med Flag 2 → — (stabilize)",
        "Mira's Command (an adjacent Healer)",
    ]
    assert lines("undo")[0] == "undid #4 (Mira): stabilize Kael"
    code, out, _ = invoke("sheet", "export", "Kael")
    assert 'flags = ["downed"]' in out and "med-flag = 2" in out and "wounds = 3" in out


@pytest.mark.usefixtures("sheets")
def test_field_heal_twice_in_a_round_is_refused_with_exit_1() -> None:
    invoke("--as", "Mira", "--rolled", "12,6", "attack", "Kael", "weapon", "heavy")
    assert lines("--as", "Mira", "field-heal", "Kael")[0] == (
        "field-heal Kael → 1 wound cleared")
    code, out, err = invoke("--as", "Mira", "field-heal", "Kael")
    assert (code, out) == (1, "")
    assert err == ("roll: error: Kael was already field-healed this round (1 wound per round;"
                   " the end of its House's turn starts a new one)\n")
    code, _, err = invoke("--as", "Kael", "field-heal", "Mira")
    assert code == 2 and "[max] supply = N" in err


@pytest.mark.usefixtures("sheets")
def test_json_and_odds_of_an_attack() -> None:
    code, objs = invoke_json("--as", "Mira", "--rolled", "3", "attack", "Kael", "weapon", "light")
    assert code == 0
    obj = objs[0]
    assert {k: obj[k] for k in ("kind", "total", "target", "outcome", "character")} == {
        "kind": "attack", "total": 6, "target": 14, "outcome": "miss", "character": "Mira"}
    assert obj["text"] == "attack Kael weapon light → 3+3 = 6 vs 14 · miss"
    code, out, _ = invoke("--as", "Mira", "--exit-code", "--rolled", "3", "attack", "Kael",
                          "weapon", "light")
    assert code == 1
    code, out, _ = invoke("--json", "--as", "Mira", "odds", "attack", "Kael", "weapon", "heavy")
    assert code == 0
    odds = json.loads(out)
    assert odds["outcomes"] == {"hit": "1/2", "miss": "1/2", "downed": "0"}
    assert odds["distribution"] == {"0": "1/2", "1": "1/4", "2": "1/4"}
    assert odds["counts"] == "wounds"


def test_inline_attack_without_a_campaign_character() -> None:
    assert lines("-s", "champions", "--rolled", "15,6", "attack", "guard=12", "cohort", "weapon",
                 "d6", "might=1") == [
        "attack guard=12 cohort weapon d6 might=1 → 15+1 = 16 vs 12 · hit · 2 wounds",
        "Damage d6: 6 → 2 wounds",
        "(inline target: nothing recorded; that fills a Cohort's 2 slots: Downed, Med Flag at 3)",
    ]
    code, _, err = invoke("-s", "champions", "attack", "guard=12", "might=1")
    assert code == 2 and "attack needs the weapon" in err
    code, out, _ = invoke("help", "champions")
    assert code == 0 and "field-heal NAME" in out
