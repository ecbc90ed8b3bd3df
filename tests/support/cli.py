"""Running `roll` in-process as the installed script does (cli/__main__.py: the plain path
for a plain LINE or batch, the Typer app for the rest), as the tests of every command do."""

from __future__ import annotations

import json
from typing import Any

import click
import typer.main
from click.testing import CliRunner

from cli.__main__ import run
from cli.entry.app import app, register_subcommands

register_subcommands()
RUNNER = CliRunner()

_BUILD = typer.main.get_command
_BUILT: dict[int, click.Command] = {}
"""The app's command by how many commands and groups it had when built (the newest only)."""


def _built_once(typer_instance: typer.Typer) -> click.Command:
    """Typer's Click command of `roll`'s app, built once for this test process (with every
    subcommand registered, as above): a process of the installed script builds it once too,
    and building it again at every in-process invocation was most of its cost (~25 ms of the
    ~30 of `invoke("--json", "--", "d6+")`, cProfile). Another Typer app is built as Typer
    builds it. What main_app sets on the command at each call (its help width) it sets again."""
    if typer_instance is not app:
        return _BUILD(typer_instance)
    key = len(app.registered_commands) + len(app.registered_groups)
    command = _BUILT.get(key)
    if command is None:  # `repl` registers itself again at each call: keep the newest alone
        _BUILT.clear()
        command = _BUILT[key] = _BUILD(typer_instance)
    return command


typer.main.get_command = _built_once  # type: ignore[assignment]


class Entry(click.Command):
    """What CliRunner calls: `roll ARGS` through the script's own entry, in its isolation."""

    def main(self, args: Any = None, *_: Any, **__: Any) -> Any:
        run(list(args or ()))


ENTRY = Entry("roll")


def invoke(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """Run `roll ARGS…`: (exit status, stdout, stderr)."""
    result = RUNNER.invoke(ENTRY, list(args), input=input, prog_name="roll")
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def invoke_json(*args: str, input: str | None = None) -> tuple[int, list[dict[str, Any]]]:
    code, out, _ = invoke("--json", *args, input=input)
    return code, [json.loads(line) for line in out.splitlines() if line.strip()]


def created(where: str | None = None) -> str:
    """The line a write leaves on stderr when it created the campaign at `where` (the test's
    ROLL_CAMPAIGN unless named): SPEC §6, a write creates the campaign and says where."""
    import os

    return f"roll: created a new campaign at {where or os.environ['ROLL_CAMPAIGN']}\n"


def after_a_write(where: str | None = None) -> tuple[str, str]:
    """What a write may leave on stderr: nothing, or, when it was the campaign's first, the
    line that says where it created it."""
    return ("", created(where))


def invoke_write(*args: str, input: str | None = None) -> tuple[int, str]:
    """Run a write (`sheet import …`): (exit status, stdout); its stderr is nothing, or the
    line that says where it created the campaign, when it was the first write."""
    code, out, err = invoke(*args, input=input)
    assert err in after_a_write(), err
    return code, out
