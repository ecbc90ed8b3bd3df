"""An outage no pane can miss: a REPL with a campaign notices, at its prompt, that the campaign
stopped answering, whoever acts (a GM's pane with nobody chosen too), and a subcommand typed
there says so in the short line a LINE does."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from cli.base.settings import Settings
from cli.repl import view as state
from cli.repl.view import ALIVE_S, ViewReader
from cli.store.backoff import VIEW
from tests.support.cli import invoke
from tests.support.pg_server import Server
from tests.support.repl import repl
from tests.support.sheets import KIT, sheet

SHORT = re.compile(r"roll: error: campaign unreachable since\n  \d\d:\d\d")
"""The REPL's outage error, as a 40-column pane wraps it."""


class Clock:
    """The REPL's clock, moved by the test (state.py reads `time.monotonic`)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(state, "time", moved)
    return moved


def test_nobody_acting_on_a_file_is_looked_at_again_after_alive_s(
    private_campaign: Path, tmp_path: Path, clock: Clock
) -> None:
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT)))[0] == 0
    reader = ViewReader(Settings())
    try:
        assert reader.read().problem is None
        for kept in private_campaign.parent.glob(private_campaign.name + "-*"):
            kept.unlink()  # its WAL too: what a reader would find there goes
        private_campaign.write_bytes(b"this is no database" * 100)  # no campaign readable
        clock.now += ALIVE_S / 2
        assert reader.read().problem is None  # the last look was a moment ago
        clock.now += ALIVE_S / 2
        problem = reader.read().problem
    finally:
        reader.close()
    assert problem is not None and problem.startswith("campaign ")


def test_no_campaign_is_never_looked_for(tmp_path: Path, clock: Clock) -> None:
    where = tmp_path / "none.sqlite3"
    reader = ViewReader(Settings(campaign=str(where)))
    try:
        for _ in range(3):
            view = reader.read()
            clock.now += ALIVE_S
    finally:
        reader.close()
    assert (view.problem, view.character, where.exists()) == (None, None, False)


@pytest.mark.slow  # a real server, stopped and started
def test_a_gms_view_with_nobody_acting_shows_an_outage_and_its_end(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", own_server.new_database())
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT)))[0] == 0
    reader = ViewReader(Settings())
    try:
        assert reader.read().problem is None
        own_server.halt()
        try:
            clock.now += ALIVE_S
            down = reader.read()
        finally:
            own_server.resume()
        clock.now += VIEW.most
        back = reader.read()
    finally:
        reader.close()
    assert down.problem is not None and down.character is None
    assert re.fullmatch(r"campaign unreachable since \d\d:\d\d", down.problem)
    assert (back.problem, back.character) == (None, None)


@pytest.mark.slow  # a real server, stopped
def test_a_subcommand_in_the_repl_says_an_outage_as_a_line_does(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", own_server.new_database())
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT)))[0] == 0
    own_server.halt()
    try:
        status, out, err = repl("sheet list\rlog\rundo\r--as Kit spend luck\rquit\r")
        one_shot = invoke("sheet", "list")
    finally:
        own_server.resume()
    said = err.split("\nroll: ")
    assert (status, out, len(said)) == (0, "", 4)
    assert all(SHORT.fullmatch(("" if i == 0 else "roll: ") + each.rstrip("\n"))
               for i, each in enumerate(said)), err
    assert one_shot[0] == 2 and "is unreachable" in one_shot[2]  # a shell's: the URL named


@pytest.mark.slow  # the installed roll in a pty, through an outage
def test_an_idle_gms_pane_with_nobody_acting_shows_the_outage(
    own_server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GM's pane on a PostgreSQL campaign, nobody chosen, nobody typing: the server stops,
    and the toolbar's mark shows; it starts again, and the mark goes."""
    pytest.importorskip("pexpect")
    from tests.support.screen import ROLL, Terminal, environment

    if not ROLL.exists():
        pytest.skip(f"no installed roll at {ROLL}")
    url = own_server.new_database()
    monkeypatch.setenv("ROLL_CAMPAIGN", url)
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT)))[0] == 0
    env = environment(tmp_path / "unused", tmp_path / "state" / "history") | {"ROLL_CAMPAIGN": url}
    pane = Terminal(env, columns=40)
    try:
        screen = pane.wait_for("roll>")
        assert screen.splitlines()[-1] == "generic · nobody acts (as NAME)"
        own_server.halt()
        try:
            screen = pane.wait_for("! campaign unreachable since ")
        finally:
            own_server.resume()
        bar = screen.splitlines()[-2:]
        assert bar[0] == "generic · nobody acts (as NAME)"
        assert re.fullmatch(r"! campaign unreachable since \d\d:\d\d", bar[1])
        end = time.monotonic() + 30  # (a guard against a hang, not a measure)
        while "unreachable" in pane.screen() and time.monotonic() < end:
            pane.pump(0.2)
        assert pane.screen().splitlines()[-1] == "generic · nobody acts (as NAME)"
    finally:
        pane.close()
