"""The argv reader before Typer (cli/entry/fast_argv.py `argv_words`) is held to the Typer app over
generated command lines: options before and after the LINE, short and long, `=` or not, `--`,
repeats, values that are no number: whenever the fast reader takes a command line, the Typer
path makes the very Settings and LINE words of it, and whatever Typer refuses the fast reader
leaves to Typer."""

from __future__ import annotations

from typing import Any

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cli.commands.line_cmd as line_module
from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.entry.app import main_app
from cli.entry.fast_argv import argv_words
from tests.support.cli import RUNNER


class TyperOnly(click.Command):
    """`roll ARGS` read by the Typer app alone."""

    def main(self, args: Any = None, *_: Any, **__: Any) -> Any:
        main_app(list(args or ()))


class Seen:
    """What the Typer path made of a command line: the Runner's Settings, the LINE's words."""

    def __init__(self) -> None:
        self.settings: Settings | None = None
        self.words: list[str] | None = None


def through_typer(args: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[Settings, list[str]] | int:
    """The Settings and words `roll ARGS` runs its LINE with through the Typer app, or the exit
    status it stops with first (2: it refused them). Nothing is rolled: the runner records."""
    seen = Seen()

    def recording(given: Settings, _words: list[str], _env: Environment) -> object:
        seen.settings = given  # as read: the runner's own checks (-n 0) come after, on both paths
        return object()

    def run_words(_runner: object, words: list[str], _env: object) -> int:
        seen.words = list(words)
        return 0

    with monkeypatch.context() as patch:
        patch.setattr(line_module, "line_runner", recording)
        patch.setattr(line_module, "run_words", run_words)
        done = RUNNER.invoke(TyperOnly("roll"), args, prog_name="roll")
    if seen.settings is None or seen.words is None:
        return done.exit_code
    assert done.exit_code == 0, done.output
    return seen.settings, seen.words


def _value(words: tuple[str, ...], values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """An option with a value, spelled `-n 3`, `--times 3` or `--times=3`."""
    def spelled(word: str, value: str, joined: bool) -> list[str]:
        return [f"{word}={value}"] if joined and word.startswith("--") else [word, value]

    return st.builds(spelled, st.sampled_from(words), values, st.booleans())


numbers = st.sampled_from(["0", "1", "3", "12", "-7", "+4", "007"])
PLAIN_OPTIONS = st.one_of(
    _value(("-s", "--system"), st.sampled_from(["tiers", "vagabond", "generic", "Old Tom"])),
    _value(("-a", "--as"), st.sampled_from(["Mira", "Old Tom", "zoë", ""])),
    _value(("--campaign",), st.sampled_from(["x.db", "postgresql://h/c", "a b.sqlite3"])),
    _value(("--seed",), numbers),
    _value(("--rolled",), st.sampled_from(["6,5", "1", "x", ""])),
    _value(("-n", "--times"), numbers),
    st.sampled_from([["--json"], ["-q"], ["--quiet"], ["--exit-code"], ["--no-color"]]),
)
"""The shared options in the spellings both readers take."""
ODD_OPTIONS = st.one_of(
    _value(("--seed", "-n", "--times"), st.sampled_from(["x", "1.5", "", "3d6"])),
    st.sampled_from([["--"], ["-qn", "3"], ["--jsn"], ["--json=yes"], ["-h"], ["--version"],
                     ["-x"], ["--times"], ["-s"]]),
)
"""What the fast reader leaves to Typer: `--`, combined or unknown options, a value that is no
number, an option with its value missing, help."""
PLAIN_WORDS = st.sampled_from(["2d6+3", "d20", "check", "dex", "trained", "vs", "15", "4d6kh3",
                               "# note", "-", "1d6 + 2"])
"""LINE words, none of them a subcommand."""
ODD_WORDS = st.sampled_from(["-3", "-1+d6", "hurt", "odds", "--d6"])
"""Words the fast reader leaves to Typer: a LINE starting with `-`, a subcommand (`odds` first
is the subcommand, later a word of the LINE)."""


def command_lines(options: st.SearchStrategy[list[str]],
                  words: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """Options and words interleaved in any order (a LINE's words keep theirs)."""
    return st.lists(st.one_of(options, words.map(lambda w: [w])), max_size=7).map(
        lambda parts: [token for part in parts for token in part])


@given(command_lines(st.one_of(PLAIN_OPTIONS, ODD_OPTIONS), st.one_of(PLAIN_WORDS, ODD_WORDS)))
@settings(max_examples=250, deadline=None)
def test_the_fast_reader_reads_a_command_line_as_typer_does_or_leaves_it(args: list[str]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.delenv("_ROLL_COMPLETE", raising=False)
        fast = argv_words(args, stdin_isatty=False)
        typer = through_typer(args, monkeypatch)
    if fast is not None:
        assert typer == fast, args
    if typer == 2:  # refused (an unknown option, a value that is no number …)
        assert fast is None, args


@given(command_lines(PLAIN_OPTIONS, PLAIN_WORDS))
@settings(max_examples=150, deadline=None)
def test_options_in_their_plain_forms_are_read_before_typer_loads(args: list[str]) -> None:
    """Before or after the LINE, short or long, `=` or not: the fast reader takes them all."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.delenv("_ROLL_COMPLETE", raising=False)
        fast = argv_words(args, stdin_isatty=False)
        assert fast is not None, args
        assert through_typer(args, monkeypatch) == fast


def test_the_settings_compared_are_the_ones_typer_makes() -> None:
    """A check of the harness: Typer's path records what it was given, options and words."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        got = through_typer(["3d6", "-q", "--seed=7", "-s", "tiers", "vs", "12"], monkeypatch)
    assert got == (Settings(system="tiers", seed=7, quiet=True), ["3d6", "vs", "12"])
