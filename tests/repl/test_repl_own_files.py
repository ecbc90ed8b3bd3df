"""The REPL's own files (issue 49): a history or state file that is missing, a directory,
unreadable, truncated or garbage never stops the REPL: it opens, says once in one line what
it could not use, goes on, and never writes over a file it could not read."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.commands import dispatch
from cli.repl.line_history import KeptHistory, open_history
from cli.repl.session import run_repl
from tests.support.repl import NarrowOutput

ROLLED = "1\n  [1] = 1\n"
"""What `1d1` shows in the pane."""


@pytest.fixture
def history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where ROLL_HISTORY points (its state file beside it, repl-state.json)."""
    path = tmp_path / "h" / "history"
    monkeypatch.setenv("ROLL_HISTORY", str(path))
    return path


def typed(keys: str) -> tuple[int, str, str]:
    """The REPL as `roll` opens it: its own history file and state file."""
    out, err = io.StringIO(), io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        status = run_repl(Settings(), Environment(stdout=out, stderr=err), dispatch, input=pipe,
                          output=NarrowOutput())
    return status, out.getvalue(), err.getvalue()


def test_a_missing_history_is_made_and_keeps_the_lines(history: Path) -> None:
    assert typed("1d1\rquit\r") == (0, ROLLED, "")
    assert list(KeptHistory(history, print).load_history_strings()) == ["quit", "1d1"]


def test_a_history_that_is_a_directory_is_said_once_and_the_repl_goes_on(history: Path) -> None:
    history.mkdir(parents=True)
    assert typed("1d1\r1d1\rquit\r") == (0, ROLLED * 2, (
        f"roll: history {history}: a directory; this REPL's lines are kept in memory only\n"))


def test_a_history_below_a_file_is_said_once_as_is_the_state_beside_it(history: Path) -> None:
    history.parent.write_text("a file where a folder should be")
    assert typed("1d1\r1d1\rquit\r") == (0, ROLLED * 2, (
        f"roll: state file {history.parent}/repl-state.json: not a directory; nobody acts from"
        " the last REPL, and it is left as it is\n"
        f"roll: history {history}: not a directory; this REPL's lines are kept in memory only\n"))
    assert history.parent.read_text() == "a file where a folder should be"


def test_a_history_of_garbage_is_read_as_it_can_be_and_kept(history: Path) -> None:
    history.parent.mkdir(parents=True)
    garbage = b"\xff\xfe\x00+half an entry\n\x1b[31m\n+"
    history.write_bytes(garbage)
    assert typed("1d1\rquit\r") == (0, ROLLED, "")
    assert history.read_bytes().startswith(garbage)  # nothing of it lost
    assert list(KeptHistory(history, print).load_history_strings())[:2] == ["quit", "1d1"]


def test_a_history_that_fails_while_the_repl_runs_is_said_once(tmp_path: Path) -> None:
    path = tmp_path / "history"
    told: list[str] = []
    kept = open_history(path, told.append)
    assert isinstance(kept, KeptHistory) and told == []
    path.unlink()
    path.mkdir()  # the file gone, a directory in its place
    kept.store_string("1d1")
    kept.store_string("2d1")
    assert told == [f"roll: history {path}: is a directory; this REPL's lines are kept in"
                    " memory only"]


@pytest.mark.parametrize(("content", "why"), [
    (b'{"as": {"/c": "Mi\xff\xfe"}}', "not UTF-8 text"),
    (b'{"as": {"/c": "Mi', "not JSON (truncated or damaged)"),
    (b"", "not JSON (truncated or damaged)"),
    (b"[1, 2]", "not a state file of roll's"),
    (b'{"as": "Mira"}', "not a state file of roll's"),
])
def test_a_state_file_it_cannot_use_is_said_once_and_left_as_it_is(
        history: Path, content: bytes, why: str) -> None:
    state = history.parent / "repl-state.json"
    state.parent.mkdir(parents=True)
    state.write_bytes(content)
    assert typed("1d1\ras\rquit\r")[2] == (
        f"roll: state file {state}: {why}; nobody acts from the last REPL, and it is left as"
        " it is\n")
    assert state.read_bytes() == content


def test_a_state_file_that_is_a_directory_is_said_once(history: Path) -> None:
    state = history.parent / "repl-state.json"
    state.mkdir(parents=True)
    status, out, err = typed("1d1\rquit\r")
    assert (status, out) == (0, ROLLED)
    assert err == (f"roll: state file {state}: is a directory; nobody acts from the last REPL,"
                   " and it is left as it is\n")
