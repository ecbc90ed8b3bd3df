"""`roll campaign roles`: the SQL that sets up a table online's roles on PostgreSQL (the GM's,
each player's or a group's, their grants and the log's row-level policies), or (`--apply`) that
SQL run as the campaign's owner."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.base.environment import Environment
from cli.base.options import with_settings
from cli.base.settings import Settings
from cli.store.where import where_of
from rules.errors import UsageError


@with_settings("campaign", "no_color", "color")
def campaign_roles(
    env: Environment,
    settings: Settings,
    gm: Annotated[str, typer.Option("--gm", help="the GM's role: reads every secret")],
    player: Annotated[list[str], typer.Option(
        "--player", help="a player's role (once per player), =NAME,… its characters: reads"
        " only its own secrets, changes only its own characters")],
    group: Annotated[str | None, typer.Option(
        "--group", help="a role holding the players' rights, each player its member")] = None,
    apply: Annotated[bool, typer.Option(
        "--apply", help="run the SQL now (the campaign's URL must be its owner's)")] = False,
) -> None:
    """Print the SQL that sets up the table's roles on this PostgreSQL campaign (re-runnable);
    --apply runs it as the campaign's owner."""
    from cli.store import CampaignURL, open_campaign
    from cli.store.roles import TableRoles, script

    roles = TableRoles.named(gm, player, group)
    where = where_of(settings)
    if not isinstance(where, CampaignURL):
        raise UsageError(f"campaign roles is for a postgresql:// campaign, not {where}: on a"
                         " file a secret is a display rule (ROLL_GM=1 shows it)")
    from cli.store.campaign_access import created_line

    # --apply writes: it makes a missing campaign's tables first, as the owner (and says so)
    store = open_campaign(where, create=apply, announce=lambda at: env.err(created_line(at)))
    try:
        with store.transaction(readonly=True):
            pass  # the campaign is there, and its schema this roll's (the owner upgrades it)
    finally:
        store.close()
    from cli.store.postgres import connect, driver, store_error

    db = connect(where)
    try:
        from cli.store.roles import apply_roles, read_campaign

        campaign = read_campaign(db)
        if not apply:
            env.out(script(campaign, roles, str(where)).rstrip("\n"))
            return
        try:
            apply_roles(db, campaign, roles)
        except driver().Error as exc:
            raise store_error(where, exc) from None
    finally:
        db.close()
    players = ", ".join(roles.players) + (f" (members of {group})" if group else "")
    env.out(f"set up the table on {where} (schema {campaign.version}): GM {gm}; players"
            f" {players}")
    for role, names in roles.owned:
        env.out(f"{role} plays {', '.join(names)}")


def attach(group: typer.Typer) -> None:
    """`campaign roles` in the `campaign` group (cli/commands/campaign_copy.py)."""
    if not any(command.name == "roles" for command in group.registered_commands):
        group.command("roles")(campaign_roles)
