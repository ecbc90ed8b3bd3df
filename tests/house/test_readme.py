"""The README's `roll …` examples run as written (those that need no campaign or pipe)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.support.cli import after_a_write, invoke
from tests.support.readme import readme, shell_lines


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


def test_the_named_rolls_and_tables_section_runs_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its files (each block's first line names one) are written, then each `roll` line runs."""
    section = readme(named=True)
    for block in re.findall(r"```(?:toml|csv)\n(.*?)```", section, re.S):
        first, _, body = block.partition("\n")
        name = re.match(r"# ([\w.]+)", first)
        assert name is not None, first
        (tmp_path / name.group(1).rstrip(":")).write_text(body)
    monkeypatch.chdir(tmp_path)
    [block] = re.findall(r"```sh\n(.*?)```", section, re.S)
    lines = [line for line in block.splitlines() if line.startswith("roll ")]
    assert len(lines) >= 15
    for line in lines:
        code, out, err = invoke(*shlex.split(line, comments=True)[1:])
        assert code == 0 and err in after_a_write(), line
        assert out.strip(), line


def set_up_blocks() -> list[str]:
    """The shell blocks of the README's Set-up section, in order."""
    text = readme()
    start = text.index("## Set-up\n")
    section = text[start:text.index("\n## ", start + 1)]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def test_the_first_install_line_needs_nothing_but_python() -> None:
    first = set_up_blocks()[0].strip()
    assert first == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/roll 4d6kh3"
    commands = [shlex.split(part)[0] for part in first.split("&&")]
    assert commands == ["python3", ".venv/bin/pip", ".venv/bin/roll"]  # no pipx, no uv


def test_the_test_command_follows_its_line() -> None:
    # .ci/run takes the block after this line as the test command
    text = readme()
    after = text[text.index("Install the test extras and run the tests:\n"):]
    block = re.search(r"```sh\n(.*?)```", after, re.S)
    assert block is not None and block.group(1).strip() == (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]'"
        " && .venv/bin/python -m pytest -n auto --dist worksteal")
