"""Log ids on both stores: each change's entry gets the next id in the order the changes
commit (PostgreSQL gives it ahead of the entry's INSERT, with the change's first read); a
change refused or failed leaves no entry, and the next one still follows; an entry the
database refuses fails its whole change with one line, nothing half-applied."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cli.store import campaign_where, open_campaign
from rules.resolution import Change, Resolution
from tests.support.cli import invoke
from tests.support.sheets import sheet

ZERO = 'name = "Kit"\nsystem = "generic"\n[max]\nluck = 10\n[pools]\nluck = 0\n'


def entries(where: str) -> list[dict[str, Any]]:
    code, out, err = invoke("--campaign", where, "log", "-n", "1000", "--json")
    assert (code, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


def luck(where: str) -> int:
    code, out, _ = invoke("--campaign", where, "--as", "Kit", "sheet", "show", "--json")
    assert code == 0
    return int(json.loads(out)["pools"]["luck"]["current"])


def kit(where: str, tmp_path: Path, text: str = ZERO) -> None:
    assert invoke("--campaign", where, "sheet", "import",
                  str(sheet(tmp_path, text)))[0] == 0


def test_a_repeated_writing_line_logs_each_time_with_the_next_id(
    store_where: str, tmp_path: Path
) -> None:
    kit(store_where, tmp_path)
    assert invoke("--campaign", store_where, "--as", "Kit", "-n", "3", "gain", "luck", "1")[0] == 0
    assert invoke("--campaign", store_where, "--as", "Kit", "gain", "luck", "1")[0] == 0
    logged = entries(store_where)
    assert [e["id"] for e in logged] == [1, 2, 3, 4]
    assert [(c["before"], c["after"]) for e in logged for c in e["changes"]] == [
        (0, 1), (1, 2), (2, 3), (3, 4)]
    assert invoke("--campaign", store_where, "--as", "Kit", "undo", "--id", "4")[0] == 0
    assert luck(store_where) == 3


def test_a_refused_change_leaves_no_entry_and_the_next_one_follows(
    store_where: str, tmp_path: Path
) -> None:
    kit(store_where, tmp_path, ZERO.replace("luck = 0", "luck = 1"))
    assert invoke("--campaign", store_where, "--as", "Kit", "spend", "luck")[0] == 0
    # the first of three spends luck to 0, the second is refused: none of the three is kept
    assert invoke("--campaign", store_where, "--as", "Kit", "-n", "3", "spend", "luck") == (
        1, "", "roll: error: Kit has 0 Luck; cannot spend 1\n")
    assert [e["input"] for e in entries(store_where)] == ["spend luck"]
    assert luck(store_where) == 0
    assert invoke("--campaign", store_where, "--as", "Kit", "gain", "luck", "2")[0] == 0
    first, after = entries(store_where)
    assert first["id"] == 1 and after["id"] > 1  # (PostgreSQL's ids may skip the refused)
    assert [(c["before"], c["after"]) for c in after["changes"]] == [(0, 2)]
    # undo finds the entry by its id, and the log reads on past it by id
    assert invoke("--campaign", store_where, "--as", "Kit", "undo")[0] == 0
    assert luck(store_where) == 0
    assert [(e["input"], e["undone"]) for e in entries(store_where)] == [
        ("spend luck", False), ("gain luck 2", True), ("undo", False)]
    assert [e["id"] for e in entries(store_where)][1:] == [after["id"], after["id"] + 1]


def refuse_spending(where: str) -> None:
    """A trigger on the campaign's log that refuses the entry of a `spend luck`."""
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            db.execute("CREATE FUNCTION no_spending() RETURNS trigger LANGUAGE plpgsql AS"
                       " $$ BEGIN RAISE EXCEPTION 'no spending'; END $$")
            db.execute("CREATE TRIGGER no_spending BEFORE INSERT ON log FOR EACH ROW"
                       " WHEN (NEW.input = 'spend luck') EXECUTE FUNCTION no_spending()")
        return
    with sqlite3.connect(where) as db:
        db.execute("CREATE TRIGGER no_spending BEFORE INSERT ON log"
                   " WHEN NEW.input = 'spend luck' BEGIN SELECT RAISE(ABORT, 'no spending'); END")
    db.close()


def test_an_entry_the_database_refuses_fails_its_whole_change(
    store_where: str, tmp_path: Path
) -> None:
    kit(store_where, tmp_path, ZERO.replace("luck = 0", "luck = 5"))
    assert invoke("--campaign", store_where, "--as", "Kit", "gain", "luck", "1")[0] == 0
    refuse_spending(store_where)
    why = ("no spending; CONTEXT: PL/pgSQL function no_spending() line 1 at RAISE"
           if store_where.startswith("postgresql://") else "no spending")
    assert invoke("--campaign", store_where, "--as", "Kit", "spend", "luck") == (
        2, "", f"roll: error: campaign {store_where}: {why}; nothing changed\n")
    assert luck(store_where) == 6  # the sheet's UPDATE went with the refused entry
    assert [e["input"] for e in entries(store_where)] == ["gain luck 1"]
    # the same process's next change (a batch) goes on, on the same store
    code, out, err = invoke("--campaign", store_where, "--as", "Kit", "-q",
                            input="spend luck\ngain luck 2\n")
    assert (code, err) == (2, f"roll: error: line 1: campaign {store_where}: {why};"
                              " nothing changed\n")
    assert luck(store_where) == 8
    assert [e["input"] for e in entries(store_where)] == ["gain luck 1", "gain luck 2"]


def test_an_error_after_writes_went_to_the_server_keeps_none_of_them(
    store_where: str, tmp_path: Path
) -> None:
    """Writes already sent (a sheet stored, a change applied and logged, a character removed)
    and then an error of the program's own, or ^C: none of them is kept."""
    kit(store_where, tmp_path)
    store = open_campaign(campaign_where(store_where))
    gain = Resolution("gain luck 1", "generic", "pool", "", "Kit",
                      changes=(Change("Kit", "luck", 0, 1, "gain"),))
    for error in (ValueError("boom"), KeyboardInterrupt()):
        with pytest.raises(type(error)), store.transaction() as tx:
            tx.put_character({"name": "Bo", "system": "generic"})
            tx.table("Kit")
            tx.apply(gain, {})
            tx.character_names()  # a read: what was written before it has gone to the server
            tx.remove_character("Kit")
            tx.character_names()
            raise error
        with store.transaction(readonly=True) as tx:
            assert tx.character_names() == ["Kit"] and tx.log(10) == []
    with store.transaction() as tx:
        tx.table("Kit")
        assert tx.apply(gain, {}).id >= 1
    store.close()
    assert [(e["input"], e["changes"][0]["after"]) for e in entries(store_where)] == [
        ("gain luck 1", 1)]
