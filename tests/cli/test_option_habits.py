"""Another tool's word for the option that counts (`roll log --last 5`): roll says the line with
`-n` that works, not Click's nearest spelling (`--as`), and a script gets it as the `hint`."""

from __future__ import annotations

import pytest

from tests.support.cli import invoke, invoke_json


@pytest.mark.parametrize(("args", "word", "works"), [
    (["log", "--last", "5"], "--last", "log -n 5"),
    (["log", "--limit=3"], "--limit", "log -n 3"),
    (["log", "--since", "1d", "--tail", "4"], "--tail", "log --since 1d -n 4"),
    (["log", "--count", "2", "--as", "Mira"], "--count", "log -n 2 --as Mira"),
])
def test_a_counting_option_of_another_tool_says_the_line_with_n(
        args: list[str], word: str, works: str) -> None:
    code, out, err = invoke(*args)
    assert (code, out) == (2, "")
    assert err == (f"roll: error: no such option '{word}': roll counts with -n (how many "
                   f"entries): roll {works}\n")


def test_under_json_the_line_that_works_is_the_hint() -> None:
    code, (obj,) = invoke_json("log", "--last", "5")
    assert code == 2
    assert obj["hint"] == "--json log -n 5"
    assert obj["error"] == ("no such option '--last': roll counts with -n (how many entries): "
                            "roll --json log -n 5")


def test_another_unknown_option_keeps_clicks_suggestion() -> None:
    code, _, err = invoke("log", "--foo")
    assert code == 2 and "No such option '--foo'" in err and "--follow" in err


def test_a_command_that_counts_with_no_n_keeps_clicks_error() -> None:
    code, _, err = invoke("sheet", "list", "--count", "2")
    assert code == 2 and "No such option '--count'" in err


@pytest.mark.parametrize(("args", "works"), [
    (["--repeat", "3", "d20"], "-n 3 d20"),
    (["--repeat=2", "d20+1"], "-n 2 d20+1"),
])
def test_a_lines_counting_option_of_another_tool_says_n(args: list[str], works: str) -> None:
    code, out, err = invoke(*args)
    assert (code, out) == (2, "")
    assert err == f"roll: error: no such option: --repeat: roll repeats a LINE with -n N: roll {works}\n"
    code, (obj,) = invoke_json(*args)
    assert (code, obj["hint"]) == (2, works)


def test_any_other_option_word_of_a_line_says_where_a_line_of_a_minus_goes() -> None:
    assert invoke("--jsn", "d20")[2] == (
        "roll: error: no such option: --jsn (a LINE that starts with '-' goes after --: roll --"
        " -1+d6)\n")
    assert invoke("odds", "--repeat", "2", "d6")[2] == (  # odds repeats nothing
        "roll: error: no such option: --repeat (a LINE that starts with '-' goes after --: roll"
        " odds -- -1+d6)\n")
