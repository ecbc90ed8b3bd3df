"""Issue 16's tables through the CLI: import (TOML, CSV, stdin), list, rm, export, rolling by
name or path with forced faces (d66, weights, nested, inline rolls), odds, batch and help."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w

from tests.support.cli import invoke, invoke_json
from tests.support.json_schema import checked
from tests.support.sheets import VAGABOND
from tests.support.tables import ENCOUNTERS as ENCOUNTERS_DATA

ENCOUNTERS = tomli_w.dumps(ENCOUNTERS_DATA)  # the domain tests' d66 table, as a file
WEATHER = 'weight,text\n3,rain\n1,sun\n2,"a storm of [[d6]] days"\n'
LOOT = "# roll = 2d6\nrange,text\n2-6,copper\n7-11,silver\n12,a gem\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Table files beside a campaign that has Mira (so it exists) and no tables yet."""
    (tmp_path / "encounters.toml").write_text(ENCOUNTERS)
    (tmp_path / "weather.csv").write_text(WEATHER)
    (tmp_path / "loot.csv").write_text(LOOT)
    (tmp_path / "mira.toml").write_text(VAGABOND)
    assert invoke("sheet", "import", str(tmp_path / "mira.toml"))[0] == 0
    return tmp_path


@pytest.fixture
def imported(folder: Path) -> Path:
    assert invoke("table", "import", str(folder / "encounters.toml")) == (0, (
        "imported table encounters (d66, 4 rows)\n"
        "note: it rolls on table 'weather', not in this campaign yet\n"), "")
    assert invoke("table", "import", str(folder / "weather.csv")) == (
        0, "imported table weather (d6, 3 rows)\n", "")
    return folder


@pytest.mark.parametrize(
    ("faces", "out"),
    [
        ("2,3,4,5", "encounters · d66 23 → 9 goblins\n"),  # d66: tens 2, units 3; then 2d6
        ("3,6,2", "encounters · d66 36 → a lone knight with 3 hounds\n"),
        ("4,1,6,2", "encounters · d66 41 → fog, and a storm of 2 days\n"),  # nested, weighted
        ("5,5,3", "encounters · d66 55 → fog, and rain\n"),  # weight 3: faces 1-3
        ("6,6", "encounters · d66 66 → the Witch\n"),
    ],
)
def test_rolling_a_table_with_forced_faces(imported: Path, faces: str, out: str) -> None:
    assert invoke("table", "encounters", "--rolled", faces) == (0, out, "")


def test_a_table_roll_in_json(imported: Path) -> None:
    code, [obj] = invoke_json("--rolled", "4,1,6,2", "table", "encounters")
    assert code == 0
    assert {k: obj[k] for k in ("input", "kind", "total", "outcome", "text")} == {
        "input": "table encounters", "kind": "table", "total": 41, "outcome": None,
        "text": "encounters · d66 41 → fog, and a storm of 2 days"}
    assert obj["dice"] == [{"die": "d6", "face": f, "kept": True} for f in (4, 1, 6, 2)]
    assert obj["table"] == {
        "table": "encounters", "roll": "d66", "total": 41, "row": 3, "range": "41-65",
        "weight": None, "text": "fog, and a storm of 2 days", "inline": [],
        "nested": [{"table": "weather", "roll": "d6", "total": 6, "row": 3, "range": None,
                    "weight": 2, "text": "a storm of 2 days",
                    "inline": [{"notation": "1d6", "total": 2}], "nested": []}]}


def test_quiet_prints_the_row_and_times_repeats(imported: Path) -> None:
    assert invoke("-q", "-n", "2", "--rolled", "6,6,5,5,1", "table", "encounters") == (
        0, "the Witch\nfog, and rain\n", "")


def test_leftover_or_missing_faces_are_errors(imported: Path) -> None:
    assert invoke("--rolled", "6,6,1", "table", "encounters") == (
        2, "", "roll: error: --rolled has 1 face(s) left over: 1\n")
    code, _, err = invoke("--rolled", "1,1", "table", "encounters")
    assert (code, err) == (2, "roll: error: --rolled ran out: need a d6 for table encounters\n")


def test_a_table_from_a_path_finds_its_siblings(folder: Path) -> None:
    path = str(folder / "encounters.toml")
    assert invoke("--rolled", "4,1,2", "table", path) == (
        0, "encounters · d66 41 → fog, and rain\n", "")
    assert invoke("--rolled", "3,4", "table", str(folder / "loot.csv")) == (
        0, "loot · 2d6 7 → silver\n", "")


def test_a_path_needs_no_campaign(tmp_path: Path) -> None:
    (tmp_path / "loot.csv").write_text(LOOT)
    missing = tmp_path / "none.sqlite3"
    assert invoke("--campaign", str(missing), "--rolled", "6,6", "table",
                  str(tmp_path / "loot.csv")) == (0, "loot · 2d6 12 → a gem\n", "")
    assert not missing.exists()


def test_an_unknown_table_names_the_known_ones(imported: Path) -> None:
    assert invoke("table", "nope") == (
        2, "", "roll: error: no table named 'nope' in this campaign (known: encounters, weather)\n")
    assert invoke("table", "rm", "weather") == (0, "removed table weather\n", "")
    assert invoke("--rolled", "4,1", "table", "encounters") == (
        2, "", "roll: error: row 3 (range '41-65') of table 'encounters' rolls on table"
               " 'weather', which is not known\n")


def test_list_and_export_round_trip(imported: Path, tmp_path: Path) -> None:
    assert invoke("table", "list") == (
        0, "encounters · d66 · 4 rows · On the moor\nweather · d6 · 3 rows\n", "")
    assert invoke_json("table", "list")[1] == [
        {"name": "encounters", "roll": "d66", "rows": 4, "title": "On the moor"},
        {"name": "weather", "roll": "d6", "rows": 3, "title": None}]
    code, out, _ = invoke("table", "export", "weather")
    assert code == 0
    assert invoke("table", "rm", "weather")[0] == 0
    assert invoke("table", "import", "-", input=out) == (
        0, "imported table weather (d6, 3 rows)\n", "")
    assert invoke("table", "export", "weather")[1] == out


def test_csv_from_stdin_needs_a_name(folder: Path) -> None:
    assert invoke("table", "import", "-", input=LOOT) == (
        2, "", "roll: error: stdin: a CSV table from stdin needs a name: --name NAME\n")
    assert invoke("table", "import", "-", "--name", "treasure", input=LOOT) == (
        0, "imported table treasure (2d6, 3 rows)\n", "")
    assert invoke("table", "import", "-", "--name", "moor", input=ENCOUNTERS) == (0, (
        "imported table moor (d66, 4 rows)\n"
        "note: it rolls on table 'weather', not in this campaign yet\n"), "")  # --name wins


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "t"\nroll = "d6"\n[[rows]]\nrange = "1-3"\ntext = "a"\n[[rows]]\nrange = "5-6"\n'
         'text = "b"\n', "table 't': no row covers 4, a gap between row 1 (range '1-3') and row 2"
                         " (range '5-6')"),
        ('name = "t"\nroll = "d6"\n[[rows]]\nrange = "1-4"\ntext = "a"\n[[rows]]\nrange = "4-6"\n'
         'text = "b"\n', "row 2 (range '4-6') overlaps row 1 (range '1-4') at 4"),
        ('name = "t"\nroll = "d6"\n[[rows]]\nrange = "1-7"\ntext = "a"\n',
         "row 1 (range '1-7'): 7 is outside the totals of d6 (1–6)"),
        ('name = "t"\nroll = "d66"\n[[rows]]\nrange = "11-67"\ntext = "a"\n',
         "row 1 (range '11-67'): 67 is not a d66 value (two digits, each 1–6)"),
        ('name = "list"\n[[rows]]\ntext = "a"\n',
         "a table may not be called 'list': it is a word of roll table (import, list, rm, export)"),
        ('name = "t"\n[[rows]\n', "broken TOML: Expected ']]' at the end of an array declaration"
                                  " (at line 2, column 7)"),
    ],
)
def test_bad_tables_are_import_errors_naming_the_row(
    folder: Path, text: str, message: str
) -> None:
    path = folder / "bad.toml"
    path.write_text(text)
    code, out, err = invoke("table", "import", str(path))
    prefix = "" if "may not be called" in message else f"{path}: "
    assert (code, out, err) == (2, "", f"roll: error: {prefix}{message}\n")
    assert invoke("table", "list") == (0, "", "")


def test_odds_of_each_row(imported: Path) -> None:
    code, out, _ = invoke("odds", "table", "encounters")
    assert (code, out) == (0, (
        "table encounters · d66 · 4 rows\n"
        "11-26 33.33% [[2d6]] goblins\n"
        "31-36 16.67% a lone knight with [[1d4+1]] hounds\n"
        "41-65 47.22% fog, and [[table:weather]]\n"
        "   66  2.78% the Witch\n"))
    code, [obj] = invoke_json("odds", "table", "weather")
    assert code == 0 and obj["rows"] == [
        {"row": 1, "range": None, "weight": 3, "text": "rain", "p": "1/2"},
        {"row": 2, "range": None, "weight": 1, "text": "sun", "p": "1/6"},
        {"row": 3, "range": None, "weight": 2, "text": "a storm of [[d6]] days", "p": "1/3"}]
    assert (obj["kind"], obj["table"], obj["roll"], obj["residual"]) == (
        "odds", "weather", "d6", "0")


def test_odds_of_a_table_file_on_dice(folder: Path) -> None:
    code, [obj] = invoke_json("odds", "table", str(folder / "loot.csv"))
    assert code == 0
    assert [r["p"] for r in obj["rows"]] == ["5/12", "5/9", "1/36"]
    assert obj["distribution"]["7"] == "1/6" and obj["mean"] == "7"


def test_a_batch_and_the_repl_roll_tables_with_the_runners_dice(imported: Path) -> None:
    lines = "table encounters\ntable nope\nodds table weather\ntable list\n"
    code, out, err = invoke("--rolled", "6,6", "-q", input=lines)
    assert code == 2
    assert out.splitlines()[0] == "the Witch"
    assert "encounters · d66 · 4 rows · On the moor" in out
    assert err.count("roll: error: ") == 1 and err.endswith(
        "no table named 'nope' in this campaign (known: encounters, weather)\n")


def test_tables_complete_and_have_help(imported: Path) -> None:
    from cli.base.settings import Settings
    from cli.repl.next_words import suggest
    from cli.repl.view import ViewReader

    view = ViewReader(Settings()).read()
    assert view.tables == ("encounters", "weather")
    assert [s.text for s in suggest("table ", view)] == [
        "import ", "list ", "rm ", "export ", "encounters", "weather"]
    assert [s.text for s in suggest("table rm w", view)] == ["weather"]
    code, out, _ = invoke("help", "tables")
    assert code == 0 and out.startswith("Rollable tables\n  roll table import FILE")
    assert "topics: notation, tables, generic" in invoke("help")[1]


def test_table_reads_never_create_a_campaign_import_does(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    (tmp_path / "loot.csv").write_text(LOOT)
    for args in (("table", "list"), ("table", "loot"), ("odds", "table", "loot")):
        assert invoke("--campaign", str(path), *args) == (
            2, "", f"roll: error: no campaign at {path} (roll sheet import FILE creates one)\n")
    assert not path.exists()
    code, _, err = invoke("--campaign", str(path), "table", "import", str(tmp_path / "loot.csv"))
    assert (code, err) == (0, f"roll: created a new campaign at {path}\n")
    assert path.exists()


@pytest.mark.slow
def test_the_installed_roll_rolls_a_table(imported: Path, private_campaign: Path) -> None:
    roll = shutil.which("roll") or str(Path(sys.executable).with_name("roll"))
    env = dict(os.environ, ROLL_CAMPAIGN=str(private_campaign))
    done = subprocess.run([roll, "--json", "--rolled", "2,6,1,1", "table", "encounters"],
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    obj = checked(done.stdout)
    assert obj["text"] == "encounters · d66 26 → 2 goblins"
    assert obj["table"]["inline"] == [{"notation": "2d6", "total": 2}]


def test_the_repl_rolls_tables_and_named_rolls_with_physical_dice(imported: Path) -> None:
    from cli.base.settings import Settings
    from tests.support.repl import repl

    assert invoke("alias", "add", "longsword", "d20+5", "vs", "13")[0] == 0
    keys = "physical on\rtable encounters\r6\r6\rlongsword\r14\rquit\r"
    status, out, err = repl(keys, Settings(json=True))  # JSON: the same whatever the pane's layout
    assert (status, err) == (0, "")
    objs = [checked(line) for line in out.splitlines() if line.startswith("{")]
    assert [(o["input"], o["total"], o.get("expanded"), o["text"]) for o in objs] == [
        ("table encounters", 66, None, "encounters · d66 66 → the Witch"),
        ("longsword", 19, "d20+5 vs 13", "longsword → d20+5 vs 13 → [14] + 5 = 19 vs 13 · pass"),
    ]


def test_an_unreadable_table_file_is_named(folder: Path) -> None:
    assert invoke("table", "import", str(folder / "nope.toml")) == (
        2, "", f"roll: error: no table file {folder / 'nope.toml'}\n")
    assert invoke("table", "import", str(folder)) == (
        2, "", f"roll: error: {folder} is a directory, not a table file\n")
    (folder / "latin1.csv").write_bytes(b"weight,text\n1,caf\xe9\n")
    assert invoke("table", "import", str(folder / "latin1.csv")) == (
        2, "", f"roll: error: {folder / 'latin1.csv'}: not UTF-8 text (bad byte at offset 17)\n")


def test_schema_4_keeps_aliases_and_tables_and_migrates_an_old_campaign(tmp_path: Path) -> None:
    from cli.store.sqlite import Campaign
    from tests.support.store import version_1_campaign

    path = version_1_campaign(tmp_path / "old.sqlite3")
    weather = {"name": "weather", "rows": [{"weight": 1, "text": "sun"}]}
    campaign = Campaign(path, create=False)
    with campaign.transaction() as tx:
        assert (tx.aliases(), tx.tables(), tx.table_names()) == ({}, {}, [])
        assert tx.put_alias("longsword", "d20+5") is False
        assert tx.put_alias("longsword", "d20+6") is True
        assert tx.put_table("weather", weather) is False
        assert tx.character("mira").name == "Mira"  # the old data is still there
    with campaign.transaction(readonly=True) as tx:
        assert tx.aliases() == {"longsword": "d20+6"}
        assert (tx.table_names(), tx.table_data("Weather")) == (["weather"], weather)
    with campaign.transaction() as tx:
        assert tx.remove_alias("LONGSWORD") == "d20+6"
        tx.remove_table("weather")
        assert (tx.aliases(), tx.table_data("weather")) == ({}, None)
    campaign.close()


def test_the_repl_heads_a_table_roll_with_its_row(imported: Path) -> None:
    """Issue 13's layout: the row a table gave leads, the die reading stays under it."""
    from cli.base.settings import Settings
    from tests.support.repl import repl

    status, out, err = repl("table encounters\rquit\r", Settings(rolled="3,6,2"))
    assert (status, err) == (0, "")
    assert out == "a lone knight with 3 hounds\n  encounters · d66 36\n"
