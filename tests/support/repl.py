"""The REPL in-process: keys typed through a pipe into a 40-column pane, and the table view a
prompt is made from."""

from __future__ import annotations

import io

from prompt_toolkit.data_structures import Size
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.commands import dispatch
from cli.repl.session import run_repl
from cli.repl.view import TableView, ViewReader
from rules.campaign import Character
from rules.systems import get_system


class NarrowOutput(DummyOutput):
    """A 40-column pane."""

    def get_size(self) -> Size:
        return Size(rows=24, columns=40)


def repl(
    keys: str, settings: Settings | None = None, history: History | None = None
) -> tuple[int, str, str]:
    """Type `keys` into the REPL (they must leave it); (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        status = run_repl(
            settings or Settings(),
            Environment(stdout=out, stderr=err),
            dispatch,
            input=pipe,
            output=NarrowOutput(),
            history=history if history is not None else InMemoryHistory(),
        )
    return status, out.getvalue(), err.getvalue()


def view(system: str, name: str | None) -> TableView:
    character = Character(name, system, {}) if name else None
    return TableView(get_system(system), character)


def seen(settings: Settings | None = None) -> TableView:
    """The REPL's view of the campaign as its toolbar reads it, under `settings`."""
    reader = ViewReader(settings or Settings())
    try:
        return reader.read()
    finally:
        reader.close()
