"""Issue 11 in real processes: a REPL pane and one-shots in a shell on one campaign."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.support import pane
from tests.support.json_schema import checked

pexpect = pytest.importorskip("pexpect")
ROLL, spawn = pane.ROLL, pane.spawn
env = pane.env  # the fixture: a campaign with Mira, a 40-column terminal's environment
pytestmark = pytest.mark.skipif(not ROLL.exists(), reason=f"no installed roll at {ROLL}")


def roll(env: dict[str, str], *args: str, stdin: str | None = None
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ROLL), *args], input=stdin, env=env, capture_output=True,
                          text=True, timeout=30, check=False)


def test_a_one_shot_is_never_steered_by_the_repls_as(env: dict[str, str]) -> None:
    child = spawn(env)
    try:
        child.expect_exact("roll>")
        child.send("as Mira\r")
        child.expect_exact("acting as Mira (vagabond)")
        child.expect_exact("vag·mira>")
        # another shell, same campaign, no --as: nobody acts there
        done = roll(env, "--json", "--seed", "3", "2d6")
        assert done.returncode == 0 and checked(done.stdout)["character"] is None
        done = roll(env, "-s", "vagabond", "spend", "luck")
        assert done.returncode == 2 and "Luck" not in done.stdout
        assert roll(env, "-q", "-n", "1000", "1d6").returncode == 0
        assert roll(env, "log").stdout == ""  # nothing logged by the one-shots
        child.send("spend luck\r")  # the REPL still acts as Mira
        child.expect_exact("Mira · Luck 2 → 1 (spend)")
        child.expect_exact("vag·mira>")
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    log = roll(env, "log").stdout.splitlines()
    assert len(log) == 1 and re.fullmatch(r"#1 \S+ Mira spend luck · Luck 2→1", log[0])
    # the next REPL opens acting as Mira again; a one-shot still does not
    child = spawn(env)
    try:
        child.expect("vag·mira>")
        child.send("as -\r")
        child.expect_exact("acting as nobody")
        child.expect_exact("roll>")  # the prompt is back (raw mode): Ctrl-D now leaves
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_plain_lines_leave_a_present_campaign_untouched(env: dict[str, str],
                                                       private_campaign: Path) -> None:
    before = private_campaign.stat().st_mtime_ns
    assert roll(env, "-q", "--seed", "1", "4d6kh3").returncode == 0
    done = roll(env, "-q", "--seed", "1", stdin="1d20+5\n2d6\n4d6kh3 vs 12\n" * 200)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 600
    assert private_campaign.stat().st_mtime_ns == before
    for suffix in ("-wal", "-shm", "-journal"):
        assert not Path(f"{private_campaign}{suffix}").exists()


def test_roll_as_in_the_environment_acts_for_a_batch(env: dict[str, str]) -> None:
    done = roll(env | {"ROLL_AS": "mira"}, "-q", stdin="gain luck 1\nspend luck\nspend luck\n")
    assert done.returncode == 0
    shown = checked(roll(env, "sheet", "show", "Mira", "--json").stdout)
    assert shown["pools"]["luck"] == {"current": 1, "max": 3}
    assert len(roll(env, "log", "--as", "Mira").stdout.splitlines()) == 3
