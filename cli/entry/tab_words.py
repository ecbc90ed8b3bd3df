"""What a shell's Tab completes from (cli/base/completion.py's `TabWords`): the campaign as the
options typed so far see it, read as the REPL's pane reads it, and a LINE's next words, the
REPL's own `suggest_line`. The start-up hands it to Click at Tab time."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import click

from cli.base.completion import given_at_tab

if TYPE_CHECKING:
    from cli.repl.next_words import Suggestion
    from cli.repl.view import TableView


class CampaignAtTab:
    """The campaign's words for a Tab, read afresh at each (a Tab is its own process)."""

    __slots__ = ()

    def names(self, ctx: click.Context) -> Iterable[str]:
        return view_at_tab(ctx).names

    def rolls(self, ctx: click.Context) -> Iterable[str]:
        return list(view_at_tab(ctx).rolls)

    def tables(self, ctx: click.Context) -> Iterable[str]:
        return view_at_tab(ctx).tables

    def games(self, ctx: click.Context) -> Iterable[str]:
        return view_at_tab(ctx).games

    def next_words(self, typed: str, ctx: click.Context) -> Iterable[Suggestion]:
        from cli.repl.next_words import suggest_line

        return suggest_line(typed, view_at_tab(ctx))


def view_at_tab(ctx: click.Context) -> TableView:
    """The table as the options typed so far see it (no campaign: nobody is there)."""
    from cli.base.settings import Settings
    from cli.repl.view import ViewReader

    settings = Settings(system=given_at_tab(ctx, "system"), character=given_at_tab(ctx, "as_"),
                        campaign=given_at_tab(ctx, "campaign"))
    reader = ViewReader(settings)
    try:
        return reader.read()
    finally:
        reader.close()
