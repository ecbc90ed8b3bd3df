"""Game files through `roll`: -s ./FILE.toml, game import|list|export|rm, sheets, pools, the
log and undo, odds, help and systems, all as for a built-in game (exact text and JSON)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_json, invoke_write
from tests.support.gamefile import GAMES_DIR

MIRA = """\
name = "Mira"
system = "pbta"
[stats]
cool = 2
hard = -1
"""


@pytest.fixture
def pbta(tmp_path: Path) -> Path:
    """The docs' PbtA file, in the test's own directory."""
    path = tmp_path / "pbta.toml"
    path.write_text((GAMES_DIR / "pbta.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.fixture
def imported(pbta: Path, tmp_path: Path, private_campaign: Path) -> Path:
    """PbtA imported into the campaign, with Mira playing it."""
    assert invoke_write("game", "import", str(pbta))[0] == 0
    sheet = tmp_path / "mira.toml"
    sheet.write_text(MIRA, encoding="utf-8")
    assert invoke("sheet", "import", str(sheet)) == (0, "imported Mira (pbta)\n", "")
    return private_campaign


def test_a_game_file_plays_without_importing_it(pbta: Path, private_campaign: Path) -> None:
    code, out, err = invoke("-s", str(pbta), "--rolled", "3,5", "move", "cool=2")
    assert (code, out, err) == (0, "move cool=2 → [3, 5] +2 = 10 · strong hit\n", "")
    assert not private_campaign.exists()  # nobody acts, inline values: no campaign touched
    code, [obj] = invoke_json("-s", str(pbta), "--rolled", "1,2", "move", "hard=-1")
    assert obj == {
        "input": "move hard=-1", "system": "pbta", "character": None, "kind": "check",
        "total": 2, "target": None, "compare": None, "outcome": "miss", "crit": False, "fumble": False,
        "successes": None, "dice": [{"die": "d6", "face": 1, "kept": True},
                                    {"die": "d6", "face": 2, "kept": True}],
        "changes": [], "notes": ["nobody acts: xp +1 not marked"],
        "text": "move hard=-1 → [1, 2] -1 = 2 · miss\nnobody acts: xp +1 not marked",
    }  # fmt: skip


def test_import_list_export_and_rm(pbta: Path, private_campaign: Path) -> None:
    code, out = invoke_write("game", "import", str(pbta))
    assert (code, out) == (0, "imported game pbta (Powered by the Apocalypse): move\n"
                              "play it with -s pbta; roll help pbta says how\n")
    assert invoke("game", "list") == (0, "pbta · Powered by the Apocalypse · move\n", "")
    code, out, _ = invoke("game", "export", "pbta")
    assert out == pbta.read_text(encoding="utf-8")
    again = pbta.parent / "again.toml"
    again.write_text(out, encoding="utf-8")
    assert invoke("game", "import", str(again))[1].startswith("replaced game pbta")
    assert invoke("game", "rm", "pbta") == (0, "removed game pbta\n", "")
    assert invoke("game", "list") == (0, "no games yet (roll game import FILE.toml adds one)\n", "")
    code, _, err = invoke("-s", "pbta", "move", "cool=1")
    assert (code, err.startswith("roll: error: unknown system 'pbta'")) == (2, True)


def test_a_listing_under_json_is_one_object_in_a_batch_too(pbta: Path,
                                                          private_campaign: Path) -> None:
    invoke_write("game", "import", str(pbta))
    code, out, _ = invoke("--json", "-", input="game list\n")
    assert (code, [json.loads(line) for line in out.splitlines()]) == (0, [
        {"input": "game list", "kind": "games", "items": [
            {"name": "pbta", "title": "Powered by the Apocalypse", "commands": ["move"]}]}])
    assert invoke("game", "rm", "pbta")[0] == 0
    code, out, _ = invoke("--json", "-", input="game list\n")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"input": "game list", "kind": "games", "items": []}]


def test_a_character_of_an_imported_game_plays_logs_and_undoes(imported: Path) -> None:
    code, out, err = invoke("--as", "Mira", "--rolled", "1,2", "move", "hard")
    assert (code, out, err) == (0, "move hard → [1, 2] -1 = 2 · miss\nMira · XP 0 → 1 (move)\n", "")
    code, out, _ = invoke("sheet", "show", "Mira")
    assert out == "Mira · Powered by the Apocalypse\n  cool 2  hard -1\n  Harm: 6/6\n  XP: 1/5\n"
    code, out, _ = invoke("undo")
    assert out == "undid #1 (Mira): move hard\n   Mira · XP 1 → 0 (undo move)\n"
    code, out, _ = invoke("--as", "Mira", "spend", "harm", "2")
    assert out == "spend harm 2 → Harm 4\nMira · Harm 6 → 4 (spend)\n"


def test_odds_of_an_imported_game_are_exact(imported: Path) -> None:
    code, [obj] = invoke_json("--as", "Mira", "odds", "move", "cool")
    assert obj["outcomes"] == {"miss": "1/6", "weak hit": "5/12", "strong hit": "5/12"}
    assert (obj["mean"], obj["min"], obj["max"]) == ("9", 4, 14)


def test_help_and_systems_say_where_a_game_comes_from(imported: Path, pbta: Path) -> None:
    code, out, _ = invoke("help", "pbta")
    assert code == 0
    assert out.startswith("Powered by the Apocalypse (`-s pbta`), a game from a campaign\n"
                          "Stats: cool/coo -3–3, hard/har -3–3, hot -3–3, sharp/sha -3–3,")
    assert "  move STAT [forward] [ongoing] [+N]\n" in out
    assert "  roll -s pbta move cool=2\n" in out
    code, out, _ = invoke("systems")
    assert out.splitlines()[-1] == "pbta       Powered by the Apocalypse · campaign"
    code, [obj] = invoke_json("systems")
    assert obj["items"][-1] == {"id": "pbta", "title": "Powered by the Apocalypse", "seed": "",
                                "origin": "campaign"}


def test_a_bad_game_file_is_refused_naming_its_key_and_line(tmp_path: Path,
                                                           private_campaign: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[game]\nname = "odd"\n[commands.move]\ndice = "cool"\n', encoding="utf-8")
    code, out, err = invoke("game", "import", str(bad))
    assert (code, out) == (2, "")
    assert err == ("roll: error: bad.toml:4: key 'commands.move.dice': the formula names 'cool',"
                   " which is no stat, skill or input of this game\n")
    assert not private_campaign.exists()  # nothing imported, no campaign made
    code, _, err = invoke("-s", str(bad), "move")
    assert (code, err.startswith("roll: error: bad.toml:4: key 'commands.move.dice'")) == (2, True)


def test_a_game_may_not_take_a_word_of_roll(tmp_path: Path, private_campaign: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[game]\nname = "odd"\n[commands.sheet]\n', encoding="utf-8")
    code, _, err = invoke("game", "import", str(bad))
    assert (code, err) == (2, "roll: error: bad.toml:3: key 'commands.sheet': 'sheet' is a"
                              " subcommand of roll: a game's name may not shadow it\n")


def test_rm_is_refused_while_a_character_plays_the_game(imported: Path) -> None:
    code, out, err = invoke("game", "rm", "pbta")
    assert (code, out, err) == (1, "", "roll: error: Mira plays pbta: remove or move them first"
                                        " (roll sheet rm NAME)\n")
    assert invoke("game", "list")[1] == "pbta · Powered by the Apocalypse · move\n"


def test_an_encounter_rolls_the_games_initiative(imported: Path) -> None:
    code, out, err = invoke("-s", "pbta", "--rolled", "3,4", "encounter", "start", "Mira")
    assert (code, err) == (0, "")
    assert out == ("encounter start Mira → round 1 · Mira's turn\n"
                   "Encounter · off → R1 Mira (encounter start)\n"
                   "initiative: Mira 7\n")


def test_stat_holes_named_rolls_and_secret_lines_work_for_a_file_game(
        imported: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert invoke("--as", "Mira", "--rolled", "6", "d6+{cool}")[1] == (
        "d6+{cool} → d6+2 → [6] + 2 = 8\n")
    assert invoke("alias", "add", "cooly", "move cool forward")[0] == 0
    assert invoke("--as", "Mira", "--rolled", "5,5", "cooly")[1] == (
        "cooly → move cool forward → [5, 5] +3 = 13 · strong hit\n")
    code, out, _ = invoke("--as", "Mira", "--rolled", "2,2", "secret", "move", "cool")
    assert out.splitlines()[:2] == ["move cool → [2, 2] +2 = 6 · miss", "Mira · XP 0 → 1 (move)"]
    code, [entry] = invoke_json("log", "-n", "1")
    assert (entry["kind"], entry["text"]) == ("secret", "Mira made a secret roll")
    monkeypatch.setenv("ROLL_GM", "1")
    code, [entry] = invoke_json("log", "-n", "1")
    assert (entry["input"], entry["outcome"], entry["secret"]) == ("move cool", "miss", True)


def test_help_games_documents_the_format_with_the_docs_pbta_file() -> None:
    from rules.systems.gamefile.example import PBTA

    assert (GAMES_DIR / "pbta.toml").read_text(encoding="utf-8") == PBTA
    code, out, _ = invoke("help", "games")
    assert code == 0
    assert out.startswith("Your own game: a game file (TOML; nothing in it runs)\n")
    assert "\n  [commands.move]\n  help = \"roll 2d6 + the stat the move names\"\n" in out
    assert "encounter, games, config\n" in invoke("help")[1]


def test_a_game_file_plays_beside_a_campaign_too(imported: Path, pbta: Path) -> None:
    code, out, err = invoke("-s", str(pbta), "--rolled", "2,2", "move", "cool=1")
    assert (code, out, err) == (
        0, "move cool=1 → [2, 2] +1 = 5 · miss\nnobody acts: xp +1 not marked\n", "")


def test_a_strangers_text_is_shown_made_visible(tmp_path: Path, private_campaign: Path) -> None:
    evil = tmp_path / "evil.toml"
    evil.write_text('[game]\nname = "evil"\ntitle = "Evil\\u001b[31m"\n[commands.go]\n'
                    'uses = "none"\nhelp = "x\\u001b]0;pwned\\u0007"\nbands = [{ range = "3-",'
                    ' outcome = "bad\\u001b[2J" }, { range = "4+", outcome = "ok" }]\n',
                    encoding="utf-8")
    code, out, _ = invoke("-s", str(evil), "--rolled", "2", "go")
    assert (code, out) == (0, "go → 2 · bad^[[2J\n")
    code, out, _ = invoke("help", str(evil))
    assert out.splitlines()[:3] == ["Evil\\u001b[31m (`-s evil`), a game from a file",
                                    "  go [+N]", "      x\\u001b]0;pwned\\u0007"]


def test_a_files_numbers_are_bounded_like_a_lines(tmp_path: Path, private_campaign: Path) -> None:
    pool = tmp_path / "pool.toml"
    pool.write_text('[game]\nname = "pool"\n[commands.pool]\nuses = "none"\ndice = "n"\n'
                    'die = 20\ninputs = { n = "ask" }\n', encoding="utf-8")
    code, out, err = invoke("-s", str(pool), "pool", "n=1000000")
    assert (code, out, err) == (2, "", "roll: error: a game's command throws at most 100 dice,"
                                       " not 1000000\n")
    code, out, err = invoke("odds", "-s", str(pool), "pool", "n=30")
    assert (code, out) == (2, "")
    assert err == ("roll: error: exact odds of 30d20 walk more than 300,000 sets of faces:"
                   " too many\n")
    assert invoke("-s", str(pool), "--rolled", "4,5", "pool", "n=2")[1] == (
        "pool n=2 → [4, 5] = 9\n")


def test_s_takes_a_prefix_or_a_typo_of_a_campaigns_game_and_its_error_lists_them(
        imported: Path) -> None:
    """-s reads the campaign's games as it reads the built-in ones: a prefix that is one game's,
    the nearest name for a typo, and every game in an unknown name's error (each asked of a
    campaign whose games this process has not read yet, as a new process finds them)."""
    from rules.systems import SYSTEMS

    SYSTEMS.drop("pbta")
    assert invoke("-s", "pbt", "--rolled", "3,5", "move", "cool=2") == (
        0, "move cool=2 → [3, 5] +2 = 10 · strong hit\n", "")
    SYSTEMS.drop("pbta")
    assert invoke("-s", "pbat", "d20") == (
        2, "", "roll: error: unknown system 'pbat' (did you mean 'pbta'?)\n")
    assert invoke("-s", "zzz", "d20") == (
        2, "", "roll: error: unknown system 'zzz' (systems: generic, vagabond, macchiato,"
               " champions, tiers, brighter, pbta)\n")
