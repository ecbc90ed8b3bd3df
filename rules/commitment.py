"""A secret LINE's commitment: the SHA-256 of a canonical text of its result and a nonce.

The text (`preimage`) is JSON with its keys sorted, no spaces (`,` and `:` alone), non-ASCII
characters as themselves, encoded as UTF-8 with no newline after it:

    {"character":…,"dice":[["d20",14,true],…],"expanded":…,"input":…,"kind":…,
     "nonce":"<32 hex digits>","outcome":…,"scheme":"roll-secret-1","system":…,
     "target":…,"text":…,"total":…}

so `printf '%s' "$PREIMAGE" | sha256sum` prints the commitment. The marker row everyone reads
holds the hash from the moment of the roll; the nonce (random, kept in the secret row) stops
anyone from finding the result by hashing every possible one before it is revealed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any

from rules.record import Record

SCHEME = "roll-secret-1"
"""The name of this encoding, inside the text itself (a later one is told apart)."""

SHOWN_DIGITS = 12
"""How many hex digits of the hash text shows (`sha256:` and these)."""


def sealed_fields(record: Record, nonce: str) -> dict[str, Any]:
    """What the commitment covers: the LINE, who, the system, every die, the result, the
    text a person saw, and the nonce."""
    return {
        "scheme": SCHEME, "nonce": nonce, "input": record.input, "expanded": record.expanded,
        "character": record.character, "system": record.system, "kind": record.kind,
        "dice": [[d.die, d.face, d.kept] for d in record.dice], "total": record.total,
        "target": record.target, "outcome": record.outcome, "text": record.text,
    }  # fmt: skip


def preimage(record: Record, nonce: str) -> str:
    """The canonical text a secret LINE's commitment is the SHA-256 of (see the module)."""
    return json.dumps(sealed_fields(record, nonce), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def digest(text: str) -> str:
    """SHA-256 of the text's UTF-8 bytes, as 64 hex digits (what `sha256sum` prints)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seal(record: Record, nonce: str) -> Record:
    """The secret LINE's record with its nonce and commitment."""
    return replace(record, nonce=nonce, commitment=digest(preimage(record, nonce)))


def short(commitment: str) -> str:
    """The commitment as text shows it: `sha256:` and its first 12 hex digits."""
    return f"sha256:{commitment[:SHOWN_DIGITS]}"


def opened_nonce(text: str) -> str | None:
    """The nonce a published preimage holds, or None when it is no preimage of this scheme."""
    try:
        fields = json.loads(text)
    except ValueError:
        return None
    if not isinstance(fields, dict) or fields.get("scheme") != SCHEME:
        return None
    nonce = fields.get("nonce")
    return nonce if isinstance(nonce, str) else None


def reveal_fails(reveal: Record, marker: Record | None) -> str | None:
    """Why a published reveal does not prove its secret LINE (None: it does): its marker must
    be there, and the text it published hash to the commitment the marker holds."""
    if marker is None or marker.commitment is None:
        return f"its secret roll's marker #{reveal.reveals} is not in the log"
    text = reveal.preimage or ""
    if opened_nonce(text) is None:
        return "what it published is no sealed text of a secret roll"
    if digest(text) != marker.commitment:
        return (f"what it published does not hash to {short(marker.commitment)},"
                " the commitment made when it was rolled")
    return None


def secret_fails(secret: Record, marker: Record) -> str | None:
    """Why a secret LINE as stored no longer matches its marker's commitment (None: it does)."""
    if secret.nonce is None or marker.commitment is None:
        return None  # rolled before secret rolls were sealed: nothing to check
    if digest(preimage(secret, secret.nonce)) != marker.commitment:
        return f"its result no longer hashes to {short(marker.commitment)}"
    return None
