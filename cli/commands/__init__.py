"""Subcommands in modules of their own, each with a `register(app)`, imported only when asked.

`register_batch` adds what a batch line or the REPL may run (`odds …`, `undo`); the root app
(cli/app.py) adds the LINE and `repl` on top of them.
"""

from __future__ import annotations

import typer


def register_batch(app: typer.Typer) -> None:
    """Add the subcommands a batch line or the REPL may run."""
    from cli.commands import campaign_cmds, campaign_copy, completion_cmd, info, odds_cmd

    for module in (info, campaign_cmds, odds_cmd, completion_cmd, campaign_copy):
        module.register(app)
