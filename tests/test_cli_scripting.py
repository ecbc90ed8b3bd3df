"""Scripting contract (issue 12, cli part): batch odds LINEs, one JSON object a line, `roll -`,
and NO_COLOR by the no-color.org convention."""

from __future__ import annotations

import io

import pytest

from cli.dispatch import subcommand_of
from cli.env import Environment
from tests.cli_helpers import invoke, invoke_json


def test_the_text_after_odds_is_its_line_in_a_batch() -> None:
    code, objs = invoke_json(input="odds {1d6, -1d4}kh1\nodds 2d6 + -1d4sd\n")
    assert code == 0
    assert [(o["input"], o["mean"], o["min"], o["max"]) for o in objs] == [
        ("{1d6, -1d4}kh1", "7/2", 1, 6),
        ("2d6 + -1d4sd", "9/2", -2, 11),
    ]


def test_the_repl_reads_odds_words_the_same_way() -> None:
    assert subcommand_of("odds {1d6, -1d4}kh1") == ["odds", "--", "{1d6, -1d4}kh1"]
    assert subcommand_of("odds 2d6 + -1d4sd") == ["odds", "--", "2d6 + -1d4sd"]
    assert subcommand_of("odds --at-least -- -1+d6") == ["odds", "--at-least", "--", "-1+d6"]


def test_only_a_line_that_starts_with_a_dash_needs_two_dashes() -> None:
    code, objs = invoke_json(input="odds -- -1+d6\nodds --frob 2\n")
    assert code == 2
    assert objs[0]["input"] == "-1+d6" and objs[0]["mean"] == "5/2"
    assert objs[1] == {
        "input": "--frob 2",
        "error": "no such option: --frob (a LINE that starts with '-' goes after --:"
                 " roll odds -- -1+d6)",
        "column": None,
    }  # fmt: skip


def test_every_batch_line_answers_with_one_json_object() -> None:
    code, out, err = invoke("--json", input="sheet frob\n1d0\n# a comment\n\nodds 1d2\n")
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0] == '{"input": "sheet frob", "error": "No such command \'frob\'.", "column": null}'
    assert '"error"' in lines[1] and '"kind": "odds"' in lines[2]
    assert err.startswith("roll: error: No such command 'frob'.\n")


def test_roll_dash_reads_lines_from_stdin() -> None:
    assert invoke("-q", "--rolled", "1,2,3", "-", input="2d6\n1d6\n") == (0, "3\n3\n", "")


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("value", "color"), [("", True), ("1", False), ("0", False)])
def test_only_a_non_empty_no_color_turns_colour_off(
    monkeypatch: pytest.MonkeyPatch, value: str, color: bool
) -> None:
    monkeypatch.setenv("NO_COLOR", value)
    assert Environment(stdout=Tty()).color(no_color_flag=False) is color
    assert Environment(stdout=Tty()).color(no_color_flag=True) is False
