"""A batch line or a REPL line may begin with the LINE options `-s NAME`, `--as NAME`,
`--rolled FACES`, `-n N` (SPEC §2): they mean for that line alone what they mean on the command
line, the next line is back to the process's options, and a bad value is that line's error."""

from __future__ import annotations

import json
from pathlib import Path

from cli.base.settings import Settings
from tests.support import encounter
from tests.support.cli import invoke, invoke_json, invoke_write
from tests.support.repl import repl
from tests.support.sheets import KIT, sheet


def kit(tmp_path: Path) -> None:
    invoke_write("sheet", "import", str(sheet(tmp_path, KIT)))


def test_a_batch_line_takes_its_own_system_and_faces_and_the_next_line_is_back() -> None:
    lines = "-s vagabond --rolled 12 check dex=5\n1d20\n--system=vagabond --rolled=3 check dex=5\n"
    assert invoke("--rolled", "7", input=lines) == (
        0,
        "check dex=5 → 12 vs 15 · fail\n"
        "1d20 → [7] = 7\n"
        "check dex=5 → 3 vs 15 · fail\n",
        "",
    )


def test_a_mixed_system_batch_in_json() -> None:
    lines = "-s vagabond --rolled 20 check dex=5\n--rolled 4 1d6\n-s tiers --rolled 5,3 2d6\n"
    code, objects = invoke_json(input=lines)
    assert code == 0
    assert [(o["input"], o["system"], o["total"]) for o in objects] == [
        ("check dex=5", "vagabond", 20), ("1d6", "generic", 4), ("2d6", "tiers", 8)]
    assert objects[0]["text"] == ("check dex=5 → 20 vs 15 · pass · crit\n"
                                  "Crit: +1 Luck (no character to give it to)")


def test_n_on_a_line_repeats_that_line_only() -> None:
    lines = "-n 3 --rolled 1,2,3 1d6\n--rolled 6 1d6\n"
    assert invoke(input=lines) == (
        0, "1d6 → [1] = 1\n1d6 → [2] = 2\n1d6 → [3] = 3\n1d6 → [6] = 6\n", "")


def test_the_process_faces_are_not_used_by_a_line_with_its_own() -> None:
    """The process's `--rolled 5` waits for the line without faces of its own."""
    lines = "--rolled 2 1d6\n1d6\n"
    assert invoke("--rolled", "5", input=lines) == (0, "1d6 → [2] = 2\n1d6 → [5] = 5\n", "")


def test_a_bad_option_value_is_that_lines_error_and_the_batch_goes_on() -> None:
    lines = "-n x 1d6\n-s nope 1d6\n--as\n--rolled 1,2 1d6\n--rolled 4 1d6\n"
    assert invoke(input=lines) == (
        2,
        "1d6 → [4] = 4\n",
        "roll: error: line 1: -n takes a number N from 1 to 100,000, not 'x'\n"
        "roll: error: line 2: unknown system 'nope' (systems: generic, vagabond, macchiato,"
        " champions, tiers, brighter)\n"
        "roll: error: line 3: --as needs a value (-a/--as NAME) and a LINE after it\n"
        "roll: error: line 4: --rolled has 1 face(s) left over: 2\n",
    )


def test_a_bad_option_value_in_json_is_an_error_object_with_its_line() -> None:
    code, objects = invoke_json(input="-n 0 1d6\n--rolled 3 1d6\n")
    assert code == 2
    assert objects[0] == {"input": "-n 0 1d6", "error": "-n/--times takes N from 1 to 100,000",
                          "column": None, "line": 1}
    assert objects[1]["input"] == "1d6" and objects[1]["total"] == 3


def test_an_error_in_the_line_after_its_options_points_into_the_line(tmp_path: Path) -> None:
    code, objects = invoke_json(input="-s vagabond 1d6+\n")
    assert code == 2
    assert objects == [{"input": "1d6+", "error": objects[0]["error"], "column": 5, "line": 1}]


def test_a_line_acts_as_its_character_and_the_next_line_as_nobody(tmp_path: Path) -> None:
    kit(tmp_path)
    lines = "--as Kit spend luck\nspend luck\n-a Kit gain luck 1\n"
    assert invoke(input=lines) == (
        2,
        "spend luck → Luck 1\nKit · Luck 2 → 1 (spend)\n"
        "gain luck 1 → Luck 2\nKit · Luck 1 → 2 (gain)\n",
        "roll: error: line 2: this needs a character: use --as NAME (or `as NAME` in the REPL)\n",
    )
    code, out, _ = invoke("log")
    assert code == 0 and out == ("#1 now Kit spend luck · Luck 2→1\n"
                                 "#2 now Kit gain luck 1 · Luck 1→2\n")


def test_a_refused_repeat_changes_nothing_in_its_one_transaction(tmp_path: Path) -> None:
    """`-n 3 spend luck` with Luck 2: the third is refused, so the first two are not kept."""
    kit(tmp_path)
    code, out, err = invoke(input="--as Kit -n 3 spend luck\n")
    assert (code, out, err) == (1, "", "roll: error: line 1: Kit has 0 Luck; cannot spend 1\n")
    assert invoke("log") == (0, "", "")
    code, objects = invoke_json("--as", "Kit", "sheet", "show")
    assert code == 0 and objects[0]["pools"]["luck"] == {"current": 2, "max": 3}


def test_a_line_option_before_a_subcommand(tmp_path: Path) -> None:
    kit(tmp_path)
    code, out, err = invoke("--json", input="--as Kit sheet show\n")
    assert code == 0 and err == ""
    assert json.loads(out)["name"] == "Kit"


def test_a_line_that_starts_with_a_minus_is_still_a_line() -> None:
    assert invoke("--rolled", "4", input="-1+d6\n") == (0, "-1+d6 → -1 + [4] = 3\n", "")


def test_repl_lines_take_their_own_options_for_that_line_alone(tmp_path: Path) -> None:
    kit(tmp_path)
    keys = ("-s vagabond --rolled 12 check dex=5\n1d6\n--as Kit spend luck\nspend luck\n"
            "-n x 1d6\nquit\n")
    assert repl(keys, Settings(rolled="4")) == (
        0,
        "fail · 12\n  12 vs 15\n"
        "4\n  [4] = 4\n"
        "Luck 1\n  Kit · Luck 2 → 1 (spend)\n",
        "roll: error: this needs a character: act\n  as one (-a NAME, or as NAME)\n"
        "roll: error: -n takes a number N from 1\n  to 100,000, not 'x'\n",
    )


def test_a_repl_line_option_does_not_leak_into_the_repls_own(tmp_path: Path) -> None:
    """After `-s vagabond …` the prompt's system is still the REPL's (`use` decides it)."""
    status, out, _ = repl("--rolled 12 -s vagabond check dex=5\nuse\nquit\n")
    assert status == 0
    assert out == "fail · 12\n  12 vs 15\nsystem: generic (use SYSTEM to switch)\n"


def test_again_asks_before_repeating_a_change_behind_a_line_option(tmp_path: Path) -> None:
    """`--as Kit spend luck` changes pools: `again` asks y/N first (here no answer: not
    repeated, so Kit spent one Luck, not two)."""
    kit(tmp_path)
    status, out, _ = repl("--as Kit spend luck\nagain\n\nquit\n")
    assert status == 0
    assert out.splitlines()[-1] == "not repeated"
    code, objects = invoke_json("--as", "Kit", "sheet", "show")
    assert objects[0]["pools"]["luck"] == {"current": 1, "max": 3}


def test_a_lines_own_as_in_a_fight_and_the_next_line_acts_as_whose_turn_it_is(
    tmp_path: Path,
) -> None:
    """Whose turn it is is decided in each LINE's own transaction: a line's `--as Bo` acts as
    Bo, the next line (nobody chosen) as Mira, whose turn it is."""
    encounter.imported(tmp_path, "mira", "bo")
    encounter.run("encounter start Mira Bo")
    lines = "--as Bo --rolled 7 check str\n--rolled 7 check dex\n"
    assert invoke(input=lines) == (
        0, "check str → 7 ≤ 10 · pass\n(as Mira: its turn)\ncheck dex → 7 ≤ 14 · pass\n", "")
    code, out, _ = invoke("log", "--json")
    assert [(e["input"], e["character"]) for e in map(json.loads, out.splitlines())][-2:] == [
        ("check str", "Bo"), ("check dex", "Mira")]
