"""`roll COMMAND --help` shows each argument with its help, once (cli/base/group.py: Typer
0.25 loses an argument's help under Click 8.5, whose own `Positional arguments` section would
list them a second time)."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
import typer

from cli.entry.app import app
from tests.support.cli import invoke


def every_command(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], click.Command]]:
    """Each visible command under `group`, with the words that reach it."""
    for name, command in group.commands.items():
        if command.hidden:
            continue
        if isinstance(command, click.Group):
            yield from every_command(command, (*path, name))
        else:
            yield (*path, name), command


COMMANDS = list(every_command(typer.main.get_group(app)))  # tests/support/cli registered all
WITH_ARGUMENTS = [(path, command) for path, command in COMMANDS
                  if any(isinstance(p, click.Argument) for p in command.params)]


def test_the_commands_with_arguments_are_all_here() -> None:
    names = {" ".join(path) for path, _ in WITH_ARGUMENTS}
    assert {"odds", "help", "sheet import", "sheet show", "game import", "game rm",
            "table import", "alias add", "reveal", "fair", "completion"} <= names, names


@pytest.mark.parametrize(("path", "command"), WITH_ARGUMENTS,
                         ids=[" ".join(path) for path, _ in WITH_ARGUMENTS])
def test_every_argument_shows_its_help_once(path: tuple[str, ...], command: click.Command) -> None:
    code, out, err = invoke(*path, "--help")
    assert (code, err) == (0, "")
    assert "Positional arguments" not in out
    section = out.split("\nArguments:\n", 1)[1].split("\n\n", 1)[0]
    for param in command.params:
        if isinstance(param, click.Argument):
            assert param.help, f"{' '.join(path)}: {param.name} has no help"
            shown = " ".join(section.split())  # a long help wraps under its column
            assert f"{param.human_readable_name}" in shown and " ".join(
                param.help.split()) in shown, out


def test_sheet_import_help_says_what_its_files_are() -> None:
    code, out, _ = invoke("sheet", "import", "--help")
    assert code == 0
    assert ("\nArguments:\n  FILE...  TOML sheets (a party: *.toml), or - for stdin  [required]\n"
            "\nOptions:\n") in out


def test_game_rm_help_says_what_its_name_is() -> None:
    code, out, _ = invoke("game", "rm", "--help")
    assert code == 0
    assert "\nArguments:\n  NAME  the game  [required]\n\nOptions:\n" in out
