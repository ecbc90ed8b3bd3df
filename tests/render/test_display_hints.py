"""Display hints: the die a Save ignores, Wounds vs Wound slots, hints, `-s SYSTEM help`."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.support.cli import invoke, invoke_json
from tests.support.installed import ROLL
from tests.support.vagabond import data, run, text

CHAMPION = 'name = "Bran"\nsystem = "champions"\nkind = "champion"\n'
KELL = 'name = "Kell"\nsystem = "tiers"\ntier = 1\n[stats]\nheart = 10\n'


def imported(tmp_path: Path, text: str, name: str) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    assert invoke("sheet", "import", str(path))[0] == 0


# ---- the die a passed Block or Dodge ignores (000:L66) ----


def test_the_damage_die_a_passed_save_ignores_is_not_kept() -> None:
    res = run("hit 2d6 block", [15, 2, 6])
    assert text(res) == ("hit 2d6 block → 15 vs 12 · pass · 1 damage\n"
                         "Mira · HP 8 → 7 (hit)\n"
                         "Damage 2d6 → [2, 6] = 8, -6 (the Save ignores a d6), -1 Armor = 1")
    assert data(res)["dice"] == [{"die": "d20", "face": 15, "kept": True},
                                 {"die": "d6", "face": 2, "kept": True},
                                 {"die": "d6", "face": 6, "kept": False}]
    failed = run("hit 2d6 dodge", [3, 2, 6])
    assert [t.kept for t in failed.throws] == [True, True, True]  # a failed Save ignores none
    equal = run("hit 2d6 block", [15, 4, 4])
    assert [t.kept for t in equal.throws] == [True, False, True]  # one of the highest, only one


def test_the_ignored_die_through_the_cli() -> None:
    code, objs = invoke_json("-s", "vagabond", "--rolled", "18,5,3,1", "hit", "3d6", "dodge",
                             "dex=4", "awr=3")
    assert code == 0
    assert objs[0]["dice"] == [{"die": "d20", "face": 18, "kept": True},
                               {"die": "d6", "face": 5, "kept": False},
                               {"die": "d6", "face": 3, "kept": True},
                               {"die": "d6", "face": 1, "kept": True}]
    assert objs[0]["damage"] == 4


# ---- Wounds (taken, Champions) and Wound slots (left, Tiers) ----


def test_champions_wounds_are_taken_and_tiers_wound_slots_are_left(tmp_path: Path) -> None:
    imported(tmp_path, CHAMPION, "bran")
    imported(tmp_path, KELL, "kell")
    code, out, _ = invoke("--as", "Bran", "hurt", "1")
    assert (code, out) == (0, "hurt 1 → Wounds 1 of 3\nBran · Wounds 0 → 1 (hurt)\n")
    code, out, _ = invoke("--as", "Kell", "--rolled", "12", "hurt", "6")
    assert out.splitlines()[:2] == ["hurt 6 → 1 past 0 Vitality · injury 12+1 = 13 · Second Wind",
                                    "Kell · Wound slots 2 → 1 (injury 13)"]
    code, out, _ = invoke("sheet", "show", "Kell")
    assert "  Wound slots: 1/2" in out.splitlines()
    code, out, _ = invoke("log")  # one line per entry, cut to fit 40 columns
    assert out.splitlines()[0] == "#1 now Bran hurt 1 · Wounds 0→1"
    assert out.splitlines()[1].startswith("#2 now Kell hurt 6 → 6 wound · Wound sl")
    code, out, _ = invoke("undo")
    assert out.splitlines()[1] == "   Kell · Wound slots 1 → 2 (undo injury 13)"


# ---- the wrong-system hint ----


def test_the_hint_never_suggests_a_system_the_character_is_not_in(tmp_path: Path) -> None:
    imported(tmp_path, CHAMPION, "bran")
    code, out, err = invoke("--as", "Bran", "fluke")
    assert (code, out) == (2, "")
    assert err == ("roll: error: 'fluke' is a vagabond command, and Bran is a champions character"
                   " (champions commands: attack, delay, encounter, field-heal, foe, gain, heal,"
                   " hurt, next, pin, rest, set, spend, stabilize, turn)\n")
    assert "-s" not in invoke("--as", "Bran", "odds", "fluke")[2]
    code, _, err = invoke("--as", "Bran", "d20+f")
    assert err == ("roll: error: f and h are Vagabond's Favor and Hinder dice: Bran is a"
                   " champions character: write +d6 / -d6\n")
    code, _, err = invoke("fluke")  # nobody acts: the hint may name the system
    assert err == "roll: error: 'fluke' is a vagabond command; choose the system with -s vagabond\n"


# ---- `roll -s SYSTEM help` ----


def test_dash_s_help_is_the_systems_help() -> None:
    code, out, _ = invoke("-s", "tiers", "help")
    assert code == 0 and out == invoke("help", "tiers")[1]
    assert out.startswith("Tiers (`-s tiers`): Tier 1–5")
    assert invoke("help", "-s", "champions")[1] == invoke("help", "champions")[1]
    assert invoke("-s", "tiers", "help", "notation")[1] == invoke("help", "notation")[1]


def test_dash_s_help_in_a_real_process() -> None:
    done = subprocess.run([ROLL, "-s", "brighter", "help"], capture_output=True, text=True,
                          check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("Brighter Worlds")
