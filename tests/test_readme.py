"""The README's `roll …` examples run as written (those that need no campaign or pipe)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli_helpers import invoke

README = Path(__file__).resolve().parent.parent / "README.md"
NEEDS_STATE = {"--as", "sheet", "log", "undo", "repl", "completion"}


def examples() -> list[list[str]]:
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    out = []
    for block in blocks:
        for line in block.splitlines():
            if not line.startswith("roll ") or any(t in line for t in ("|", "&&", ">")):
                continue
            words = shlex.split(line, comments=True)[1:]
            if words and not NEEDS_STATE & set(words):
                out.append(words)
    return out


def test_there_are_examples() -> None:
    assert len(examples()) >= 15


@pytest.mark.parametrize("words", examples(), ids=" ".join)
def test_readme_example_runs(words: list[str]) -> None:
    code, out, err = invoke(*words)
    assert (code, err) == (0, ""), words
    assert out.strip()
