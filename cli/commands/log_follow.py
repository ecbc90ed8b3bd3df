"""`roll log --follow`: the log as `tail -f`, a line per entry as soon as any client writes one."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from datetime import UTC, datetime

from cli.render.log import log_json, log_line
from cli.store import CampaignStore
from cli.store.follow import Watcher
from rules.campaign import LogEntry

WAKE_S = 5.0
"""Read the log again at least this often, even without a signal (a lost notification)."""


def entry_printer(as_json: bool, width: int) -> Callable[[LogEntry], None]:
    """Print one entry (a JSON object, or a line for a pane `width` wide), flushed at once."""

    from cli.secret import shown, viewer_is_gm

    gm = viewer_is_gm()

    def emit(entry: LogEntry) -> None:
        if not shown(entry, gm):
            return  # a secret LINE for the GM's eyes, or (to the GM) its marker
        if as_json:
            text = json.dumps(log_json(entry), ensure_ascii=False)
        else:
            text = log_line(entry, datetime.now(UTC), width)
        try:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            # the reader went away (`roll log -f | head -3`): stop quietly, status 0
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise SystemExit(0) from None

    return emit


def follow(store: CampaignStore, watcher: Watcher, last: int, who: str | None,
           emit: Callable[[LogEntry], None]) -> None:
    """Print the entries after #`last` (of `who`'s LINEs) whenever a write lands; until Ctrl-C
    (which the entry point turns into status 130)."""
    try:
        while True:
            watcher.wait(WAKE_S)
            with store.transaction(readonly=True) as tx:
                last, entries = tx.log_after(last, who)
            for entry in entries:
                emit(entry)
    finally:
        watcher.close()
        store.close()
