"""Errors that teach: the nearest word in one line, and a game's word for another tool's habit."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.did_you_mean import closest, distance
from tests.support.cli import invoke
from tests.support.sheets import VAGABOND


@pytest.mark.parametrize(("a", "b", "d"), [
    ("chek", "check", 1), ("sav", "save", 1), ("cehck", "check", 1), ("odds", "odds", 0),
    ("kitten", "sitting", 3), ("", "abc", 3),
])
def test_edit_distance_counts_a_swap_as_one(a: str, b: str, d: int) -> None:
    assert distance(a, b) == d


def test_closest_needs_a_near_word() -> None:
    assert closest("chek", ["save", "check"]) == "check"
    assert closest("zz", ["save", "check"]) is None
    assert closest("xy", ["xz"]) is None  # two letters: one edit is half the word


@pytest.mark.parametrize(("args", "message"), [
    (("chek", "dex"), "unknown word 'chek': did you mean 'check'? (a vagabond / macchiato /"
     " tiers command; choose the system with -s vagabond)"),
    (("sav", "reflex"), "unknown word 'sav': did you mean 'save'? (a vagabond / tiers /"
     " brighter command; choose the system with -s vagabond)"),
    (("-s", "vagabond", "chek", "dex=5"),
     "unknown word 'chek': not dice, nor a vagabond command (did you mean 'check'?)"),
    (("-s", "vagabond", "check", "dex=5", "adv"),
     "check: 'adv' is neither a Stat nor a Skill (Vagabond calls it Favor: write favor)"),
    (("-s", "vagabond", "save", "reflex", "dex=5", "awr=3", "dis"),
     "save: unknown word 'dis' (Vagabond calls it Hinder: write hinder)"),
    (("-s", "vagabond", "check", "finese", "dex=5"),
     "check: 'finese' is neither a Stat nor a Skill (did you mean 'finesse'?)"),
    (("-s", "vagabond", "check", "dexx=5"), "check: unknown dexx= (did you mean dex=?)"),
    (("-s", "macchiato", "check", "stren"), "no Macchiato stat 'stren' (did you mean 'str'?)"),
    (("-s", "brighter", "save", "strr"), "no Brighter Worlds attribute 'strr' (did you mean 'str'?)"),
    (("-s", "tiers", "check", "bdy=12", "task", "1"), "check: unknown bdy= (did you mean body=?)"),
    (("-s", "brighter", "save", "str=d8", "adv"), "save takes enhanced or impaired, then vs …,"
     " not 'adv' (Brighter Worlds calls it enhanced: write enhanced)"),
    (("-s", "tiers", "save", "body=12", "dc", "10", "favor"),
     "save: unknown word 'favor' (Tiers calls it adv: write adv)"),
    (("-s", "macchiato", "check", "str=12", "hinder"), "check takes adv, dis or free after the"
     " stat, not 'hinder' (Macchiato Monsters calls it dis: write dis)"),
])
def test_one_line_with_the_nearest_word(args: tuple[str, ...], message: str) -> None:
    code, out, err = invoke(*args)
    assert (code, out) == (2, "")
    assert err == f"roll: error: {message}\n"


@pytest.mark.parametrize(("args", "message"), [
    (("help", "notaton"), "no help topic 'notaton' (did you mean 'notation'?)"),
    (("-s", "vagabnd", "1d6"), "unknown system 'vagabnd' (did you mean 'vagabond'?)"),
])
def test_topics_and_systems_suggest_too(args: tuple[str, ...], message: str) -> None:
    code, out, err = invoke(*args)
    assert (code, out) == (2, "")
    assert err == f"roll: error: {message}\n"


def test_a_pool_suggests_the_nearest(tmp_path: Path) -> None:
    sheet = tmp_path / "mira.toml"
    sheet.write_text(VAGABOND)
    assert invoke("sheet", "import", str(sheet))[0] == 0
    code, out, err = invoke("--as", "Mira", "spend", "lcuk")
    assert (code, out) == (2, "")
    assert err == "roll: error: no pool 'lcuk' in vagabond (did you mean 'luck'?)\n"


def test_a_word_near_nothing_still_lists_the_commands() -> None:
    code, _, err = invoke("zzzzzz")
    assert code == 2
    assert err == ("roll: error: unknown word 'zzzzzz': not dice, nor a generic command"
                   " (delay, encounter, foe, gain, heal, hurt, next, pin, rest, set, spend)\n")


def test_a_subcommands_typo_is_suggested_once() -> None:
    code, out, err = invoke("sheet", "shwo")
    assert (code, out) == (2, "")
    assert err == "roll: error: No such command 'shwo'. Did you mean 'show'?\n"
