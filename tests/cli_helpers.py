"""Running the Typer app in-process, as the tests of every command do."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from cli.app import app, register_subcommands

register_subcommands()
RUNNER = CliRunner()


def invoke(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """Run `roll ARGS…`: (exit status, stdout, stderr)."""
    result = RUNNER.invoke(app, list(args), input=input, prog_name="roll")
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def invoke_json(*args: str, input: str | None = None) -> tuple[int, list[dict[str, Any]]]:
    code, out, _ = invoke("--json", *args, input=input)
    return code, [json.loads(line) for line in out.splitlines() if line.strip()]
