"""Issue 38: a table online on a real PostgreSQL server, its roles set up by `roll campaign
roles`: a player's role reads no other role's secret in any table, after each way a secret is
copied (undo, a reroll, `sheet rm`, `campaign copy`); each pane shows what its role reads, a
secret row marked; an upgrade that adds a table keeps rows-only players playing."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import cli.store.schema as schema
from tests.support.cli import invoke
from tests.support.json_schema import checked
from tests.support.online_table import Table
from tests.support.paths import ROOT_DIR

ROOT = ROOT_DIR
SHEETS = ROOT / "tests" / "sheets"


def test_a_players_role_reads_no_secret_in_any_table_after_each_copy(
        pg_server: Any, tmp_path: Path) -> None:
    import psycopg

    table = Table(pg_server)
    gm, (ana, bo) = table.gm, table.players
    table.roll(gm, "sheet", "import", str(SHEETS / "mira.toml"))
    table.roll(gm, "sheet", "import", str(SHEETS / "kell.toml"))
    sql = table.roll(gm, *table.roles())
    assert sql.startswith(f"-- roll campaign roles: the table's roles for {table.url(gm)}"
                          f" (schema {schema.SCHEMA_VERSION})")
    with psycopg.connect(table.url(gm), autocommit=True) as db:
        for _ in range(2):  # the printed SQL, run twice: it is re-runnable
            db.execute(sql)
    assert table.roll(gm, *table.roles("--apply", plays="Mira")) == (
        f"set up the table on {table.url(gm)} (schema {schema.SCHEMA_VERSION}): GM {gm};"
        f" players {ana}, {bo}\n{ana} plays Mira\n")
    secrets: list[str] = []

    def held() -> None:
        """No player's role reads any of the GM's secret words, in any table or any log."""
        for player in (ana, bo):
            seen = table.every_table(player) + table.roll(player, "log", "-n", "50")
            seen += table.roll(player, "log", "-n", "50", "--json")
            assert not [word for word in secrets if word in seen], player

    table.roll(gm, "--as", "Mira", "secret", "hurt", "2", "#", "trapdoor")
    secrets.append("trapdoor")
    assert table.roll(gm, "undo").startswith("undid #2 (Mira): hurt 2 # trapdoor\n")
    held()  # undo
    table.roll(gm, "--as", "Mira", "secret", "check", "dex", "#", "sneak", "--rolled", "3")
    table.roll(gm, "--as", "Mira", "fluke", "--rolled", "18")
    table.roll(gm, "--as", "Kell", "secret", "save", "sense", "dc", "16", "#", "bluff",
               "--rolled", "5,3,2")
    table.roll(gm, "--as", "Kell", "fate", "reroll", "--rolled", "15")
    secrets += ["sneak", "bluff", "Fluke", "Fate reroll"]
    held()  # a reroll of a secret LINE (its record names the LINE it rerolled)
    table.roll(gm, "--as", "Kell", "secret", "hurt", "1", "#", "pitfall")
    secrets.append("pitfall")
    table.roll(gm, "sheet", "rm", "Kell", "--yes")
    table.roll(gm, "undo")
    held()  # sheet rm, and its undo
    # a player's own secret: its role reads it back, marked; the other player does not
    table.roll(ana, "--as", "Mira", "secret", "check", "might", "#", "anas-own", "--rolled", "5")
    table.roll(ana, "--as", "Mira", "check", "might", "--rolled", "9")
    mine = table.roll(ana, "log", "-n", "3").splitlines()
    assert [line.split(" ", 2)[2] for line in mine] == [
        "Kell undo sheet rm Kell", "Mira (secret) check might # anas-own → 5 fail",
        "Mira check might → 9 fail"]
    assert "anas-own" not in table.every_table(bo) + table.roll(bo, "log", "-n", "50")
    # the GM's pane shows every secret row, marked, without ROLL_GM: the server decides
    rows = [checked(line) for line in table.roll(gm, "log", "-n", "50", "--json").splitlines()]
    assert [(r["input"], r.get("secret", False)) for r in rows] == [
        ("hurt 2 # trapdoor", True), ("undo", True), ("check dex # sneak", True),
        ("fluke", True), ("save sense dc 16 # bluff", True), ("fate reroll", True),
        ("hurt 1 # pitfall", True), ("sheet rm Kell", False), ("undo", False),
        ("check might # anas-own", True), ("check might", False)]
    assert "(secret) (undone) hurt 2 # trapdoor" in table.roll(gm, "log", "-n", "50")
    assert [r["kind"] for r in map(checked, table.roll(bo, "log", "--json").splitlines())
            ] == ["secret"] * 6 + ["remove", "undo", "secret", "check"]
    # campaign copy: to a file (a display rule there) and on to a new database, secret still
    file = tmp_path / "copy.sqlite3"
    table.roll(gm, "campaign", "copy", table.url(gm), str(file))
    assert not [w for w in secrets if w in invoke("--campaign", str(file), "log", "-n", "50")[1]]
    with psycopg.connect(pg_server.url(), autocommit=True) as db:
        db.execute(f"CREATE DATABASE {table.database}_copy OWNER {gm}")
    again = table.url(gm, f"{table.database}_copy")
    assert invoke("campaign", "copy", str(file), again)[0] == 0
    assert invoke("--campaign", again, *table.roles("--apply"))[0] == 0
    seen = table.every_table(bo, f"{table.database}_copy")
    assert "hurt 2 # trapdoor" not in seen and "check might → 9" in seen
    assert not [w for w in secrets if w in seen]


def test_roles_are_refused_on_a_file_and_with_bad_names(tmp_path: Path) -> None:
    code, out, err = invoke("campaign", "roles", "--gm", "gm", "--player", "ana")
    assert (code, out) == (2, "")
    assert err.startswith("roll: error: campaign roles is for a postgresql:// campaign, not ")
    assert invoke("--campaign", "postgresql://x@127.0.0.1:1/y", "campaign", "roles", "--gm",
                  "GM", "--player", "ana")[2] == (
        "roll: error: campaign roles: 'GM' is not a role name roll writes (lower-case letters,"
        " digits and _, at most 63)\n")
    assert invoke("--campaign", "postgresql://x@127.0.0.1:1/y", "campaign", "roles", "--gm",
                  "gm", "--player", "gm")[2] == (
        "roll: error: campaign roles: the GM, each player and the group are different roles\n")


def test_roles_printed_need_a_campaign_applied_make_one(pg_server: Any) -> None:
    table = Table(pg_server)
    gm = table.gm
    assert invoke("--campaign", table.url(gm), *table.roles()) == (
        2, "", f"roll: error: no campaign at {table.url(gm)} (roll sheet import FILE creates one)\n")
    code, out, err = invoke("--campaign", table.url(gm), *table.roles("--apply"))
    assert (code, err) == (0, f"roll: created a new campaign at {table.url(gm)}\n")
    assert table.roll(table.players[0], "sheet", "list") == ""  # a player's role reads it


def test_a_group_role_and_a_gm_who_is_not_the_owner(pg_server: Any) -> None:
    import psycopg

    table = Table(pg_server, ("cy", "di", "gmx"))
    cy, di, gm = table.players
    group = f"players_{table.database}"
    owner = table.gm
    table.roll(owner, "sheet", "import", str(SHEETS / "mira.toml"))
    with psycopg.connect(pg_server.url(), autocommit=True) as db:
        db.execute(f"ALTER ROLE {owner} CREATEROLE")  # to make the group role
    args = ["campaign", "roles", "--gm", gm, "--player", f"{cy}=Mira", "--player", di,
            "--group", group]
    assert table.roll(owner, *args, "--apply").endswith(
        f"players {cy}, {di} (members of {group})\n{cy} plays Mira\n")
    assert table.roll(owner, *args, "--apply")  # again: nothing breaks
    assert table.roll(cy, "--as", "Mira", "secret", "check", "dex", "#", "cys", "--rolled", "4")
    assert "cys" in table.roll(gm, "log")  # the GM's role reads it
    assert "cys" in table.roll(cy, "log") and "cys" not in table.every_table(di)
    assert " Mira secret roll sha256:" in table.roll(di, "log").splitlines()[-1]


def test_an_upgrade_that_adds_a_table_keeps_rows_only_players_playing(
        pg_server: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import psycopg

    table = Table(pg_server, ("eve",))
    gm, (eve,) = table.gm, table.players
    with monkeypatch.context() as old:  # a campaign made by a roll of schema 4 (no touch)
        old.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:4])
        table.roll(gm, "alias", "add", "atk", "d20+2")  # (its import reads schema 8's table)
    with psycopg.connect(table.url(gm), autocommit=True) as db:  # the README's grants then
        assert db.execute("SELECT version FROM roll_schema").fetchone()[0] == 4
        db.execute(f"GRANT CONNECT ON DATABASE {table.database} TO {eve}")
        db.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON characters, party, settings, log,"
                   f" alias, rolltable TO {eve}")
        db.execute(f"GRANT SELECT, UPDATE ON roll_schema TO {eve}")
        db.execute(f"GRANT USAGE ON SEQUENCE log_id_seq TO {eve}")
    # a player's roll first: the schema is the owner's to upgrade, said in one line
    assert invoke("--campaign", table.url(eve), "sheet", "list") == (
        2, "", f"roll: error: campaign {table.url(eve)} has schema 4 and this roll writes"
               f" {schema.SCHEMA_VERSION}: its owner upgrades it (any roll command as the"
               " owner), then every role goes on\n")
    # the owner's roll upgrades it, and grants what it adds
    table.roll(gm, "sheet", "import", str(SHEETS / "mira.toml"))
    assert table.roll(eve, "--as", "Mira", "spend", "luck") == (
        "spend luck → Luck 1\nMira · Luck 2 → 1 (spend)\n")
    assert table.roll(eve, "undo").startswith("undid #1 (Mira): spend luck\n")
    assert len(table.roll(eve, "log").splitlines()) == 2
    assert "touch: [(1, 'mira', 'pool', 'luck')" in table.every_table(eve)


def test_each_follower_shows_what_its_role_reads(pg_server: Any) -> None:
    """`roll log -f --json` as the GM and as a player: a player's secret roll reaches the
    GM's pane as its row, marked secret (no ROLL_GM), and the other player's as its marker."""
    import select
    import signal
    import subprocess
    import sys

    table = Table(pg_server)
    gm, (ana, bo) = table.gm, table.players
    table.roll(gm, "sheet", "import", str(SHEETS / "mira.toml"))
    table.roll(gm, *table.roles("--apply", plays="Mira"))
    env = {k: v for k, v in os.environ.items() if k != "ROLL_GM"} | {"NO_COLOR": "1"}
    followers = {role: subprocess.Popen(
        [sys.executable, "-m", "cli", "--campaign", table.url(role), "log", "-f", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0)  # (unbuffered:
        for role in (gm, bo)}  # a line read is all select saw)
    try:
        table.roll(ana, "--as", "Mira", "secret", "check", "dex", "#", "hidden", "--rolled", "4")
        table.roll(ana, "--as", "Mira", "check", "might", "--rolled", "9")  # a last, open row
        seen: dict[str, list[tuple[str, bool]]] = {}
        for role, child in followers.items():
            assert child.stdout is not None
            rows: list[tuple[str, bool]] = []
            while len(rows) < 2:
                ready, _, _ = select.select([child.stdout], [], [], 60)
                assert ready, f"{role}'s follower printed nothing more"
                row = checked(child.stdout.readline())
                rows.append((row["input"], row.get("secret", False)))
            seen[role] = rows
    finally:
        for child in followers.values():
            child.send_signal(signal.SIGINT)
            child.wait(timeout=60)
    assert seen[gm] == [("check dex # hidden", True), ("check might", False)]
    assert seen[bo] == [("secret roll", False), ("check might", False)]
