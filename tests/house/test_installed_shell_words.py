"""The installed `roll` run by a real shell: the words of a LINE as the shell passes them
(`roll 6x "$expr"`), and --json answers a jq-style reader takes line by line."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.support.installed import ROLL
from tests.support.json_schema import checked

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path(ROLL).exists(), reason="roll is not installed")]


def sh(script: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run `script` in sh with `roll` the installed one and a campaign of the test's own."""
    env = {**os.environ, "ROLL_CAMPAIGN": str(tmp_path / "c.sqlite3"), "NO_COLOR": "1"}
    return subprocess.run(["sh", "-c", script.replace("roll ", f"'{ROLL}' ")],
                          capture_output=True, text=True, env=env, timeout=60, check=False)


def test_a_quoted_expression_after_the_first_word_is_its_words(tmp_path: Path) -> None:
    done = sh("expr='d20+5 vs 15'; roll --rolled 10,20 2x \"$expr\"", tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == ("d20+5 vs 15 → [10] + 5 = 15 vs 15 · pass\n"
                           "d20+5 vs 15 → [20] + 5 = 25 vs 15 · pass · crit\n"
                           "2 of 2 pass\n")
    split = sh("roll --rolled 10 'd20+5' 'vs 15'", tmp_path)
    assert (split.returncode, split.stdout) == (0, "d20+5 vs 15 → [10] + 5 = 15 vs 15 · pass\n")


def test_a_check_and_odds_take_their_words_in_one_argument(tmp_path: Path) -> None:
    check = sh("roll -s vagabond --rolled 12 check 'dex=5 trained'", tmp_path)
    assert (check.returncode, check.stderr) == (0, "")
    assert check.stdout.startswith("check dex=5 trained → 12 vs 10 · pass")
    odds = sh("roll --json odds 'd20+5' 'vs 15'", tmp_path)
    assert odds.returncode == 0
    assert checked(odds.stdout)["input"] == "odds d20+5 vs 15"


def test_json_answers_are_json_lines_before_and_after_the_word(tmp_path: Path) -> None:
    done = sh("roll --json help notation; roll help --json; roll --json systems;"
              " roll --json sheet show Nobody; roll --json 6x 'd20+5 vs 15'", tmp_path)
    objs = [checked(line) for line in done.stdout.splitlines()]
    assert [o.get("kind") for o in objs[:3]] == ["help", "help", "systems"]
    assert objs[3] == {"input": "sheet show Nobody", "error": (
        f"no campaign at {tmp_path / 'c.sqlite3'} (roll sheet import FILE creates one)"),
        "column": None}
    assert [o["input"] for o in objs[4:]] == ["6x d20+5 vs 15"] * 7
