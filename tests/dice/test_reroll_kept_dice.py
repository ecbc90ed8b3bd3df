"""A rerolled LINE's §3 `dice` say which of the new dice count, as the LINE resolved again does:
at advantage the lower new d20 is not kept (003:L228), a rerolled die a keep drops is not kept."""

from __future__ import annotations

from pathlib import Path

from tests.support import vagabond
from tests.support.cli import invoke, invoke_json
from tests.support.tiers import data, pools, reroll_after, text
from tests.support.vagabond import fluke_after


def test_a_fate_reroll_at_advantage_keeps_the_higher_new_d20() -> None:
    _, res = reroll_after("save sense dc 15 adv", [3, 5, 2, 2], [14, 2])
    assert text(res) == ("fate reroll: save sense dc 15 adv → [14, ~~2~~]+2+2+2 = 20 vs 15 ·"
                         " pass\n"
                         "Kell · Fate 3 → 2 (fate reroll)\n"
                         "Fate reroll: the d20 3 → 14, the d20 5 → 2")
    obj = data(res)
    assert obj["total"] == 20
    assert obj["dice"] == [{"die": "d20", "face": 14, "kept": True},
                           {"die": "d20", "face": 2, "kept": False}]
    assert obj["reroll"]["dice"][:2] == obj["dice"]


def test_a_fate_reroll_at_disadvantage_keeps_the_lower_new_d20() -> None:
    _, res = reroll_after("save sense dc 15 dis", [3, 5, 2, 2], [14, 2])
    assert text(res).splitlines()[0] == ("fate reroll: save sense dc 15 dis → [~~14~~, 2]+2+2+2"
                                         " = 8 vs 15 · fail")
    assert data(res)["dice"] == [{"die": "d20", "face": 14, "kept": False},
                                 {"die": "d20", "face": 2, "kept": True}]


def test_a_fluke_whose_new_die_the_keep_drops_marks_it_not_kept() -> None:
    _, res = fluke_after("4d6kh3", [6, 5, 4, 3], [1], word="fluke 3")
    assert vagabond.text(res) == ("fluke: 4d6kh3 → [6, 5, ~~1~~, 3] = 14\n"
                                  "Mira · Luck 2 → 1 (fluke)\n"
                                  "Fluke: the d6 4 → 1")
    assert vagabond.data(res)["dice"] == [{"die": "d6", "face": 1, "kept": False}]


def test_through_the_cli_the_json_dice_and_undo(kell_campaign: Path) -> None:
    assert invoke("--as", "Kell", "--rolled", "3,5,2,2", "save", "sense", "dc", "15", "adv") == (
        0, "save sense dc 15 adv → [~~3~~, 5]+2+2+2 = 11 vs 15 · fail\n", "")
    code, [obj] = invoke_json("--as", "Kell", "--rolled", "14,2", "fate", "reroll")
    assert code == 0
    assert (obj["total"], obj["outcome"]) == (20, "pass")
    assert obj["dice"] == [{"die": "d20", "face": 14, "kept": True},
                           {"die": "d20", "face": 2, "kept": False}]
    assert obj["text"].splitlines()[0] == ("fate reroll: save sense dc 15 adv → [14, ~~2~~]+2+2+2"
                                           " = 20 vs 15 · pass")
    assert pools()["fate"] == 2
    assert invoke("--as", "Kell", "undo")[0] == 0
    assert pools().get("fate", 3) == 3
