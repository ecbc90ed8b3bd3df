"""Subcommands in modules of their own, registered on the app once."""

from __future__ import annotations

import typer

_DONE: set[int] = set()


def register(app: typer.Typer) -> None:
    if id(app) in _DONE:
        return
    _DONE.add(id(app))
    from cli.commands import campaign_cmds, odds_cmd, shell

    campaign_cmds.register(app)
    odds_cmd.register(app)
    shell.register(app)
