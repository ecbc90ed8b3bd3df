"""A campaign whose log rows were written before the log record (schema 5: each row the §3
object `--json` printed) is migrated to records and reads, undoes and rerolls as it did, on
SQLite and on PostgreSQL.

The rows and the outputs come from the old `roll` itself (tests/support/old_log_rows.py). Every
byte is the same, but for one thing the old code did by hand: an undo's, a removal's and a
secret marker's JSON put `successes` before `crit`; they go through the one renderer now, which
puts it after `fumble` as for any LINE (no test pinned the old order).
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cli.store import schema
from cli.store.link import Link
from cli.store.pg_schema import POSTGRES, VERSION_TABLE
from cli.store.sqlite import SQLITE
from rules.record import RECORD_VERSION
from tests.support.cli import invoke
from tests.support.paths import DATA_DIR

FIXTURE = json.loads((DATA_DIR / "log_rows_schema5.json").read_text())
OLD_VERSION = 5
HAND_BUILT = ("undo", "remove", "secret")
"""The kinds whose §3 object the old code built beside the renderer."""


def _insert(link: Link) -> None:
    for table, data in FIXTURE["tables"].items():
        columns = data["columns"]
        marks = ", ".join(["{p}"] * len(columns))
        for row in data["rows"]:
            link.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", row)


def old_campaign(where: str) -> None:
    """The campaign at schema 5, holding the old tree's rows."""
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            db.execute(f"CREATE TABLE {VERSION_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1),"
                       " version INTEGER NOT NULL)")
            db.execute(f"INSERT INTO {VERSION_TABLE} VALUES (1, {OLD_VERSION})")
            link = Link(db, POSTGRES)
            for step in schema.MIGRATIONS[:OLD_VERSION]:
                step(link)
            _insert(link)
            POSTGRES.follow_ids(link, "log")
        return
    Path(where).parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(where)
    link = Link(db, SQLITE)
    for step in schema.MIGRATIONS[:OLD_VERSION]:
        step(link)
    _insert(link)
    db.execute(f"PRAGMA user_version = {OLD_VERSION}")
    db.commit()
    db.close()


def stored_results(where: str) -> list[dict[str, Any]]:
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where) as db:
            rows = db.execute("SELECT result FROM log ORDER BY id").fetchall()
    else:
        db = sqlite3.connect(where)
        rows = db.execute("SELECT result FROM log ORDER BY id").fetchall()
        db.close()
    return [json.loads(r[0]) for r in rows]


def renderer_order(line: str) -> str:
    """An old hand-built JSON line with its keys in the renderer's order (`successes` after
    `fumble`); any other line as it is."""
    try:
        obj = json.loads(line)
    except ValueError:
        return line
    if not isinstance(obj, dict) or obj.get("kind") not in HAND_BUILT or "successes" not in obj:
        return line
    successes = obj.pop("successes")
    out: dict[str, Any] = {}
    for key, value in obj.items():
        out[key] = value
        if key == "fumble":
            out["successes"] = successes
    return json.dumps(out, ensure_ascii=False)


LAST_OLD = max(row[0] for row in FIXTURE["tables"]["log"]["rows"])
TIME = re.compile(r'^\{"id": (\d+), "time": "[^"]*"')
AGE = re.compile(r"^(#\d+) \S+ ", re.MULTILINE)


OLD_TARGET = re.compile(r'"target": (null|-?\d+), "outcome"')


def with_compare(line: str) -> str:
    """An old §3 line with the `compare` SPEC §3 added since: every old row's game compares
    by ≥ (Vagabond, Tiers), and a row without a target has none."""
    return OLD_TARGET.sub(lambda m: f'"target": {m[1]}, "compare": '
                          f'{"null" if m[1] == "null" else chr(34) + ">=" + chr(34)}, "outcome"', line)


def same_shape(text: str) -> str:
    """What may differ between the two runs taken out: an entry's age (the rows are older
    now), and the time of an entry written by this run (the old rows keep theirs)."""
    lines = []
    for line in text.split("\n"):
        found = TIME.match(line)
        if found and int(found.group(1)) > LAST_OLD:
            line = TIME.sub(r'{"id": \1, "time": "…"', line)
        lines.append(renderer_order(line))
    return AGE.sub(r"\1 AGE ", "\n".join(lines))


def test_the_old_rows_are_records_after_the_migration(store_where: str) -> None:
    old_campaign(store_where)
    before = stored_results(store_where)
    assert all("version" not in r for r in before)
    invoke("--campaign", store_where, "log", "-n", "1")  # opening it migrates it
    after = stored_results(store_where)
    assert len(after) == len(before)
    assert {r["version"] for r in after} == {RECORD_VERSION}
    acts = [r["act"] for r in after]
    assert acts.count("undo") == 2 and acts.count("remove") == 1 and acts.count("secret") == 1
    named = next(r for r in after if r["input"] == "sword")
    assert named["expanded"] == "attack melee 1d8+3"  # a field of the record, not a JSON key
    fluke = [r for r in after if r["input"] == "fluke"][-1]
    assert fluke["extra"][0][0] == "fluke" and fluke["extra"][0][2] == "rerolled"  # typed


@pytest.mark.parametrize("step", range(len(FIXTURE["after"])),
                         ids=[" ".join(a["args"]) + " (GM)" * a["gm"] for a in FIXTURE["after"]])
def test_a_migrated_campaign_shows_undoes_and_rerolls_as_before(
    store_where: str, step: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command after the old play, run after the ones before it, prints what the old
    tree printed: `log --json`, `log` (the GM's and a player's), a Fluke of a migrated check
    and a Fluke of that Fluke, undo (text and JSON), a pool command."""
    old_campaign(store_where)
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    monkeypatch.setenv("COLUMNS", "80")
    for done in FIXTURE["after"][: step + 1]:
        if done["gm"]:
            monkeypatch.setenv("ROLL_GM", "1")
        else:
            monkeypatch.delenv("ROLL_GM", raising=False)
        code, out, err = invoke(*done["args"])
    assert (code, err) == (done["status"], done["stderr"])
    assert same_shape(out) == same_shape(with_compare(shown_now(done, store_where)))


SECRET_ROW = "Mira check detect → 12 fail"
"""The old play's one secret LINE (#8), as the GM's text log shows it."""


def shown_now(done: dict[str, Any], where: str) -> str:
    """What the old tree printed, as SPEC §9 has it now: the GM's text log marks a secret row
    (`(secret)`); on PostgreSQL a pane shows what its role reads (the tests' superuser reads
    every row, so a player's text log is the GM's)."""
    text_log = done["args"][0] == "log" and "--json" not in done["args"]
    if not text_log:
        return str(done["stdout"])
    if not done["gm"] and where.startswith("postgresql://"):
        done = next(d for d in FIXTURE["after"] if d["gm"] and d["args"] == done["args"])
    return str(done["stdout"]).replace(SECRET_ROW, SECRET_ROW.replace("Mira", "Mira (secret)"))


def test_line_rows_are_the_same_bytes_and_only_hand_built_ones_change_order(
    store_where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    old_campaign(store_where)
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    monkeypatch.setenv("ROLL_GM", "1")
    expected = FIXTURE["after"][0]["stdout"].splitlines()
    code, out, _ = invoke("log", "-n", "50", "--json")
    shown = out.splitlines()
    assert code == 0 and len(shown) == len(expected)
    for old, new in zip(expected, shown, strict=True):
        old = with_compare(old)
        if json.loads(old)["kind"] in HAND_BUILT:
            assert new != old and json.loads(new) == json.loads(old)
            assert new == renderer_order(old)
        else:
            assert new == old
