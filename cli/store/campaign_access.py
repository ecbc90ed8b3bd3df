"""How a command reaches the campaign, a file or a PostgreSQL database alike.

A command that writes (`sheet import`, `alias add`/`import`, `table import`, a LINE that
changes a pool) creates a missing campaign and says where, one line on the Environment's
stderr (SPEC §6; stdout keeps the command's own answer). A command that only reads never
creates one (a missing campaign is an error naming its path).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from cli.base.settings import Settings

if TYPE_CHECKING:
    from cli.base.environment import Environment
    from cli.store import CampaignStore, CampaignView, Where


def created_line(where: Where) -> str:
    """The one line a write that created the campaign leaves on stderr."""
    from cli.base.safe import shown

    return f"roll: created a new campaign at {shown(str(where))}"


def campaign_of(settings: Settings, create_for: Environment | None = None) -> CampaignStore:
    """The campaign the options name; `create_for`: a write, which creates a missing campaign
    and says so on that Environment's stderr."""
    from cli.store import open_campaign, where_of

    if create_for is None:
        return open_campaign(where_of(settings), create=False)
    env = create_for
    return open_campaign(where_of(settings), create=True,
                         announce=lambda where: env.err(created_line(where)))


@contextmanager
def campaign_transaction(
    settings: Settings, readonly: bool = False, create_for: Environment | None = None
) -> Iterator[CampaignView]:
    """One transaction of the campaign (`create_for`: a write that makes a missing one); a refusal
    in it (or opening it) is raised to the command's caller, and the transaction leaves the
    campaign as it was."""
    with campaign_of(settings, create_for).transaction(readonly=readonly) as tx:
        yield tx
