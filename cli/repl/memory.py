"""What one REPL leaves for the next: who acted, per campaign, beside the REPL's history.

Never campaign-wide state: a one-shot in another shell never reads it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from cli.repl.line_history import history_path

if TYPE_CHECKING:
    from cli.store.where import Where


def memory_path() -> Path:
    """The REPL's state file, in the folder of its history file."""
    return history_path().parent / "repl-state.json"


def _load(path: Path) -> dict[str, str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}  # no state file yet: the REPL's first start (json is not loaded for it)
    import json

    try:
        data = json.loads(text)
    except ValueError:
        return {}
    acting = data.get("as") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in acting.items()} if isinstance(acting, dict) else {}


def _key(campaign: Where) -> str:
    """The campaign's file, resolved; a URL as shown (without its password)."""
    if not isinstance(campaign, Path):
        return str(campaign)
    return str(Path(campaign).expanduser().resolve())


def remembered_as(campaign: Where) -> str | None:
    """Who acted when the last REPL on this campaign closed (None: nobody, or not known)."""
    return _load(memory_path()).get(_key(campaign)) or None


def remember_as(campaign: Where, name: str | None) -> None:
    """Keep who acts in this REPL for the next one (quietly nothing if it cannot be written)."""
    path = memory_path()
    acting = _load(path)
    if name is None:
        acting.pop(_key(campaign), None)
    else:
        acting[_key(campaign)] = name
    import json

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        spare = path.with_name(path.name + f".{os.getpid()}")
        spare.write_text(json.dumps({"as": acting}, ensure_ascii=False), encoding="utf-8")
        os.replace(spare, path)  # whole, or not at all: two REPLs may close at once
    except OSError:
        pass
