"""Issue 17: the campaign in PostgreSQL behaves as the SQLite file does, on a real server."""

from __future__ import annotations

import os
import re
import select
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cli.store import campaign_where, open_campaign
from cli.store.postgres import driver
from cli.store.where import CampaignURL, redact, scrub
from rules.errors import RuleError, UsageError
from rules.resolution import Change, Resolution
from tests.support.cli import invoke
from tests.support.json_schema import checked
from tests.support.paths import ROOT_DIR
from tests.support.sheets import KIT, MIRA, sheet

ROOT = ROOT_DIR


def test_both_stores_reach_the_same_logical_schema(pg_url: str, tmp_path: Path) -> None:
    catalogs = []
    for where in (str(tmp_path / "c.sqlite3"), pg_url):
        store = open_campaign(campaign_where(where))
        with store.transaction(readonly=True) as tx:
            catalogs.append(tx.catalog())
        store.close()
    sqlite_tables, pg_tables = catalogs
    assert sqlite_tables == pg_tables
    assert set(sqlite_tables) >= {"characters", "party", "settings", "log"}


def test_a_database_without_a_campaign_is_no_campaign(pg_url: str) -> None:
    shown = redact(pg_url)
    assert invoke("--campaign", pg_url, "sheet", "list") == (
        2, "", f"roll: error: no campaign at {shown} (roll sheet import FILE creates one)\n")
    assert invoke("--campaign", pg_url, "--as", "Kit", "1d6") == (
        2, "", f"roll: error: no campaign at {shown} for Kit to act in (roll sheet import FILE"
               " creates one)\n")
    assert invoke("--campaign", pg_url, "--rolled", "4", "-q", "1d6") == (0, "4\n", "")


def test_a_value_changed_meanwhile_is_refused_on_postgres(pg_url: str) -> None:
    store = open_campaign(campaign_where(pg_url))
    with store.transaction() as tx:
        tx.put_character({"name": "Mira", "system": "generic", "pools": {"luck": 2}})
    stale = Change("Mira", "luck", 3, 2, "spend")
    with pytest.raises(RuleError, match=r"Mira's luck changed meanwhile \(3 → 2\)"), \
            store.transaction() as tx:
        tx.apply(Resolution("spend luck", "generic", "pool", "", "Mira", changes=(stale,)), {})
    with store.transaction(readonly=True) as tx:
        assert tx.log(10) == [] and tx.character("Mira").pools["luck"] == 2
    store.close()


def test_a_url_without_the_driver_says_how_to_install_it() -> None:
    def missing(name: str) -> ModuleType:
        raise ModuleNotFoundError(f"No module named {name!r}")

    with pytest.raises(UsageError) as refused:
        driver(load=missing)
    assert str(refused.value) == (
        "a postgresql:// campaign needs the PostgreSQL driver psycopg 3:"
        " pip install 'roll-rules[postgres]' (or pipx inject roll-rules 'psycopg[binary]')")


def test_the_password_is_never_shown(pg_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"postgresql://nobody_here:s3cret@127.0.0.1:{pg_server.port}/nowhere?password=s3cret"
    code, out, err = invoke("--campaign", url, "--as", "Kit", "1d6")
    assert (code, out) == (2, "")
    assert err == (f"roll: error: campaign postgresql://nobody_here@127.0.0.1:"
                   f"{pg_server.port}/nowhere refused the login (user or password)\n")
    assert "s3cret" not in err
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert "s3cret" not in invoke("log")[2]
    assert str(CampaignURL(url)) == repr(CampaignURL(url))[13:-2] == redact(url)


def test_redaction_drops_every_form_of_the_password() -> None:
    assert redact("postgresql://gm:pw@host:5432/db?sslmode=require&password=pw") == (
        "postgresql://gm@host:5432/db?sslmode=require")
    assert redact("postgres://host/db") == "postgres://host/db"
    assert scrub("failed for postgresql://gm:pw@h/db with pw", "postgresql://gm:pw@h/db") == (
        "failed for postgresql://gm@h/db with ***")


def test_the_repl_remembers_who_acts_under_the_url_without_password() -> None:
    from cli.repl.memory import memory_path, remember_as, remembered_as

    where = campaign_where("postgresql://gm:s3cret@db.example/table")
    remember_as(where, "Mira")
    assert remembered_as(campaign_where("postgresql://gm@db.example/table")) == "Mira"
    assert "s3cret" not in memory_path().read_text()


def _export(where: str) -> tuple[dict[str, int], str]:
    from cli.store.copy import _counts, export

    store = open_campaign(campaign_where(where), create=False)
    with store.transaction(readonly=True) as tx:
        tables = tx.catalog()
        found = _counts(tx, tables), export(tx, tables)
    store.close()
    return found


def test_copy_moves_a_campaign_to_postgres_and_back(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "campaign.sqlite3"
    monkeypatch.setenv("ROLL_CAMPAIGN", str(first))
    for name, text in (("kit", KIT), ("mira", MIRA)):
        assert invoke("sheet", "import", str(sheet(tmp_path, text, name)))[0] == 0
    invoke("--as", "kit", "spend", "luck")
    invoke("--as", "mira", "--rolled", "7,4", "check", "dex", "favor")
    invoke("--as", "kit", "hurt", "3")
    invoke("undo")
    back = tmp_path / "back" / "campaign.sqlite3"
    code, out, err = invoke("campaign", "copy", str(first), pg_url)
    assert (code, err) == (0, "")
    assert out == (f"copied {first} → {redact(pg_url)}: 2 character(s), 4 log entries;"
                   " counts and export match\n")
    assert invoke("campaign", "copy", pg_url, str(back))[0] == 0
    assert _export(str(first)) == _export(pg_url) == _export(str(back))
    assert _export(str(back))[0] == {"characters": 2, "log": 4, "party": 0, "settings": 0,
                                       "alias": 0, "rolltable": 0, "touch": 3,
                                       "sheet_value": 2, "game": 0}  # kit's luck and hp, kept apart
    monkeypatch.setenv("ROLL_CAMPAIGN", pg_url)  # the copy is a campaign like any other
    assert invoke("--as", "kit", "spend", "luck")[0] == 0
    assert [line.split()[0] for line in invoke("log")[1].splitlines()] == [
        "#1", "#2", "#3", "#4", "#5"]


def test_copy_refuses_a_target_that_is_not_empty(tmp_path: Path, pg_url: str) -> None:
    first = tmp_path / "campaign.sqlite3"
    kit = str(sheet(tmp_path, KIT))
    for where in (str(first), pg_url):
        assert invoke("--campaign", where, "sheet", "import", kit)[0] == 0
    assert invoke("campaign", "copy", str(first), pg_url) == (
        2, "", f"roll: error: campaign {redact(pg_url)} is not empty (1 character(s));"
        " nothing copied\n")
    assert invoke("campaign", "copy", pg_url, str(first))[0] == 2
    missing = tmp_path / "none.sqlite3"
    assert invoke("campaign", "copy", str(missing), pg_url)[2] == (
        f"roll: error: no campaign at {missing} (roll sheet import FILE creates one)\n")
    assert not sqlite3.connect(first).execute("SELECT count(*) FROM log").fetchone()[0]


class Lines:
    """A child's stdout read line by line without buffering ahead of `select`."""

    def __init__(self, child: subprocess.Popen[bytes]) -> None:
        assert child.stdout is not None
        self.fd, self.held = child.stdout.fileno(), b""

    def next(self) -> str:
        """The next line (waiting is guarded against a hang, not a time limit of the feature)."""
        while b"\n" not in self.held:
            ready, _, _ = select.select([self.fd], [], [], 60)
            assert ready, "roll log --follow printed nothing"
            chunk = os.read(self.fd, 65536)
            assert chunk, "roll log --follow ended"
            self.held += chunk
        line, _, self.held = self.held.partition(b"\n")
        return line.decode() + "\n"


def follower(*args: str) -> tuple[subprocess.Popen[bytes], Lines]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "40"}
    child = subprocess.Popen([sys.executable, "-m", "cli", *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env)
    return child, Lines(child)


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_log_follow_prints_each_write_of_another_client(
    store_where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    for name, text in (("kit", KIT), ("mira", MIRA)):
        assert invoke("sheet", "import", str(sheet(tmp_path, text, name)))[0] == 0
    invoke("--as", "kit", "spend", "luck")
    child, lines = follower("log", "--follow", "-n", "5", *(["--json"] if as_json else []))
    try:
        first = lines.next()
        invoke("--as", "mira", "--rolled", "7,4", "check", "dex", "favor")
        second = lines.next()
        invoke("--as", "kit", "hurt", "2")
        invoke("undo")
        third, fourth = lines.next(), lines.next()
    finally:
        child.send_signal(signal.SIGINT)
        status = child.wait(timeout=60)
        err = child.stderr.read().decode() if child.stderr else ""
    if as_json:
        got = [checked(line) for line in (first, second, third, fourth)]
        assert [(o["id"], o["character"], o["input"]) for o in got] == [
            (1, "Kit", "spend luck"), (2, "Mira", "check dex favor"), (3, "Kit", "hurt 2"),
            (4, "Kit", "undo")]
        assert got[1]["total"] == 11 and got[1]["outcome"] == "fail" and got[3]["undoes"] == 3
    else:
        assert re.fullmatch(r"#2 (now|\d+s) Mira check dex favor → 11 fail\n", second)
        assert first.startswith("#1 ") and third.startswith("#3 ") and fourth.startswith("#4 ")
    assert (status, err.strip()) == (130, "")  # no traceback, nothing but the status


def test_log_follow_as_one_character_skips_the_others(
    store_where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    for name, text in (("kit", KIT), ("mira", MIRA)):
        assert invoke("sheet", "import", str(sheet(tmp_path, text, name)))[0] == 0
    child, lines = follower("--as", "mira", "log", "-f", "--json")
    try:
        invoke("--as", "mira", "spend", "luck")
        assert checked(lines.next())["id"] == 1  # from the listing or the follow alike
        invoke("--as", "kit", "spend", "luck")
        invoke("--as", "mira", "spend", "luck")
        assert checked(lines.next())["id"] == 3
    finally:
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=60) == 130


def test_log_follow_ends_quietly_when_its_reader_goes(
    store_where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT)))[0] == 0
    invoke("--as", "kit", "spend", "luck")
    child, lines = follower("log", "--follow")
    assert lines.next().startswith("#1 ")
    assert child.stdout is not None
    child.stdout.close()  # `roll log -f | head -1`: the reader is gone
    invoke("--as", "kit", "gain", "luck", "1")
    assert child.wait(timeout=60) == 0
    assert child.stderr is not None and child.stderr.read() == b""


def test_the_repl_toolbar_rereads_as_soon_as_another_client_writes(
    store_where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli.base.settings import Settings
    from cli.repl.view import ViewReader

    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT)))[0] == 0
    views = ViewReader(Settings(character="Kit"))
    assert views.current(3600).character is not None
    assert views.current(3600).character.pools["luck"] == 2  # type: ignore[union-attr]
    invoke("--as", "kit", "spend", "luck")  # another client; the view is far from its max age
    for _ in range(600):  # a NOTIFY arrives asynchronously: look again until it did
        seen = views.current(3600).character
        if seen is not None and seen.pools["luck"] == 1:
            break
        select.select([], [], [], 0.1)
    else:
        pytest.fail("the view never saw the other client's write")
    views.close()


def test_log_follow_of_a_missing_campaign_creates_none(tmp_path: Path) -> None:
    path = tmp_path / "campain.sqlite3"  # its folder is there: connecting would create it
    done = subprocess.run([sys.executable, "-m", "cli", "--campaign", str(path), "log", "-f"],
                          capture_output=True, text=True, timeout=60,  # else it would follow
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", f"roll: error: no campaign at {path} (roll sheet import FILE creates one)\n")
    assert not path.exists()


def test_aliases_and_tables_live_on_postgres_too(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16's named rolls and tables behind the same store interface (schema 4 in both)."""
    monkeypatch.setenv("ROLL_CAMPAIGN", pg_url)
    assert invoke("sheet", "import", str(sheet(tmp_path, MIRA, "mira")))[0] == 0
    assert invoke("alias", "add", "swing", "d20+{bonus} vs {ac}")[0] == 0
    assert invoke("alias", "add", "swing", "d20+{bonus}+0 vs {ac}")[0] == 0  # replaced, not doubled
    code, out, _ = invoke("--rolled", "14", "swing", "ac=15", "bonus=5")
    assert (code, out.splitlines()[0]) == (0, "swing → d20+5+0 vs 15 → [14] + 5 + 0 = 19 vs 15 · pass")
    weather = tmp_path / "weather.csv"
    weather.write_text("weight,text\n3,rain\n1,sun\n")
    assert invoke("table", "import", str(weather))[0] == 0
    assert invoke("--rolled", "4", "table", "weather") == (0, "weather · d4 4 → sun\n", "")
    assert invoke("table", "rm", "weather")[0] == 0 and invoke("alias", "rm", "swing")[0] == 0
