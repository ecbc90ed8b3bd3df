"""The config file (SPEC §2): read only when present, below the command line and ROLL_*, each bad
key or value one error naming the file, its line and the key; `roll help config` says where."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_write
from tests.support.gamefile import GAMES_DIR
from tests.support.sheets import VAGABOND


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """The config file where the user config dir (XDG_CONFIG_HOME, conftest) puts it."""
    path = tmp_path / "config" / "roll-rules" / "config.toml"
    path.parent.mkdir(parents=True)
    return path


def test_help_config_names_the_file_and_each_key(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # the test's long temporary path on one line
    code, out, _ = invoke("help", "config")
    assert code == 0 and out.startswith(f"The config file: {config}\n")
    for key in ('campaign = "PATH"', 'system = "NAME"', 'as = "NAME"', 'color = "WHEN"'):
        assert f"\n  {key}" in out


def test_no_file_is_no_setting(config: Path) -> None:
    assert not config.exists()
    assert invoke("--rolled", "3,4", "2d6") == (0, "2d6 → [3, 4] = 7\n", "")


def test_the_file_gives_the_campaign_system_acting_character_and_colour(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere.sqlite3"
    sheet = tmp_path / "mira.toml"
    sheet.write_text(VAGABOND)
    assert invoke("--campaign", str(elsewhere), "sheet", "import", str(sheet))[:2] == (
        0, "imported Mira (vagabond)\n")
    monkeypatch.delenv("ROLL_CAMPAIGN")
    config.write_text(f'campaign = "{elsewhere}"\nsystem = "vagabond"\nas = "Mira"\ncolor = "never"\n')
    assert invoke("--rolled", "11", "check", "dex") == (0, "check dex → 11 vs 15 · fail\n", "")
    assert invoke("sheet", "list") == (0, "* Mira             vagabond\n", "")


def test_the_command_line_and_the_environment_come_first(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config.write_text('system = "macchiato"\ncolor = "always"\n')
    assert invoke("--rolled", "11", "check", "str=12") == (
        0, "check str=12 → 11 ≤ 12 · \x1b[32;1mpass\x1b[0m\n", "")
    monkeypatch.setenv("ROLL_SYSTEM", "vagabond")
    monkeypatch.setenv("ROLL_COLOR", "never")
    assert invoke("--rolled", "11", "check", "dex=5") == (0, "check dex=5 → 11 vs 15 · fail\n", "")
    assert invoke("-s", "macchiato", "--rolled", "11", "check", "str=12") == (
        0, "check str=12 → 11 ≤ 12 · pass\n", "")


@pytest.mark.parametrize(("text", "error"), [
    ('system = "vagabond"\n\ncolour = "always"\n',
     "line 3: 'colour' is no setting: did you mean 'color'? (keys: campaign, system, as, color)"),
    ('coulour = "always"\n', "line 1: 'coulour' is no setting (keys: campaign, system, as, color)"),
    ('color = "sometimes"\n', "line 1: 'color' takes auto, always or never, not 'sometimes'"),
    ("as = 3\n", "line 1: 'as' takes a non-empty string, not 3"),
])  # fmt: skip
def test_a_bad_key_or_value_is_one_error_naming_file_line_and_key(
    config: Path, text: str, error: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    config.write_text(text)
    assert invoke("2d6") == (2, "", f"roll: error: config file {config}, {error}\n")
    monkeypatch.delenv("ROLL_CAMPAIGN")  # the file is read for the campaign too
    assert invoke("sheet", "list") == (2, "", f"roll: error: config file {config}, {error}\n")


def test_a_file_that_is_no_toml_says_where(config: Path) -> None:
    config.write_text("color = \n")
    assert invoke("2d6") == (
        2, "", f"roll: error: config file {config}: not TOML: Invalid value (at line 1, column 9)\n")


def test_roll_config_names_another_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "table.toml"
    other.write_text('color = "always"\n')
    monkeypatch.setenv("ROLL_CONFIG", str(other))
    monkeypatch.setenv("COLUMNS", "300")  # the test's long temporary path on one line
    assert invoke("--rolled", "6,2,5,4", "4d6kh3")[1] == (
        "4d6kh3 → [6, \x1b[2m~~\x1b[0m\x1b[2;9m2\x1b[0m\x1b[2m~~\x1b[0m, 5, 4] = 15\n")
    assert os.environ["ROLL_CONFIG"] in invoke("help", "config")[1]


GAME_SAYS = "move cool=1 → [3, 4] +1 = 8 · weak hit\n"
"""PbtA's move (docs/games/pbta.toml), as the config file's game plays it."""


@pytest.fixture
def pbta(tmp_path: Path) -> Path:
    """docs/games/pbta.toml copied where the test plays it from."""
    path = tmp_path / "pbta.toml"
    path.write_text((GAMES_DIR / "pbta.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_the_files_system_may_be_a_game_of_the_campaign(config: Path, pbta: Path) -> None:
    assert invoke_write("game", "import", str(pbta))[0] == 0
    config.write_text('system = "pbta"\n')
    assert invoke("--rolled", "3,4", "move", "cool=1") == (0, GAME_SAYS, "")
    assert invoke("--rolled", "3,4", input="move cool=1\n") == (0, GAME_SAYS, "")


@pytest.mark.parametrize("written", ["./pbta.toml", "PATH"])
def test_the_files_system_may_be_a_game_file_as_s_takes(
    config: Path, pbta: Path, written: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(pbta.parent)  # ./pbta.toml: from where roll runs, as -s reads it
    config.write_text(f'system = "{str(pbta) if written == "PATH" else written}"\n')
    assert invoke("--rolled", "3,4", "move", "cool=1") == (0, GAME_SAYS, "")


@pytest.mark.parametrize(("name", "why"), [
    ("vagabnd", "unknown system 'vagabnd' (did you mean 'vagabond'?)"),
    ("pbta", "unknown system 'pbta' (systems: generic, vagabond, macchiato, champions, tiers,"
             " brighter)"),  # the campaign's game, removed
    ("./gone.toml", "no game file gone.toml"),
])  # fmt: skip
def test_a_system_no_game_answers_to_is_one_error_naming_file_line_and_key(
    config: Path, pbta: Path, name: str, why: str
) -> None:
    assert invoke_write("game", "import", str(pbta))[0] == 0
    assert invoke_write("game", "rm", "pbta") == (0, "removed game pbta\n")
    config.write_text(f'# the table\nsystem = "{name}"\n')
    said = f"config file {config}, line 2: 'system': {why}"
    assert invoke("--rolled", "3,4", "2d6") == (2, "", f"roll: error: {said}\n")
    code, out, err = invoke("--json", "--rolled", "3,4", "2d6")
    assert (code, json.loads(out), err) == (
        2, {"input": "2d6", "error": said, "column": None}, f"roll: error: {said}\n")
    assert invoke("-s", "generic", "--rolled", "3,4", "2d6") == (0, "2d6 → [3, 4] = 7\n", "")


@pytest.mark.parametrize(("name", "why"), [
    ("vagabnd", "unknown system 'vagabnd' (did you mean 'vagabond'?)"),
    ("chess", "unknown system 'chess' (systems: generic, vagabond, macchiato, champions, tiers,"
              " brighter)"),
    ("./gone.toml", "no game file gone.toml"),
])  # fmt: skip
def test_a_system_roll_system_names_that_no_game_answers_to_says_roll_system(
    config: Path, name: str, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game named by the environment is said to be ROLL_SYSTEM's (a variable set long ago
    in a shell's profile is not on the line the user sees), before the config file's."""
    config.write_text('system = "vagabond"\n')
    monkeypatch.setenv("ROLL_SYSTEM", name)
    said = f"ROLL_SYSTEM: {why}"
    assert invoke("--rolled", "3,4", "2d6") == (2, "", f"roll: error: {said}\n")
    code, out, err = invoke("--json", "--rolled", "3,4", "2d6")
    assert (code, json.loads(out), err) == (
        2, {"input": "2d6", "error": said, "column": None}, f"roll: error: {said}\n")
    assert invoke("--rolled", "3,4", "odds", "2d6")[2] == f"roll: error: {said}\n"
    assert invoke("-s", "generic", "--rolled", "3,4", "2d6") == (0, "2d6 → [3, 4] = 7\n", "")


def test_who_acts_named_off_the_line_is_said_with_where_it_was_named(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ROLL_AS or the config file's `as` naming someone the campaign lacks (or with no campaign
    at all) is said with where it was named; `--as` is on the line and needs no saying."""
    campaign = tmp_path / "table.sqlite3"
    missing = f"no campaign at {campaign} for Zed to act in (roll sheet import FILE creates one)"
    monkeypatch.setenv("ROLL_CAMPAIGN", str(campaign))
    config.write_text('color = "never"\nas = "Zed"\n')
    assert invoke("2d6") == (2, "", f"roll: error: config file {config}, line 2: 'as': {missing}\n")
    monkeypatch.setenv("ROLL_AS", "Zed")
    assert invoke("2d6") == (2, "", f"roll: error: ROLL_AS: {missing}\n")
    assert invoke("--as", "Zed", "2d6") == (2, "", f"roll: error: {missing}\n")
    sheet = tmp_path / "mira.toml"
    sheet.write_text(VAGABOND)
    assert invoke_write("sheet", "import", str(sheet))[0] == 0
    lacks = f"no character named 'Zed' in campaign {campaign} (known: Mira)"
    assert invoke("2d6") == (2, "", f"roll: error: ROLL_AS: {lacks}\n")
    monkeypatch.delenv("ROLL_AS")
    assert invoke("2d6") == (2, "", f"roll: error: config file {config}, line 2: 'as': {lacks}\n")
    assert invoke("--as", "Mira", "--rolled", "11", "check", "dex") == (
        0, "check dex → 11 vs 15 · fail\n", "")
