"""`roll campaign copy SRC DST`: move a whole campaign between SQLite files and PostgreSQL
(`roll campaign roles`, its PostgreSQL roles, is cli/commands/campaign_roles.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.base.environment import Environment
from cli.base.group import WholeHelpGroup
from cli.base.options import with_settings
from cli.base.settings import Settings

CAMPAIGN_HELP = ("The campaign as a whole: copy it between a file and a PostgreSQL database;"
                 " set up a table online's roles.")
campaign_app = typer.Typer(cls=WholeHelpGroup, help=CAMPAIGN_HELP, no_args_is_help=True)


@campaign_app.callback(help=CAMPAIGN_HELP)
@with_settings("campaign", "no_color", "color")
def campaign_options(env: Environment, settings: Settings) -> None:
    """Options given before `campaign`'s own command (`roll --campaign URL campaign roles …`)."""


@campaign_app.command("copy")
@with_settings()
def campaign_copy(
    env: Environment,
    settings: Settings,
    source: Annotated[str, typer.Argument(help="the campaign to copy: a file or a postgresql:// URL")],
    target: Annotated[str, typer.Argument(help="an empty (or new) campaign: a file or a URL")],
) -> None:
    """Copy characters, party, log (and every other table) into an empty campaign, checked by
    a count and an export comparison before it commits."""
    from cli.base.safe import shown
    from cli.store import campaign_where, open_campaign
    from cli.store.copy import copy_campaign

    src = open_campaign(campaign_where(source), create=False)
    dst = open_campaign(campaign_where(target), create=True)
    try:
        copied = copy_campaign(src, dst)
    finally:
        src.close()
        dst.close()
    env.out(shown(f"copied {src.path} → {dst.path}: {copied.summary()}; counts and export match"))


def register(app: typer.Typer) -> None:
    from cli.commands.campaign_roles import attach

    attach(campaign_app)
    app.add_typer(campaign_app, name="campaign")
