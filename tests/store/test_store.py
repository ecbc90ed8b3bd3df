"""The campaign store: transactions, apply/undo, the log, removal, migrations."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli.store import default_campaign_path, schema
from cli.store import sqlite as sqlite_store
from cli.store.ownership import APPLICATION_ID
from cli.store.schema import SCHEMA_VERSION
from cli.store.sqlite import Campaign
from rules.campaign import LogEntry
from rules.errors import RuleError, SheetError, UsageError
from rules.record import Record
from rules.resolution import Change, Resolution
from tests.support.store import MIRA, version_1_campaign

BO: dict[str, Any] = {"name": "Bo", "system": "macchiato", "stats": {"strength": 12}}


def resolution(*changes: Change, line: str = "spend luck", who: str | None = "Mira") -> Resolution:
    """A pool-command Resolution carrying `changes`."""
    return Resolution(line, "vagabond", "pool", f"{line} → done", who, changes=changes)


def result_json(res: Resolution) -> dict[str, Any]:
    """The §3 object the CLI would log for `res`."""
    return {
        "input": res.input,
        "system": res.system,
        "character": res.character,
        "kind": res.kind,
        "changes": [c.to_json() for c in res.changes],
        "text": res.summary,
    }


def luck(before: Any, after: Any, who: str | None = "Mira", pool: str = "luck") -> Change:
    return Change(who, pool, before, after, "test")


def apply(
    campaign: Campaign, *changes: Change, line: str = "spend luck", who: str | None = "Mira"
) -> LogEntry:
    res = resolution(*changes, line=line, who=who)
    with campaign.transaction() as tx:
        return tx.apply(res, result_json(res))


def pools(campaign: Campaign, name: str = "Mira") -> dict[str, Any]:
    with campaign.transaction(readonly=True) as tx:
        return dict(tx.character(name).pools)


def log(campaign: Campaign, n: int = 100) -> list[LogEntry]:
    with campaign.transaction(readonly=True) as tx:
        return tx.log(n)


@pytest.fixture
def campaign(tmp_path: Path) -> Iterator[Campaign]:
    camp = Campaign(tmp_path / "data" / "roll" / "campaign.sqlite3")
    with camp.transaction() as tx:
        tx.put_character(MIRA)
        tx.put_character(BO)
    yield camp
    camp.close()


def test_new_campaign_is_private_wal_and_current(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "campaign.sqlite3"
    with Campaign(path).transaction() as tx:
        assert tx.characters() == []
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.parent.parent.stat().st_mode) == 0o700
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_default_path_is_in_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/somewhere/data")
    path = default_campaign_path()
    assert path.name == "campaign.sqlite3" and path.parent.name == "roll-rules"


def test_characters_are_case_insensitive_and_replaceable(campaign: Campaign) -> None:
    with campaign.transaction() as tx:
        assert [c.name for c in tx.characters()] == ["Bo", "Mira"]
        assert tx.character("MIRA").sheet["pools"]["luck"] == 2
        assert tx.find_character("nobody") is None
        with pytest.raises(UsageError, match="already in this campaign"):
            tx.put_character({**MIRA, "name": "mira"}, replace=False)
        tx.put_character({**MIRA, "name": "MIRA", "level": 3})
        assert [c.name for c in tx.characters()] == ["Bo", "MIRA"]
        assert tx.character("mira").field("level") == 3
        with pytest.raises(SheetError, match="name"):
            tx.put_character({"system": "generic"})


def test_unknown_character_is_a_usage_error(campaign: Campaign) -> None:
    with campaign.transaction() as tx:
        with pytest.raises(UsageError, match="known: Bo, Mira") as caught:
            tx.character("Zed")
        assert caught.value.exit_status == 2
        with pytest.raises(UsageError):
            tx.remove_character("Zed")
        with pytest.raises(UsageError):
            tx.table("Zed")


def test_a_removed_character_is_logged_and_undo_brings_it_back_with_its_pools(
    campaign: Campaign,
) -> None:
    apply(campaign, luck(2, 1), line="spend luck")
    with campaign.transaction() as tx:
        assert tx.remove_character("MIRA", "sheet rm Mira").name == "Mira"
        assert tx.find_character("Mira") is None
    removal = log(campaign, 1)[0]
    assert (removal.input, removal.character, removal.record.kind) == (
        "sheet rm Mira", "Mira", "remove")
    with campaign.transaction() as tx:
        assert tx.undo().id == removal.id  # the removal, not the older spend
    assert pools(campaign)["luck"] == 1
    assert log(campaign, 1)[0].record.restored == "Mira"
    with campaign.transaction() as tx:
        tx.remove_character("Mira")
        tx.put_character(MIRA)  # a new Mira: the old one cannot come back over her
    with pytest.raises(RuleError, match="is in the campaign again"), campaign.transaction() as tx:
        tx.undo()


def test_undo_is_scoped_to_who_acts_and_takes_n_or_an_id(campaign: Campaign) -> None:
    mine = apply(campaign, luck(2, 1), line="spend luck")
    theirs = apply(campaign, Change("Bo", "hp", None, 3, "test"), line="bo's", who="Bo")
    with campaign.transaction() as tx:
        assert tx.undo("mira").id == mine.id  # not Bo's, though more recent
    with pytest.raises(RuleError, match="nothing to undo by Mira"), campaign.transaction() as tx:
        tx.undo("Mira")
    with pytest.raises(RuleError, match="already undone"), campaign.transaction() as tx:
        tx.undo(id_=mine.id)
    with pytest.raises(RuleError, match="Bo's, not Mira's"), campaign.transaction() as tx:
        tx.undo("Mira", id_=theirs.id)
    with pytest.raises(UsageError, match="no log entry #99"), campaign.transaction() as tx:
        tx.undo(id_=99)
    older = apply(campaign, luck(2, 1), line="first")
    apply(campaign, luck(1, 0), line="second")
    before = log(campaign)
    with pytest.raises(RuleError, match=r"luck moved since \(#\d+ second\)"), \
            campaign.transaction() as tx:
        tx.undo(nth=2)  # `first` is older than a later spend of the same pool
    with pytest.raises(RuleError, match="moved since"), campaign.transaction() as tx:
        tx.undo(id_=older.id)
    assert log(campaign) == before and pools(campaign)["luck"] == 0
    with campaign.transaction() as tx:
        assert tx.undo(nth=3).id == theirs.id  # Bo's hp: nothing touched it since


def test_apply_writes_changes_and_logs_one_row(campaign: Campaign) -> None:
    entry = apply(campaign, luck(2, 1), luck(8, 5, pool="hp"))
    assert pools(campaign) == {"luck": 1, "hp": 5}
    assert log(campaign) == [entry]
    assert entry.input == "spend luck" and entry.character == "Mira" and not entry.undone
    assert entry.record.kind == "pool" and entry.record.changes[0].after == 1
    assert entry.changes == (luck(2, 1), luck(8, 5, pool="hp"))


def test_apply_checks_changes_in_order(campaign: Campaign) -> None:
    apply(campaign, luck(2, 1), luck(1, 4))
    assert pools(campaign)["luck"] == 4


def test_apply_without_changes_still_logs_the_line(campaign: Campaign) -> None:
    entry = apply(campaign, line="check dex")
    assert log(campaign) == [entry] and entry.changes == ()
    with campaign.transaction() as tx:
        assert tx.table("mira").last_entry == entry
        other = tx.log_only({"input": "2d6", "system": "generic", "character": None})
        assert tx.table(None).last_entry == other
        assert tx.log(1)[0].record == Record("2d6", "generic", "roll")


def test_a_stale_before_is_refused_and_nothing_is_written(campaign: Campaign) -> None:
    with pytest.raises(RuleError, match="luck changed meanwhile") as caught:
        apply(campaign, luck(8, 5, pool="hp"), luck(3, 2))
    assert caught.value.exit_status == 1
    assert pools(campaign) == {"luck": 2, "hp": 8} and log(campaign) == []


def test_an_unset_value_accepts_the_systems_default(campaign: Campaign) -> None:
    apply(campaign, luck(6, 5, pool="mana"), Change("Mira", "blessed", None, "yes", "", "field"))
    with campaign.transaction() as tx:
        mira = tx.character("Mira")
    assert mira.pools["mana"] == 5 and mira.field("blessed") == "yes"


def test_party_changes_and_gone_characters(campaign: Campaign) -> None:
    apply(campaign, Change(None, "torches", None, "Δ6", "risk add", "risk"))
    apply(campaign, Change(None, "torches", "Δ6", "Δ4", "step-down", "risk"))
    with campaign.transaction() as tx:
        assert tx.party() == {"risk": {"torches": "Δ4"}}
        assert tx.table(None).party == {"risk": {"torches": "Δ4"}}
    with pytest.raises(RuleError, match="Zed is no longer in this campaign"):
        apply(campaign, luck(1, 0, who="Zed"))


def test_an_error_inside_the_transaction_rolls_everything_back(campaign: Campaign) -> None:
    for error in (ValueError("boom"), KeyboardInterrupt()):
        with pytest.raises(type(error)), campaign.transaction() as tx:
            res = resolution(luck(2, 0))
            tx.apply(res, result_json(res))
            tx.remove_character("Bo")
            raise error
        assert pools(campaign)["luck"] == 2 and log(campaign) == []
        with campaign.transaction() as tx:
            assert len(tx.characters()) == 2


def test_transactions_are_scoped(campaign: Campaign) -> None:
    with (
        campaign.transaction() as tx,
        pytest.raises(RuntimeError, match="already open"),
        campaign.transaction(),
    ):
        pass
    with pytest.raises(RuntimeError, match="over"):
        tx.characters()
    with campaign.transaction(readonly=True) as ro, pytest.raises(RuntimeError, match="read-only"):
        ro.remove_character("Mira")


def test_undo_reverts_the_latest_change_set_first(campaign: Campaign) -> None:
    first = apply(campaign, luck(2, 1), line="first")
    apply(campaign, line="check dex")  # no changes: nothing to undo there
    second = apply(campaign, luck(1, 0), luck(8, 7, pool="hp"), line="second")
    with campaign.transaction() as tx:
        undone = tx.undo()
    assert undone.id == second.id and undone.undone and undone.changes == second.changes
    assert pools(campaign) == {"luck": 1, "hp": 8}
    row = log(campaign, 1)[0]
    assert row.input == "undo" and row.record.undoes == second.id
    assert row.changes == (
        Change("Mira", "hp", 7, 8, "undo test"),
        Change("Mira", "luck", 0, 1, "undo test"),
    )
    with campaign.transaction() as tx:
        assert tx.undo().id == first.id  # not the undo row, not the check
    assert pools(campaign) == {"luck": 2, "hp": 8}
    assert [e.undone for e in log(campaign)] == [True, False, True, False, False]
    with pytest.raises(RuleError, match="nothing to undo") as caught, campaign.transaction() as tx:
        tx.undo()
    assert caught.value.exit_status == 1


def test_undo_is_refused_when_a_pool_changed_since(campaign: Campaign) -> None:
    apply(campaign, luck(2, 1), luck(8, 6, pool="hp"))
    with campaign.transaction() as tx:  # hp changed by hand since (a re-import)
        tx.put_character({**MIRA, "pools": {"luck": 1, "hp": 3}})
    before = log(campaign)
    with pytest.raises(RuleError, match="Mira's hp is 3 now, not 6"), campaign.transaction() as tx:
        tx.undo()
    assert pools(campaign) == {"luck": 1, "hp": 3} and log(campaign) == before
    with campaign.transaction() as tx:
        tx.remove_character("Mira")
    with pytest.raises(RuleError, match="Mira is no longer"), campaign.transaction() as tx:
        tx.undo(id_=before[0].id)


def test_log_is_newest_last(campaign: Campaign) -> None:
    entries = [apply(campaign, line=f"line {i}") for i in range(5)]
    with campaign.transaction(readonly=True) as tx:
        assert tx.log(3) == entries[2:]
        assert tx.log(50) == entries
        assert tx.log(0) == []
        with pytest.raises(UsageError):
            tx.log(-1)


def test_table_has_everyone_and_the_active_characters_last_line(campaign: Campaign) -> None:
    mine = apply(campaign, luck(2, 1), line="mine")
    res = resolution(line="bo's", who="Bo")
    with campaign.transaction() as tx:
        tx.apply(res, result_json(res))
        table = tx.table("MIRA")
    assert table.active is not None and table.active.pools["luck"] == 1
    assert set(table.characters) == {"mira", "bo"}
    assert table.last_entry == mine
    assert table.character("bo").name == "Bo"


def test_busy_campaign_is_a_clear_error(campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT_S", 0.2)
    other = sqlite3.connect(campaign.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(RuleError, match="busy"), Campaign(campaign.path).transaction():
            pass
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_not_a_campaign_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("x" * 4096)
    with pytest.raises(UsageError, match="not a database"), Campaign(path).transaction():
        pass
    with pytest.raises(UsageError, match="which is not a directory"), Campaign(path / "x").transaction():
        pass


def test_export_includes_current_pools(campaign: Campaign) -> None:
    from cli.store.sheet_files import dump_sheet

    apply(campaign, luck(2, 3))
    with campaign.transaction() as tx:
        text = dump_sheet(tx.character("Mira"))
    assert text.startswith('name = "Mira"\nsystem = "vagabond"\n')
    assert "[pools]\nluck = 3\nhp = 8\n" in text and "flags = []" in text


# ---- migrations ----

def test_an_empty_file_is_migrated_from_version_0(tmp_path: Path) -> None:
    path = tmp_path / "campaign.sqlite3"
    path.touch()
    with Campaign(path).transaction() as tx:
        assert tx.characters() == [] and tx.log(5) == [] and tx.party() == {}
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"characters", "party", "settings", "log"} <= tables
    db.close()


def test_a_version_1_campaign_is_migrated_with_its_data(tmp_path: Path) -> None:
    path = version_1_campaign(tmp_path / "old.sqlite3")
    with Campaign(path).transaction() as tx:
        assert tx.character("mira").pools["luck"] == 2
        last = tx.table("Mira").last_entry  # found through the v2 character_key column
        assert last is not None and last.input == "check dex"
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    # schema 3: the campaign-wide "active character" of versions 1–2 is gone (issue 11)
    assert db.execute("SELECT * FROM settings WHERE key = 'active'").fetchall() == []
    db.close()


def test_a_failed_migration_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, broken))
    path = tmp_path / "c.sqlite3"
    with pytest.raises(UsageError, match="disk I/O error"), Campaign(path).transaction():
        pass
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    db.close()


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer roll marks its files too
    db.close()
    with (
        pytest.raises(UsageError, match="newer than this roll knows"),
        Campaign(path).transaction(),
    ):
        pass
    assert os.path.getsize(path) > 0


@pytest.mark.parametrize(
    ("sql", "what"),
    [
        ("UPDATE characters SET sheet = '{bad' WHERE name = 'Mira'", "Mira's sheet"),
        ("UPDATE characters SET sheet = '[1, 2]' WHERE name = 'Mira'", "Mira's sheet"),
        ("UPDATE log SET changes = '[{}]'", "log entry #1"),
        ("UPDATE log SET result = 'nope'", "log entry #1"),
        ("INSERT INTO party (id, sheet) VALUES (1, '7')", "the party's sheet"),
    ],
)
def test_damaged_rows_are_a_clear_error_not_a_crash(
    campaign: Campaign, sql: str, what: str
) -> None:
    apply(campaign, luck(2, 1))
    campaign.close()
    db = sqlite3.connect(campaign.path)
    db.execute(sql)
    db.commit()
    db.close()
    damaged = pytest.raises(UsageError, match="is damaged")
    with damaged as caught, campaign.transaction() as tx:
        dict(tx.table("Mira").party)  # the party is read when a LINE asks for it
        tx.log(10)
        tx.undo()
    assert str(campaign.path) in caught.value.message and what in caught.value.message


def test_a_name_is_found_whatever_its_case_and_surrounding_spaces(campaign: Campaign) -> None:
    # sheet names are stored stripped; `--as " mira"` (a stray space) still finds her
    with campaign.transaction() as tx:
        assert tx.character(" mira ").name == "Mira"
        assert tx.remove_character(" Mira").name == "Mira"
        assert tx.find_character("mira") is None
    with campaign.transaction() as tx:
        tx.put_character(MIRA)
        table = tx.table(" MIRA ")  # what `roll --as " mira " …` reads
        assert table.active is not None and table.active.name == "Mira"


def test_opening_a_new_file_busy_at_once_opens_again(tmp_path: Path) -> None:
    """Processes opening a new campaign together: SQLite may refuse the switch to WAL at once
    (busy, no waiting, where waiting could deadlock); the open is made again, not refused."""
    refusals = [sqlite3.OperationalError("database is locked")] * 2

    class Refusing:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql.startswith("PRAGMA journal_mode") and refusals:
                raise refusals.pop()
            return self.db.execute(sql, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.db, name)

    def connect(*args: Any, **kwargs: Any) -> Any:
        return Refusing(sqlite3.connect(*args, **kwargs))

    with Campaign(tmp_path / "c.sqlite3", connect=connect).transaction() as tx:
        assert tx.characters() == []
    assert refusals == []
