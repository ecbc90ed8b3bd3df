"""The GM's secret rolls: the roller sees the result, the log shows others only that a secret
roll was made; on PostgreSQL a player's role cannot read the secret row at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import invoke
from tests.support.encounter import SHEETS, imported


def test_the_roller_sees_it_the_log_shows_only_the_marker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    imported(tmp_path, "mira")
    code, out, err = invoke("secret", "check", "dex", "--as", "Mira", "--rolled", "7")
    assert (code, err) == (0, "")
    assert out == ("check dex → 7 vs 14 · pass\n"
                   "(secret: the log shows others only that you rolled)\n")
    invoke("d6", "--rolled", "2")  # a plain roll is not logged
    code, out, _ = invoke("log", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["kind"], r["text"]) for r in rows] == [("secret", "Mira made a secret roll")]
    assert "check dex" not in out and "pass" not in out and rows[0]["dice"] == []
    monkeypatch.setenv("ROLL_GM", "1")
    code, out, _ = invoke("log", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["input"], r["outcome"], r["secret"]) for r in rows] == [("check dex", "pass", True)]


def test_a_secret_plain_roll_with_nobody_acting_is_logged_as_the_gms(tmp_path: Path) -> None:
    imported(tmp_path, "mira")
    code, out, _ = invoke("secret", "d20", "--rolled", "4")
    assert out == "d20 → [4] = 4\n(secret: the log shows others only that you rolled)\n"
    code, out, _ = invoke("log")
    assert out.splitlines()[-1].endswith("— secret roll")
    assert invoke("undo")[2] == "roll: error: nothing to undo\n"


def test_on_postgresql_a_players_role_cannot_read_a_secret_row(
        tmp_path: Path, pg_url: str) -> None:
    import psycopg

    env = {**os.environ, "NO_COLOR": "1", "ROLL_GM": "1"}

    def roll(url: str, *args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "cli", "--campaign", url, *args],
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    sheet = tmp_path / "mira.toml"
    sheet.write_text(SHEETS["mira"], encoding="utf-8")
    roll(pg_url, "sheet", "import", str(sheet))
    player = f"player_{os.getpid()}"
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    policies = [line.replace("table_player", player) for line in readme.splitlines()
                if line.startswith(("ALTER TABLE log ENABLE", "CREATE POLICY"))]
    assert len(policies) == 4
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute(f"CREATE ROLE {player} LOGIN")
        db.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON characters, party, settings, log,"
                   f" alias, rolltable TO {player}")
        db.execute(f"GRANT SELECT, UPDATE ON roll_schema TO {player}")
        db.execute(f"GRANT USAGE ON SEQUENCE log_id_seq TO {player}")
        for statement in policies:
            db.execute(statement)
    roll(pg_url, "secret", "check", "dex", "--as", "Mira", "--rolled", "7")
    as_player = pg_url.replace("://roll@", f"://{player}@")
    assert as_player != pg_url
    roll(as_player, "check", "str", "--as", "Mira", "--rolled", "3")
    # even with the GM's display rule on, the server gives the player's role no secret row
    seen = [json.loads(line) for line in roll(as_player, "log", "--json").splitlines()]
    assert [(r["kind"], r["input"]) for r in seen] == [("check", "check str")]
    out = roll(pg_url, "log", "--json")
    assert [json.loads(line)["input"] for line in out.splitlines()] == ["check dex", "check str"]
