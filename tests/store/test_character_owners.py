"""Issue 51: on PostgreSQL each character has an owner role; a player's role changes, acts as,
removes and undoes only its own characters, through roll (a refusal naming the owner, exit 1,
nothing changed) and through psql alike (row-level security); the GM's role everything. An
existing campaign is upgraded in place (its characters the GM's until given), and a copy keeps
the owners. On a file nothing is enforced."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cli.store.schema as schema
from tests.support.cli import invoke
from tests.support.online_table import Table
from tests.support.paths import ROOT_DIR

SHEETS = ROOT_DIR / "tests" / "sheets"


def refusal(name: str, owner: str, me: str) -> str:
    return (f"roll: error: {name} is {owner} character, not {me}'s: only its owner or the GM"
            " changes it or acts as it; nothing changed\n")


def luck(table: Table, name: str) -> int:
    shown = json.loads(table.roll(table.gm, "sheet", "show", name, "--json"))
    return int(shown["pools"]["luck"]["current"])


def set_up(pg_server: Any) -> Table:
    """Mira is ana's, Corin bo's (given with --player ROLE=NAME), both imported by the GM."""
    table = Table(pg_server)
    gm, (ana, bo) = table.gm, table.players
    for name in ("mira", "corin"):
        table.roll(gm, "sheet", "import", str(SHEETS / f"{name}.toml"))
    said = table.roll(gm, "campaign", "roles", "--gm", gm, "--player", f"{ana}=Mira",
                      "--player", f"{bo}=Corin", "--apply")
    assert said.splitlines()[1:] == [f"{ana} plays Mira", f"{bo} plays Corin"]
    return table


def test_a_player_changes_only_their_own_characters(pg_server: Any) -> None:
    table = set_up(pg_server)
    gm, (ana, bo) = table.gm, table.players
    before = table.every_table(gm)
    for args in (("--as", "Mira", "spend", "luck"), ("--as", "Mira", "check", "dex"),
                 ("sheet", "rm", "Mira", "--yes"), ("--as", "Mira", "secret", "check", "dex")):
        assert invoke("--campaign", table.url(bo), *args) == (
            1, "", refusal("Mira", f"{ana}'s", bo)), args
    assert table.every_table(gm) == before  # nothing changed, nothing logged
    assert table.roll(ana, "--as", "Mira", "spend", "luck") == (
        "spend luck → Luck 1\nMira · Luck 2 → 1 (spend)\n")
    spent = json.loads(table.roll(bo, "log", "--json").splitlines()[-1])["id"]
    assert invoke("--campaign", table.url(bo), "undo", "--id", str(spent)) == (
        1, "", refusal("Mira", f"{ana}'s", bo))
    assert invoke("--campaign", table.url(bo), "undo", "--as", "Mira")[0] == 1
    assert table.roll(bo, "--as", "Corin", "spend", "luck").endswith("(spend)\n")
    assert luck(table, "Mira") == 1
    # every player reads every sheet; the GM changes anyone's
    assert json.loads(table.roll(bo, "sheet", "show", "Mira", "--json"))["name"] == "Mira"
    assert table.roll(gm, "--as", "Mira", "gain", "luck").endswith("Luck 1 → 2 (gain)\n")


def test_psql_as_a_player_changes_nothing_that_is_not_theirs(pg_server: Any) -> None:
    import psycopg

    table = set_up(pg_server)
    gm, (ana, bo) = table.gm, table.players
    table.roll(ana, "--as", "Mira", "spend", "luck")
    before = table.every_table(gm)
    with psycopg.connect(table.url(bo), autocommit=True) as db:
        for statement in ("UPDATE characters SET sheet = '{}' WHERE name_key = 'mira'",
                          "DELETE FROM characters WHERE name_key = 'mira'",
                          f"UPDATE characters SET owner = '{bo}' WHERE name_key = 'mira'",
                          "UPDATE log SET undone = 1 WHERE character_key = 'mira'",
                          "DELETE FROM sheet_value WHERE character_key = 'mira'"):
            assert db.execute(statement).rowcount == 0, statement
        for statement in (
                f"UPDATE characters SET owner = '{ana}' WHERE name_key = 'corin'",
                "INSERT INTO log (time, input, character, character_key, system, kind, result,"
                " changes) VALUES ('t', 'x', 'Mira', 'mira', 'vagabond', 'pool', '{}', '[]')",
                "INSERT INTO sheet_value VALUES ('mira', 'pools', 'luck', '9')",
                "INSERT INTO characters (name, name_key, system, sheet, created, updated, owner)"
                f" VALUES ('Zed', 'zed', 'vagabond', '{{}}', 't', 't', '{ana}')"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level"):
                db.execute(statement)
        assert db.execute("SELECT count(*) FROM characters").fetchone() == (2,)
    assert table.every_table(gm) == before


def test_sheet_owner_is_the_gms_word(pg_server: Any) -> None:
    table = set_up(pg_server)
    gm, (ana, bo) = table.gm, table.players
    assert invoke("--campaign", table.url(ana), "sheet", "owner", "Mira", bo) == (
        1, "", f"roll: error: only the GM gives a character to a player, not {ana}; nothing"
               " changed\n")
    assert invoke("--campaign", table.url(gm), "sheet", "owner", "Mira", "nobody_here")[0] == 1
    assert table.roll(gm, "sheet", "owner", "Mira", bo) == f"Mira is {bo}'s now\n"
    assert table.roll(bo, "--as", "Mira", "spend", "luck").endswith("(spend)\n")
    assert invoke("--campaign", table.url(ana), "--as", "Mira", "spend", "luck") == (
        1, "", refusal("Mira", f"{bo}'s", ana))
    # a character a player imports is theirs
    table.roll(ana, "sheet", "import", str(SHEETS / "ser-alys.toml"))
    assert invoke("--campaign", table.url(bo), "sheet", "rm", "Ser Alys", "--yes") == (
        1, "", refusal("Ser Alys", f"{ana}'s", bo))
    assert table.roll(ana, "sheet", "rm", "Ser Alys", "--yes") == (
        "removed Ser Alys (undo brings it back)\n")


def test_an_existing_campaign_is_upgraded_its_characters_the_gms_and_a_copy_keeps_owners(
        pg_server: Any) -> None:
    import psycopg

    table = Table(pg_server)
    gm, (ana, bo) = table.gm, table.players
    table.roll(gm, "sheet", "import", str(SHEETS / "mira.toml"))
    before_owners = schema.MIGRATIONS.index(schema._v10_character_owners)
    with psycopg.connect(table.url(gm), autocommit=True) as db:  # as a campaign before owners
        db.execute("ALTER TABLE characters DROP COLUMN owner")
        db.execute("UPDATE roll_schema SET version = %s", (before_owners,))
    table.roll(gm, *table.roles("--apply"))  # upgrades in place, then sets up the roles
    with psycopg.connect(table.url(gm), autocommit=True) as db:
        assert db.execute("SELECT name, owner FROM characters").fetchall() == [("Mira", None)]
    assert invoke("--campaign", table.url(ana), "--as", "Mira", "spend", "luck") == (
        1, "", refusal("Mira", "the GM's", ana))
    table.roll(gm, "sheet", "owner", "Mira", ana)
    table.roll(ana, "--as", "Mira", "spend", "luck")
    with psycopg.connect(pg_server.url(), autocommit=True) as db:
        db.execute(f"CREATE DATABASE {table.database}_copy OWNER {gm}")
    copy = table.url(gm, f"{table.database}_copy")
    assert invoke("campaign", "copy", table.url(gm), copy)[0] == 0
    assert invoke("--campaign", copy, *table.roles("--apply"))[0] == 0
    with psycopg.connect(copy, autocommit=True) as db:
        assert db.execute("SELECT name, owner FROM characters").fetchall() == [("Mira", ana)]
    assert invoke("--campaign", copy.replace(f"//{gm}@", f"//{bo}@"), "--as", "Mira", "spend",
                  "luck") == (1, "", refusal("Mira", f"{ana}'s", bo))


def test_on_a_file_nothing_is_enforced(tmp_path: Any) -> None:
    assert invoke("sheet", "import", str(SHEETS / "mira.toml"))[0] == 0
    assert invoke("sheet", "owner", "Mira", "ana") == (
        2, "", f"roll: error: sheet owner is for a postgresql:// campaign, not"
               f" {tmp_path / 'campaign.sqlite3'}: a file enforces no owners\n")
    assert invoke("--as", "Mira", "spend", "luck")[0] == 0


def test_the_repl_offers_a_player_their_own_characters_first(pg_server: Any) -> None:
    from cli.base.settings import Settings
    from cli.repl.next_words import suggest
    from cli.repl.toolbar import pieces
    from cli.repl.view import ViewReader

    table = set_up(pg_server)
    gm, (ana, bo) = table.gm, table.players
    table.roll(gm, "sheet", "import", str(SHEETS / "ser-alys.toml"))
    shown = {}
    for role in (gm, ana, bo):
        reader = ViewReader(Settings(campaign=table.url(role)))
        view = reader.read()
        shown[role] = ([s.text for s in suggest("as ", view)], pieces(view)[0])
        reader.close()
    assert shown[gm] == (["Corin", "Mira", "Ser Alys", "none"], "generic · nobody acts (as NAME)")
    assert shown[ana] == (["Mira", "Corin", "Ser Alys", "none"], "generic · nobody acts (as Mira)")
    assert shown[bo] == (["Corin", "Mira", "Ser Alys", "none"], "generic · nobody acts (as Corin)")


def test_undo_of_a_removal_gives_the_character_back_to_its_owner(pg_server: Any) -> None:
    import psycopg

    table = set_up(pg_server)
    gm, (ana, bo) = table.gm, table.players
    table.roll(gm, "sheet", "rm", "Mira", "--yes")
    assert table.roll(gm, "undo").startswith("undid ")
    with psycopg.connect(table.url(gm), autocommit=True) as db:
        assert db.execute("SELECT name, owner FROM characters ORDER BY name_key").fetchall() == [
            ("Corin", bo), ("Mira", ana)]
    assert table.roll(ana, "--as", "Mira", "spend", "luck").endswith("(spend)\n")
