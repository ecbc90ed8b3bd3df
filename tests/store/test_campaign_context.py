"""Issue 11 through the CLI: who acts, reads that never create, the log, guarded undo, rm."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.cli import invoke, invoke_json
from tests.support.sheets import KIT, MIRA, sheet


def seated(tmp_path: Path) -> Path:
    """Kit (generic) and Mira (vagabond) imported into the campaign ROLL_CAMPAIGN names."""
    for name, text in (("kit", KIT), ("mira", MIRA)):
        assert invoke("sheet", "import", str(sheet(tmp_path, text, name)))[0] == 0
    return tmp_path


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A campaign with Kit (generic) and Mira (vagabond)."""
    return seated(tmp_path)


@pytest.fixture
def table_on_each_store(store_where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The same table in a new SQLite file, and in a new PostgreSQL database (slow)."""
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    return seated(tmp_path)


def test_roll_as_acts_and_as_wins_over_it(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert invoke_json("2d6", "--seed", "1")[1][0]["character"] is None
    monkeypatch.setenv("ROLL_AS", "kit")
    assert invoke("spend", "luck") == (0, "spend luck → Luck 1\nKit · Luck 2 → 1 (spend)\n", "")
    assert invoke_json("--seed", "1", "2d6")[1][0]["character"] == "Kit"
    code, [obj] = invoke_json("--as", "Mira", "--rolled", "5", "check", "dex")
    assert (code, obj["character"], obj["system"]) == (0, "Mira", "vagabond")


def test_plain_rolls_are_logged_only_when_a_character_acts(table_on_each_store: Path) -> None:
    assert invoke("-q", "-n", "5", "--seed", "2", "1d6")[0] == 0
    assert invoke("log") == (0, "", "")
    assert invoke("-q", "--as", "kit", "--rolled", "4", "1d6") == (0, "4\n", "")
    code, out, _ = invoke("log")
    assert code == 0 and re.fullmatch(r"#1 (now|\d+s) Kit 1d6 → 4\n", out)


@pytest.mark.parametrize(
    "args",
    [("log",), ("undo",), ("sheet", "list"), ("sheet", "show", "Kit"), ("sheet", "export", "Kit"),
     ("sheet", "rm", "Kit", "--yes"), ("--as", "Kit", "1d6"), ("--as", "Kit", "spend", "luck"),
     ("-s", "vagabond", "--as", "Kit", "check", "dex"), ("odds", "--as", "Kit", "d6")],
)
def test_a_missing_campaign_is_never_created(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = tmp_path / "typo" / "campain.sqlite3"
    who = " for Kit to act in" if "--as" in args else ""  # a LINE says who would act
    code, out, err = invoke("--campaign", str(path), *args)
    assert (code, out, err) == (
        2, "", f"roll: error: no campaign at {path}{who} (roll sheet import FILE creates one)\n")
    assert not path.parent.exists()


def test_sheet_import_creates_a_campaign_and_its_folders_and_says_where(tmp_path: Path) -> None:
    path = tmp_path / "new" / "table" / "c.sqlite3"
    kit = sheet(tmp_path, KIT)
    assert invoke("--campaign", str(path), "sheet", "import", str(kit)) == (
        0, "imported Kit (generic)\n", f"roll: created a new campaign at {path}\n")
    assert path.exists()
    assert invoke("--campaign", str(path), "-q", "--rolled", "3", "check", "x=1") [0] == 2
    assert invoke("--campaign", str(path), "-s", "vagabond", "-q", "--rolled", "15",
                  "check", "dex=5") == (0, "pass\n", "")


def test_import_over_a_character_keeps_its_pools_unless_reset(table: Path) -> None:
    invoke("--as", "kit", "spend", "luck")
    kit = sheet(table, KIT.replace("luck = 3", "luck = 5"))
    assert invoke("sheet", "import", str(kit)) == (
        0, "replaced Kit (generic), current pools kept (--reset: the sheet's)\n", "")
    assert "Luck: 1/5" in invoke("sheet", "show", "kit")[1]
    assert invoke("sheet", "import", str(kit), "--reset") == (
        0, "replaced Kit (generic), pools reset from the sheet\n", "")
    assert "Luck: 2/5" in invoke("sheet", "show", "kit")[1]
    invoke("--as", "kit", "set", "luck", "5")
    assert invoke("sheet", "import", str(sheet(table, KIT)))[0] == 0  # max back to 3
    assert "Luck: 3/3" in invoke("sheet", "show", "kit")[1]  # kept, but not above the max


def test_sheet_show_json_is_the_full_state(table: Path) -> None:
    invoke("--as", "mira", "hurt", "3")
    code, out, _ = invoke("sheet", "show", "Mira", "--json")
    assert code == 0
    state = json.loads(out)
    assert state["pools"] == {
        "hp": {"current": 5, "max": 8}, "luck": {"current": 2, "max": 3},
        "mana": {"current": 6, "max": 6}, "fatigue": {"current": 0, "max": 5},
    }
    assert (state["name"], state["system"], state["xp"], state["flags"]) == (
        "Mira", "vagabond", 4, ["hidden"])
    assert state["fields"] == {"level": 2, "xp": 4}
    assert state["stats"]["dexterity"] == 5 and state["risk"] == {}


def test_export_writes_every_pool_and_re_imports_to_the_same_state(table: Path) -> None:
    invoke("--as", "mira", "hurt", "3")
    before = json.loads(invoke("sheet", "show", "Mira", "--json")[1])
    code, exported, _ = invoke("sheet", "export", "Mira")
    assert code == 0
    assert exported.endswith("[pools]\nluck = 2\nfatigue = 0\nhp = 5\nmana = 6\n")
    invoke("sheet", "rm", "Mira", "--yes")
    assert invoke("sheet", "import", str(sheet(table, exported, "again")))[0] == 0
    after = json.loads(invoke("sheet", "show", "Mira", "--json")[1])
    assert {**after, "sheet": None} == {**before, "sheet": None}  # the raw sheet lists more


def test_undo_takes_back_the_acting_characters_change(table_on_each_store: Path) -> None:
    invoke("--as", "mira", "spend", "luck")
    invoke("--as", "kit", "hurt", "4")
    code, out, err = invoke("--as", "Mira", "undo")
    assert (code, err) == (0, "")
    assert out == "undid #1 (Mira): spend luck\n   Mira · Luck 1 → 2 (undo spend)\n"
    assert "HP: 6/10" in invoke("sheet", "show", "kit")[1]  # Kit's change stands
    code, out, err = invoke("--as", "Mira", "undo")
    assert (code, out, err) == (1, "", "roll: error: nothing to undo by Mira\n")
    assert invoke("undo")[1].startswith("undid #2 (Kit): hurt 4\n")


def test_undo_n_and_id_refuse_when_the_pool_moved_since(table_on_each_store: Path) -> None:
    invoke("--as", "kit", "spend", "luck")   # 1
    invoke("--as", "kit", "hurt", "2")       # 2
    invoke("--as", "kit", "spend", "luck")   # 3
    code, out, err = invoke("--as", "kit", "undo", "3")
    assert (code, out) == (1, "")
    assert err == ("roll: error: cannot undo 'spend luck' (#1): Kit's luck moved since"
                   " (#3 spend luck); nothing changed\n")
    assert invoke("undo", "--id", "2") == (
        0, "undid #2 (Kit): hurt 2\n   Kit · HP 8 → 10 (undo hurt)\n", "")
    assert invoke("undo", "--id", "2")[2] == "roll: error: #2 is already undone; nothing changed\n"
    assert invoke("--as", "mira", "undo", "--id", "3")[0] == 1  # Kit's, not Mira's
    assert "Luck: 0/3" in invoke("sheet", "show", "kit")[1]


def test_sheet_rm_needs_yes_off_a_terminal_and_undo_restores(table_on_each_store: Path) -> None:
    invoke("--as", "kit", "spend", "luck")
    code, out, err = invoke("sheet", "rm", "Kit")
    assert (code, out) == (2, "") and "add --yes" in err
    assert invoke("sheet", "rm", "kit", "--yes") == (0, "removed Kit (undo brings it back)\n", "")
    assert invoke("sheet", "show", "kit")[0] == 2
    assert invoke("undo") == (0, "undid #2 (Kit): sheet rm Kit\n   Kit is back, with its pools\n", "")
    assert "Luck: 1/3" in invoke("sheet", "show", "kit")[1]
    assert invoke("undo")[1].startswith("undid #1 (Kit): spend luck")  # then the older one


def test_sheet_rm_asks_on_a_terminal() -> None:
    import io

    from cli.base.environment import Environment
    from cli.commands.campaign_cmds import confirm_removal
    from rules.errors import RuleError

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    asked: list[str] = []
    answers = iter([True, False])

    def confirm(text: str) -> bool:
        asked.append(text)
        return next(answers)

    env = Environment(Tty(), Tty(), Tty(), confirm=confirm)
    confirm_removal(env, "Kit")
    with pytest.raises(RuleError, match="kept Kit; nothing changed"):
        confirm_removal(env, "Kit")
    assert asked == ["remove Kit from this campaign?"] * 2


def test_log_filters_and_json(table: Path) -> None:
    invoke("--as", "mira", "--rolled", "7,4", "check", "dex", "favor")
    invoke("--as", "kit", "spend", "luck")
    lines = invoke("log")[1].splitlines()
    assert len(lines) == 2 and all(len(line) <= 40 for line in lines)
    assert re.fullmatch(r"#2 (now|\d+s) Kit spend luck · Luck 2→1", lines[1])
    assert invoke("log", "--as", "MIRA")[1].startswith("#1 ")
    assert len(invoke("log", "--as", "mira")[1].splitlines()) == 1
    assert len(invoke("log", "-n", "1")[1].splitlines()) == 1
    assert len(invoke("log", "--since", "1h")[1].splitlines()) == 2
    assert invoke("log", "--since", "2999-01-01")[1] == ""
    assert invoke("log", "--since", "yesterday")[0] == 2
    code, out, _ = invoke("log", "--json", "--as", "kit")
    [obj] = [json.loads(line) for line in out.splitlines()]
    assert obj["id"] == 2 and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", obj["time"])
    assert (obj["input"], obj["character"], obj["kind"]) == ("spend luck", "Kit", "pool")
    assert obj["changes"] == [{"character": "Kit", "pool": "luck", "before": 2, "after": 1,
                               "reason": "spend", "kind": "pool"}]


def test_an_unknown_acting_character_names_the_campaign(table: Path, private_campaign: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    expected = (f"roll: error: no character named 'Zed' in campaign {private_campaign}"
                " (known: Kit, Mira)\n")
    assert invoke("--as", "Zed", "spend", "luck") == (2, "", expected)
    monkeypatch.setenv("ROLL_AS", "Zed")  # acts even for plain dice, and says it is ROLL_AS
    said = expected.replace("roll: error: ", "roll: error: ROLL_AS: ")
    assert invoke("1d6") == (2, "", said)
    assert invoke("--as", "Zed", "1d6") == (2, "", expected)  # --as is on the line
