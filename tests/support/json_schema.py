"""docs/roll.schema.json, and a check of every JSON object roll prints in a test against it
(tests/conftest.py: each in-process `--json` answer is checked when its test ends)."""

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
