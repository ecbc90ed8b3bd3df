"""The log keeps a typed, versioned record of what happened, with every die's history; `--json`,
`roll log --json`, undo's and `sheet rm`'s JSON are written from it by the one renderer."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

import rules
from cli.render.json import record_to_json, resolution_to_json
from cli.render.text import plain_text
from cli.store import campaign_where, open_campaign
from cli.store.records import BadRecord, decode, encode, from_section3
from rules.dice.source import ScriptedSource
from rules.errors import RollError
from rules.notation import syntax
from rules.record import (
    DAMAGED,
    EXPLODED,
    LINE,
    RECORD_VERSION,
    REROLLED,
    Record,
    Rerolled,
    RolledDie,
    record_of,
    undo_record,
)
from rules.resolution import Change
from tests.support.cli import invoke
from tests.support.paths import SHEETS_DIR
from tests.support.strategies import roll_lines

SHEETS = SHEETS_DIR
ORDER = ["input", "system", "character", "kind", "total", "target", "compare", "outcome", "crit",
         "fumble", "successes", "dice", "changes", "text"]


def recorded(line: str, faces: list[int]) -> Record:
    res = rules.roll(line, source=ScriptedSource(faces))
    return record_of(res, plain_text(res))


def test_a_reroll_and_a_drop_are_in_the_dice_history() -> None:
    record = recorded("4d6r1kh3", [1, 4, 3, 6, 2])
    assert record.dice == (
        RolledDie("d6", 1, False, "4d6r1kh3", REROLLED),
        RolledDie("d6", 4, True, "4d6r1kh3"),
        RolledDie("d6", 3, True, "4d6r1kh3"),
        RolledDie("d6", 6, True, "4d6r1kh3"),
        RolledDie("d6", 2, False, "a reroll of 4d6r1kh3"),
    )
    assert (record.act, record.total, record.version) == (LINE, 13, RECORD_VERSION)


def test_an_explosion_is_in_the_dice_history() -> None:
    record = recorded("3d6!", [6, 2, 6, 5, 1])
    assert [(d.face, d.why, d.fate) for d in record.dice] == [
        (6, "3d6!", EXPLODED), (2, "3d6!", None), (6, "3d6!", EXPLODED),
        (5, "an explosion of 3d6!", None), (1, "an explosion of 3d6!", None),
    ]  # fmt: skip
    compounded = recorded("1d6!!", [6, 6, 3])
    assert [d.fate for d in compounded.dice] == [EXPLODED, EXPLODED, None]


def test_a_system_die_says_what_it_was_thrown_for() -> None:
    res = rules.roll("check dex=5 favor", system="vagabond", source=ScriptedSource([9, 2]))
    record = record_of(res, plain_text(res))
    assert [(d.die, d.why) for d in record.dice] == [("d20", "check dexterity"), ("d6", "Favor")]
    assert record.field("check_die") == 0 and record.field("nothing", "none") == "none"


def test_the_section_3_object_is_the_records_and_shows_no_history() -> None:
    res = rules.roll("1d8 [slashing] + 1d6 [fire]", source=ScriptedSource([3, 4]))
    obj = resolution_to_json(res, plain_text(res))
    assert list(obj) == [*ORDER, "labels"]
    assert obj["dice"] == [{"die": "d8", "face": 3, "kept": True},
                           {"die": "d6", "face": 4, "kept": True}]
    assert obj["labels"] == {"slashing": 3, "fire": 4}
    assert record_to_json(record_of(res, obj["text"])) == obj


@pytest.mark.parametrize("line, faces", [
    ("4d6r1kh3", [1, 4, 3, 6, 2]), ("3d6!", [6, 2, 6, 5, 1]), ("2d20kh1 vs 12", [3, 15]),
    ("1d8 [slashing] + 1d6/2 [fire]", [3, 5]),
])
def test_the_stored_form_reads_back_as_the_same_record(line: str, faces: list[int]) -> None:
    record = recorded(line, faces)
    changes = (Change("Mira", "luck", 2, 1, "spend"),)
    record = dataclasses.replace(record, changes=changes)
    stored = json.loads(encode(record))
    assert stored["version"] == RECORD_VERSION and "changes" not in stored  # their own column
    assert decode(stored, changes) == record


@given(roll_lines)
@settings(max_examples=150, deadline=None)
def test_any_lines_record_is_stored_whole_and_shows_as_its_result(line: syntax.RollLine) -> None:
    try:
        res = rules.roll(str(line), seed=7)
    except RollError:
        return
    record = record_of(res, plain_text(res))
    assert decode(json.loads(encode(record)), res.changes) == record
    assert record_to_json(record) == resolution_to_json(res, plain_text(res))
    assert len(record.dice) == len(res.throws)
    assert not any(d.kept for d in record.dice if d.fate == REROLLED)  # a rerolled face is gone


def test_an_undo_is_a_record_of_its_own_rendered_as_any_line() -> None:
    spent = Record("spend luck", "vagabond", "pool", character="Mira")
    back = (Change("Mira", "luck", 1, 2, "undo spend"),)
    undo = undo_record(spent, 4, back)
    obj = record_to_json(undo)
    assert list(obj) == [*ORDER, "undoes"]
    assert (obj["input"], obj["kind"], obj["text"], obj["undoes"]) == (
        "undo", "undo", "undo spend luck", 4)
    assert decode(json.loads(encode(undo)), back) == undo


@pytest.mark.parametrize("stored, why", [
    ({"version": RECORD_VERSION + 1}, "newer than this roll knows"),
    ({"act": "line"}, "has no version"),
    ({"version": 1, "input": "d6", "system": "generic", "kind": "roll", "act": "line",
      "text": "", "dice": [["d6", "six", True]]}, "not a whole number"),
    ({"version": 1, "input": 5, "system": "generic", "kind": "roll", "act": "line"},
     "input is not text"),
    ({"version": 1, "input": "d6", "system": "generic", "kind": "roll", "act": "line",
      "text": "", "notes": 5}, "its fields"),
    ({"version": 1, "input": "d6", "system": "generic", "kind": "roll", "act": "wish",
      "text": ""}, "'wish' is not a kind of log entry"),
])
def test_a_record_not_of_its_shape_is_refused(stored: dict[str, Any], why: str) -> None:
    with pytest.raises(BadRecord, match=why):
        decode(stored, ())


@pytest.mark.parametrize("old", [{"dice": 5}, {"dice": [{"face": "six"}]}, {"total": "7"},
                                 {"notes": [1], "labels": 3, "outcome": 2}])
def test_an_old_object_not_of_its_shape_is_refused(old: dict[str, Any]) -> None:
    with pytest.raises(BadRecord):
        from_section3(old, ())


def test_an_old_section_3_object_reads_as_a_record() -> None:
    old = {"input": "sword", "system": "vagabond", "character": "Mira", "kind": "attack",
           "total": 17, "target": 16, "outcome": "hit", "crit": False, "fumble": False,
           "successes": None, "dice": [{"die": "d20", "face": 17, "kept": True}],
           "changes": [], "text": "sword → …", "damage": 8, "check_die": 0,
           "expanded": "attack melee 1d8+3", "notes": ["Damage 8"]}
    record = from_section3(old, ())
    assert record.expanded == "attack melee 1d8+3" and record.notes == ("Damage 8",)
    assert record.extra == (("damage", 8), ("check_die", 0))
    assert record.dice == (RolledDie("d20", 17, True),)  # no history: it was not kept
    assert record.compare == ">="  # the compare SPEC §3 added since: a Vagabond attack's
    keys = list(old)
    shown = [*keys[:6], "compare", *keys[6:]]  # after `target`, where §3 puts it
    assert json.dumps(record_to_json(record)) == json.dumps(
        {key: old.get(key, ">=") for key in shown})


# ---- through roll ----


def campaign_rows(path: Path) -> list[dict[str, Any]]:
    db = sqlite3.connect(path)
    rows = [json.loads(r[0]) for r in db.execute("SELECT result FROM log ORDER BY id")]
    db.close()
    return rows


def test_the_log_keeps_the_dice_history_and_json_shows_the_dice(private_campaign: Path) -> None:
    assert invoke("sheet", "import", str(SHEETS / "mira.toml"))[0] == 0
    code, out, _ = invoke("--json", "--as", "Mira", "--rolled", "6,2,6,5,1", "3d6!")
    assert code == 0
    shown = json.loads(out)
    assert shown["dice"][0] == {"die": "d6", "face": 6, "kept": True}
    stored = campaign_rows(private_campaign)[-1]
    assert stored["version"] == RECORD_VERSION and stored["act"] == "line"
    assert stored["dice"][0] == ["d6", 6, True, "3d6!", "exploded"]
    assert stored["dice"][3] == ["d6", 5, True, "an explosion of 3d6!"]
    logged = json.loads(invoke("log", "-n", "1", "--json")[1])
    assert {k: v for k, v in logged.items() if k not in ("id", "time", "undone")} == shown


def test_sheet_rm_json_is_the_logged_removal_and_undo_brings_it_back() -> None:
    assert invoke("sheet", "import", str(SHEETS / "corin.toml"))[0] == 0
    code, out, _ = invoke("--json", "sheet", "rm", "Corin", "--yes")
    assert code == 0
    removal = json.loads(out)
    assert list(removal)[:2] == ["id", "time"] and list(removal)[2:16] == ORDER
    assert (removal["kind"], removal["text"], removal["sheet"]["name"]) == (
        "remove", "removed Corin", "Corin")
    assert json.loads(invoke("log", "-n", "1", "--json")[1]) == removal
    code, out, _ = invoke("--json", "undo")
    undone = json.loads(out)
    assert code == 0 and list(undone)[2:16] == ORDER
    assert (undone["undoes"], undone["restored"], undone["text"]) == (
        removal["id"], "Corin", "undo sheet rm Corin")
    assert invoke("sheet", "list")[1].split() == ["Corin", "vagabond"]


def test_a_damaged_row_is_listed_with_every_section_3_key(private_campaign: Path) -> None:
    assert invoke("sheet", "import", str(SHEETS / "mira.toml"))[0] == 0
    assert invoke("--as", "Mira", "hurt", "1")[0] == 0
    db = sqlite3.connect(private_campaign)
    db.execute("UPDATE log SET result = '{\"version\": 1, \"act\": 7}'")
    db.commit()
    db.close()
    listed = json.loads(invoke("log", "--json")[1])
    assert list(listed)[2:16] == ORDER and listed["kind"] == DAMAGED
    assert listed["character"] == "Mira" and "is damaged (its act is not text)" in listed["error"]
    assert invoke("log")[1].rstrip().endswith("Mira hurt 1 (damaged)")


def test_a_flukes_record_of_the_line_it_rerolled_is_typed_and_stored_so(
    private_campaign: Path,
) -> None:
    assert invoke("sheet", "import", str(SHEETS / "mira.toml"))[0] == 0
    assert invoke("--as", "Mira", "--rolled", "5,1", "check", "dex", "favor")[0] == 0
    code, out, _ = invoke("--json", "--as", "Mira", "--rolled", "16", "fluke")
    assert code == 0
    assert json.loads(out)["fluke"] == {
        "input": "check dex favor",
        "dice": [{"die": "d20", "face": 16, "kept": True}, {"die": "d6", "face": 1, "kept": True}],
        "effects": [], "result": {"stat": "dexterity", "skill": None, "stat_value": 5,
                                  "trained": False, "favor": "favor", "check_die": 0}}
    with open_campaign(campaign_where(private_campaign)).transaction() as tx:
        again = tx.log(1)[0].record.field("fluke")
    assert isinstance(again, Rerolled)
    assert (again.input, again.dice[0], dict(again.fields)["check_die"]) == (
        "check dex favor", RolledDie("d20", 16, True), 0)
