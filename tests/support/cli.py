"""Running `roll` in-process as the installed script does (cli/__main__.py: the plain path
for a plain LINE or batch, the Typer app for the rest), as the tests of every command do."""

from __future__ import annotations

import json
from typing import Any

import click
from click.testing import CliRunner

from cli.__main__ import run
from cli.entry.app import register_subcommands

register_subcommands()
RUNNER = CliRunner()


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
