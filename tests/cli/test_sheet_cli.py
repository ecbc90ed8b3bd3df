"""`roll sheet …`, pool commands, `log` and `undo` through the CLI, as a user would type them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pytest import MonkeyPatch

from tests.support.cli import after_a_write, invoke
from tests.support.sheets import VAGABOND

SHEET = """\
name = "Kit"
system = "generic"
[stats]
str = 3
[max]
hp = 10
luck = 3
[pools]
luck = 2
"""


def imported(tmp_path: Path, text: str = SHEET) -> Path:
    path = tmp_path / "kit.toml"
    path.write_text(text)
    code, out, err = invoke("sheet", "import", str(path))
    assert (code, out) == (0, "imported Kit (generic)\n") and err in after_a_write()
    return path


def test_import_export_reimport_show_list_rm(tmp_path: Path) -> None:
    imported(tmp_path)
    code, exported, _ = invoke("sheet", "export", "kit")
    assert code == 0 and 'name = "Kit"' in exported and "luck = 2" in exported
    again = tmp_path / "again.toml"
    again.write_text(exported)
    assert invoke("sheet", "import", str(again))[0] == 0
    code, shown, _ = invoke("sheet", "show", "Kit")
    assert code == 0 and "Luck: 2/3" in shown and "HP: 10/10" in shown
    assert invoke("sheet", "list") == (0, "  Kit              generic\n", "")
    assert invoke("sheet", "rm", "kit") == (
        2, "", "roll: error: sheet rm Kit asks first: add --yes to remove without a terminal\n"
    )
    assert invoke("sheet", "rm", "kit", "--yes") == (0, "removed Kit (undo brings it back)\n", "")
    assert invoke("sheet", "list") == (0, "", "")


def test_pool_commands_clamp_and_refuse(tmp_path: Path) -> None:
    imported(tmp_path)
    expected = "spend luck → Luck 1\nKit · Luck 2 → 1 (spend)\n"
    assert invoke("--as", "kit", "spend", "luck") == (0, expected, "")
    code, out, err = invoke("--as", "kit", "spend", "luck", "2")
    assert (code, out) == (1, "") and err == "roll: error: Kit has 1 Luck; cannot spend 2\n"
    assert invoke("--as", "kit", "gain", "luck", "9")[1].endswith("Kit · Luck 1 → 3 (gain)\n")
    assert invoke("--as", "kit", "hurt", "4")[1].endswith("Kit · HP 10 → 6 (hurt)\n")
    assert invoke("--as", "kit", "heal", "99")[1].endswith("Kit · HP 6 → 10 (heal)\n")
    assert invoke("--as", "kit", "set", "luck", "0")[1].endswith("Kit · Luck 3 → 0 (set)\n")
    assert invoke("--as", "kit", "rest")[1] == "Kit rests\nKit · Luck 0 → 3 (rest)\n"


def test_log_and_undo_in_order_then_refused(tmp_path: Path) -> None:
    imported(tmp_path)
    invoke("--as", "kit", "spend", "luck")
    invoke("--as", "kit", "hurt", "3")
    code, out, _ = invoke("log", "--json")
    entries = [json.loads(line) for line in out.splitlines()]
    assert [e["input"] for e in entries] == ["spend luck", "hurt 3"]
    assert entries[1]["changes"][0] == {"character": "Kit", "pool": "hp", "before": 10, "after": 7,
                                        "reason": "hurt", "kind": "pool"}
    assert invoke("undo")[1].startswith("undid #2 (Kit): hurt 3\n")
    assert invoke("undo")[1].startswith("undid #1 (Kit): spend luck\n")
    code, _, err = invoke("undo")
    assert code == 1 and "nothing to undo" in err
    assert "Luck: 2/3" in invoke("sheet", "show", "kit")[1]


def test_undo_is_refused_when_the_pool_changed_since(tmp_path: Path) -> None:
    path = imported(tmp_path)
    invoke("--as", "kit", "spend", "luck")
    # a re-import with --reset puts Luck back to 2 outside the log: the spend cannot be undone
    assert invoke("sheet", "import", str(path), "--reset") == (
        0, "replaced Kit (generic), pools reset from the sheet\n", "")
    code, out, err = invoke("undo")
    assert (code, out) == (1, "")
    assert "Kit's luck is 2 now, not 1" in err
    assert "Luck: 2/3" in invoke("sheet", "show", "kit")[1]


def test_bad_sheets_are_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    for text, message in [
        ('name = "X"\nsystem = "nope"\n', "unknown system"),
        ('name = "X"\nsystem = "vagabond"\n[stats]\nmight = 9\n', "stats.might"),
        ('name = "X"\nsystem = "generic"\ncolour = 1\n', "colour"),
        ('name = "X"\nsystem = "generic"\n[stats]\nstr = "high"\n', "stats.str"),
        ('name = "X\n', "broken TOML"),
    ]:
        path = tmp_path / "bad.toml"
        path.write_text(text)
        code, _, err = invoke("sheet", "import", str(path))
        assert code == 2 and message in err, (text, err)
    assert invoke("sheet", "list")[0] == 2  # no campaign was made


def test_unknown_character_is_bad_input(tmp_path: Path) -> None:
    imported(tmp_path)
    code, _, err = invoke("--as", "nobody", "spend", "luck")
    assert code == 2 and "no character named 'nobody'" in err


def test_options_before_the_sheet_subcommand_are_taken(tmp_path: Path) -> None:
    # `roll --campaign PATH sheet list`: options are accepted before the subcommand (SPEC §2)
    other = tmp_path / "other.sqlite3"
    path = tmp_path / "kit.toml"
    path.write_text(SHEET)
    assert invoke("--campaign", str(other), "sheet", "import", str(path))[0] == 0
    assert invoke("--campaign", str(other), "sheet", "list") == (
        0, "  Kit              generic\n", ""
    )
    assert invoke("sheet", "list")[0] == 2  # the default campaign was left alone: none
    code, out, _ = invoke("--campaign", str(other), "--json", "sheet", "show", "kit")
    assert code == 0 and json.loads(out)["name"] == "Kit"
    assert invoke("--campaign", str(other), "--as", "kit", "sheet", "show")[1].startswith(
        "Kit · Generic dice\n"
    )
    assert invoke("-s", "generic", "--campaign", str(other), "sheet", "rm", "Kit", "--yes")[0] == 0


def test_show_and_log_fit_a_40_column_pane(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    imported(tmp_path)
    path = tmp_path / "mira.toml"
    path.write_text(VAGABOND)
    assert invoke("sheet", "import", str(path))[0] == 0
    code, shown, _ = invoke("sheet", "show", "mira")
    assert code == 0
    assert shown.splitlines()[:6] == [
        "Mira · Vagabond",
        "  level: 2",
        "  might 4  dexterity 5  awareness 3",
        "  reason 3  presence 3  luck 3",
        "  trained: detect, finesse, leadership,",
        "    mysticism, survival",
    ]
    invoke("--as", "mira", "--rolled", "7,4", "check", "dex", "favor")
    code, out, _ = invoke("log")
    assert code == 0
    assert re.fullmatch(r"#1 (now|\d+s) Mira check dex favor → 11 fail\n", out)
    assert all(len(line) <= 40 for line in shown.splitlines() + out.splitlines())


def test_undo_json_is_the_logged_section_3_object(tmp_path: Path) -> None:
    imported(tmp_path)
    invoke("--as", "kit", "spend", "luck")
    code, out, _ = invoke("--json", "undo")
    assert code == 0
    shown = json.loads(out)
    logged = json.loads(invoke("log", "-n", "1", "--json")[1])
    assert shown == logged  # `roll --json undo` prints what `roll log --json` will show
    assert shown["input"] == "undo" and shown["kind"] == "undo" and shown["undoes"] == 1
    assert shown["changes"] == [{"character": "Kit", "pool": "luck", "before": 1, "after": 2,
                                 "reason": "undo spend", "kind": "pool"}]
    assert {"system", "character", "total", "target", "outcome", "crit", "fumble", "successes",
            "dice", "text"} <= set(shown)


def test_show_lists_xp_and_a_med_flag(tmp_path: Path) -> None:
    """Issue 14's display: XP (Vagabond) and the Med Flag (Champions) are on the sheet shown."""
    campaign = str(tmp_path / "c.sqlite3")
    mira = tmp_path / "mira.toml"
    mira.write_text('name = "Mira"\nsystem = "vagabond"\nlevel = 2\nxp = 3\n'
                    '[stats]\nmight = 4\ndexterity = 5\n')
    bran = tmp_path / "bran.toml"
    bran.write_text('name = "Bran"\nsystem = "champions"\nkind = "cohort"\nguard = 10\n'
                    'armor = 0\n[stats]\nmight = 2\n')
    for sheet in (mira, bran):
        assert invoke("--campaign", campaign, "sheet", "import", str(sheet))[0] == 0
    assert invoke("--campaign", campaign, "--as", "Bran", "hurt", "2")[0] == 0
    _, out, _ = invoke("--campaign", campaign, "sheet", "show", "Mira")
    assert out.splitlines()[1:3] == ["  level: 2", "  xp: 3"]
    _, out, _ = invoke("--campaign", campaign, "sheet", "show", "Bran")
    assert "  med-flag: 3" in out.splitlines()


BRAM = 'name = "Bram"\nsystem = "generic"\n[max]\nhp = 8\n'


def test_a_party_imports_at_once_each_said_in_order(tmp_path: Path) -> None:
    kit, bram = tmp_path / "kit.toml", tmp_path / "bram.toml"
    kit.write_text(SHEET)
    bram.write_text(BRAM)
    code, out, err = invoke("sheet", "import", str(kit), str(bram))
    assert (code, out) == (0, "imported Kit (generic)\nimported Bram (generic)\n")
    assert err in after_a_write()
    assert invoke("sheet", "import", str(bram), str(kit), "--reset") == (
        0, "replaced Bram (generic), pools reset from the sheet\n"
           "replaced Kit (generic), pools reset from the sheet\n", "")
    code, out, _ = invoke("--json", "sheet", "import", str(kit), str(bram))
    assert (code, json.loads(out)) == (0, {
        "input": f"sheet import {kit} {bram}", "kind": "sheet",
        "text": "replaced Kit (generic), current pools kept (--reset: the sheet's)\n"
                "replaced Bram (generic), current pools kept (--reset: the sheet's)"})


def test_a_party_with_one_bad_sheet_imports_nobody(tmp_path: Path) -> None:
    kit, bad = tmp_path / "kit.toml", tmp_path / "bad.toml"
    kit.write_text(SHEET)
    bad.write_text('name = "X"\n')
    code, out, err = invoke("sheet", "import", str(kit), str(bad))
    assert (code, out) == (2, "")
    assert err == (f"roll: error: {bad}: sheet key 'system' is missing (every sheet needs name"
                   " and system)\n")
    assert not (tmp_path / "campaign.sqlite3").exists()  # nothing written, not even the campaign
    imported(tmp_path)
    bram = tmp_path / "bram.toml"
    bram.write_text(BRAM)
    assert invoke("sheet", "import", str(bram), str(bad))[0] == 2
    assert invoke("sheet", "list") == (0, "  Kit              generic\n", "")


def test_two_files_of_one_character_import_neither(tmp_path: Path) -> None:
    imported(tmp_path)
    kit2 = tmp_path / "kit2.toml"
    kit2.write_text(SHEET.replace('name = "Kit"', 'name = "kit"').replace("luck = 2", "luck = 0"))
    kit = tmp_path / "kit.toml"
    assert invoke("sheet", "import", str(kit), str(kit2), "--reset") == (
        2, "", f"roll: error: kit is in both {kit} and {kit2}: import one of them; nothing"
               " changed\n")
    assert "Luck: 2/3" in invoke("sheet", "show", "Kit")[1]
