"""A stored game row that can't be read (written by hand, or by an older roll) is named with
what is wrong; `roll systems` and `roll game list` still list every other game, exit 0."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_json, invoke_write
from tests.support.gamefile import GAMES_DIR

BROKEN = "[game]\nname = \"old\"\ntitle = \"Old\"\nsteps = 3\n"
"""A game file with a key no roll reads (as an older roll's file might be)."""
WRONG = ("game old:4: key 'game.steps': unknown key"
         " (keys: health, initiative, name, title)")


@pytest.fixture
def broken_row(tmp_path: Path, private_campaign: Path) -> Path:
    """PbtA imported, and beside it a row `old` that was never checked on its way in."""
    pbta = tmp_path / "pbta.toml"
    pbta.write_text((GAMES_DIR / "pbta.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert invoke_write("game", "import", str(pbta))[0] == 0
    db = sqlite3.connect(private_campaign)
    db.execute("INSERT INTO game (name, text) VALUES ('old', ?)", (BROKEN,))
    db.commit()
    db.close()
    return private_campaign


def test_game_list_names_the_broken_row_and_lists_the_others(broken_row: Path) -> None:
    code, out, err = invoke("game", "list")
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"old · can't be read: {WRONG}",
                                "pbta · Powered by the Apocalypse · move"]


def test_game_list_under_json_gives_the_broken_row_its_error(broken_row: Path) -> None:
    code, [obj] = invoke_json("game", "list")
    assert code == 0
    assert obj == {"input": "game list", "kind": "games", "items": [
        {"name": "old", "error": WRONG},
        {"name": "pbta", "title": "Powered by the Apocalypse", "commands": ["move"]}]}


def test_systems_lists_the_others_and_names_the_broken_row(broken_row: Path) -> None:
    code, out, err = invoke("systems")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[-2:] == ["pbta       Powered by the Apocalypse · campaign",
                          f"old        can't be read · campaign: {WRONG}"]
    assert lines[0].startswith("generic ")


def test_systems_under_json_gives_the_broken_row_its_error(broken_row: Path) -> None:
    code, [obj] = invoke_json("systems")
    assert code == 0
    assert obj["items"][-2:] == [
        {"id": "pbta", "title": "Powered by the Apocalypse", "seed": "", "origin": "campaign"},
        {"id": "old", "title": "", "seed": "", "origin": "campaign", "error": WRONG}]
    assert [item["id"] for item in obj["items"][:-2]] == [
        "generic", "vagabond", "macchiato", "champions", "tiers", "brighter"]


def test_playing_the_broken_game_is_one_error_and_changes_nothing(broken_row: Path) -> None:
    code, out, err = invoke("-s", "old", "d20")
    assert (code, out) == (2, "")
    assert err == f"roll: error: {WRONG}\n"
    assert invoke("game", "list")[1].splitlines()[0] == f"old · can't be read: {WRONG}"


def test_the_broken_row_can_be_removed(broken_row: Path) -> None:
    assert invoke_write("game", "rm", "old") == (0, "removed game old\n")
    assert invoke("game", "list") == (0, "pbta · Powered by the Apocalypse · move\n", "")


def planted(campaign: Path, *names: str) -> None:
    """Rows planted by hand under names with capitals (no `game import` writes one): each
    holds PbtA's file, whose own name is `pbta`."""
    text = (GAMES_DIR / "pbta.toml").read_text(encoding="utf-8")
    db = sqlite3.connect(campaign)
    db.executemany("INSERT INTO game (name, text) VALUES (?, ?)", [(n, text) for n in names])
    db.commit()
    db.close()


@pytest.mark.parametrize("typed", ["PbtA", "pbta", "PBTA"])
def test_a_row_with_capitals_is_removed_by_its_name_in_any_case(
        broken_row: Path, typed: str) -> None:
    planted(broken_row, "PbtA")
    assert invoke_write("game", "rm", "pbta")[0] == 0  # the imported row, so the planted one is alone
    assert invoke("game", "list")[1].splitlines() == [
        "PbtA · Powered by the Apocalypse · move", f"old · can't be read: {WRONG}"]
    assert invoke_write("game", "rm", typed) == (0, "removed game PbtA\n")
    assert invoke("game", "list") == (0, f"old · can't be read: {WRONG}\n", "")


def test_a_row_with_capitals_is_exported_and_removed_under_json(broken_row: Path) -> None:
    planted(broken_row, "Moves")
    code, [shown] = invoke_json("game", "export", "moves")
    assert (code, shown["name"]) == (0, "Moves")
    assert shown["text"] == (GAMES_DIR / "pbta.toml").read_text(encoding="utf-8")
    code, [removed] = invoke_json("game", "rm", "MOVES")
    assert (code, removed) == (0, {"input": "game rm MOVES", "kind": "game", "name": "Moves",
                                   "removed": True})
    assert [item["name"] for item in invoke_json("game", "list")[1][0]["items"]] == [
        "old", "pbta"]


def test_rows_apart_only_in_case_need_the_name_as_written(broken_row: Path) -> None:
    planted(broken_row, "Twin", "TWIN")
    code, out, err = invoke("game", "rm", "twin")
    assert (code, out) == (2, "")
    assert err == ("roll: error: 'twin' names the games TWIN and Twin: write it as the one you"
                   " mean is written\n")
    assert invoke_write("game", "rm", "TWIN") == (0, "removed game TWIN\n")
    assert invoke_write("game", "rm", "twin") == (0, "removed game Twin\n")
    assert [line.split(" · ")[0] for line in invoke("game", "list")[1].splitlines()] == [
        "old", "pbta"]
