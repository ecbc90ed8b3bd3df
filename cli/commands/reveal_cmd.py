"""`roll reveal ID`: a secret roll made public by its roller or the GM, and `roll log verify`:
every revealed roll hashed again against the commitment its marker has held since the roll
(rules/commitment.py; cli/line/secret.py seals them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.base.bounds import storable
from cli.base.environment import Environment, ExitStatus
from cli.base.options import CAMPAIGN_OPTIONS, with_settings
from cli.base.safe import shown
from cli.base.settings import Settings
from cli.store.campaign_access import campaign_of, campaign_transaction
from rules.campaign import LogEntry
from rules.commitment import preimage, reveal_fails, secret_fails, short
from rules.errors import RuleError, UsageError
from rules.record import LINE, REVEAL, SECRET_MARK, Record

if TYPE_CHECKING:
    from cli.store import CampaignView

CHUNK = 500
"""Ids one read asks for (well under either database's limit on arguments)."""


def secret_pair(tx: CampaignView, id_: int) -> tuple[LogEntry, LogEntry | None]:
    """A secret roll's marker and its secret row (None where this reader may not read it), by
    the id of either; UsageError for an id that is no secret roll."""
    rows = {e.id: e for e in tx.entries([id_ - 1, id_, id_ + 1])}
    entry = rows.get(id_)
    if entry is None:
        raise UsageError(f"no log entry #{id_} that you may read")
    if entry.record.act == SECRET_MARK:
        after = rows.get(id_ + 1)  # written next, in the same transaction
        return entry, after if after is not None and _secret_of(after, entry) else None
    before = rows.get(id_ - 1)
    if entry.record.secret and entry.record.act == LINE and before is not None \
            and before.record.act == SECRET_MARK and _secret_of(entry, before):
        return before, entry
    raise UsageError(f"#{id_} is not a secret roll ({entry.input})")


def _secret_of(entry: LogEntry, marker: LogEntry) -> bool:
    return entry.record.secret and entry.record.act == LINE and entry.character == marker.character


def may_reveal(marker: LogEntry, secret: LogEntry | None, on_server: bool, gm: bool,
               acting: str | None) -> LogEntry:
    """The secret row, when this reader may reveal it: on a server, a role that reads it (its
    roller's, the GM's); on a file, the GM's view (ROLL_GM=1) or its roller acting."""
    who = marker.character or "the GM"
    refused = RuleError(f"#{marker.id} is {who}'s secret roll: only its roller or the GM may"
                        " reveal it; nothing changed")
    if secret is None:
        raise refused
    mine = acting is not None and acting.strip().lower() == (secret.character or "").lower()
    if not (on_server or gm or (mine and secret.character is not None)):
        raise refused
    if marker.record.commitment is None or secret.record.nonce is None:
        raise RuleError(f"#{marker.id} was rolled before secret rolls were sealed: it has no"
                        " commitment to prove; nothing changed")
    return secret


def revealed(marker: LogEntry, secret: LogEntry) -> Record:
    """The reveal's record: the sealed text (result and nonce) and the commitment it opens."""
    record = secret.record
    who = f" ({secret.character})" if secret.character else ""
    return Record(f"reveal {marker.id}", record.system, "reveal", REVEAL, None,
                  total=record.total, target=record.target, outcome=record.outcome,
                  text=f"revealed #{marker.id}{who}: {record.text}",
                  commitment=marker.record.commitment, reveals=marker.id,
                  preimage=preimage(record, str(record.nonce)))


@with_settings(*CAMPAIGN_OPTIONS)
def reveal_command(
    env: Environment,
    settings: Settings,
    id_: Annotated[int, typer.Argument(
        help="the secret roll's id in the log (its marker's or its own)", metavar="ID")],
) -> int:
    """Publish a secret roll's result and nonce to every player (its roller or the GM), so
    anyone can check it against the commitment made when it was rolled."""
    from cli.line.secret import Viewer
    from cli.store import CampaignURL
    from rules.resolution import Resolution

    storable(id_, "reveal ID")
    store = campaign_of(settings)
    on_server = isinstance(store.path, CampaignURL)
    with store.transaction() as tx:
        marker, secret = secret_pair(tx, id_)
        secret = may_reveal(marker, secret, on_server, Viewer.of(on_server).gm, settings.acting())
        earlier = [e.id for e in tx.history(kinds=("reveal",)) if e.record.reveals == marker.id]
        if earlier:
            raise RuleError(f"#{marker.id} is revealed already (#{earlier[0]}); nothing changed")
        record = revealed(marker, secret)
        entry = tx.apply(Resolution(record.input, record.system, record.kind, record.text),
                         record)
    fails = reveal_fails(entry.record, marker.record)
    if settings.json:
        from cli.render.log import log_json

        env.json({**log_json(entry), "verified": fails is None})
    else:
        mark = short(str(marker.record.commitment))
        env.out(shown(entry.record.text))
        env.out(f"{mark} matches: anyone can check it (roll log verify)" if fails is None
                else f"{mark} FAILS: {fails}")
    return int(ExitStatus.OK if fails is None else ExitStatus.REFUSED)


@dataclass(frozen=True, slots=True)
class Checked:
    """One row `log verify` checked: a reveal, or a secret row its reader may read."""

    id: int
    what: str
    reveals: int
    commitment: str | None
    fails: str | None

    def to_json(self) -> dict[str, Any]:
        """The row as `log verify --json` lists it."""
        return {"id": self.id, "row": self.what, "marker": self.reveals,
                "commitment": self.commitment, "ok": self.fails is None, "why": self.fails}


def checked_rows(tx: CampaignView) -> list[Checked]:
    """Every reveal in the log, and every secret row this reader reads, against the
    commitment of their marker."""
    rows = tx.history(kinds=("secret", "reveal"))
    markers = {e.id: e for e in rows if e.record.act == SECRET_MARK}
    out = []
    for e in rows:
        if e.record.act == REVEAL and e.record.reveals is not None:
            marker = markers.get(e.record.reveals)
            out.append(Checked(e.id, "reveal", e.record.reveals, e.record.commitment,
                               reveal_fails(e.record, None if marker is None else marker.record)))
    ids = [i + 1 for i in markers]
    for start in range(0, len(ids), CHUNK):
        for e in tx.entries(ids[start:start + CHUNK]):
            marker = markers[e.id - 1]
            if _secret_of(e, marker) and e.record.nonce is not None:
                out.append(Checked(e.id, "secret", marker.id, marker.record.commitment,
                                   secret_fails(e.record, marker.record)))
    return sorted(out, key=lambda c: c.id)


def verify_log(env: Environment, settings: Settings) -> int:
    """`roll log verify`: each reveal (and each secret row this reader reads) checked; the
    ones that fail named, exit 1 when any does."""
    with campaign_transaction(settings, readonly=True) as tx:
        checks = checked_rows(tx)
    failed = [c for c in checks if c.fails is not None]
    if settings.json:
        env.json({"kind": "verify", "checked": len(checks), "failed": [c.id for c in failed],
                  "rows": [c.to_json() for c in checks]})
    else:
        env.out("\n".join(verify_lines(checks)))
    return int(ExitStatus.REFUSED if failed else ExitStatus.OK)


def verify_lines(checks: list[Checked]) -> list[str]:
    """What `log verify` says: one line a row, then the sum of it."""
    if not checks:
        return ["no revealed secret roll to verify yet (roll reveal ID)"]
    lines = []
    for c in checks:
        mark = "" if c.commitment is None else f" {short(c.commitment)}"
        said = "ok" if c.fails is None else f"FAILS: {c.fails}"
        lines.append(f"#{c.id} {c.what} of #{c.reveals}{mark} {said}")
    failed = [f"#{c.id}" for c in checks if c.fails is not None]
    rows = f"{len(checks)} row{'s' if len(checks) != 1 else ''}"
    lines.append(f"{rows} checked: all match" if not failed
                 else f"{rows} checked: {len(failed)} fail ({', '.join(failed)})")
    return lines


def register(app: typer.Typer) -> None:
    app.command("reveal")(reveal_command)
