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
