"""The campaign log for a person (an entry wrapped to the width, never cut) and for a script."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from cli.base.safe import shown
from cli.render.text import pool_label, value_text
from rules.campaign import LogEntry
from rules.errors import UsageError
from rules.record import DAMAGED, REMOVE, REVEAL, SECRET_MARK, UNDO
from rules.resolution import Change
from rules.roll_parts import pool_title

LOG_WIDTH = 80
"""The width of a log entry when none is given (the width of output off a terminal)."""

_SPAN = re.compile(r"^(\d{1,30})\s*(s|m|h|d|w)$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def when(time: str) -> datetime:
    """A stored log time (ISO 8601, UTC) as an aware datetime."""
    stamp = datetime.fromisoformat(time)
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def iso_utc(time: str) -> str:
    """`2026-11-30T18:20:05.123Z`: ISO 8601 in UTC, as the JSON log gives it."""
    stamp = when(time).astimezone(UTC)
    return stamp.strftime("%Y-%m-%dT%H:%M:%S.") + f"{stamp.microsecond // 1000:03d}Z"


def age(time: str, now: datetime) -> str:
    """How long ago, in its largest unit: `now`, `45s`, `2m`, `3h`, `5d`."""
    seconds = int((now - when(time)).total_seconds())
    if seconds < 1:
        return "now"
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


def since_time(text: str, now: datetime) -> str:
    """`--since 2h` (s m h d w ago) or `--since 2026-11-30T18:00` (UTC unless it says): the
    earliest stored time to show."""
    span = _SPAN.match(text.strip().lower())
    if span:
        try:
            start = now - timedelta(seconds=int(span.group(1)) * _UNITS[span.group(2)])
        except (OverflowError, ValueError):  # before the year 1, or a number of 4,300 digits
            raise UsageError(f"log --since {text.strip()[:40]}: a span back to the year 1"
                             " at most") from None
    else:
        try:
            start = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
        except ValueError:
            raise UsageError(
                f"log --since takes a span such as 30m, 2h, 1d, or an ISO time, not {text!r}"
            ) from None
        if start.tzinfo is None:
            start = start.replace(tzinfo=UTC)
    return start.astimezone(UTC).isoformat(timespec="milliseconds")


def _change(change: Change, who: str | None, system_id: str | None) -> str:
    """`Luck 2→1`, naming the character when it is not the one who acted."""
    if change.kind == "field" and change.character is None and change.pool == "encounter":
        from rules.encounter.in_words import short_state

        before, after = (None if v is None else str(v) for v in (change.before, change.after))
        return f"Encounter {short_state(before)}→{short_state(after)}"
    if change.kind == "character":
        return f"{change.character} {'joins' if change.before is None else 'leaves'}"
    title = pool_label(system_id, change.pool) if change.kind == "pool" else pool_title(change.pool)
    if change.kind == "max":
        title = f"Max {title}"
    owner = "" if change.character == who else f"{change.character or 'Party'} "
    if change.kind == "flag":
        return f"{owner}{title} {value_text(change.after)}"
    return f"{owner}{title} {value_text(change.before)}→{value_text(change.after)}"


def _one_line(text: str) -> str:
    """A logged LINE on one line: its runs of spaces, tabs and newlines one space each. Only
    those: a line or record separator of the text (U+0085, U+2028, U+001E) is shown as what it
    is (`<85>`), as everywhere else, not made a space."""
    return " ".join(part for part in text.replace("\t", " ").replace("\r", " ")
                    .replace("\n", " ").split(" ") if part)


def _summary(entry: LogEntry) -> str:
    """The LINE and what came of it, without the dice: `check dex → 11 fail`."""
    record = entry.record
    if record.act in (UNDO, REMOVE, DAMAGED, REVEAL):
        return record.text or entry.input
    if record.act == SECRET_MARK and record.commitment is not None:
        from rules.commitment import short

        return f"secret roll {short(record.commitment)}"
    line = _one_line(record.input or entry.input)
    shown = " ".join(str(v) for v in (record.total, record.outcome) if v is not None)
    return f"{line} → {shown}" if shown else line


def log_line(entry: LogEntry, now: datetime, width: int = LOG_WIDTH) -> str:
    """`#12 2m Mira spend luck → Luck 1 · Luck 2→1`, wrapped at words to `width` (a change
    kept whole, later lines under a hanging indent): the pool changes are never cut."""
    from cli.render.layout import wrap_items

    text = _summary(entry)
    parts = [f"#{entry.id}", age(entry.time, now) if entry.time else "?", entry.character or "—"]
    if entry.record.secret:  # shown only to whom may see it (cli/line/secret.py): said so
        parts.append("(secret)")
    if entry.undone:
        parts.append("(undone)")
    parts.append(text)
    changes = [_change(c, entry.character, entry.system) for c in entry.changes]
    items = [shown(word) for part in parts for word in part.split(" ") if word]
    return "\n".join(wrap_items(items + [shown(f"· {c}") for c in changes], width))


def log_json(entry: LogEntry) -> dict[str, Any]:
    """The §3 object of a logged entry (written from its record), with its `id` and `time`
    (ISO 8601, UTC) first."""
    from cli.render.json import record_to_json

    return {"id": entry.id, "time": iso_utc(entry.time) if entry.time else None,
            **record_to_json(entry.record), "undone": entry.undone}
