"""Words as the shell passes them: a quoted name stays one word; a quoted LINE stays a LINE."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import invoke

CHAMPION = (
    'name = "{name}"\nsystem = "champions"\nkind = "champion"\nguard = 12\narmor = 0\n'
    'house = "Red"\n[stats]\nmight = 2\ninsight = 1\npresence = 1\n'
)


def champions(tmp_path: Path) -> None:
    """Mira and Old Tom, two champions of the campaign."""
    for name in ("Mira", "Old Tom"):
        sheet = tmp_path / f"{name}.toml"
        sheet.write_text(CHAMPION.format(name=name))
        assert invoke("sheet", "import", str(sheet))[0] == 0


def test_a_name_quoted_in_the_line_is_one_target(tmp_path: Path) -> None:
    champions(tmp_path)
    code, out, err = invoke("--as", "mira", "--rolled", "15,3", "attack", '"Old Tom"',
                            "weapon", "d6")
    assert (code, err) == (0, "")
    assert out.splitlines()[1] == "Old Tom · Wounds 0 → 1 (attack)"


def test_a_name_with_a_space_is_found_for_as(tmp_path: Path) -> None:
    champions(tmp_path)
    code, out, err = invoke("--as", "Old Tom", "--rolled", "15,3", "attack", "mira",
                            "weapon", "d6")
    assert (code, err) == (0, "")
    assert out.splitlines()[1] == "Mira · Wounds 0 → 1 (attack)"


def test_a_name_with_a_space_passed_as_one_word_is_found_as_written(tmp_path: Path) -> None:
    champions(tmp_path)
    code, out, err = invoke("--as", "mira", "--rolled", "15,3", "attack", "Old Tom",
                            "weapon", "d6")
    assert (code, err) == (0, "")
    assert out.splitlines()[1] == "Old Tom · Wounds 0 → 1 (attack)"


def test_the_words_are_joined_by_single_spaces_exactly_as_passed() -> None:
    faces = "10,11,12,1,20,15"
    assert invoke("--rolled", faces, "6x", "d20+5 vs 15") == invoke(
        "--rolled", faces, "6x d20+5 vs 15")
    code, out, err = invoke("--rolled", "10", "d20+5", "vs 15")
    assert (code, out, err) == (0, "d20+5 vs 15 → [10] + 5 = 15 vs 15 · pass\n", "")
    code, out, err = invoke("--json", "--rolled", "10,11", "2x", "d20+5 vs 15")
    assert (code, err) == (0, "")
    assert [json.loads(line)["input"] for line in out.splitlines()] == ["2x d20+5 vs 15"] * 3


def test_a_check_with_its_words_in_one_argument() -> None:
    assert invoke("-s", "vagabond", "--rolled", "12", "check", "dex=5 trained") == invoke(
        "-s", "vagabond", "--rolled", "12", "check", "dex=5", "trained")
    code, out, err = invoke("-s", "vagabond", "--rolled", "12", "check", "dex=5 trained")
    assert (code, err) == (0, "")
    assert out.startswith("check dex=5 trained → ")


def test_odds_joins_its_words_the_same() -> None:
    assert invoke("odds", "d20+5", "vs 15") == invoke("odds", "d20+5 vs 15")
    code, out, err = invoke("odds", "d20+5", "vs 15")
    assert (code, err) == (0, "") and out.startswith("d20+5 vs 15\npass 55.00% · fail 45.00%\n")


def test_a_whole_line_in_one_word_is_still_a_line() -> None:
    assert invoke("--rolled", "10", "d20+5 vs 15") == (
        0, "d20+5 vs 15 → [10] + 5 = 15 vs 15 · pass\n", "")


def test_systems_fit_a_40_column_pane() -> None:
    code, out, _ = invoke("systems")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 40


def test_a_result_line_shows_the_line_without_its_repeat_and_names_it_by_its_comment() -> None:
    code, out, _ = invoke("--rolled", "1,2", "2x d6 # two")
    assert (code, out) == (0, "two: d6 → [1] = 1\ntwo: d6 → [2] = 2\n")
    code, out, _ = invoke("--json", "--rolled", "4", "d6 # note")
    assert '"input": "d6 # note"' in out and '"text": "note: d6 → [4] = 4"' in out


def test_favor_atoms_belong_to_vagabond() -> None:
    code, _, err = invoke("--rolled", "3,4", "d20+f")
    assert code == 2 and "use -s vagabond" in err
    assert invoke("-s", "vagabond", "--rolled", "3,4", "d20+f")[1] == "d20+f → [3] + Favor [4] = 7\n"


def test_odds_of_an_unknown_word_says_so() -> None:
    code, _, err = invoke("odds", "x")
    assert code == 2 and "unknown word 'x'" in err


def test_the_typer_reader_joins_the_words_the_same() -> None:
    # `-qn` and `--` are read by the Typer app, not the plain reader (cli/entry/fast_argv.py)
    assert invoke("-qn", "2", "--rolled", "3,18", "d20+5", "vs 15") == (0, "fail\npass\n", "")
    assert invoke("--rolled", "3", "--", "d20+5", "vs 15") == (
        0, "d20+5 vs 15 → [3] + 5 = 8 vs 15 · fail\n", "")
