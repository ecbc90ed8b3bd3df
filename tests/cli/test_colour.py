"""Colour as asked (SPEC §2): `--color auto|always|never`, `--no-color`, ROLL_COLOR, and the
terminal conventions FORCE_COLOR, CLICOLOR_FORCE and NO_COLOR (no-color.org), in a one-shot,
a batch and the REPL."""

from __future__ import annotations

import io

import pytest

from cli.base.colour import chosen_when, in_colour
from cli.base.environment import Environment
from cli.base.settings import Settings
from tests.support.cli import invoke
from tests.support.repl import repl

DROPPED = "\x1b[2m~~\x1b[0m\x1b[2;9m2\x1b[0m\x1b[2m~~\x1b[0m"
COLOURED = f"4d6kh3 → [6, {DROPPED}, 5, 4] = 15\n"
PLAIN = "4d6kh3 → [6, ~~2~~, 5, 4] = 15\n"


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def no_colour_conventions(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "CLICOLOR_FORCE", "ROLL_COLOR", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize(("when", "environ", "tty", "colour"), [
    ("auto", {}, True, True),
    ("auto", {}, False, False),
    ("auto", {"NO_COLOR": "1"}, True, False),
    ("auto", {"NO_COLOR": ""}, True, True),  # no-color.org: set and non-empty
    ("auto", {"FORCE_COLOR": "1"}, False, True),
    ("auto", {"FORCE_COLOR": ""}, False, False),
    ("auto", {"CLICOLOR_FORCE": "1"}, False, True),
    ("auto", {"CLICOLOR_FORCE": "0"}, False, False),
    ("auto", {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, True),
    ("always", {"NO_COLOR": "1"}, False, True),
    ("never", {"FORCE_COLOR": "1"}, True, False),
])  # fmt: skip
def test_when_and_the_conventions_decide_colour(
    when: str, environ: dict[str, str], tty: bool, colour: bool
) -> None:
    assert in_colour(when, environ, tty) is colour


def test_the_command_line_comes_before_roll_color_and_the_config_file() -> None:
    assert chosen_when("Never", False, {"ROLL_COLOR": "always"}, lambda: "always") == "never"
    assert chosen_when(None, False, {"ROLL_COLOR": "always"}, lambda: "never") == "always"
    assert chosen_when(None, False, {}, lambda: "never") == "never"
    assert chosen_when(None, False, {}) == "auto"
    assert chosen_when("always", True, {}) == "never"  # --no-color is --color never


def test_an_environment_on_a_terminal_follows_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Environment(stdout=Tty()).color() is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert Environment(stdout=Tty()).color() is False
    assert Environment(stdout=Tty()).color(when="always") is True


@pytest.mark.parametrize(("args", "environ", "out"), [
    (("--color", "always"), {}, COLOURED),
    (("--color=always",), {"NO_COLOR": "1"}, COLOURED),
    ((), {"FORCE_COLOR": "1"}, COLOURED),
    ((), {"CLICOLOR_FORCE": "1"}, COLOURED),
    ((), {"ROLL_COLOR": "always"}, COLOURED),
    (("--color", "never"), {"FORCE_COLOR": "1"}, PLAIN),
    (("--no-color",), {"ROLL_COLOR": "always"}, PLAIN),
    ((), {}, PLAIN),  # a pipe
])  # fmt: skip
def test_a_one_shot_for_a_pager_has_colour_when_asked(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], environ: dict[str, str], out: str
) -> None:
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    assert invoke(*args, "--rolled", "6,2,5,4", "4d6kh3") == (0, out, "")


def test_a_batch_has_colour_when_asked() -> None:
    assert invoke("--color", "always", "--rolled", "6,2,5,4,6,2,5,4", input="4d6kh3\n4d6kh3\n") == (
        0, COLOURED * 2, "")


def test_a_bad_when_is_bad_input_that_names_where_it_came_from(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    assert invoke("--color", "sometimes", "4d6") == (
        2, "", "roll: error: --color takes auto, always or never, not 'sometimes'\n")
    monkeypatch.setenv("ROLL_COLOR", "rainbow")
    assert invoke("4d6") == (2, "", "roll: error: ROLL_COLOR takes auto, always or never, not 'rainbow'\n")


def test_the_repl_has_colour_as_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    keys = "4d6kh3\nquit\n"
    assert repl(keys, Settings(color="always", rolled="6,2,5,4")) == (
        0, f"15\n  [6, {DROPPED}, 5, 4] = 15\n", "")
    assert repl(keys, Settings(rolled="6,2,5,4")) == (0, "15\n  [6, ~~2~~, 5, 4] = 15\n", "")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert repl(keys, Settings(rolled="6,2,5,4"))[1] == f"15\n  [6, {DROPPED}, 5, 4] = 15\n"
