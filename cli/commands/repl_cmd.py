"""`roll repl`: the REPL on demand."""

from __future__ import annotations

import typer

from cli.env import Environment
from cli.options import fail, with_settings
from cli.runner import Settings
from rules.errors import UsageError


@with_settings("system", "as_", "campaign", "seed", "rolled", "json", "quiet", "no_color")
def repl_command(settings: Settings) -> None:
    """Open the REPL (what `roll` alone does on a terminal)."""
    env = Environment()
    if not env.stdin_isatty:
        fail(env, UsageError("roll repl needs a terminal; pipe LINEs to `roll` instead"))
    from cli.repl.session import run_repl

    raise typer.Exit(run_repl(settings, env))


def register(app: typer.Typer) -> None:
    app.command("repl")(repl_command)
