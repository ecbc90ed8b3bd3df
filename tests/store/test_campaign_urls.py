"""A postgresql:// URL however it is spelled: the password never shown (errors, the REPL's
state file), a malformed one a clear error, never a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from cli.store import campaign_where
from cli.store.where import CampaignURL, redact, scrub, url_parts
from tests.support.cli import invoke

SPELLINGS = [
    ("postgresql://gm:pa#ss@db.example/table", "postgresql://gm@db.example/table"),
    ("postgresql://gm:pa/ss@db.example:5432/table", "postgresql://gm@db.example:5432/table"),
    ("postgresql://gm:pa?ss@db.example/table", "postgresql://gm@db.example/table"),
    ("postgresql://gm:pa@ss@db.example/table", "postgresql://gm@db.example/table"),
    ("postgresql://gm:p%23ss@db.example/table?password=pa%26ss&sslmode=require",
     "postgresql://gm@db.example/table?sslmode=require"),
    ("postgres://db.example/table?PASSWORD=pass&sslpassword=pass",
     "postgres://db.example/table"),
]


@pytest.mark.parametrize(("url", "shown"), SPELLINGS)
def test_the_password_is_left_out_however_it_is_spelled(url: str, shown: str) -> None:
    assert redact(url) == str(CampaignURL(url)) == shown
    assert "pa" not in shown.partition("@")[0].partition("//")[2].partition(":")[2]


def test_the_driver_gets_the_password_encoded() -> None:
    assert url_parts("postgresql://gm:a#b/c?d@e@h/db").for_driver() == (
        "postgresql://gm:a%23b%2Fc%3Fd%40e@h/db")
    assert url_parts("postgresql://gm:a%23b@h/db").for_driver() == "postgresql://gm:a%23b@h/db"


def test_a_drivers_message_is_scrubbed_of_every_spelling() -> None:
    url = "postgresql://gm:a#b@h/db"
    said = "failed for postgresql://gm:a%23b@h/db (password a#b, a%23b)"
    assert scrub(said, url) == "failed for postgresql://gm@h/db (password ***, ***)"


@pytest.mark.parametrize("url", [
    "postgresql://u:PW@[::1/x", "postgresql://u:PW@[::1", "postgresql://u:PW@", "postgresql://"])
def test_a_malformed_url_is_a_clear_error(url: str) -> None:
    code, out, err = invoke("--campaign", url, "sheet", "list")
    assert (code, out) == (2, "")
    assert err.startswith(f"roll: error: campaign {redact(url)}: not a postgresql:// URL")
    assert "PW" not in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("password", ["pa#ss", "pa/ss", "pa?ss", "pa@ss"])
def test_an_unreachable_server_never_shows_the_password(pg_server: Any, password: str) -> None:
    url = f"postgresql://nobody_here:{password}@127.0.0.1:{pg_server.port}/nowhere"
    code, out, err = invoke("--campaign", url, "--as", "Kit", "1d6")
    assert (code, out) == (2, "")
    assert err == (f"roll: error: campaign postgresql://nobody_here@127.0.0.1:"
                   f"{pg_server.port}/nowhere refused the login (user or password)\n")
    assert password not in err and "ss@" not in err and err.count("\n") == 1


@pytest.mark.parametrize("password", ["pa#ss", "pa/ss", "pa?ss", "pa@ss"])
def test_the_repl_state_keeps_no_password(password: str) -> None:
    from cli.repl.memory import memory_path, remember_as, remembered_as

    where = campaign_where(f"postgresql://gm:{password}@db.example/table")
    remember_as(where, "Mira")
    assert remembered_as(campaign_where("postgresql://gm@db.example/table")) == "Mira"
    text = memory_path().read_text()
    assert password not in text and "ss@" not in text


def test_a_line_needing_no_campaign_runs_with_a_malformed_url() -> None:
    url = "postgresql://u:PW@[::1/x"
    assert invoke("--campaign", url, "-q", "--rolled", "3", "1d6") == (0, "3\n", "")
    assert invoke("--campaign", url, "-s", "vagabond", "--rolled", "12", "check", "dex=5") == (
        0, "check dex=5 → 12 vs 15 · fail\n", "")
