"""The JSON renderer: one §3 object per evaluated LINE, one per output line."""

from __future__ import annotations

from typing import Any

from rules.errors import NotationError, RollError
from rules.resolution import Resolution


def resolution_to_json(res: Resolution, text: str) -> dict[str, Any]:
    """The SPEC §3 object for a resolved LINE (fixed keys first, then the system's extras)."""
    out: dict[str, Any] = {
        "input": res.input,
        "system": res.system,
        "character": res.character,
        "kind": res.kind,
        "total": res.total,
        "target": res.target,
        "outcome": res.outcome,
        "crit": res.crit,
        "fumble": res.fumble,
        "successes": res.successes,
        "dice": [{"die": t.die, "face": t.face, "kept": t.kept} for t in res.throws],
        "changes": [c.to_json() for c in res.changes],
        "text": text,
    }
    labels = res.labels
    if labels:
        out["labels"] = {k: v.numerator if v.denominator == 1 else str(v) for k, v in labels.items()}
    for key, value in res.extra:
        out.setdefault(key, value)
    if res.notes:
        out.setdefault("notes", list(res.notes))
    return out


def error_to_json(line: str, error: RollError) -> dict[str, Any]:
    """SPEC §3's error object; in a batch it also names the input line (`"line": 3`)."""
    from cli.render.position import batch_line

    column = error.column if isinstance(error, NotationError) else None
    out: dict[str, Any] = {"input": line, "error": error.message, "column": column}
    number = batch_line()
    if number is not None:
        out["line"] = number
    return out


def dumps(obj: dict[str, Any]) -> str:
    import json  # loaded by the first JSON line, not by every start

    from cli.render.safe import json_safe

    return json_safe(json.dumps(obj, ensure_ascii=False))
