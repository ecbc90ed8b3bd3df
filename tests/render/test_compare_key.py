"""Every result with a target says how its outcome came from it (SPEC §3 `compare`): `>=`
for `vs`, `>` where a game must beat it, `<=`/`<` for a roll-under; the text says the same
from that field (`9 ≤ 14`, `5 > 3`), and the log keeps it (issue 49)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cli.store.records import decode, encode
from rules.goal import against
from rules.record import Record
from tests.support.cli import invoke

PIP = ('name = "Pip"\nsystem = "macchiato"\n[stats]\nstrength = 14\ndexterity = 10\n'
       'constitution = 10\nintelligence = 10\nwisdom = 10\ncharisma = 10\n')


def answer(*args: str) -> dict[str, object]:
    code, out, err = invoke("--json", *args)
    assert (code, err) == (0, "")
    obj: dict[str, object] = json.loads(out)
    return obj


@pytest.mark.parametrize(("args", "target", "compare", "text"), [
    (("--rolled", "12", "d20+5 vs 15"), 15, ">=", "d20+5 vs 15 → [12] + 5 = 17 vs 15 · pass"),
    (("--rolled", "3,5", "(2d6) > 7"), 7, ">", "(2d6) > 7 → [3, 5] = 8 > 7 · pass"),
    (("--rolled", "5", "d20+0 <= 5"), 5, "<=", "d20+0 <= 5 → [5] + 0 = 5 ≤ 5 · pass"),
    (("--rolled", "5", "d20+1 < 5"), 5, "<", "d20+1 < 5 → [5] + 1 = 6 < 5 · fail"),
    (("--rolled", "3,4", "2d6+0 = 7"), 7, "=", "2d6+0 = 7 → [3, 4] + 0 = 7 = 7 · pass"),
    (("--rolled", "4", "d6"), None, None, "d6 → [4] = 4"),
    (("-s", "macchiato", "--rolled", "9", "check str=14"), 14, "<=",
     "check str=14 → 9 ≤ 14 · pass"),
    (("-s", "macchiato", "--rolled", "15", "check str=14"), 14, "<=",
     "check str=14 → 15 ≤ 14 · fail"),
    (("-s", "brighter", "--rolled", "5", "save dex=d8"), 4, ">=", "save dex=d8 → 5 vs 4 · pass"),
    (("-s", "brighter", "--rolled", "3", "save dex=d8 vs 3"), 3, ">",
     "save dex=d8 vs 3 → 3 > 3 · fail"),
    (("-s", "brighter", "--rolled", "5,4", "save str=d6 vs dex=d8"), 4, ">",
     "save str=d6 vs dex=d8 → 5 > 4 · pass\nDEX d8 rolled 4"),
    (("-s", "vagabond", "--rolled", "12", "check dex=5"), 15, ">=",
     "check dex=5 → 12 vs 15 · fail"),
])
def test_each_game_says_how_it_compared(args: tuple[str, ...], target: int | None,
                                        compare: str | None, text: str) -> None:
    obj = answer(*args)
    assert (obj["target"], obj["compare"], obj["text"]) == (target, compare, text)
    assert list(obj)[5:8] == ["target", "compare", "outcome"]


def test_the_text_line_is_the_same_as_the_json_text() -> None:
    assert invoke("-s", "macchiato", "--rolled", "9", "check str=14") == (
        0, "check str=14 → 9 ≤ 14 · pass\n", "")


def test_a_roll_under_copied_from_the_output_means_what_it_shows() -> None:
    """`≤` reads back as `<=` (SPEC §5): the line shown is a LINE that means it."""
    assert invoke("--rolled", "5", "d20+0 ≤ 5") == (0, "d20+0 <= 5 → [5] + 0 = 5 ≤ 5 · pass\n", "")


def test_the_log_keeps_the_compare(tmp_path: Path) -> None:
    sheet = tmp_path / "pip.toml"
    sheet.write_text(PIP, encoding="utf-8")
    assert invoke("sheet", "import", str(sheet))[0] == 0
    assert invoke("--as", "Pip", "--rolled", "9,15", "check str free")[1] == (
        "check str free → [9, ~~15~~] ≤ 14 · pass\nPip · Free advantage spent on"
        " (free advantage)\n")
    [entry] = [json.loads(line) for line in invoke("--json", "log")[1].splitlines()]
    assert (entry["target"], entry["compare"], entry["outcome"]) == (14, "<=", "pass")


def test_a_record_keeps_its_compare_through_the_store() -> None:
    record = Record("d20 <= 5", "generic", "roll", total=5, target=5, outcome="pass",
                    compare="<=")
    assert decode(json.loads(encode(record)), ()) == record
    assert decode(json.loads(encode(replace(record, compare=None, target=None))),
                  ()).compare is None


@pytest.mark.parametrize(("compare", "said"), [
    (">=", "vs 15"), (">", "> 15"), ("<=", "≤ 15"), ("<", "< 15"), ("=", "= 15"), (None, "vs 15")])
def test_against_writes_each_compare(compare: str | None, said: str) -> None:
    assert against(compare, 15) == said


@pytest.mark.parametrize(("text", "target", "system", "kind", "compare"), [
    ("check dex → 12 vs 15 · fail", 15, "vagabond", "check", ">="),
    ("check str → 9 vs 14 · pass", 14, "macchiato", "check", "<="),
    ("hit 7 → 3 Direct Damage · STR 6 vs >3 · pass", 3, "brighter", "damage", ">"),
    ("save dex → 5 vs 4 · pass", 4, "brighter", "save", ">="),
    ("d20 <= 5 → [5] = 5 <= 5 · pass", 5, "generic", "roll", "<="),
    ("(2d6) > 7 → [3, 5] = 8 > 7 · pass", 7, "generic", "roll", ">"),
    ("sword → …", 16, "vagabond", "attack", ">="),
])
def test_a_result_logged_before_compare_reads_it_from_its_text(
        text: str, target: int, system: str, kind: str, compare: str) -> None:
    stored = {"version": 1, "act": "line", "input": "x", "system": system, "kind": kind,
              "character": None, "total": 1, "target": target, "outcome": "pass", "text": text}
    assert decode(stored, ()).compare == compare
