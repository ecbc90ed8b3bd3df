"""`roll repl`: the REPL on demand."""

from __future__ import annotations

import typer

from cli.base.environment import Environment
from cli.base.options import with_settings
from cli.base.settings import Settings
from rules.errors import UsageError


@with_settings("system", "as_", "campaign", "seed", "rolled", "json", "quiet", "no_color", "color",
               gathered=False)
def repl_command(env: Environment, settings: Settings) -> int:
    """Open the REPL (what `roll` alone does on a terminal)."""
    if not env.stdin_isatty:
        raise UsageError("roll repl needs a terminal; pipe LINEs to `roll` instead")
    from cli.commands import dispatch
    from cli.repl.session import run_repl

    return run_repl(settings, env, dispatch)


def register(app: typer.Typer) -> None:
    app.command("repl")(repl_command)
