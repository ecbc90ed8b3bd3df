"""Errors that teach: the nearest word in one line, and a game's word for another tool's habit."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.did_you_mean import closest, distance, folded, near_name, unknown_character
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


@pytest.mark.parametrize(("typed", "meant"), [
    ("Zoe", "Zoë"), ("zoë", "Zoë"), ("Olaf", "Ölaf"), ("Bjorn", "Björn Ærinsson"),
    ("bjorn aerinsson", "Björn Ærinsson"), ("Mria", "Mira"), ("Xavier", None), ("Zo", None),
])  # fmt: skip
def test_the_name_meant_is_found_without_its_accents_or_by_a_typo(
        typed: str, meant: str | None) -> None:
    assert near_name(typed, ["Björn Ærinsson", "Mira", "Zoë", "Ölaf"]) == meant


def test_another_of_a_numbered_lot_is_no_typo() -> None:
    assert near_name("Goblin 3", ["Goblin 1", "Goblin 2"]) is None
    assert near_name("Gobiln 2", ["Goblin 1", "Goblin 2"]) == "Goblin 2"


def test_a_name_is_folded_as_a_keyboard_without_its_accents_types_it() -> None:
    assert [folded(n) for n in ("Zoë", "Björn  Ærinsson", "Łukasz", "Straße", "Zoe\u0308")] == [
        "zoe", "bjorn aerinsson", "lukasz", "strasse", "zoe"]


def test_an_unknown_character_says_the_one_meant_and_at_most_twelve_names() -> None:
    names = [f"Goblin {i}" for i in range(1, 41)]
    error = unknown_character("Goblin 41", names)
    assert error.message == (
        "no character named 'Goblin 41' in this campaign (known: "
        + ", ".join(names[:12]) + " and 28 more)")
    assert unknown_character("Zed", []).message == (
        "no character named 'Zed' in this campaign (known: none yet)")


def test_a_name_typed_without_its_accents_is_suggested(tmp_path: Path) -> None:
    sheet = tmp_path / "zoe.toml"
    sheet.write_text('name = "Zoë"\nsystem = "generic"\n[max]\nhp = 10\n', encoding="utf-8")
    assert invoke("sheet", "import", str(sheet))[0] == 0
    assert invoke("hurt 1 on Zoe") == (2, "", "roll: error: no character named 'Zoe' in this"
                                              " campaign (did you mean 'Zoë'? known: Zoë)\n")
    code, _, err = invoke("--as", "zoe", "hurt", "1")
    assert (code, err.endswith("(did you mean 'Zoë'? known: Zoë)\n")) == (2, True)
