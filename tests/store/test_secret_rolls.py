"""The GM's secret rolls: the roller sees the result, the log shows others only that a secret
roll was made; on PostgreSQL a player's role cannot read the secret row at all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import invoke
from tests.support.encounter import SHEETS, imported
from tests.support.json_schema import checked
from tests.support.paths import SHEETS_DIR


def sealed(*where: str) -> str:
    """The commitment the log's newest marker holds (what every reader of the log sees)."""
    out = invoke(*where, "log", "--json", "-n", "50")[1]
    marks = [r for r in map(checked, out.splitlines()) if r["kind"] == "secret"]
    return str(marks[-1]["commitment"])


def test_the_roller_sees_it_the_log_shows_only_the_marker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    imported(tmp_path, "mira")
    code, out, err = invoke("secret", "check", "dex", "--as", "Mira", "--rolled", "7")
    assert (code, err) == (0, "")
    assert out == ("check dex → 7 ≤ 14 · pass\n(secret: the log shows others only that you"
                   f" rolled; sha256:{sealed()[:12]})\n")
    invoke("d6", "--rolled", "2")  # a plain roll is not logged
    code, out, _ = invoke("log", "--json")
    rows = [checked(line) for line in out.splitlines()]
    assert [(r["kind"], r["text"]) for r in rows] == [("secret", "Mira made a secret roll")]
    assert "check dex" not in out and "pass" not in out and rows[0]["dice"] == []
    monkeypatch.setenv("ROLL_GM", "1")
    code, out, _ = invoke("log", "--json")
    rows = [checked(line) for line in out.splitlines()]
    assert [(r["input"], r["outcome"], r["secret"]) for r in rows] == [("check dex", "pass", True)]


def test_a_secret_plain_roll_with_nobody_acting_is_logged_as_the_gms(tmp_path: Path) -> None:
    imported(tmp_path, "mira")
    code, out, _ = invoke("secret", "d20", "--rolled", "4")
    assert out == ("d20 → [4] = 4\n(secret: the log shows others only that you rolled;"
                   f" sha256:{sealed()[:12]})\n")
    code, out, _ = invoke("log")
    assert out.splitlines()[-1].endswith(f"— secret roll sha256:{sealed()[:12]}")
    assert invoke("undo")[2] == "roll: error: nothing to undo\n"


def test_log_n_shows_n_entries_a_hidden_secret_row_counting_as_its_marker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    imported(tmp_path, "mira")
    for faces in ("7", "8", "9"):
        invoke("secret", "check", "dex", "--as", "Mira", "--rolled", faces)
    invoke("check", "str", "--as", "Mira", "--rolled", "3")

    def shown(*args: str) -> list[tuple[str, object]]:
        out = invoke("log", "--json", *args)[1]
        return [(r["kind"], r["total"]) for r in map(checked, out.splitlines())]

    assert shown("-n", "3") == [("secret", None), ("secret", None), ("check", 3)]
    assert shown("-n", "2") == [("secret", None), ("check", 3)]
    assert shown("-n", "10") == [("secret", None)] * 3 + [("check", 3)]
    monkeypatch.setenv("ROLL_GM", "1")
    assert shown("-n", "3") == [("check", 8), ("check", 9), ("check", 3)]
    assert shown("-n", "4") == [("check", 7), ("check", 8), ("check", 9), ("check", 3)]
    assert len(invoke("log", "-n", "3")[1].splitlines()) == 3


OLD_SETUP = (
    "ALTER TABLE log ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY open_lines ON log FOR SELECT TO PUBLIC USING (result::jsonb -> 'secret' IS NULL)",
    "CREATE POLICY player_lines ON log FOR INSERT TO PUBLIC"
    " WITH CHECK (result::jsonb -> 'secret' IS NULL)",
)
"""What the README's set-up was before a player's role could make a secret roll (its policies
are replaced by `roll campaign roles`)."""


def test_on_postgresql_a_players_role_cannot_read_a_secret_row(
        tmp_path: Path, pg_url: str) -> None:
    import psycopg

    gm_view = {**os.environ, "NO_COLOR": "1", "ROLL_GM": "1"}
    player_view = {k: v for k, v in gm_view.items() if k != "ROLL_GM"}

    def roll(url: str, *args: str, env: dict[str, str] = gm_view) -> str:
        done = subprocess.run([sys.executable, "-m", "cli", "--campaign", url, *args],
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def seen(url: str, env: dict[str, str] = gm_view) -> list[tuple[str, str, bool]]:
        rows = [checked(line) for line in roll(url, "log", "--json", env=env).splitlines()]
        return [(r["kind"], r["input"], r.get("secret", False)) for r in rows]

    sheet = tmp_path / "mira.toml"
    sheet.write_text(SHEETS["mira"], encoding="utf-8")
    roll(pg_url, "sheet", "import", str(sheet))
    players = [f"player_{os.getpid()}", f"other_{os.getpid()}"]
    with psycopg.connect(pg_url, autocommit=True) as db:
        for statement in OLD_SETUP:  # the earlier set-up, which roll's own replaces
            db.execute(statement)
        db.execute("CREATE ROLE table_player NOLOGIN")
        for player in players:
            db.execute(f"CREATE ROLE {player} LOGIN")
    # the GM is the owner (the superuser here); the players share one group role
    roll(pg_url, "campaign", "roles", "--gm", "roll", "--player", f"{players[0]}=Mira", "--player",
         players[1], "--group", "table_player", "--apply")
    player, other = (pg_url.replace("://roll@", f"://{name}@") for name in players)
    assert player != pg_url
    roll(pg_url, "secret", "check", "dex", "--as", "Mira", "--rolled", "7")
    roll(player, "check", "str", "--as", "Mira", "--rolled", "3")
    # a player's role makes a secret roll of its own, and sees its result
    said = roll(player, "secret", "check", "str", "--as", "Mira", "--rolled", "5")
    mark = checked(roll(other, "log", "--json", env=player_view).splitlines()[-1])
    assert said == ("check str → 5 ≤ 12 · pass\n(secret: the log shows others only that you"
                    f" rolled; sha256:{mark['commitment'][:12]})\n")
    # the server gives a player's role no other role's secret row, whatever the display
    # rule: the player reads back its own (its marker then goes), the other player markers
    assert seen(player) == [("secret", "secret roll", False), ("check", "check str", False),
                            ("check", "check str", True)]
    assert seen(other) == seen(other, player_view) == [("secret", "secret roll", False),
                                                       ("check", "check str", False),
                                                       ("secret", "secret roll", False)]
    assert [r[1] for r in seen(pg_url)] == ["check dex", "check str", "check str"]
    # nor can a player's role write a row as another's
    with psycopg.connect(player) as db, pytest.raises(psycopg.errors.InsufficientPrivilege):
        db.execute("UPDATE log SET rolled_by = %s WHERE result::jsonb -> 'secret' IS NOT NULL",
                   (players[1],))


def test_with_no_campaign_a_secret_says_nothing_was_logged(private_campaign: Path) -> None:
    assert invoke("secret", "d20+2", "--rolled", "5") == (
        0, "d20+2 → [5] + 2 = 7\n(secret: no campaign, so nothing was logged)\n", "")
    assert not private_campaign.exists()


def test_what_copies_a_secret_keeps_it_secret_on_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vagabond = SHEETS_DIR / "mira.toml"
    assert invoke("sheet", "import", str(vagabond))[0] == 0
    invoke("--as", "Mira", "secret", "hurt", "2", "#", "trapdoor")
    assert invoke("undo")[1] == (  # the undo's text keeps the display rule too
        "undid #2 (Mira): a secret roll\n   Mira · HP 6 → 8 (undo hurt)\n")
    invoke("--as", "Mira", "secret", "check", "dex", "#", "sneak", "--rolled", "3")
    invoke("--as", "Mira", "fluke", "--rolled", "18")
    copy = tmp_path / "copy.sqlite3"
    assert invoke("campaign", "copy", str(tmp_path / "campaign.sqlite3"), str(copy))[0] == 0
    for where in ([], ["--campaign", str(copy)]):
        code, out, _ = invoke(*where, "log")
        assert [line.split(" ", 2)[2].split(" sha256:")[0] for line in out.splitlines()] == [
            "Mira secret roll"] * 3, out  # the undo and the fluke say nothing to the others
        json_out = invoke(*where, "log", "--json")[1]
        assert "trapdoor" not in json_out and "sneak" not in json_out and "Fluke" not in json_out
    monkeypatch.setenv("ROLL_GM", "1")  # the GM's view: every secret row, marked
    assert [line.split(" ", 2)[2] for line in invoke("log")[1].splitlines()] == [
        "Mira (secret) (undone) hurt 2 # trapdoor · HP 8→6",
        "Mira (secret) undo hurt 2 # trapdoor · HP 6→8",
        "Mira (secret) check dex # sneak → 3 fail",
        "Mira (secret) fluke → 18 pass · Luck 2→1"]
    rows = [checked(line) for line in invoke("log", "--json")[1].splitlines()]
    assert [(r["kind"], r["secret"]) for r in rows] == [
        ("pool", True), ("undo", True), ("check", True), ("check", True)]
    invoke("--as", "Mira", "secret", "hurt", "1", "#", "pit")
    assert checked(invoke("undo", "--json")[1])["text"] == "undo hurt 1 # pit"  # the GM's
    monkeypatch.delenv("ROLL_GM")
    invoke("--as", "Mira", "secret", "hurt", "1", "#", "pit")
    undone = checked(invoke("undo", "--json")[1])
    assert (undone["text"], undone["secret"]) == ("undo a secret roll", True)
