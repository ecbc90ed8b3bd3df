"""QA of the dice engine, odds and one-shot CLI: each test pins a bug that was found and fixed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.render.layout import width_of
from cli.render.text import error_text
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.errors import NotationError
from rules.notation import parse, parse_expression
from rules.roll_parts import describe_roll
from tests.support.cli import invoke

# ---- the grammar ----


def test_a_tab_in_a_line_names_the_character_that_is_really_there() -> None:
    with pytest.raises(NotationError) as info:
        parse("2d6\t+*")
    assert (info.value.message, info.value.column) == ("expected a term, found '*'", 6)


@pytest.mark.parametrize("text", ["٣d6", "d6 vs ٣", "1d٦"])
def test_digits_are_ascii_digits(text: str) -> None:
    """Digits of other scripts are no dice; full-width ones are, by NFKC (SPEC §5)."""
    with pytest.raises(NotationError):
        parse(text)


def test_nx_without_a_line_says_a_term_is_missing() -> None:
    with pytest.raises(NotationError) as info:
        parse("6x")
    assert (info.value.message, info.value.column) == (
        "expected a term, found the end of the line", 3)


def test_a_line_of_only_a_comment_is_empty() -> None:
    with pytest.raises(NotationError) as info:
        parse("# just a note")
    assert info.value.message == "empty LINE: give dice (2d6+1) or a command"


# ---- the caret under the bad character ----


def test_the_caret_counts_wide_characters_as_two_columns() -> None:
    line = "2d6 [日本] + *"
    with pytest.raises(NotationError) as info:
        parse(line)
    assert error_text(line, info.value) == (
        "roll: error: expected a term, found '*'\n  2d6 [日本] + *\n               ^")


def test_the_caret_line_shows_tabs_and_control_characters_one_column_wide() -> None:
    line = "2d6\t+\x1b*"
    with pytest.raises(NotationError) as info:
        parse(line)
    assert info.value.column == 6
    assert error_text(line, info.value) == (
        "roll: error: expected a term, found '\\x1b'\n  2d6 +\ufffd*\n       ^")


# ---- what the dice show ----


def roll_text(text: str, faces: list[int]) -> str:
    return describe_roll(Roller(ScriptedSource(faces)).roll(parse_expression(text)))


def test_a_counting_group_marks_its_successes() -> None:
    assert roll_text("{d6,d6,d6}>=4", [5, 3, 4]) == "{[5] = 5*, [3] = 3, [4] = 4*} = 2 successes"
    assert roll_text("{d6,d6,d6}>=4f3", [5, 3, 4]) == (
        "{[5] = 5*, [3] = 3-, [4] = 4*} = 1 success")


def test_a_dropped_group_member_is_struck_once() -> None:
    assert roll_text("{2d6kh1, 2d6kh1}kh1", [3, 4, 5, 6]) == (
        "{~~[3, 4] = 4~~, [~~5~~, 6] = 6} = 6")


def test_a_label_on_a_counting_term_comes_before_the_count() -> None:
    assert roll_text("3d6>=4 [hits]", [5, 3, 4]) == "[5*, 3, 4*] hits = 2 successes"


# ---- the one-shot command ----


def test_a_line_after_double_dash_may_start_with_two_dashes() -> None:
    assert invoke("-q", "--rolled", "4", "--", "--d6") == (0, "4\n", "")


def test_plain_dice_open_no_campaign_and_repeats_act_through_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # contract of issue 11: plain dice with nobody acting never open the campaign, so a file
    # that is no campaign at all is never read; acting, it is (the connections a repeat opens:
    # bench/budgets.py)
    notes = tmp_path / "notes.txt"
    notes.write_text("x" * 4096)
    monkeypatch.setenv("ROLL_CAMPAIGN", str(notes))
    code, out, _ = invoke("-q", "-n", "50", "--seed", "1", "d6")
    assert code == 0 and len(out.split()) == 50
    assert notes.read_text() == "x" * 4096
    code, _, err = invoke("-q", "-n", "50", "--seed", "1", "--as", "pell", "d6")
    assert code == 2 and "not a database" in err
    from cli.store import sqlite as sqlite_store

    db = tmp_path / "c.sqlite3"
    monkeypatch.setenv("ROLL_CAMPAIGN", str(db))
    with sqlite_store.Campaign(db).transaction() as tx:
        tx.put_character({"name": "Pell", "system": "generic"})
    code, out, _ = invoke("-q", "-n", "50", "--seed", "1", "--as", "pell", "d6")
    assert code == 0 and len(out.split()) == 50


SHEET = """\
name = "Pell"
system = "generic"
[max]
luck = 2
"""


def test_a_repeat_that_is_refused_changes_nothing(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", str(tmp_path / "c.sqlite3"))
    sheet = tmp_path / "pell.toml"
    sheet.write_text(SHEET)
    assert invoke("sheet", "import", str(sheet))[0] == 0
    code, out, err = invoke("--as", "Pell", "3x", "spend", "luck")
    assert code == 1 and out == "" and "no" in err.lower()
    code, out, _ = invoke("--as", "Pell", "--json", "spend", "luck")
    assert code == 0
    [change] = json.loads(out)["changes"]
    assert (change["before"], change["after"]) == (2, 1)


# ---- roll odds ----


def test_odds_refuses_both_cumulative_views() -> None:
    code, out, err = invoke("odds", "--at-least", "--at-most", "d6")
    assert code == 2 and out == ""
    assert err.startswith("roll: error: --at-least and --at-most")


def test_odds_of_a_line_that_starts_with_a_minus() -> None:
    code, out, err = invoke("odds", "--json", "-3d6")
    assert code == 0, err
    assert json.loads(out)["min"] == -18
    code, _, err = invoke("odds", "--jsno", "3d6")
    assert code == 2 and err.startswith("roll: error: no such option: --jsno")


def test_batch_odds_after_double_dash_keeps_the_inherited_options_out_of_the_line() -> None:
    code, out, err = invoke("--json", input="odds -- -3d6\n")
    assert code == 0, err
    assert json.loads(out)["max"] == -3


@pytest.mark.parametrize("faces", ["1_0", "٣", "１"])
def test_rolled_faces_are_plain_numbers(faces: str) -> None:
    code, out, err = invoke("--rolled", faces, "d20")
    assert (code, out) == (2, "")
    assert err == f"roll: error: --rolled takes whole numbers separated by commas, not {faces!r}\n"


def test_the_odds_header_fits_the_pane_with_wide_characters() -> None:
    code, out, _ = invoke("odds", "--width", "40", "d6 [日本語日本語日本語日本語日本語日本語日本語]")
    assert code == 0
    lines = out.splitlines()
    assert all(width_of(line) <= 40 for line in lines)
    assert "".join(lines[:3]).replace(" ", "") == "d6[日本語日本語日本語日本語日本語日本語日本語]"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["-n", "0", "d6"], "-n/--times takes N from 1 to 100,000"),
        (["--rolled", "x", "d6"], "--rolled takes whole numbers separated by commas, not 'x'"),
    ],
)
def test_json_mode_reports_an_option_error_on_stdout(args: list[str], error: str) -> None:
    code, out, err = invoke("--json", *args)
    assert code == 2 and err == f"roll: error: {error}\n"
    assert json.loads(out) == {"input": "d6", "error": error, "column": None}


def test_batch_input_may_start_with_a_byte_order_mark() -> None:
    assert invoke("-q", "--rolled", "2,5", input="\ufeff2d6\n") == (0, "7\n", "")


@pytest.mark.parametrize(
    ("text", "faces", "shown"),
    [
        ("d6r1!", [1, 6, 3], "[1↻6!, 3] = 9"),
        ("d6r1!!", [1, 6, 3], "[1↻6+3!] = 9"),
        ("2d6r1!!kh1", [1, 2, 6, 3, 4], "[1↻6+3!, ~~2~~] = 9"),
        ("d6!!", [6, 6, 2], "[6+6+2!] = 14"),
    ],
)
def test_a_rerolled_face_is_never_shown_as_part_of_a_compounded_die(
    text: str, faces: list[int], shown: str
) -> None:
    assert roll_text(text, faces) == shown
