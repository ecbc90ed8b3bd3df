"""A PostgreSQL server that goes away and comes back: `roll log --follow` says so in a line that
fits a 40-column pane, waits, and follows on by log id (no entry missed, none twice); plain
dice and a game's command with its values inline never needed the campaign."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import invoke
from tests.support.json_schema import checked
from tests.support.paths import ROOT_DIR
from tests.support.pg_server import Server
from tests.support.sheets import KIT, sheet

ROOT = ROOT_DIR


class Streams:
    """A child's stdout and stderr, line by line (waits are guarded against a hang only)."""

    def __init__(self, child: subprocess.Popen[bytes]) -> None:
        assert child.stdout is not None and child.stderr is not None
        self.fds = {child.stdout.fileno(): "out", child.stderr.fileno(): "err"}
        self.held = {"out": b"", "err": b""}

    def next(self, stream: str) -> str:
        while b"\n" not in self.held[stream]:
            ready, _, _ = select.select(list(self.fds), [], [], 60)
            assert ready, f"nothing on {stream}; held {self.held}"
            for fd in ready:
                chunk = os.read(fd, 65536)
                assert chunk, f"the follower ended; held {self.held}"
                self.held[self.fds[fd]] += chunk
        line, _, self.held[stream] = self.held[stream].partition(b"\n")
        return line.decode()


def test_log_follow_rides_out_a_server_restart(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_server.new_database()
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT, "kit")))[0] == 0
    invoke("--as", "kit", "spend", "luck")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "40"}
    child = subprocess.Popen([sys.executable, "-m", "cli", "log", "--follow", "--json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    streams = Streams(child)
    try:
        assert checked(streams.next("out"))["id"] == 1
        own_server.halt()
        lost = streams.next("err")
        own_server.resume()
        assert invoke("--as", "kit", "gain", "luck", "1")[0] == 0
        back = streams.next("err")
        second = checked(streams.next("out"))
        assert invoke("--as", "kit", "spend", "luck")[0] == 0
        third = checked(streams.next("out"))
    finally:
        child.send_signal(signal.SIGINT)
        status = child.wait(timeout=60)
    assert lost.startswith("roll: campaign unreachable since ") and len(lost) <= 40
    assert back.startswith("roll: campaign back (down since ") and len(back) <= 40
    assert (second["id"], second["input"], third["id"]) == (2, "gain luck 1", 3)
    assert status == 130
    assert streams.held == {"out": b"", "err": b""} or b"Traceback" not in streams.held["err"]


def test_a_line_needing_nothing_of_the_campaign_rolls_while_it_is_down(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_server.new_database()
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT, "kit")))[0] == 0
    own_server.halt()
    try:
        assert invoke("-q", "--rolled", "4", "1d6") == (0, "4\n", "")
        assert invoke("-s", "vagabond", "--rolled", "12", "check", "dex=5") == (
            0, "check dex=5 → 12 vs 15 · fail\n", "")
        code, out, err = invoke("--as", "kit", "spend", "luck")
        assert (code, out) == (2, "")
        assert err == f"roll: error: campaign {url} is unreachable\n"
        for command in (["sheet", "list"], ["log"], ["undo"], ["sheet", "show", "kit"],
                        ["--as", "kit", "secret", "check", "dex"], ["campaign", "roles",
                                                                    "--gm", "g", "--player", "p"]):
            assert invoke(*command) == (2, "", err), command  # one line, whatever the command
    finally:
        own_server.resume()
    assert invoke("--as", "kit", "sheet", "show", "--json")[0] == 0
    assert invoke("log", "--json")[1].count("\n") == 0  # the refused spend left nothing


def test_the_repl_keeps_who_acts_and_rolls_plain_dice_through_an_outage(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from cli.base.environment import Environment
    from cli.base.settings import Settings
    from cli.commands import dispatch
    from cli.line.runner import Runner
    from cli.repl.repl import Repl
    from cli.repl.toolbar import pieces

    url = own_server.new_database()
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT, "kit")))[0] == 0
    out, err = io.StringIO(), io.StringIO()
    runner = Runner(Settings(rolled="4,3,5"), Environment(stdout=out, stderr=err),
                    through_outage=True)
    repl = Repl(runner, dispatch, width=lambda: 40)
    try:
        repl.handle_line("as kit")
        assert repl.prompt().endswith("kit> ")
        own_server.halt()
        try:
            repl.handle_line("1d6")  # plain dice roll, unlogged
            repl.handle_line("spend luck")  # needs the campaign: one line, nothing applied
            view = repl.refresh()
            repl.handle_line("as")
            prompt, shown = repl.prompt(), pieces(view)
        finally:
            own_server.resume()
        repl.handle_line("spend luck")
        back = repl.refresh()
    finally:
        repl.close()
    said = out.getvalue().splitlines()
    errors = err.getvalue().splitlines()
    assert said[0] == "acting as Kit (generic)"
    assert said[1:3] == ["1d6 → [4] = 4", "acting as Kit (generic)"], said
    assert prompt.endswith("kit> ")
    problem = [p for p in shown if "unreachable" in p]
    assert len(problem) == 1 and problem[0].startswith("! campaign unreachable since ")
    assert len(problem[0]) <= 40
    assert errors[0] == "roll: not logged: campaign unreachable"
    assert len(errors) == 2 and errors[1].startswith("roll: error: campaign unreachable since ")
    assert len(errors[1]) <= 46
    assert back.problem is None and back.character is not None
    assert invoke("log", "--json")[1].count("\n") == 1  # the spend after the outage, once


def test_a_repl_pane_through_a_server_restart(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pexpect = pytest.importorskip("pexpect")
    from tests.support.pane import ROLL, TIMEOUT

    if not ROLL.exists():
        pytest.skip(f"no installed roll at {ROLL}")
    url = own_server.new_database()
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT, "kit")))[0] == 0
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROLL_", "XDG_"))}
    env |= {"LINES": "24", "COLUMNS": "40", "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm",
            "NO_COLOR": "1", "ROLL_CAMPAIGN": url,
            "ROLL_HISTORY": str(tmp_path / "state" / "history")}
    pane: Any = pexpect.spawn(str(ROLL), ["--as", "Kit", "--rolled", "4,3"], env=env,
                              dimensions=(24, 40), timeout=TIMEOUT, encoding="utf-8")
    try:
        pane.expect("kit>")
        own_server.halt()
        try:
            pane.send("1d6\r")
            pane.expect(r"\[4\] = 4")
            pane.expect("campaign unreachable since")
            pane.send("spend luck\r")
            pane.expect("campaign unreachable since")
            pane.expect("kit>")
        finally:
            own_server.resume()
        pane.send("spend luck\r")
        pane.expect(r"Kit · Luck 2 → 1 \(spend\)")
        pane.expect("kit>")
        pane.sendcontrol("d")
        pane.expect(pexpect.EOF)
    finally:
        pane.close(force=True)
    assert "Traceback" not in (pane.before or "") and "error ignored" not in (pane.before or "")
    assert invoke("log", "-n", "5")[1].count("\n") == 1  # the spend after the outage only


def test_completion_in_an_outage_offers_the_words_read_before(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli.base.settings import Settings
    from cli.repl.next_words import suggest
    from cli.repl.view import ViewReader

    monkeypatch.setenv("ROLL_CAMPAIGN", own_server.new_database())
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT, "kit")))[0] == 0
    assert invoke("alias", "add", "fireball", "8d6")[0] == 0
    reader = ViewReader(Settings(character="Kit"))
    try:
        assert list(reader.read().names) == ["Kit"]  # a Tab before the outage
        own_server.halt()
        try:
            view = reader.read()
            found = [s.text for s in suggest("sheet show ", view)], dict(view.rolls)
        finally:
            own_server.resume()
    finally:
        reader.close()
    assert view.problem is not None and view.problem.startswith("campaign unreachable since ")
    assert view.character is not None and view.character.name == "Kit"  # who acts stays
    assert found == (["Kit"], {"fireball": "8d6"})


def test_a_change_whose_server_stops_before_its_commit_keeps_nothing(
    own_server: Server, tmp_path: Path
) -> None:
    """A change read, applied and logged, its entry's INSERT and the commit still to go (they
    go together): the server stops. Nothing of it is kept, the error is one line, and the
    same store's next change, the server back, logs after what was there."""
    from cli.store import campaign_where, open_campaign
    from rules.errors import RollError
    from rules.resolution import Change, Resolution

    url = own_server.new_database()
    assert invoke("--campaign", url, "sheet", "import",
                  str(sheet(tmp_path, KIT, "kit")))[0] == 0
    assert invoke("--campaign", url, "--as", "kit", "spend", "luck")[0] == 0  # #1, luck 1
    store = open_campaign(campaign_where(url))
    gain = Resolution("gain luck 1", "generic", "pool", "", "Kit",
                      changes=(Change("Kit", "luck", 1, 2, "gain"),))
    try:
        with pytest.raises(RollError) as refused, store.transaction() as tx:
            assert tx.table("Kit").active is not None
            tx.apply(gain, {})
            own_server.halt()
    finally:
        own_server.resume()
    assert str(refused.value) == f"campaign {url} is unreachable"
    assert "\n" not in str(refused.value)
    with store.transaction() as tx:
        assert tx.character("Kit").pools["luck"] == 1 and len(tx.log(10)) == 1
        entry = tx.apply(gain, {})
    store.close()
    logged = [checked(line) for line in invoke("--campaign", url, "log", "--json")[1]
              .splitlines()]
    assert [(e["input"], e["id"]) for e in logged] == [("spend luck", 1),
                                                      ("gain luck 1", entry.id)]
    assert entry.id > 1


@pytest.mark.slow  # the installed roll in a pty, through an outage
def test_an_idle_40_column_pane_shows_the_outage_and_its_end(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mira's toolbar (two full rows at 40 columns): the server ends the REPL's connections,
    and the next LINE connects again (no outage said); then, at a prompt nobody types at, the
    server stops, and the mark is shown (the first item kept, a pool giving way) within a
    few seconds; it starts again, and the mark goes."""
    pytest.importorskip("pexpect")
    from tests.support.screen import ROLL, SHEETS, Terminal, environment

    if not ROLL.exists():
        pytest.skip(f"no installed roll at {ROLL}")
    url = own_server.new_database()
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert invoke("sheet", "import", str(SHEETS / "mira.toml"))[0] == 0
    env = environment(tmp_path / "unused", tmp_path / "state" / "history") | {"ROLL_CAMPAIGN": url}
    pane = Terminal(env, "--as", "Mira", columns=40)
    try:
        screen = pane.wait_for("mira>")
        assert screen.splitlines()[-2:] == ["Mira:  HP 8/8  Luck 2/3  Mana 6/6", "Fatigue 0/5"]
        import psycopg

        with psycopg.connect(own_server.url(), autocommit=True) as db:  # its connections end
            db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                       " WHERE datname = %s", (url.rsplit("/", 1)[1],))
        pane.type("spend luck\r")  # no outage: it connects again
        screen = pane.wait_for("Luck 1/3")
        assert "unreachable" not in screen and "Mira · Luck 2 → 1 (spend)" in screen
        own_server.halt()
        try:
            screen = pane.wait_for("! campaign unreachable since ")
        finally:
            own_server.resume()
        bar = screen.splitlines()[-2:]
        assert bar[0] == "Mira:  HP 8/8  Luck 1/3  Mana 6/6  +1"
        assert bar[1].startswith("! campaign unreachable since ") and len(bar[1]) <= 40
        end = time.monotonic() + 30
        while "unreachable" in pane.screen() and time.monotonic() < end:
            pane.pump(0.2)
        assert "unreachable" not in pane.screen() and "HP 8/8" in pane.screen()
    finally:
        pane.close()


@pytest.mark.slow  # a real server, a follower process
def test_log_follow_rides_out_its_connections_ended_by_the_server(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server ends the follower's connections (pg_terminate_backend, as an idle timeout
    or an administrator would): it connects again at once, says nothing, misses nothing."""
    import psycopg

    url = own_server.new_database()
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT, "kit")))[0] == 0
    child = subprocess.Popen([sys.executable, "-m", "cli", "log", "-f", "--json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "ROLL_CAMPAIGN": url}, bufsize=0)
    try:
        lines = Streams(child)
        assert invoke("--as", "kit", "spend", "luck")[0] == 0
        assert checked(lines.next("out"))["id"] == 1
        with psycopg.connect(own_server.url(), autocommit=True) as db:
            ended = db.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                               " WHERE datname = %s", (url.rsplit("/", 1)[1],)).fetchone()[0]
        assert ended >= 1
        assert invoke("--as", "kit", "gain", "luck")[0] == 0
        assert checked(lines.next("out"))["id"] == 2
    finally:
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    assert lines.held["err"] + err == b""
