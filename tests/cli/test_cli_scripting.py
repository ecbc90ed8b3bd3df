"""Scripting contract (issue 12, cli part): batch odds LINEs, one JSON object a line, `roll -`,
and NO_COLOR by the no-color.org convention."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cli.base.environment import Environment
from cli.commands.dispatch import LINE_READING
from rules.notation.head import read_head
from tests.support.cli import invoke, invoke_json


def test_the_text_after_odds_is_its_line_in_a_batch() -> None:
    code, objs = invoke_json(input="odds {1d6, -1d4}kh1\nodds 2d6 + -1d4sd\n")
    assert code == 0
    assert [(o["input"], o["mean"], o["min"], o["max"]) for o in objs] == [
        ("odds {1d6, -1d4}kh1", "7/2", 1, 6),  # the line as given: one-shot `roll odds` too
        ("odds 2d6 + -1d4sd", "9/2", -2, 11),
    ]


def subcommand_of(text: str) -> list[str] | None:
    """The words of the subcommand `text` starts with, as its head reads them."""
    sub = read_head(text, LINE_READING).subcommand
    return None if sub is None else list(sub.words)


def test_the_repl_reads_odds_words_the_same_way() -> None:
    assert subcommand_of("odds {1d6, -1d4}kh1") == ["odds", "--", "{1d6, -1d4}kh1"]
    assert subcommand_of("odds 2d6 + -1d4sd") == ["odds", "--", "2d6 + -1d4sd"]
    assert subcommand_of("odds --at-least -- -1+d6") == ["odds", "--at-least", "--", "-1+d6"]


def test_a_batch_odds_line_reads_its_words_as_a_shell_passes_them() -> None:
    """Issue 40: quotes group an odds LINE's words and go, as the shell drops them from the
    one-shot `roll odds 'd20+5' 'vs 15'`: the same words, the same answer."""
    one_shot = invoke_json("odds", "d20+5", "vs 15")
    code, objs = invoke_json(input="odds 'd20+5' 'vs 15'\nodds \"d20+5 vs 15\"\n"
                                   "odds d20+5   'vs 15'\n")
    assert (code, one_shot[0]) == (0, 0)
    assert objs == one_shot[1] * 3
    assert objs[0]["input"] == "odds d20+5 vs 15" and objs[0]["mean"] == "31/2"
    assert subcommand_of("odds 'd20+5' 'vs 15'") == ["odds", "--", "d20+5 vs 15"]


def test_an_odds_line_whose_quotes_do_not_pair_is_read_as_typed() -> None:
    code, objs = invoke_json(input="odds d20+5 vs 15 # Ara's shot\n")
    assert code == 0
    assert (objs[0]["input"], objs[0]["mean"]) == ("odds d20+5 vs 15 # Ara's shot", "31/2")
    assert subcommand_of("odds 'd20") == ["odds", "--", "'d20"]  # the grammar's caret, then


def test_the_repl_reads_a_quoted_odds_line_as_the_one_shot_does() -> None:
    from tests.support.repl import repl

    quoted = repl("odds 'd20+5' 'vs 15'\rquit\r")
    assert quoted == repl("odds d20+5 vs 15\rquit\r")
    assert quoted[0] == 0 and quoted[1].startswith("d20+5 vs 15\npass 55.00% · fail 45.00%\n")
    assert quoted[2] == ""


def test_only_a_line_that_starts_with_a_dash_needs_two_dashes() -> None:
    code, objs = invoke_json(input="odds -- -1+d6\nodds --frob 2\n")
    assert code == 2
    assert objs[0]["input"] == "odds -1+d6" and objs[0]["mean"] == "5/2"
    assert objs[1] == {
        "input": "odds --frob 2",
        "error": "no such option: --frob (a LINE that starts with '-' goes after --:"
                 " roll odds -- -1+d6)",
        "column": None,
        "line": 2,
    }  # fmt: skip


def test_every_batch_line_answers_with_one_json_object() -> None:
    code, out, err = invoke("--json", input="sheet frob\n1d0\n# a comment\n\nodds 1d2\n")
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0] == ('{"input": "sheet frob", "error": "No such command \'frob\'.", "column": null,'
                        ' "line": 1}')
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


def test_batch_errors_name_their_input_line(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    stdin = "1d6\n\n1d0\n# a comment\n2d6+*3\nsheet show Nobody\n"
    code, out, err = invoke("--json", "--rolled", "3", "--campaign", str(missing), input=stdin)
    assert code == 2
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o.get("line") for o in objs] == [None, 3, 5, 6]  # a result has no line; errors do
    assert objs[2] == {"input": "2d6+*3", "error": "expected a term, found '*'", "column": 5,
                       "line": 5}
    assert objs[3]["error"] == f"no campaign at {missing} (roll sheet import FILE creates one)"
    assert err.splitlines() == [
        "roll: error: line 3: a die needs at least one side: 1d0",
        "roll: error: line 5: expected a term, found '*'",
        "  2d6+*3",
        "      ^",
        f"roll: error: line 6: no campaign at {missing} (roll sheet import FILE creates one)",
    ]
    assert not missing.exists()


def test_a_one_shot_has_no_line_number() -> None:
    code, out, err = invoke("--json", "1d0")
    assert code == 2
    assert json.loads(out) == {"input": "1d0", "error": "a die needs at least one side: 1d0",
                               "column": None}
    assert err == "roll: error: a die needs at least one side: 1d0\n"


def test_subcommands_that_print_several_things_answer_with_one_object() -> None:
    code, out, _ = invoke("--json", input="systems\nhelp notation\n")
    assert code == 0
    systems, helped = (json.loads(line) for line in out.splitlines())
    assert systems["kind"] == "systems" and systems["input"] == "systems"
    assert [s["id"] for s in systems["items"]] == [
        "generic", "vagabond", "macchiato", "champions", "tiers", "brighter"]
    assert helped["kind"] == "help" and helped["text"].startswith("Dice notation")


def test_a_failing_subcommand_answers_in_json_too(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    code, out, err = invoke("--json", "--campaign", str(missing), "sheet", "show", "Mira")
    assert code == 2
    assert json.loads(out)["error"] == f"no campaign at {missing} (roll sheet import FILE creates one)"
    assert err.startswith("roll: error: no campaign at")


def test_help_alone_under_a_system_is_that_systems_help_in_a_batch_too() -> None:
    code, out, _ = invoke("-s", "tiers", input="help\n")
    assert code == 0 and out.startswith("Tiers (`-s tiers`")


MIRA = 'name = "Mira"\nsystem = "vagabond"\nlevel = 2\n[stats]\nmight = 4\ndexterity = 5\n'


def test_sheet_import_dash_reads_the_sheet_from_stdin(tmp_path: Path) -> None:
    campaign = str(tmp_path / "c.sqlite3")
    code, out, err = invoke("--campaign", campaign, "sheet", "import", "-", input=MIRA)
    assert (code, out, err) == (0, "imported Mira (vagabond)\n",
                                f"roll: created a new campaign at {campaign}\n")
    code, out, _ = invoke("--campaign", campaign, "sheet", "list")
    assert out == "  Mira             vagabond\n"
    code, _, err = invoke("--campaign", campaign, "sheet", "import", "-", input="name = 'X'\n")
    assert code == 2 and err.startswith("roll: error: stdin: sheet key 'system'")


def test_sheet_import_dash_in_a_batch_is_refused(tmp_path: Path) -> None:
    campaign = tmp_path / "c.sqlite3"
    code, _, err = invoke("--campaign", str(campaign), input="sheet import -\ntable import -\n")
    assert code == 2
    assert err == ("roll: error: line 1: - reads stdin, which is this batch's own input:"
                   " give a sheet FILE\nroll: error: line 2: - reads stdin, which is this batch's own"
                   " input: give a table FILE\n")
    assert not campaign.exists()


def test_a_repeat_prefix_reads_the_same_in_any_case() -> None:
    """`3X 1d6` is `3x 1d6`: the tree's repeat and shown text, not a second reading of the text."""
    lower = invoke("--seed", "1", "3x 1d6")
    assert invoke("--seed", "1", "3X 1d6") == lower == (
        0, "1d6 → [1] = 1\n1d6 → [6] = 6\n1d6 → [5] = 5\n", "")
    assert invoke("--seed", "1", "3× 1d6 # fire")[1].splitlines() == [
        "fire: 1d6 → [1] = 1", "fire: 1d6 → [6] = 6", "fire: 1d6 → [5] = 5"]
