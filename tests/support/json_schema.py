"""docs/roll.schema.json, and a check of every JSON object roll prints in a test against it
(tests/conftest.py: each in-process `--json` answer is checked when its test ends; a real
process's JSON is read through `checked`, `checked_lines` or `fits`)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from tests.support.paths import ROOT_DIR

SCHEMA_PATH = ROOT_DIR / "docs" / "roll.schema.json"


@cache
def validator() -> Any:
    """The schema's validator, made once a worker (jsonschema, a test extra)."""
    import jsonschema

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def problems(obj: dict[str, Any]) -> str | None:
    """Why `obj` is none of the schema's objects (the closest branch's errors), else None."""
    found = validator()
    if found.is_valid(obj):
        return None
    import jsonschema

    best = jsonschema.exceptions.best_match(found.iter_errors(obj))
    return f"{json.dumps(obj, ensure_ascii=False)[:300]}: {best.message if best else 'invalid'}"


def checked(line: str | bytes) -> Any:
    """One JSON object a `roll` process printed, read and checked against the schema (a test
    that reads a real process's JSON reads it through here: the autouse fixture sees only
    in-process `dumps`)."""
    obj = json.loads(line)
    said = problems(obj)
    assert said is None, f"JSON that docs/roll.schema.json does not describe:\n{said}"
    return obj


def checked_lines(out: str | bytes) -> list[Any]:
    """Every JSON line of a `roll` process's stdout (blank lines skipped), each checked."""
    text = out.decode("utf-8") if isinstance(out, bytes) else out
    return [checked(line) for line in text.splitlines() if line.strip()]


def fits(out: str | bytes) -> None:
    """Check every line of a process's stdout that is a JSON object (text lines, a group's
    `{d6, d8}kh1 → …` among them, are left)."""
    text = out.decode("utf-8", "replace") if isinstance(out, bytes) else out
    for line in text.splitlines():
        try:
            obj = json.loads(line) if line.startswith("{") else None
        except ValueError:
            continue
        if isinstance(obj, dict):
            said = problems(obj)
            assert said is None, f"JSON that docs/roll.schema.json does not describe:\n{said}"
