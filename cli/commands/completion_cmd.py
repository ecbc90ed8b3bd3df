"""`roll completion SHELL`: the completion script Click generates (see completions/README.md)."""

from __future__ import annotations

from typing import Annotated

import click
import typer

from cli.base.completion import SHELL_NAMES, script, shell_name
from cli.base.environment import Environment
from cli.base.options import CAMPAIGN_OPTIONS, with_settings
from cli.base.settings import Settings
from rules.errors import UsageError


@with_settings(*CAMPAIGN_OPTIONS)
def completion_command(
    env: Environment,
    settings: Settings,
    shell: Annotated[
        str | None, typer.Argument(help="bash, zsh or fish", click_type=shell_name())
    ] = None,
) -> None:
    """Print the completion script for SHELL (bash, zsh or fish); see completions/README.md."""
    chosen = (shell or "").lower()
    if chosen not in SHELL_NAMES:
        given = "" if shell is None else f", not {shell!r}"
        raise UsageError(f"completion takes a SHELL: {', '.join(SHELL_NAMES)}{given}")
    env.out(script(click.get_current_context().find_root().command, chosen), end="")


def register(app: typer.Typer) -> None:
    app.command("completion")(completion_command)
