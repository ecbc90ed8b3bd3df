"""docs/roll.schema.json: a valid JSON Schema (2020-12) that takes SPEC §3's objects, the
`compare` key and more keys, and refuses an object that misses a fixed key. Every JSON object
the suite prints in-process is checked against it too (tests/conftest.py)."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import invoke
from tests.support.json_schema import problems

RESULT = {"input": "d20+5 vs 15", "system": "generic", "character": None, "kind": "roll",
          "total": 17, "target": 15, "outcome": "pass", "crit": False, "fumble": False,
          "successes": None, "dice": [{"die": "d20", "face": 12, "kept": True}], "changes": [],
          "text": "d20+5 vs 15 → [12] + 5 = 17 vs 15 · pass"}


@pytest.mark.parametrize("compare", [">=", ">", "<=", "<", None])
def test_a_result_may_say_how_its_outcome_was_compared(compare: str | None) -> None:
    assert problems({**RESULT, "compare": compare}) is None


def test_more_keys_are_welcome_and_fixed_ones_are_required() -> None:
    assert problems({**RESULT, "labels": {"fire": 3}, "anything": [1]}) is None
    assert problems({**RESULT, "compare": "=="}) is not None
    assert problems({k: v for k, v in RESULT.items() if k != "text"}) is not None
    assert problems({**RESULT, "dice": [{"die": "d20", "face": "12", "kept": True}]}) is not None


def test_a_log_entry_has_its_id_and_time() -> None:
    entry = {**RESULT, "id": 3, "time": "2026-12-06T07:00:00Z"}
    assert problems(entry) is None
    assert problems({**entry, "time": "yesterday", "kind": "roll"}) is None  # still a result
    assert problems({"input": "x", "error": "no", "column": 0}) is not None  # columns from 1


def test_what_the_cli_prints_fits_it() -> None:
    code, out, _ = invoke("--json", "--rolled", "12", "d20+5 vs 15")
    assert code == 0 and problems(json.loads(out)) is None
    code, out, _ = invoke("--json", "6x4d6kh3")
    assert code == 2 and problems(json.loads(out)) is None and json.loads(out)["hint"] == "6x 4d6kh3"
    code, out, _ = invoke("--json", "odds", "2d6")
    assert code == 0 and problems(json.loads(out)) is None
