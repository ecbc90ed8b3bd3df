"""The one-shot command and batch mode through CliRunner: options, text, JSON, exit statuses."""

from __future__ import annotations

import pytest

from tests.support.cli import invoke, invoke_json

FIXED_KEYS = {"input", "system", "character", "kind", "total", "target", "compare", "outcome",
              "crit", "fumble", "successes", "dice", "changes", "text"}


def test_text_shows_the_dice_and_marks_the_dropped() -> None:
    assert invoke("--rolled", "6,5,2,4", "4d6kh3") == (0, "4d6kh3 → [6, 5, ~~2~~, 4] = 15\n", "")


def test_json_has_the_fixed_keys_and_every_die() -> None:
    code, [obj] = invoke_json("--rolled=3,5", "2d6+1")
    assert code == 0
    assert obj == {
        "input": "2d6+1", "system": "generic", "character": None, "kind": "roll", "total": 9,
        "target": None, "compare": None, "outcome": None, "crit": False, "fumble": False, "successes": None,
        "dice": [{"die": "d6", "face": 3, "kept": True}, {"die": "d6", "face": 5, "kept": True}],
        "changes": [], "text": "2d6+1 → [3, 5] + 1 = 9",
    }


def test_json_of_a_reroll_and_a_drop_in_roll_order() -> None:
    _, [obj] = invoke_json("--rolled", "1,5,2,4,6", "4d6r1kh3")
    assert obj["dice"] == [
        {"die": "d6", "face": 1, "kept": False},
        {"die": "d6", "face": 5, "kept": True},
        {"die": "d6", "face": 2, "kept": False},
        {"die": "d6", "face": 4, "kept": True},
        {"die": "d6", "face": 6, "kept": True},
    ]
    assert obj["total"] == 15


def test_vs_gives_an_outcome_and_exit_code_follows_it() -> None:
    code, [obj] = invoke_json("--rolled", "15", "d20 vs 15")
    assert (code, obj["outcome"], obj["target"]) == (0, "pass", 15)
    assert invoke("--rolled", "14", "d20", "vs", "15") == (0, "d20 vs 15 → [14] = 14 vs 15 · fail\n", "")
    assert invoke("--exit-code", "--rolled", "14", "d20 vs 15")[0] == 1
    assert invoke("--exit-code", "--rolled", "15", "d20 vs 15")[0] == 0


def test_successes_are_counted() -> None:
    _, [obj] = invoke_json("--rolled", "8,9,1,3", "4d10>=8f1")
    assert (obj["total"], obj["successes"]) == (1, 1)


def test_quiet_prints_only_the_total_and_options_go_anywhere() -> None:
    assert invoke("-q", "--rolled=2,2", "2d6") == (0, "4\n", "")
    assert invoke("2d6", "-q", "--rolled=1,1") == (0, "2\n", "")
    assert invoke("-q", "--rolled=4", "--", "-1+d6") == (0, "3\n", "")


def test_times_and_nx_repeat() -> None:
    code, out, _ = invoke("-q", "-n", "3", "--rolled", "1,2,3", "d6")
    assert (code, out) == (0, "1\n2\n3\n")
    assert invoke("-q", "--rolled", "1,2", "2x", "d6") == (0, "1\n2\n", "")
    code, objs = invoke_json("--seed", "3", "6x", "4d6kh3")
    assert code == 0 and len(objs) == 6 and all(o.keys() >= FIXED_KEYS for o in objs)


def test_seed_is_reproducible() -> None:
    assert invoke("-q", "--seed", "9", "10d6") == invoke("-q", "--seed", "9", "10d6")
    assert invoke("-q", "--seed", "9", "10d6")[1] != invoke("-q", "--seed", "10", "10d6")[1]


def test_syntax_error_shows_a_caret_and_exits_2() -> None:
    code, out, err = invoke("2d6+*3")
    assert (code, out) == (2, "")
    assert err == "roll: error: expected a term, found '*'\n  2d6+*3\n      ^\n"


def test_json_error_object() -> None:
    code, out, _ = invoke("--json", "1d0")
    assert code == 2
    assert out == '{"input": "1d0", "error": "a die needs at least one side: 1d0", "column": null}\n'
    code, out, _ = invoke("--json", "2d6+*3")
    assert '"column": 5' in out


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ("1", "roll: error: --rolled ran out: need a d6 for 2d6\n"),
        ("1,2,3", "roll: error: --rolled has 1 face(s) left over: 3\n"),
        ("1,9", "roll: error: --rolled face 9 (number 2) does not fit a d6 (needed for 2d6)\n"),
        ("1,x", "roll: error: --rolled takes whole numbers separated by commas, not 'x'\n"),
    ],
)
def test_rolled_faces_that_do_not_fit(faces: str, message: str) -> None:
    assert invoke("--rolled", faces, "2d6") == (2, "", message)


def test_batch_keeps_going_after_a_bad_line_and_exits_with_the_worst() -> None:
    code, out, err = invoke("-q", "--rolled", "1,2,3", input="1d6\n2d6+*\n2d6\n")
    assert code == 2
    assert out == "1\n5\n"
    assert "expected a term, found '*'" in err
    code, objs = invoke_json("--seed", "1", input="1d6\n1d0\n3d6\n")
    assert code == 2
    assert [("error" in o) for o in objs] == [False, True, False]


def test_batch_runs_subcommands_without_roll() -> None:
    code, out, _ = invoke(input="systems\n")
    assert code == 0 and "vagabond" in out


def test_systems_lists_the_six_ids() -> None:
    code, out, _ = invoke("systems")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [
        "generic", "vagabond", "macchiato", "champions", "tiers", "brighter"]


def test_unknown_system_and_help_topics() -> None:
    code, _, err = invoke("-s", "nope", "d6")
    assert code == 2 and "unknown system 'nope'" in err
    code, out, _ = invoke("help", "notation")
    assert code == 0 and "khN" in out
    assert invoke("help", "nope")[0] == 2


def test_help_and_version() -> None:
    code, out, _ = invoke("--help")
    assert code == 0 and "Examples:" in out and "roll 4d6kh3" in out
    code, out, _ = invoke("--version")
    assert code == 0 and out.startswith("roll ")


HOSTILE = [
    "100001d6",
    "99999999999999999999999d6",
    "d1000001",
    "100000d2!",
    "10d6r<7",
    "10d1!",
    "(" * 60 + "1" + ")" * 60,
    "1+" * 600 + "1",
    "1/0",
    "(1d6-1d6+1-1)/0",
    "d6 ☃ 2",
    "\x00\x01",
    "100000x 100000d6",
    "{" * 51 + "1" + "}" * 51,
    "d{" + ",".join(["1"] * 400) + "}" * 2,
    "100x 2000d6",
    "2d6 vs",
    "1d0",
    "0d0",
]


@pytest.mark.parametrize("line", HOSTILE)
def test_hostile_input_ends_quickly_with_an_error(line: str) -> None:
    code, _, err = invoke(line)  # (bench/budgets.py counts its work)
    assert code == 2
    assert err.startswith("roll: error: ")
    assert "Traceback" not in err
