"""Subcommands in modules of their own, each with a `register(app)`, imported only when asked.

`register_batch` adds what a batch line or the REPL may run (`odds …`, `undo`); the root app
(cli/entry/app.py) adds the LINE and `repl` on top of them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a plain LINE runs through commands/dispatch.py and never loads Typer
    import typer

BATCH_MODULES = {
    "systems": "info", "help": "info",
    "sheet": "campaign_cmds", "log": "campaign_cmds", "undo": "campaign_cmds",
    "odds": "odds_cmd",
    "completion": "completion_cmd",
    "alias": "alias_cmd", "table": "table_cmd", "game": "game_cmd",
    "campaign": "campaign_copy",
    "reveal": "reveal_cmd",
    "fair": "trust_cmds", "luck": "trust_cmds",
}  # fmt: skip
"""Each subcommand a batch line or the REPL may run, and the module of cli/commands that has it."""


def register_batch(app: typer.Typer, word: str | None = None) -> None:
    """Add the subcommands a batch line or the REPL may run; with `word`, only the ones of its
    module (a batch of `odds` lines need not import and build the campaign commands)."""
    from cli.base.group import helped

    wanted = BATCH_MODULES.values() if word is None else [BATCH_MODULES[word]]
    for name in dict.fromkeys(wanted):
        import_module(f"cli.commands.{name}").register(app)
    helped(app)  # each command's --help shows its arguments' help
