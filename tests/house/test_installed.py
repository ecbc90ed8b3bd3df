"""The installed `roll` in real processes: start-up, pipes, exit statuses, parallel writers, kills."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from tests.support.installed import ROLL, run

pytestmark = pytest.mark.skipif(not Path(ROLL).exists(), reason="roll is not installed")


def test_a_roll_with_scripted_faces() -> None:
    done = run("--rolled", "6,5,2,4", "4d6kh3")
    assert (done.returncode, done.stdout, done.stderr) == (0, "4d6kh3 → [6, 5, ~~2~~, 4] = 15\n", "")


def test_bad_input_is_exit_2_without_a_traceback() -> None:
    done = run("2d6+*3")
    assert done.returncode == 2
    assert done.stderr == "roll: error: expected a term, found '*'\n  2d6+*3\n      ^\n"


def test_json_lines_from_a_pipe() -> None:
    done = run("--json", "--seed", "5", stdin="1d6\n2d6\n# a comment\n3d6\n")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and [r["input"] for r in rows] == ["1d6", "2d6", "3d6"]


def test_one_hundred_thousand_dice_in_one_shot() -> None:
    # how fast: bench/peers.py times this row against d20; here only that it works
    done = run("-q", "100000d6")
    assert done.returncode == 0 and 300_000 < int(done.stdout) < 400_000


SHEET = 'name = "Mira"\nsystem = "generic"\n[max]\nluck = 1000\n[pools]\nluck = 0\n'


def campaign_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp_path / "c.sqlite3"), NO_COLOR="1")
    sheet = tmp_path / "mira.toml"
    sheet.write_text(SHEET)
    assert run("sheet", "import", str(sheet), env=env).returncode == 0
    return env


def test_six_processes_writing_one_pool_lose_nothing(tmp_path: Path) -> None:
    env = campaign_env(tmp_path)
    lines = "gain luck 1\n" * 48
    procs = [
        subprocess.Popen([ROLL, "--as", "mira", "-q"], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
        for _ in range(6)
    ]
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(lines)
        proc.stdin.close()
    for proc in procs:
        assert proc.wait(timeout=60) == 0
    shown = run("sheet", "show", "mira", "--json", env=env)
    assert json.loads(shown.stdout)["sheet"]["pools"]["luck"] == 288
    log = run("log", "-n", "1000", "--json", env=env)
    assert len(log.stdout.splitlines()) == 288


def wait_for_log(env: dict[str, str], entries: int) -> None:
    """Until the campaign's log holds `entries` entries (a generous deadline only stops a hang)."""
    deadline = time.monotonic() + 60
    while len(run("log", "-n", str(entries), "--json", env=env).stdout.splitlines()) < entries:
        assert time.monotonic() < deadline, "the batch wrote nothing to the log"
        time.sleep(0.05)


def test_a_killed_batch_leaves_log_and_pools_consistent(tmp_path: Path) -> None:
    env = campaign_env(tmp_path)
    proc = subprocess.Popen([ROLL, "--as", "mira", "-q"], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
                            env=env)
    assert proc.stdin is not None
    proc.stdin.write("gain luck 1\n" * 2000)
    proc.stdin.flush()  # stdin stays open: the batch is still running when it is killed
    wait_for_log(env, 5)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    db = sqlite3.connect(tmp_path / "c.sqlite3")
    assert db.execute("pragma integrity_check").fetchone() == ("ok",)
    db.close()
    shown = run("sheet", "show", "mira", "--json", env=env)
    luck = json.loads(shown.stdout)["sheet"]["pools"]["luck"]
    log = [json.loads(x) for x in run("log", "-n", "5000", "--json", env=env).stdout.splitlines()]
    # every logged change applied, none unlogged: the pool is exactly the sum of the log
    assert luck == sum(c["after"] - c["before"] for e in log for c in e["changes"])
    assert 0 < luck <= 2000


def test_a_reader_that_goes_away_is_no_error() -> None:
    shell = f"'{ROLL}' -n 100000 d6 | head -1; exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("d6 → [")
