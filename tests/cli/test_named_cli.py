"""Issue 16 through the CLI: a sheet's [rolls] and the campaign's aliases in one-shots, batch,
odds and the log; alias add/rm/list/export/import; clashes, loops and missing values."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.commands.dispatch import run_any
from cli.line.runner import Runner
from tests.support.cli import invoke, invoke_json
from tests.support.json_schema import checked
from tests.support.sheets import VAGABOND

MIRA = VAGABOND + '[rolls]\nsneak = "check dex trained"\nstrike = "d20+{bonus} vs {ac}"\n'


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A campaign with Mira (vagabond, two named rolls) and the alias longsword."""
    sheet = tmp_path / "mira.toml"
    sheet.write_text(MIRA)
    assert invoke("sheet", "import", str(sheet))[0] == 0
    assert invoke("alias", "add", "longsword", "d20+5", "vs", "13") == (
        0, "added alias longsword → d20+5 vs 13\n", "")
    return tmp_path


def test_an_alias_expands_and_shows_both_forms(table: Path) -> None:
    assert invoke("--rolled", "14", "longsword") == (
        0, "longsword → d20+5 vs 13 → [14] + 5 = 19 vs 13 · pass\n", "")
    code, [obj] = invoke_json("--rolled", "3", "longsword")
    assert code == 0
    assert (obj["input"], obj["expanded"], obj["total"], obj["outcome"]) == (
        "longsword", "d20+5 vs 13", 8, "fail")
    assert obj["text"] == "longsword → d20+5 vs 13 → [3] + 5 = 8 vs 13 · fail"


def test_words_after_the_name_are_appended(table: Path) -> None:
    assert invoke("alias", "add", "smite", "2d6")[0] == 0
    assert invoke("--rolled", "3,4", "smite", "+1") == (0, "smite → 2d6 +1 → [3, 4] + 1 = 8\n", "")


def test_a_sheet_roll_fills_placeholders_and_is_logged_with_both_forms(table: Path) -> None:
    assert invoke("--as", "mira", "--rolled", "15", "strike", "ac=12", "bonus=2") == (
        0, "strike → d20+2 vs 12 → [15] + 2 = 17 vs 12 · pass\n", "")
    assert invoke("--as", "mira", "--rolled", "15,3", "sneak", "favor") == (
        0, "sneak → check dex trained favor → 15+3 = 18 vs 10 · pass\n", "")
    code, log = invoke_json("log", "-n", "2")
    assert code == 0
    assert [(e["input"], e["expanded"], e["text"]) for e in log] == [
        ("strike ac=12 bonus=2", "d20+2 vs 12",
         "strike → d20+2 vs 12 → [15] + 2 = 17 vs 12 · pass"),
        ("sneak favor", "check dex trained favor",
         "sneak → check dex trained favor → 15+3 = 18 vs 10 · pass"),
    ]


def test_a_stat_fills_a_placeholder(table: Path) -> None:
    assert invoke("alias", "add", "dexy", "d20+{dexterity}")[0] == 0
    assert invoke("--as", "mira", "--rolled", "10", "dexy") == (
        0, "dexy → d20+5 → [10] + 5 = 15\n", "")


def test_the_characters_roll_wins_over_an_alias(table: Path) -> None:
    assert invoke("alias", "add", "sneak", "d4")[0] == 0
    assert invoke("--rolled", "2", "sneak") == (0, "sneak → d4 → [2] = 2\n", "")
    assert invoke("--as", "mira", "--rolled", "11", "sneak") == (
        0, "sneak → check dex trained → 11 vs 10 · pass\n", "")


def test_fluke_rerolls_what_a_named_roll_ran(table: Path) -> None:
    assert invoke("--as", "mira", "--rolled", "4", "sneak")[1].endswith("· fail\n")
    code, out, _ = invoke("--as", "mira", "--rolled", "18", "fluke")
    assert code == 0 and out.startswith("fluke: check dex trained → 18 vs 10 · pass\n")


def test_odds_price_the_expansion(table: Path) -> None:
    code, [obj] = invoke_json("odds", "longsword")
    assert code == 0
    assert (obj["input"], obj["expanded"], obj["outcomes"]) == (
        "odds longsword", "d20+5 vs 13", {"pass": "13/20", "fail": "7/20"})
    code, out, _ = invoke("--as", "mira", "odds", "strike", "ac=12", "bonus=3")
    assert code == 0 and out.splitlines()[:3] == [
        "strike → d20+3 vs 12", "pass 60.00% · fail 40.00%", "mean 13.5 · min 4 · max 23"]


def test_batch_lines_expand_and_report_per_line(table: Path) -> None:
    lines = "longsword\n2d6\nstrike ac=10\nlongsword favor\nsneak\n"
    code, out, err = invoke("--as", "mira", "--rolled", "10,1,2,9", input=lines)
    assert (code, err.count("roll: error: ")) == (2, 2)
    assert out == ("longsword → d20+5 vs 13 → [10] + 5 = 15 vs 13 · pass\n"
                   "2d6 → [1, 2] = 3\n"
                   "sneak → check dex trained → 9 vs 10 · fail\n")
    code, objs = invoke_json("--as", "mira", "--rolled", "10,1,2,9", input=lines)
    assert code == 2
    assert [(o["input"], o.get("expanded"), o.get("error")) for o in objs] == [
        ("longsword", "d20+5 vs 13", None),
        ("2d6", None, None),
        ("strike ac=10", None, "'strike' needs a value for {bonus}: give bonus=VALUE"),
        ("longsword favor", None,
         "longsword → d20+5 vs 13 favor: expected the end of the line, found 'favor'"),
        ("sneak", "check dex trained", None),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("alias", "add", "check", "d20"),
         "'check' is a vagabond / macchiato / tiers command: a named roll may not shadow it"),
        (("alias", "add", "odds", "d20"), "'odds' is a subcommand of roll: a named roll may not"
                                          " shadow it"),
        (("alias", "add", "d6", "d20"), "'d6' is dice notation: a named roll may not shadow it"),
        (("alias", "add", "1st", "d20"), "a named roll's name is one word of letters a-z, digits, - and"
                                         " _, starting with a letter, not '1st'"),
        (("alias", "add", "blank", ""), "named roll 'blank' must be a non-empty LINE in quotes"),
    ],
)
def test_alias_names_never_shadow_a_word(table: Path, args: tuple[str, ...], message: str) -> None:
    assert invoke(*args) == (2, "", f"roll: error: {message}\n")


def test_a_loop_is_refused_when_added(table: Path) -> None:
    assert invoke("alias", "add", "ping", "pong")[0] == 0
    assert invoke("alias", "add", "pong", "ping") == (
        2, "", "roll: error: named rolls loop: ping → pong → ping\n")
    assert invoke("alias", "list") == (
        0, "longsword → d20+5 vs 13\nping → pong\n", "")


def test_a_loop_through_a_sheet_is_an_error_when_rolled(table: Path) -> None:
    assert invoke("alias", "add", "sly", "sneak")[0] == 0
    assert invoke("alias", "add", "sneaky", "sly")[0] == 0
    sheet = table / "mira.toml"
    sheet.write_text(MIRA.replace('sneak = "check dex trained"', 'sneak = "sneaky"'))
    assert invoke("sheet", "import", str(sheet))[0] == 0
    code, [obj] = invoke_json("--as", "mira", "sneak")
    assert (code, obj["error"]) == (2, "named rolls loop: sneak → sneaky → sly → sneak")


def test_alias_list_rm_and_json(table: Path) -> None:
    assert invoke("--as", "mira", "alias", "list") == (0, (
        "longsword → d20+5 vs 13\n"
        "sneak → check dex trained  (Mira)\n"
        "strike → d20+{bonus} vs {ac}  (Mira)\n"), "")
    code, rows = invoke_json("alias", "list")
    assert (code, rows) == (0, [{"name": "longsword", "line": "d20+5 vs 13", "character": None}])
    assert invoke("alias", "rm", "LongSword") == (
        0, "removed alias longsword (it was d20+5 vs 13)\n", "")
    assert invoke("alias", "rm", "longsword") == (
        2, "", "roll: error: no alias named 'longsword' in this campaign (known: none yet)\n")
    assert invoke("longsword")[0] == 2  # an unknown word again


def test_alias_export_imports_to_the_same_aliases(table: Path, tmp_path: Path) -> None:
    assert invoke("alias", "add", "fire", "8d6", "[fire]")[0] == 0
    code, out, _ = invoke("alias", "export")
    assert (code, out) == (0, '[aliases]\nfire = "8d6 [fire]"\nlongsword = "d20+5 vs 13"\n')
    other = tmp_path / "other.sqlite3"
    sheet = tmp_path / "mira.toml"
    assert invoke("--campaign", str(other), "sheet", "import", str(sheet))[0] == 0
    assert invoke("--campaign", str(other), "alias", "import", "-", input=out) == (
        0, "imported 2 aliases\n", "")
    assert invoke("--campaign", str(other), "alias", "export")[1] == out


def test_alias_reads_never_create_a_campaign_add_does(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    assert invoke("--campaign", str(path), "alias", "list") == (
        2, "", f"roll: error: no campaign at {path} (roll sheet import FILE creates one)\n")
    assert not path.exists()
    assert invoke("--campaign", str(path), "alias", "add", "x", "d6") == (
        0, "added alias x → d6\n", f"roll: created a new campaign at {path}\n")
    assert path.exists()


def test_plain_dice_never_open_the_campaign_to_look(table: Path, private_campaign: Path) -> None:
    """A plain LINE with nobody acting leaves the file alone (no -wal appears), even when the
    campaign holds aliases; an unknown first word does look (and expands)."""
    db = sqlite3.connect(private_campaign)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    wal = Path(f"{private_campaign}-wal")
    before = os.stat(private_campaign).st_mtime_ns
    runner = Runner(Settings(rolled="3,4,5"), Environment())
    assert [run_any(runner, line) for line in ("2d6", "d20 # not a name")] == [0, 0]
    assert runner._campaign is None
    assert os.stat(private_campaign).st_mtime_ns == before
    assert not wal.exists() or wal.stat().st_size == 0
    runner.source = Runner(Settings(rolled="9"), Environment()).source
    assert run_any(runner, "longsword") == 0
    assert runner._campaign is not None
    runner.close()


def test_a_named_roll_works_in_the_repl_words_and_completes(table: Path) -> None:
    from cli.repl.next_words import suggest
    from cli.repl.view import ViewReader

    view = ViewReader(Settings(character="Mira")).read()
    assert dict(view.rolls) == {"longsword": "d20+5 vs 13", "sneak": "check dex trained",
                                "strike": "d20+{bonus} vs {ac}"}
    found = {s.text: s.meta for s in suggest("s", view)}
    assert found["sneak "] == "check dex trained" and found["strike "] == "d20+{bonus} vs {ac}"
    assert [s.text for s in suggest("alias rm lo", view)] == ["longsword"]
    assert [s.text for s in suggest("alias ", view)] == [
        "add ", "rm ", "list ", "export ", "import "]


def test_the_installed_roll_expands_an_alias(table: Path, private_campaign: Path) -> None:
    import shutil
    import subprocess
    import sys

    roll = shutil.which("roll") or str(Path(sys.executable).with_name("roll"))
    env = dict(os.environ, ROLL_CAMPAIGN=str(private_campaign))
    done = subprocess.run([roll, "--json", "--rolled", "20", "longsword"], capture_output=True,
                          text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0 and done.stderr == ""
    obj = checked(done.stdout)
    assert (obj["input"], obj["expanded"], obj["crit"]) == ("longsword", "d20+5 vs 13", True)
    assert obj["text"] == "longsword → d20+5 vs 13 → [20] + 5 = 25 vs 13 · pass · crit"


def test_names_are_refused_for_every_subcommand_roll_routes() -> None:
    """rules.named_rolls knows no command line: cli gives it the root group's words."""
    from cli.base.argv import SUBCOMMANDS
    from cli.commands.dispatch import SUBCOMMAND_WORDS
    from cli.line.named import reserved

    for system_id in (None, "generic", "vagabond"):
        assert {w for w, what in reserved(system_id).items()
                if what == "a subcommand of roll"} == set(SUBCOMMANDS)
    assert set(SUBCOMMANDS) >= SUBCOMMAND_WORDS


def test_sheet_show_lists_the_characters_rolls(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    code, out, _ = invoke("sheet", "show", "Mira")
    assert code == 0 and out.endswith(
        "  rolls:\n    sneak → check dex trained\n    strike → d20+{bonus} vs\n      {ac}\n")


def test_odds_of_an_expansion_that_does_not_parse_name_it(table: Path) -> None:
    assert invoke("odds", "longsword", "favor") == (2, "", (
        "roll: error: longsword → d20+5 vs 13 favor: expected the end of the line, found"
        " 'favor'\n"))
