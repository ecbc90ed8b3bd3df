"""`roll --help` fits its pane: every command's whole first sentence, wrapped, at 40 and 80
columns; no line over the width, nothing cut with `...`."""

from __future__ import annotations

import pytest

from cli.entry.app import app, register_subcommands
from tests.support.cli import invoke

register_subcommands()


def whole_lines() -> dict[str, str]:
    """Each command's name and the first sentence of its help, as the help lists them."""
    import typer

    group = typer.main.get_group(app)
    ctx = group.make_context("roll", [], resilient_parsing=True)
    listed = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is not None and not command.hidden:
            listed[name] = command.get_short_help_str(limit=10_000)
    return listed


@pytest.mark.parametrize("columns", [40, 80])
def test_the_help_fits_and_cuts_nothing(columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, err = invoke("--help")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert "..." not in out.replace("[ARGS]...", "").replace("LINE...", "")  # their synopsis
    words = " ".join(out.split())  # wrapped lines read as one text
    for name, said in whole_lines().items():
        assert f"{name} {' '.join(said.split())}" in words, name


def test_every_command_is_listed_with_a_sentence_of_its_own() -> None:
    listed = whole_lines()
    assert {"odds", "sheet", "log", "undo", "systems", "help", "alias", "table"} <= set(listed)
    assert listed["undo"] == ("Revert the acting character's most recent change-set (the"
                              " campaign's when nobody acts); refused if its pools moved since.")


def test_a_narrow_pane_puts_an_examples_words_under_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    out = invoke("--help")[1]
    assert "  roll 4d6kh3\n    keep the highest three of 4d6\n" in out
    monkeypatch.setenv("COLUMNS", "80")
    out = invoke("--help")[1]
    assert "  roll 4d6kh3                 keep the highest three of 4d6\n" in out
    assert "Examples:" in out and "a dice expression or a system command" in out


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("group", ["sheet", "alias", "table", "campaign"])
def test_a_groups_help_fits_and_cuts_nothing(group: str, columns: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, err = invoke(group, "--help")
    assert (code, err) == (0, "")
    assert max(len(line) for line in out.splitlines()) <= columns
    assert "..." not in out.replace("[ARGS]...", "")
    assert "Commands:\n" in out
