"""How a command reaches the campaign: opened (only `sheet import` creates it; elsewhere a
missing file is an error naming its path), a file or a PostgreSQL database alike."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from cli.env import Environment
from cli.options import fail
from cli.runner import Settings
from rules.errors import RollError

if TYPE_CHECKING:
    from cli.store import CampaignStore, CampaignView


def campaign_of(settings: Settings, create: bool = False) -> CampaignStore:
    """The campaign the options name (created only when `create`)."""
    from cli.store import open_campaign

    return open_campaign(settings.campaign_path(), create=create)


@contextmanager
def campaign_transaction(settings: Settings, readonly: bool = False) -> Iterator[CampaignView]:
    """One transaction of the campaign; a refusal in it (or opening it) is `roll: error: …`
    with its exit status, and the transaction leaves the campaign as it was."""
    try:
        with campaign_of(settings).transaction(readonly=readonly) as tx:
            yield tx
    except RollError as error:
        fail(Environment(), error)
