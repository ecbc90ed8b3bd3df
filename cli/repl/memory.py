"""What one REPL leaves for the next: who acted, per campaign, beside the REPL's history.

Never campaign-wide state: a one-shot in another shell never reads it. A state file the REPL
cannot use (a directory, unreadable, not UTF-8, not JSON, of another shape) is said once and
left as it is: the REPL starts with nobody acting and never writes over what it could not read.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from cli.base.state_files import cannot_use
from cli.repl.line_history import history_path

if TYPE_CHECKING:
    from cli.store.where import Where

WHAT = "state file"


class Kept(NamedTuple):
    """The state file as read: who acted per campaign, and what could not be used (None:
    nothing, or no file yet, which the REPL may write)."""

    acting: dict[str, str]
    problem: str | None = None


def memory_path() -> Path:
    """The REPL's state file, in the folder of its history file."""
    return history_path().parent / "repl-state.json"


def _load(path: Path) -> Kept:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Kept({})  # no state file yet: the REPL's first start (json is not loaded for it)
    except OSError as exc:
        return Kept({}, _cannot(path, (exc.strerror or "unreadable").lower()))
    import json

    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return Kept({}, _cannot(path, "not UTF-8 text"))
    except ValueError:
        return Kept({}, _cannot(path, "not JSON (truncated or damaged)"))
    acting = data.get("as") if isinstance(data, dict) else None
    if not isinstance(acting, dict):
        return Kept({}, _cannot(path, "not a state file of roll's"))
    return Kept({str(k): str(v) for k, v in acting.items()})


def _cannot(path: Path, why: str) -> str:
    return cannot_use(WHAT, path, why, "nobody acts from the last REPL, and it is left as it is")


def _key(campaign: Where) -> str:
    """The campaign's file, resolved; a URL as shown (without its password)."""
    if not isinstance(campaign, Path):
        return str(campaign)
    return str(Path(campaign).expanduser().resolve())


def remembered(campaign: Where) -> Kept:
    """Who acted when the last REPL on this campaign closed (`acting` holds that one campaign's
    name, if any), and what of the file could not be used."""
    kept = _load(memory_path())
    name = kept.acting.get(_key(campaign))
    return Kept({} if name is None else {"as": name}, kept.problem)


def remembered_as(campaign: Where) -> str | None:
    """Who acted when the last REPL on this campaign closed (None: nobody, or not known)."""
    return remembered(campaign).acting.get("as") or None


def remember_as(campaign: Where, name: str | None) -> str | None:
    """Keep who acts in this REPL for the next one; what could not be kept, in one line (a
    file it could not read is not written over: its other campaigns' names are kept)."""
    path = memory_path()
    kept = _load(path)
    if kept.problem is not None:
        return kept.problem
    acting = kept.acting
    if name is None:
        acting.pop(_key(campaign), None)
    else:
        acting[_key(campaign)] = name
    import json

    spare = path.with_name(path.name + f".{os.getpid()}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        spare.write_text(json.dumps({"as": acting}, ensure_ascii=False), encoding="utf-8")
        os.replace(spare, path)  # whole, or not at all: two REPLs may close at once
    except OSError as exc:
        with contextlib.suppress(OSError):
            spare.unlink(missing_ok=True)
        return cannot_use(WHAT, path, (exc.strerror or "unwritable").lower(),
                          "who acts is not kept for the next REPL")
    return None
