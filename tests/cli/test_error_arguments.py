"""An error is said with the LINE and the batch's input line it is given (issue 47): the
Environment reads no process global and no context variable to find them."""

from __future__ import annotations

import io
import json

from cli.base.environment import Environment
from rules.errors import NotationError, UsageError
from tests.support.cli import invoke, invoke_json


def _env(line: str | None = None, number: int | None = None
         ) -> tuple[Environment, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    return Environment(io.StringIO(), out, err, as_json=True, line=line, line_number=number), \
        out, err


def test_the_line_and_its_number_given_are_the_errors() -> None:
    env, out, err = _env()
    error = NotationError("unexpected '*'", "2d6+*", 5)
    assert env.error(error, "2d6+*", 3) == 2
    assert json.loads(out.getvalue()) == {"input": "2d6+*", "error": "unexpected '*'",
                                          "column": 5, "line": 3}
    assert err.getvalue() == "roll: error: line 3: unexpected '*'\n  2d6+*\n      ^\n"


def test_an_error_without_a_line_is_said_with_the_line_its_environment_answers() -> None:
    env, out, err = _env("sheet show Nobody", 7)
    assert env.error(UsageError("no character named 'Nobody'")) == 2
    assert json.loads(out.getvalue()) == {"input": "sheet show Nobody", "line": 7, "column": None,
                                          "error": "no character named 'Nobody'"}
    assert err.getvalue() == "roll: error: line 7: no character named 'Nobody'\n"


def test_two_environments_answer_their_own_lines() -> None:
    first, out1, _ = _env("undo", 1)
    second, out2, _ = _env("log -n x")
    second.error(UsageError("bad"))
    first.error(UsageError("bad"))
    assert json.loads(out1.getvalue())["line"] == 1
    assert json.loads(out2.getvalue()) == {"input": "log -n x", "error": "bad", "column": None}


def test_a_batchs_subcommand_error_names_its_input_line() -> None:
    code, objects = invoke_json("--rolled", "3", input="1d6+1\n--as Nobody sheet show\n")
    assert code == 2
    assert objects[0]["total"] == 4
    assert {k: objects[1][k] for k in ("input", "line", "column")} == {
        "input": "--as Nobody sheet show", "line": 2, "column": None}


def test_after_a_batch_a_one_shots_error_names_no_line() -> None:
    first = invoke("--rolled", "3", input="1d6\n1d6+\n")
    again = invoke("1d6+")
    assert first[2].startswith("roll: error: line 2: ")
    assert again[2] == first[2].replace("line 2: ", "")


def test_an_errors_lines_are_made_from_its_fields() -> None:
    from cli.base.error_layout import ErrorLines, error_lines

    error = NotationError("expected a term, found '日'", "2d6+日", 5)
    lines = error_lines("2d6+日", error, 4)
    assert lines == ErrorLines("roll: error: line 4: expected a term, found '日'", "2d6+日", 4)
    assert lines.text() == "roll: error: line 4: expected a term, found '日'\n  2d6+日\n      ^"
    assert lines.fitted(24) == ("roll: error: line 4:\n  expected a term, found\n  '日'\n"
                                "  2d6+日\n      ^")
