"""docs/roll.schema.json: a valid JSON Schema (2020-12) that takes SPEC §3's objects, the
`compare` key and more keys, and refuses an object that misses a fixed key. Every JSON object
the suite prints in-process is checked against it too (tests/conftest.py)."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import invoke
from tests.support.installed import run
from tests.support.json_schema import checked, checked_lines, fits, problems

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


def test_a_real_process_json_is_checked_by_the_helpers_that_read_it() -> None:
    """tests/support/installed.py and the tests that read a process's stdout check its JSON
    through these: an object the schema does not describe fails the test that read it."""
    line = json.dumps(RESULT, ensure_ascii=False)
    assert checked(line) == RESULT
    assert checked_lines(f"{line}\n\n{line}\n".encode()) == [RESULT, RESULT]
    fits("{d6, d8}kh1 → [~~2~~, 7] = 7\n" + line)  # a group's text line is not JSON: left
    unfit = json.dumps({k: v for k, v in RESULT.items() if k != "text"})
    for read in (checked, checked_lines, fits):
        with pytest.raises(AssertionError, match="JSON that docs/roll.schema.json does not"):
            read(unfit)


def test_the_installed_roll_is_run_with_its_json_checked() -> None:
    done = run("--json", "--rolled", "12", "d20+5 vs 15")
    assert (done.returncode, done.stderr) == (0, "")
    assert checked(done.stdout) == {**RESULT, "compare": ">="}
