"""`roll log --follow`: the log as `tail -f`, a line per entry as soon as any client writes one.

It follows by log id, so a server that goes away and comes back costs no entry and shows none
twice: a one-line notice (stderr, under 40 columns) when the campaign stops answering and when
it answers again, and reconnection with a growing wait in between.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime

from cli.base.environment import Environment
from cli.line.secret import Viewer
from cli.render.log import log_json, log_line
from cli.store import CampaignStore, CampaignUnavailable, CampaignURL
from cli.store.backoff import FOLLOW
from cli.store.follow import Watcher, watch
from rules.campaign import LogEntry

WAKE_S = 5.0
"""Read the log again at least this often, even without a signal (a lost notification)."""



def entry_printer(env: Environment, as_json: bool, width: int) -> Callable[[LogEntry], None]:
    """Print one entry through `env` (a JSON object, or a line for a pane `width` wide),
    flushed at once (a reader gone, `roll log -f | head -3`, stops it quietly); the caller
    keeps back what its viewer is not shown (cli/line/secret.py)."""

    def emit(entry: LogEntry) -> None:
        if as_json:
            env.json(log_json(entry))
        else:
            env.out(log_line(entry, datetime.now(UTC), width))

    return emit


def lost_notice(since: datetime) -> str:
    """The line a follower prints when the campaign stops answering (38 columns)."""
    return f"roll: campaign unreachable since {since:%H:%M}"


def back_notice(since: datetime) -> str:
    """The line a follower prints when it answers again (38 columns)."""
    return f"roll: campaign back (down since {since:%H:%M})"


def say(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def follow(store: CampaignStore, watcher: Watcher | None, last: int, who: str | None,
           emit: Callable[[LogEntry], None], notice: Callable[[str], None] = say,
           viewer: Viewer | None = None) -> None:
    """Print the entries after #`last` (of `who`'s LINEs) that `viewer` is shown (cli/line/secret.py;
    None: this process's viewer of `store`) whenever a write lands; until Ctrl-C
    (which the entry point turns into status 130). A campaign that stops answering is waited
    for, and followed again from #`last` when it is back."""
    if viewer is None:
        viewer = Viewer.of(on_server=isinstance(store.path, CampaignURL))
    down: datetime | None = None
    tries = 0
    again = False  # a lost connection is tried again at once, unsaid (a server's own end
    try:  # of a connection is no outage)
        while True:
            try:
                if watcher is None:
                    watcher = watch(store.path)  # again, before reading: no write is missed
                if down is None and not again:
                    watcher.wait(WAKE_S)
                with store.transaction(readonly=True) as tx:
                    newest, entries = tx.log_after(last, who)
                again = False
            except CampaignUnavailable:
                if watcher is not None:
                    watcher.close()
                watcher = None
                store.close()
                if down is None and not again:
                    again = True
                    continue
                if down is None:
                    down = datetime.now()
                    notice(lost_notice(down))
                time.sleep(FOLLOW.wait(tries))
                tries += 1
                continue
            if down is not None:
                notice(back_notice(down))
                down, tries = None, 0
            for entry in viewer.kept(entries):  # a secret row and its marker come together
                emit(entry)
            last = max(newest, last)
    finally:
        if watcher is not None:
            watcher.close()
        store.close()
