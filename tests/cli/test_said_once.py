"""The dice bot's note is said once to a user, not once a process (as git gives an advice
once): kept in `said-once` in the user state dir, $XDG_STATE_HOME/roll-rules here (the autouse
fixture gives every test its own); a state file that can't be used never stops the LINE
(cli/base/state_files.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli.base.state_files import Saying, first_time
from tests.support.cli import invoke
from tests.support.installed import run
from tests.support.repl import repl

NOTE = "note: '{}' is a dice bot's command word: roll reads the rest as the LINE (said once)\n"


@pytest.fixture
def said_once(tmp_path: Path) -> Path:
    """Where this test's user keeps the notes said (XDG_STATE_HOME is tmp_path/state)."""
    return tmp_path / "state" / "roll-rules" / "said-once"


def test_the_note_is_said_to_a_user_once_not_once_a_process(said_once: Path) -> None:
    assert invoke("--rolled", "14", "/r 1d20+5") == (0, "1d20+5 → [14] + 5 = 19\n",
                                                      NOTE.format("/r"))
    assert said_once.read_text(encoding="utf-8") == "bot-word\n"
    assert invoke("--rolled", "9", "!r 1d20") == (0, "1d20 → [9] = 9\n", "")
    assert invoke("--rolled", "3,4", input="roll 2d6\n") == (0, "2d6 → [3, 4] = 7\n", "")
    assert invoke("odds", "/r 1d4")[2] == ""
    assert said_once.read_text(encoding="utf-8") == "bot-word\n"


def test_a_repl_after_a_one_shot_says_it_no_more(said_once: Path) -> None:
    assert invoke("--rolled", "2", "r 1d6")[2] == NOTE.format("r")
    status, out, err = repl("/r 1d20\rquit\r")
    assert (status, err) == (0, "")
    assert out.count("\n  [") == 1, out  # its result, a total over its die


def test_real_processes_say_it_once(tmp_path: Path, said_once: Path) -> None:
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    first = run("--rolled", "5", "/r d6", env=env)
    again = run("--rolled", "6", "/r d6", env=env)
    assert (first.returncode, first.stdout, first.stderr) == (0, "d6 → [5] = 5\n",
                                                               NOTE.format("/r"))
    assert (again.returncode, again.stdout, again.stderr) == (0, "d6 → [6] = 6\n", "")


def test_a_state_file_that_cannot_be_read_says_so_and_the_roll_goes_on(said_once: Path) -> None:
    said_once.mkdir(parents=True)  # a folder where the file should be
    problem = (f"roll: state file {said_once}: is a directory; its notes may be said again\n")
    for faces, total in (("3", 3), ("4", 4)):  # said each process, once in each
        assert invoke("--rolled", f"{faces},{faces}", input="/r d6\n!r d6\n") == (
            0, f"d6 → [{total}] = {total}\n" * 2, NOTE.format("/r") + problem)
    assert said_once.is_dir()  # left as it is


def test_a_state_file_of_bytes_not_text_is_left_as_it_is(said_once: Path) -> None:
    said_once.parent.mkdir(parents=True)
    said_once.write_bytes(b"bot\xff\n")
    code, out, err = invoke("--json", "--rolled", "2", "/r d6")
    assert (code, err) == (0, NOTE.format("/r") + f"roll: state file {said_once}: not UTF-8"
                           " text; its notes may be said again\n")
    assert '"total": 2' in out
    assert said_once.read_bytes() == b"bot\xff\n"


def test_a_state_file_that_cannot_be_written_says_so_once(said_once: Path) -> None:
    said_once.parent.mkdir(parents=True)
    said_once.symlink_to(said_once.parent / "gone" / "said-once")  # its folder is not there
    assert invoke("--rolled", "1,2", input="/r d6\n/r d6\n") == (
        0, "d6 → [1] = 1\nd6 → [2] = 2\n", NOTE.format("/r") + f"roll: state file {said_once}:"
        " no such file or directory; its notes may be said again\n")


def test_first_time_marks_a_note_said_beside_the_others(tmp_path: Path) -> None:
    kept = tmp_path / "deep" / "said-once"
    assert first_time("bot-word", kept) == Saying(True)
    assert first_time("bot-word", kept) == Saying(False)
    assert first_time("other", kept) == Saying(True)
    assert kept.read_text(encoding="utf-8") == "bot-word\nother\n"
    assert oct(kept.parent.stat().st_mode & 0o777) == "0o700"  # the user's own
