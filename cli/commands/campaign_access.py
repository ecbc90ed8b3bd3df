"""How a command reaches the campaign, a file or a PostgreSQL database alike.

A command that writes (`sheet import`, `alias add`/`import`, `table import`, a LINE that
changes a pool) creates a missing campaign; all but `sheet import` (whose output scripts read,
and which README names as the way a campaign starts) say where, one line on stderr. A command
that only reads never creates one (a missing campaign is an error naming its path).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from cli.settings import Settings

if TYPE_CHECKING:
    from cli.store import CampaignStore, CampaignView, Where


def announce_created(where: Where) -> None:
    """The one line a write that created the campaign leaves on stderr."""
    sys.stderr.write(f"roll: created a new campaign at {where}\n")
    sys.stderr.flush()


def campaign_of(settings: Settings, create: bool = False, say: bool = True) -> CampaignStore:
    """The campaign the options name (created only when `create`, and said so unless not
    `say`: `sheet import`, the first write of every campaign, keeps its one line of output)."""
    from cli.store import open_campaign

    return open_campaign(settings.campaign_path(), create=create,
                         announce=announce_created if create and say else None)


@contextmanager
def campaign_transaction(
    settings: Settings, readonly: bool = False, create: bool = False
) -> Iterator[CampaignView]:
    """One transaction of the campaign (`create`: a write that makes a missing one); a refusal
    in it (or opening it) is raised to the command's caller, and the transaction leaves the
    campaign as it was."""
    with campaign_of(settings, create=create).transaction(readonly=readonly) as tx:
        yield tx
