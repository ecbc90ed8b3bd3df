"""Who acts when the REPL opens: `--as NAME` (or ROLL_AS) checked against the campaign, else
the name the last REPL on the same campaign left behind (cli/repl/memory.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from cli.base.settings import Settings
from rules.errors import RollError, UsageError

if TYPE_CHECKING:
    from cli.repl.view import CampaignHolder
    from cli.store import CampaignStore


def check_acting(settings: Settings, opened: CampaignHolder | None = None,
                 tell: Callable[[str], None] | None = None) -> Settings:
    """`roll --as NAME` (or ROLL_AS) opening the REPL: an unknown NAME is bad input, as for a
    one-shot; a name the last REPL left behind is restored if it is still in the campaign (the
    settings the REPL starts with, returned). NAME is looked up through `opened`'s connection
    when given (the REPL's, already open); a state file it cannot use is said through `tell`."""
    from cli.repl.memory import remembered
    from cli.store import campaign_exists, no_campaign, open_campaign, where_of

    path = where_of(settings)
    name = settings.acting()
    if name is None:
        memory = remembered(path) if settings.character is None else None
        if memory is not None and memory.problem is not None and tell is not None:
            tell(memory.problem)
        kept = memory.acting.get("as") if memory is not None else None
        if kept is not None and campaign_exists(path):
            return replace(settings, character=_known(open_campaign(path, create=False), kept))
        return settings
    if not campaign_exists(path):
        raise settings.said_of_acting(no_campaign(path, name))
    campaign = opened.campaign() if opened is not None else open_campaign(path, create=False)
    try:
        with campaign.transaction(readonly=True) as tx:
            try:
                tx.character(name)
            except UsageError as error:  # ROLL_AS's or the config file's name: said so
                raise settings.said_of_acting(error) from None
    finally:
        if opened is None:
            campaign.close()
    return settings


def _known(campaign: CampaignStore, name: str) -> str | None:
    """`name` as the campaign spells it, or None if it is gone (or the file cannot be read)."""
    try:
        with campaign.transaction(readonly=True) as tx:
            found = tx.find_character(name)
    except RollError:
        return None
    finally:
        campaign.close()
    return None if found is None else found.name
