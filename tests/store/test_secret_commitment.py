"""Issue 51: a secret LINE is sealed when rolled (a SHA-256 commitment of its result and a
random nonce on the marker every role reads), `roll reveal ID` publishes the sealed text, and
`roll log verify` hashes every revealed row again: on a file and on PostgreSQL; undo, fluke and
`campaign copy` keep the commitment; a row tampered with is named."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import invoke
from tests.support.online_table import Table
from tests.support.paths import ROOT_DIR

SHEETS = ROOT_DIR / "tests" / "sheets"
HEX64 = re.compile(r"[0-9a-f]{64}")


def imported(*names: str) -> None:
    """The test sheets (tests/sheets: Mira and Kell of Vagabond) in the test's campaign."""
    for name in names:
        assert invoke("sheet", "import", str(SHEETS / f"{name}.toml"))[0] == 0


def rows(*args: str) -> list[dict[str, Any]]:
    code, out, err = invoke("log", "--json", "-n", "50", *args)
    assert (code, err) == (0, ""), err
    return [json.loads(line) for line in out.splitlines()]


def expected_preimage(nonce: str, total: int, outcome: str, text: str) -> str:
    """The canonical text of Mira's `check dex` as the module's docstring documents it,
    written out by hand (keys sorted, no spaces, UTF-8 as itself)."""
    return ('{"character":"Mira","dice":[["d20",' + str(total) + ',true]],"expanded":null,'
            '"input":"check dex","kind":"check","nonce":"' + nonce + '","outcome":"'
            + outcome + '","scheme":"roll-secret-1","system":"vagabond","target":15,'
            '"text":"' + text + '","total":' + str(total) + '}')


def test_a_secret_roll_is_sealed_and_its_reveal_hashes_to_the_commitment(
        tmp_path: Path) -> None:
    imported("mira")
    code, out, err = invoke("secret", "check", "dex", "--as", "Mira", "--rolled", "7")
    marker = rows()[0]
    commitment = marker["commitment"]
    assert HEX64.fullmatch(commitment) and marker["kind"] == "secret" and marker["id"] == 1
    assert (code, err, out) == (0, "", "check dex → 7 vs 15 · fail\n(secret: the log shows"
                                f" others only that you rolled; sha256:{commitment[:12]})\n")
    assert invoke("log")[1].endswith(f" Mira secret roll sha256:{commitment[:12]}\n")
    code, out, err = invoke("reveal", "1", "--as", "Mira", "--json")
    shown = json.loads(out)
    nonce = json.loads(shown["preimage"])["nonce"]
    assert re.fullmatch(r"[0-9a-f]{32}", nonce)
    text = "check dex → 7 vs 15 · fail"
    assert shown["preimage"] == expected_preimage(nonce, 7, "fail", text)
    assert hashlib.sha256(shown["preimage"].encode("utf-8")).hexdigest() == commitment
    # what the README tells a player to run: sha256sum over the published text
    done = subprocess.run(["sha256sum"], input=shown["preimage"].encode("utf-8"),
                          capture_output=True, check=True)
    assert done.stdout.decode().split()[0] == commitment
    assert (code, err) == (0, "")
    assert {k: shown[k] for k in ("id", "kind", "reveals", "commitment", "total", "outcome",
                                  "character", "text", "verified", "dice")} == {
        "id": 3, "kind": "reveal", "reveals": 1, "commitment": commitment, "total": 7,
        "outcome": "fail", "character": None, "text": f"revealed #1 (Mira): {text}",
        "verified": True, "dice": []}
    # every role reads the reveal: the log of a player who is not the GM shows it
    assert [r["kind"] for r in rows()] == ["secret", "reveal"]
    assert invoke("log", "verify") == (0, (
        f"#2 secret of #1 sha256:{commitment[:12]} ok\n"
        f"#3 reveal of #1 sha256:{commitment[:12]} ok\n"
        "2 rows checked: all match\n"), "")


def test_only_the_roller_or_the_gm_reveals_and_only_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    imported("mira", "kell")
    invoke("secret", "check", "dex", "--as", "Mira", "--rolled", "7")
    refused = ("roll: error: #1 is Mira's secret roll: only its roller or the GM may reveal"
               " it; nothing changed\n")
    assert invoke("reveal", "1") == (1, "", refused)
    assert invoke("reveal", "2", "--as", "Kell") == (1, "", refused)
    assert len(rows()) == 1  # nothing logged
    assert invoke("reveal", "9") == (2, "", "roll: error: no log entry #9 that you may read\n")
    invoke("check", "dex", "--as", "Mira", "--rolled", "3")
    assert invoke("reveal", "3") == (
        2, "", "roll: error: #3 is not a secret roll (check dex)\n")
    monkeypatch.setenv("ROLL_GM", "1")
    code, out, _ = invoke("reveal", "2")  # the secret row's own id names it too
    assert code == 0 and out.startswith("revealed #1 (Mira): check dex → 7 vs 15 · fail\n")
    assert invoke("reveal", "1") == (
        1, "", "roll: error: #1 is revealed already (#4); nothing changed\n")


def test_a_row_tampered_with_is_named_by_reveal_and_by_verify(
        tmp_path: Path, private_campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    imported("mira")
    for face in ("7", "12", "18"):
        invoke("secret", "check", "dex", "--as", "Mira", "--rolled", face)
    short = [r["commitment"][:12] for r in rows()]
    with sqlite3.connect(private_campaign) as db:  # the GM's "7" becomes a 17 after the roll
        (result,) = db.execute("SELECT result FROM log WHERE id = 2").fetchone()
        db.execute("UPDATE log SET result = ? WHERE id = 2",
                   (result.replace('"total": 7', '"total": 17'),))
    monkeypatch.setenv("ROLL_GM", "1")
    assert invoke("reveal", "1") == (0 + 1, (
        "revealed #1 (Mira): check dex → 7 vs 15 · fail\n"
        f"sha256:{short[0]} FAILS: what it published does not hash to sha256:{short[0]},"
        " the commitment made when it was rolled\n"), "")
    assert invoke("reveal", "3")[0] == 0
    with sqlite3.connect(private_campaign) as db:  # a reveal whose published text is edited
        (result,) = db.execute("SELECT result FROM log WHERE id = 8").fetchone()
        db.execute("UPDATE log SET result = ? WHERE id = 8",
                   (result.replace('12,true', '2,true'),))
    code, out, err = invoke("log", "verify")
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"#2 secret of #1 sha256:{short[0]} FAILS: its result no longer hashes to"
        f" sha256:{short[0]}",
        f"#4 secret of #3 sha256:{short[1]} ok",
        f"#6 secret of #5 sha256:{short[2]} ok",
        f"#7 reveal of #1 sha256:{short[0]} FAILS: what it published does not hash to"
        f" sha256:{short[0]}, the commitment made when it was rolled",
        f"#8 reveal of #3 sha256:{short[1]} FAILS: what it published does not hash to"
        f" sha256:{short[1]}, the commitment made when it was rolled",
        "5 rows checked: 3 fail (#2, #7, #8)"]
    code, out, _ = invoke("log", "verify", "--json")
    answer = json.loads(out)
    assert code == 1 and (answer["kind"], answer["checked"], answer["failed"]) == (
        "verify", 5, [2, 7, 8])


def test_undo_fluke_and_copy_keep_the_commitment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    imported("mira")
    invoke("secret", "hurt", "2", "--as", "Mira")
    invoke("undo", "--as", "Mira")
    invoke("secret", "check", "dex", "--as", "Mira", "--rolled", "3")
    invoke("fluke", "--as", "Mira", "--rolled", "18")
    monkeypatch.setenv("ROLL_GM", "1")
    seen = rows()
    assert [(r["id"], r["kind"]) for r in seen] == [(2, "pool"), (3, "undo"), (5, "check"),
                                                    (7, "check")]
    hurt, undo, check, fluke = seen
    assert undo["commitment"] == hurt["commitment"] and undo["undoes"] == 2
    assert fluke["secret"] and HEX64.fullmatch(fluke["commitment"])
    assert len({hurt["commitment"], check["commitment"], fluke["commitment"]}) == 3
    for marker in (1, 4, 6):  # the undone one, the rerolled one and the reroll
        assert invoke("reveal", str(marker))[0] == 0
    copy = tmp_path / "copy.sqlite3"
    assert invoke("campaign", "copy", str(tmp_path / "campaign.sqlite3"), str(copy))[0] == 0
    for where in (str(tmp_path / "campaign.sqlite3"), str(copy)):
        code, out, _ = invoke("--campaign", where, "log", "verify")
        assert (code, out.splitlines()[-1]) == (0, "6 rows checked: all match")
    assert [r.get("commitment") for r in rows("--campaign", str(copy))] == [
        r.get("commitment") for r in rows()]


def test_on_postgresql_a_player_reveals_their_own_and_the_server_keeps_the_rest(
        pg_server: Any) -> None:
    import psycopg

    table = Table(pg_server)
    gm, (ana, bo) = table.gm, table.players
    table.roll(gm, "sheet", "import", str(SHEETS / "mira.toml"))
    table.roll(gm, *table.roles("--apply", plays="Mira"))
    table.roll(gm, "--as", "Mira", "secret", "check", "dex", "--rolled", "7")
    table.roll(ana, "--as", "Mira", "secret", "check", "dex", "--rolled", "12")
    bo_sees = [json.loads(x) for x in table.roll(bo, "log", "--json").splitlines()]
    assert [r["kind"] for r in bo_sees] == ["secret", "secret"]
    gm_mark, ana_mark = (r["commitment"] for r in bo_sees)
    refused = ("#1 is Mira's secret roll: only its roller or the GM may reveal it;"
               " nothing changed")
    for role, marker in ((bo, "1"), (bo, "3"), (ana, "1")):
        done = invoke("--campaign", table.url(role), "reveal", marker)
        assert done[0] == 1 and done[2] == f"roll: error: {refused.replace('#1', '#' + marker)}\n"
    assert table.roll(ana, "reveal", "3").startswith(
        "revealed #3 (Mira): check dex → 12 vs 15 · fail\n")
    with psycopg.connect(pg_server.url(), dbname=table.database, autocommit=True) as db:
        db.execute("UPDATE log SET result = replace(result, '\"total\": 7', '\"total\": 17')"
                   " WHERE id = 2")  # the superuser changes the GM's roll after the fact
    table.roll(gm, "reveal", "1", code=1)
    published = [json.loads(x) for x in table.roll(bo, "log", "--json").splitlines()]
    assert [(r["kind"], r.get("reveals")) for r in published] == [
        ("secret", None), ("secret", None), ("reveal", 3), ("reveal", 1)]
    assert [json.loads(r["preimage"])["total"] for r in published[2:]] == [12, 17]
    done = invoke("--campaign", table.url(bo), "log", "verify")
    assert done[0] == 1 and done[1].splitlines() == [
        f"#5 reveal of #3 sha256:{ana_mark[:12]} ok",
        f"#6 reveal of #1 sha256:{gm_mark[:12]} FAILS: what it published does not hash to"
        f" sha256:{gm_mark[:12]}, the commitment made when it was rolled",
        "2 rows checked: 1 fail (#6)"]
