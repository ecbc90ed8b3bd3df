"""Several processes on one campaign: no lost update, and a killed writer loses nothing.

Every test runs on both stores: a SQLite file and a PostgreSQL database (`store_where`).
"""

from __future__ import annotations

import copy
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cli.store import campaign_where, open_campaign
from cli.store.schema import SCHEMA_VERSION
from rules.campaign import apply_change
from tests.support.paths import ROOT_DIR

ROOT = ROOT_DIR
MIRA: dict[str, Any] = {"name": "Mira", "system": "vagabond", "pools": {"luck": 2, "hp": 8}}

# Each writer waits for the `go` file, so all of them contend from the same moment.
INCREMENTS = r"""
import sys, time
from pathlib import Path
from cli.store import campaign_where, open_campaign
from rules.resolution import Change, Resolution

where, name, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
campaign = open_campaign(campaign_where(where))
with campaign.transaction() as tx:
    for who, luck in ((name, 0), ("Mira", 2)):
        if tx.find_character(who) is None:
            tx.put_character({"name": who, "system": "generic", "pools": {"luck": luck}})
while not go.exists():
    time.sleep(0.001)
for _ in range(count):
    with campaign.transaction() as tx:
        for who in {name, "Mira"}:
            now = tx.character(who).pools["luck"]
            change = Change(who, "luck", now, now + 1, "gain")
            tx.apply(Resolution("gain luck", "generic", "pool", "+1", who, changes=(change,)), {})
"""

# Change-sets of three changes (two pools and a party field) and an undo now and then,
# slowed down inside the transaction so that the kill often lands in the middle of one.
FOREVER = r"""
import sys, time
from pathlib import Path
from cli.store import campaign_where, open_campaign
from rules.errors import RuleError
from rules.resolution import Change, Resolution

campaign = open_campaign(campaign_where(sys.argv[1]))
i = 0
while True:
    i += 1
    with campaign.transaction() as tx:
        if i % 5 == 0:
            try:
                tx.undo()
            except RuleError:
                pass
        else:
            table = tx.table("Mira")
            pools = table.active.pools
            changes = (
                Change("Mira", "luck", pools["luck"], (pools["luck"] + 1) % 7, "a"),
                Change("Mira", "hp", pools["hp"], pools["hp"] + 3, "b"),
                Change(None, "round", table.party.get("round"), i, "c", "field"),
            )
            tx.apply(Resolution(f"step {i}", "vagabond", "pool", "", "Mira", changes=changes), {})
        time.sleep(0.0005)
"""


def spawn(code: str, *args: object) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=ROOT, env=env)


def store(where: str) -> Any:
    return open_campaign(campaign_where(where))


def test_six_writers_lose_no_increment(tmp_path: Path, store_where: str) -> None:
    path, go = store_where, tmp_path / "go"
    with store(path).transaction() as tx:
        tx.put_character(MIRA)
    writers = [spawn(INCREMENTS, path, f"Hero{i}", 48, go) for i in range(6)]
    go.touch()
    assert [w.wait(timeout=120) for w in writers] == [0] * 6
    with store(path).transaction(readonly=True) as tx:
        assert tx.character("Mira").pools["luck"] == 2 + 6 * 48
        assert all(tx.character(f"Hero{i}").pools["luck"] == 48 for i in range(6))
        assert len(tx.log(10_000)) == 2 * 6 * 48


def test_six_processes_create_one_new_campaign_together(tmp_path: Path, store_where: str) -> None:
    path, go = store_where, tmp_path / "go"
    go.touch()
    writers = [spawn(INCREMENTS, path, f"Hero{i}", 2, go) for i in range(6)]
    assert [w.wait(timeout=60) for w in writers] == [0] * 6
    with store(path).transaction(readonly=True) as tx:
        assert len(tx.characters()) == 7
        assert tx.character("Mira").pools["luck"] == 2 + 6 * 2
    assert schema_version_of(path) == SCHEMA_VERSION


def schema_version_of(where: str) -> int | None:
    if where.startswith("postgresql://"):
        from cli.store.pg_schema import pg_version
        from cli.store.postgres import connect

        db = connect(campaign_where(where))  # type: ignore[arg-type]
        try:
            return pg_version(db)
        finally:
            db.close()
    return int(sqlite3.connect(where).execute("PRAGMA user_version").fetchone()[0])


def log_rows(where: str) -> int:
    campaign = store(where)
    try:
        with campaign.transaction(readonly=True) as tx:
            return int(tx.sql("SELECT count(*) FROM log").fetchone()[0])
    finally:
        campaign.close()


def test_a_killed_writer_leaves_a_consistent_campaign(store_where: str) -> None:
    path = store_where
    with store(path).transaction() as tx:
        tx.put_character(MIRA)
    for delay in (0.011, 0.023, 0.037, 0.05, 0.071, 0.093, 0.13, 0.17):
        child, rows = spawn(FOREVER, path), log_rows(path) + 5
        while log_rows(path) < rows:  # let it get going, then kill it at some moment
            assert child.poll() is None, "the writer stopped by itself"
            time.sleep(0.01)
        time.sleep(delay)
        assert child.poll() is None
        child.kill()  # SIGKILL: no cleanup, no rollback, no atexit
        assert child.wait(timeout=10) == -9
    if not path.startswith("postgresql://"):
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        db.close()
    campaign = store(path)
    with campaign.transaction() as tx:  # the lock died with the writer: writing still works
        entries = tx.log(1_000_000)
        mira, party = dict(tx.character("Mira").sheet), tx.party()
        tx.put_character({"name": "Probe", "system": "generic"})
    assert len(entries) > 8 * 5
    replayed: dict[str | None, dict[str, Any]] = {"Mira": copy.deepcopy(MIRA), None: {}}
    for entry in entries:
        for change in entry.changes:
            replayed[change.character] = apply_change(replayed[change.character], change)
    assert replayed == {"Mira": mira, None: party}
