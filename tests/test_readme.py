"""The README's `roll …` examples run as written (those that need no campaign or pipe)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli_helpers import invoke

README = Path(__file__).resolve().parent.parent / "README.md"
NEEDS_STATE = {"--as", "sheet", "log", "undo", "repl", "completion", "campaign"}


def shell_lines() -> list[str]:
    """The README's `roll …` lines that need no campaign, no `&&` and no redirection (pipes kept)."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    lines = [line for block in blocks for line in block.splitlines()
             if line.startswith("roll ") or "| roll " in line]
    return [line for line in lines if not any(t in line for t in ("&&", ">"))
            and not NEEDS_STATE & set(shlex.split(line, comments=True))]


def examples() -> list[list[str]]:
    """The words after `roll` of each line without a pipe, to run in-process."""
    return [shlex.split(line, comments=True)[1:] for line in shell_lines() if "|" not in line]


def test_there_are_examples() -> None:
    assert len(examples()) >= 15


@pytest.mark.parametrize("words", examples(), ids=" ".join)
def test_readme_example_runs(words: list[str]) -> None:
    code, out, err = invoke(*words)
    assert (code, err) == (0, ""), words
    assert out.strip()
