"""The installed `roll` in a real pseudo-terminal, 40 columns wide, as a new user meets it."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support import pane
from tests.support.pane import ROLL, TIMEOUT, spawn

pexpect = pytest.importorskip("pexpect")
env = pane.env  # the fixture: a campaign with Mira, a 40-column terminal's environment
pytestmark = pytest.mark.skipif(not ROLL.exists(), reason=f"no installed roll at {ROLL}")


def leave(child: Any) -> int:
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus)


@pytest.fixture()
def children() -> Iterator[list[Any]]:
    started: list[Any] = []
    yield started
    for child in started:
        if child.isalive():
            child.terminate(force=True)


def run(child: Any, keys: str, *shown: str, prompt: str) -> None:
    """Type `keys`, see each of `shown` (regexes), then the next prompt (raw mode again)."""
    child.send(keys)
    for pattern in shown:
        child.expect(pattern)
    child.expect_exact(prompt)


def test_a_session_in_a_pane(env: dict[str, str], children: list[Any]) -> None:
    child = spawn(env, "-s", "vagabond")
    children.append(child)
    child.expect_exact("vagabond>")
    child.expect_exact("nobody acts")  # the toolbar

    plain, mira = "vagabond>", "vag·mira>"  # a prompt under a third of the 40 columns
    run(child, "3d6\r", r"\d+\r\n  \[[1-6], [1-6], [1-6]\] = \d+", prompt=plain)  # random dice
    child.send("chec\t")  # Tab completes the command word (and its space) …
    child.expect_exact("chec")
    child.expect_exact("k")  # … drawn once the completion is in
    run(child, "dex=5\r", r"(pass|fail) · \d+\r\n  \d+ vs 15", prompt=plain)
    run(child, "as Mira\r", re.escape("acting as Mira (vagabond)"), prompt=mira)
    child.expect_exact("Luck 2/3")

    # a one-shot in another shell spends Luck; the next prompt's toolbar shows it
    done = subprocess.run(
        [str(ROLL), "--as", "Mira", "spend", "luck"], env=env, capture_output=True, text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    run(child, "1d1\r", re.escape("1\r\n  [1] = 1"), prompt=mira)
    child.expect_exact("Luck 1/3")

    child.send("2d6")
    child.sendcontrol("c")  # Ctrl-C clears the line
    child.send("1d4y\r")  # a syntax error runs: its message and caret, then a fresh prompt
    child.expect_exact("expected the end of")
    child.expect_exact("1d4y\r\n     ^")
    run(child, "d1+1\r", re.escape("2\r\n  [1] + 1 = 2"), prompt=mira)
    assert "2d6d1" not in child.before

    # an error, and the prompt comes back
    run(child, "1d0\r", "roll: error: a die needs at least one\r\n  side: 1d0", prompt=mira)
    assert leave(child) == 0

    # history across sessions: Ctrl-R finds a line typed in the first one
    child = spawn(env)
    children.append(child)
    child.expect_exact(mira)
    child.sendcontrol("r")
    child.send("check")
    child.expect_exact("dex=5")  # the line found (its match highlighted apart)
    run(child, "\r\r", r"(pass|fail) · \d+", prompt=mira)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_physical_dice_in_a_terminal(env: dict[str, str], children: list[Any]) -> None:
    child = spawn(env, "repl") if _has_repl_command() else spawn(env)
    children.append(child)
    child.expect_exact("roll>")
    run(child, "physical on\r", "physical dice: type each face", prompt="roll>")
    child.send("2d6\r")
    child.expect_exact("d6 1/2 for 2d6:")
    child.send("7\r")
    child.expect_exact("'7' is no face: the d6 1/2 shows 1–6")
    child.expect_exact("d6 1/2 for 2d6:")
    child.send("6\r")
    child.expect_exact("d6 2/2 for 2d6:")
    run(child, "2\r", re.escape("8\r\n  [6, 2] = 8"), prompt="roll>")
    assert leave(child) == 0


def _has_repl_command() -> bool:
    from typer.main import get_command

    from cli.entry.app import app, register_subcommands

    register_subcommands()
    return "repl" in getattr(get_command(app), "commands", {})
