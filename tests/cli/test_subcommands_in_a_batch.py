"""A subcommand on a batch line or at the REPL is its body, called with the runner's Settings
and an Environment: every output goes through that Environment (none around it, on the
process's stdout), and under --json it answers with exactly one object, an error included."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.commands.dispatch import run_any
from cli.line.runner import Runner
from tests.support.cli import invoke

MIRA = 'name = "Mira"\nsystem = "vagabond"\nlevel = 2\n[stats]\nmight = 4\ndexterity = 5\n'


def run(line: str, settings: Settings) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_any(Runner(settings, Environment(stdout=out, stderr=err)), line)
    return status, out.getvalue(), err.getvalue()


def test_a_subcommands_output_goes_through_the_runners_environment(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run("systems", Settings())
    assert status == 0 and err == ""
    assert out.splitlines()[1] == "vagabond   Vagabond (000)"
    assert capsys.readouterr() == ("", "")


def test_under_json_a_subcommands_objects_are_one_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run("systems", Settings(json=True))
    assert status == 0
    answer = json.loads(out)
    assert (answer["input"], answer["kind"]) == ("systems", "systems")
    assert [s["id"] for s in answer["items"]][:2] == ["generic", "vagabond"]
    assert capsys.readouterr() == ("", "")


def test_the_options_typed_on_the_line_are_the_subcommands_own(tmp_path: Path) -> None:
    settings = Settings(campaign=tmp_path / "c.sqlite3", json=True)
    status, out, err = run("odds --at-least --at-most 2d6", settings)
    assert status == 2
    assert json.loads(out) == {"input": "odds 2d6", "error": "--at-least and --at-most are two views:"
                               " choose one", "column": None}
    assert err == "roll: error: --at-least and --at-most are two views: choose one\n"
    status, out, _ = run("odds --at-least 2d6", Settings(json=True))
    assert status == 0 and json.loads(out)["mean"] == "7"


def test_a_failing_subcommand_in_a_json_batch_answers_with_its_error(tmp_path: Path) -> None:
    code, out, err = invoke("--json", "--campaign", str(tmp_path / "c.sqlite3"),
                            input="help nope\nsheet\n")
    assert code == 2
    helped, sheet = (json.loads(line) for line in out.splitlines())
    assert helped["input"] == "help nope" and helped["line"] == 1
    assert helped["error"].startswith("no help topic 'nope'")
    assert sheet["input"] == "sheet" and sheet["error"].startswith("Usage: roll sheet")
    assert err.startswith("roll: error: line 1: no help topic 'nope'")


def test_who_acts_in_the_batch_acts_for_its_subcommands(tmp_path: Path) -> None:
    campaign = str(tmp_path / "c.sqlite3")
    assert invoke("--campaign", campaign, "sheet", "import", "-", input=MIRA)[0] == 0
    code, out, _ = invoke("--campaign", campaign, "--as", "Mira", "--json",
                          input="sheet show\nsheet list\n")
    assert code == 0
    shown, listed = (json.loads(line) for line in out.splitlines())
    assert shown["name"] == "Mira"
    assert listed == {"input": "sheet list", "kind": "characters",  # a listing, even of one
                      "items": [{"name": "Mira", "system": "vagabond"}]}


def test_help_asked_on_a_batch_line_is_the_commands_help_through_the_environment() -> None:
    status, out, _ = run("sheet show --help", Settings())
    assert status == 0
    assert out.startswith("Usage: roll sheet show [OPTIONS] [NAME]\n")
    assert "\n  -h, --help " in out  # the command's own help options, as the shell's help
    status, out, _ = run("odds -h", Settings(json=True))
    answer = json.loads(out)
    assert (answer["kind"], answer["text"][:24]) == ("odds", "Usage: roll odds [OPTION")


def test_json_typed_on_a_batch_line_answers_its_error_in_json_too(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    code, out, err = invoke("--campaign", str(missing), input="sheet show Nope --json\n")
    assert code == 2
    assert json.loads(out)["error"] == f"no campaign at {missing} (roll sheet import FILE creates one)"
    assert err.startswith("roll: error: line 1: no campaign at")


def test_a_commands_body_is_a_function_of_an_environment_and_settings() -> None:
    from cli.commands.info import systems_command

    out = io.StringIO()
    body = systems_command.__wrapped__  # what the Typer command and a batch line both call
    assert body(env=Environment(stdout=out), settings=Settings(json=True)) is None
    [line] = out.getvalue().splitlines()  # one answer, as from a shell
    answer = json.loads(line)
    assert (answer["input"], answer["kind"], answer["items"][0]) == (
        "systems", "systems",
        {"id": "generic", "title": "Generic dice", "seed": "", "origin": "built-in"})
