"""Every command answers under --json, before or after its word: JSON Lines on stdout only,
the same answer from a shell as from a batch line, an error's `input` the LINE alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import invoke
from tests.support.sheets import KIT, sheet

ERROR_KEYS = ["input", "error", "column"]
COMMANDS = [
    ("sheet", "list"), ("sheet", "show", "Kit"), ("sheet", "export", "Kit"), ("log",),
    ("alias", "list"), ("table", "list"), ("systems",), ("help",), ("help", "notation"),
    ("help", "tiers"), ("completion", "bash"), ("odds", "2d6"), ("table", "loot"),
    ("--rolled", "4", "d6"), ("undo",),
]  # fmt: skip
"""Every subcommand's reading word, and a LINE; `undo` last: it changes the campaign."""


def json_lines(out: str) -> list[dict[str, Any]]:
    """stdout as JSON Lines (as `jq -c .` reads it): every line one JSON object."""
    objs = [json.loads(line) for line in out.splitlines()]
    assert all(isinstance(obj, dict) for obj in objs)
    return objs


LOOT = "range,text\n1-3,a rusty key\n4-6,three coins\n"


@pytest.fixture
def kit(tmp_path: Path) -> None:
    """A campaign with Kit in it, an alias, a table, and one logged change to undo."""
    assert invoke("sheet", "import", str(sheet(tmp_path, KIT)))[0] == 0
    assert invoke("alias", "add", "stab", "1d4+1")[0] == 0
    (tmp_path / "loot.csv").write_text(LOOT)
    assert invoke("table", "import", str(tmp_path / "loot.csv"))[0] == 0
    assert invoke("--as", "Kit", "spend", "luck", "1")[0] == 0


@pytest.mark.usefixtures("kit")
@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_command_answers_json_lines_with_the_json_option_before_or_after(
        words: tuple[str, ...]) -> None:
    if words[0] == "table" and words[1] != "list":
        words = ("--rolled", "2", *words)  # the same row both times
    before = invoke("--json", *words)
    after = invoke(*words, "--json") if words != ("undo",) else before  # undo: once
    for code, out, _ in (before, after):
        assert code == 0
        objs = json_lines(out)
        assert objs, "every command answers"
        if words[0] in ("help", "systems", "completion", "odds") or words[:2] == (
                "sheet", "export"):
            [obj] = objs  # one answer, the LINE as given for its input
            assert obj["input"] == " ".join(words) and obj["kind"] == words[0]
    assert before[1] == after[1] or words == ("log",)  # the log's times differ


def test_help_answers_its_topic_as_text() -> None:
    code, out, err = invoke("--json", "help", "notation")
    [obj] = json_lines(out)
    assert (code, err, list(obj)) == (0, "", ["input", "kind", "topic", "text"])
    assert (obj["input"], obj["kind"], obj["topic"]) == ("help notation", "help", "notation")
    assert obj["text"].startswith("Dice notation (every system; case-insensitive")
    assert json_lines(invoke("-s", "tiers", "help", "--json")[1])[0]["topic"] == "tiers"
    assert json_lines(invoke("help", "--json")[1])[0]["topic"] is None


@pytest.mark.parametrize("line", ["systems", "help", "help notation", "help vagabond"])
def test_a_shell_and_a_batch_line_answer_the_same(line: str) -> None:
    shell = invoke("--json", *line.split())
    batch = invoke("--json", input=line + "\n")
    assert shell == batch and shell[0] == 0


def test_systems_is_one_object_listing_the_systems() -> None:
    [obj] = json_lines(invoke("--json", "systems")[1])
    assert (obj["input"], obj["kind"]) == ("systems", "systems")
    assert [s["id"] for s in obj["items"]] == [
        "generic", "vagabond", "macchiato", "champions", "tiers", "brighter"]
    assert obj["items"][1] == {"id": "vagabond", "title": "Vagabond", "seed": "000",
                                "origin": "built-in"}


@pytest.mark.parametrize("args", [
    ("--json", "sheet", "show", "Nobody"), ("sheet", "show", "Nobody", "--json"),
    ("--json", "--campaign", "{path}", "sheet", "show", "Nobody"),
    ("sheet", "--json", "show", "Nobody"),
])  # fmt: skip
def test_an_errors_input_is_the_line_without_its_options(
        args: tuple[str, ...], kit: None, private_campaign: Path) -> None:
    args = tuple(a.format(path=private_campaign) for a in args)
    code, out, _ = invoke(*args)
    [obj] = json_lines(out)
    assert code == 2 and list(obj) == ERROR_KEYS
    assert obj["input"] == "sheet show Nobody"


def test_a_usage_error_answers_in_json() -> None:
    for args in (("--json", "sheet"), ("sheet", "--json"), ("--json", "sheet", "frob")):
        code, out, err = invoke(*args)
        [obj] = json_lines(out)
        assert code == 2 and list(obj) == ERROR_KEYS and err.startswith("roll: error: ")
        assert obj["input"] == " ".join(a for a in args if a != "--json")


def test_an_odds_answer_keeps_odds_in_its_input_from_a_shell_and_a_batch() -> None:
    shell = json_lines(invoke("--json", "odds", "--at-least", "2d6")[1])
    batch = json_lines(invoke("--json", input="odds 2d6\n")[1])
    assert shell[0]["input"] == batch[0]["input"] == "odds 2d6"
    code, out, err = invoke("--json", "odds", "d20+")
    assert json_lines(out) == [{"input": "odds d20+", "error": "expected a term, found the"
                                " end of the line", "column": 10}]
    assert err == "roll: error: expected a term, found the end of the line\n  odds d20+\n" + (
        " " * 11 + "^\n")
    assert json_lines(invoke("--json", input="odds d20+\n")[1])[0]["column"] == 10


def test_version_answers_in_json() -> None:
    code, out, _ = invoke("--json", "--version")
    [obj] = json_lines(out)
    assert code == 0 and (obj["kind"], obj["text"]) == ("version", "roll " + obj["version"])
    assert invoke("--version", "--json") == (code, out, "")
    assert invoke("--version")[1] == obj["text"] + "\n"


def test_a_text_answer_keeps_stdout_json_and_its_words_in_text(tmp_path: Path) -> None:
    code, out, err = invoke("--json", "sheet", "import", str(sheet(tmp_path, KIT)))
    assert (code, json_lines(out)) == (0, [{
        "input": f"sheet import {sheet(tmp_path, KIT)}", "kind": "sheet",
        "text": "imported Kit (generic)"}])
    [obj] = json_lines(invoke("sheet", "export", "Kit", "--json")[1])
    assert obj["text"].startswith('name = "Kit"\nsystem = "generic"\n')


@pytest.mark.parametrize("words", [("sheet", "--help"), ("odds", "-h"), ("alias", "--help")])
def test_a_commands_help_answers_in_json_as_in_a_batch(words: tuple[str, ...]) -> None:
    shell = invoke("--json", *words)
    assert shell == invoke("--json", input=" ".join(words) + "\n")
    [obj] = json_lines(shell[1])
    assert (obj["kind"], obj["text"].split("\n")[0]) == (
        words[0], f"Usage: roll {words[0]} [OPTIONS] " + ("WORDS..." if words[0] == "odds"
                                                          else "COMMAND [ARGS]..."))


def test_the_roots_help_answers_in_json() -> None:
    code, out, err = invoke("--json", "--help")
    [obj] = json_lines(out)
    assert (code, err, obj["input"], obj["kind"]) == (0, "", "--help", "help")
    assert obj["text"] == invoke("--help")[1].rstrip("\n")
    assert invoke("--help", "--json") == (code, out, err)
