"""The plain path (cli/entry/fast_argv.py): which command lines it reads without Typer, that it answers
exactly as the Typer app does, and how it reads and flushes a pipe."""

from __future__ import annotations

import json
import shlex
import subprocess
from collections.abc import Iterator
from typing import Any, TextIO, cast

import click
import pytest

from cli.base.settings import Settings
from cli.entry.app import main_app
from cli.entry.fast_argv import argv_words
from cli.line.batch import input_lines
from tests.support.cli import RUNNER, invoke
from tests.support.installed import ROLL
from tests.support.json_schema import checked


@pytest.mark.parametrize("args, settings, words", [
    (["2d6+3"], Settings(), ["2d6+3"]),
    (["check", "dex", "trained"], Settings(), ["check", "dex", "trained"]),
    (["-q", "-n", "5", "3d6"], Settings(quiet=True, times=5), ["3d6"]),
    (["3d6", "--times=5", "--seed", "-7"], Settings(times=5, seed=-7), ["3d6"]),
    (["-s", "tiers", "--as", "Old Tom", "--json", "check", "str"],
     Settings(system="tiers", character="Old Tom", json=True), ["check", "str"]),
    (["--campaign=x.db", "--rolled", "6,5", "--exit-code", "--no-color", "2d6"],
     Settings(campaign="x.db", rolled="6,5", exit_code=True, no_color=True), ["2d6"]),
    (["-q"], Settings(quiet=True), []),  # stdin is no terminal here: a batch
    (["-"], Settings(), ["-"]),
    (["2d6", "odds"], Settings(), ["2d6", "odds"]),  # only a first word is a subcommand
])  # fmt: skip
def test_plain_command_lines_are_read_without_typer(
    args: list[str], settings: Settings, words: list[str]
) -> None:
    assert argv_words(args, stdin_isatty=False) == (settings, words)


@pytest.mark.parametrize("args", [
    ["odds", "3d6"], ["sheet", "list"], ["repl"], ["help"],  # subcommands
    ["--help"], ["-h"], ["--version"], ["--", "-1+d6"], ["hurt", "-3"], ["-qn", "3", "d6"],
    ["--jsn", "2d6"], ["--json=yes", "2d6"], ["-n", "x", "d6"], ["--seed"], ["2d6", "-n"],
])  # fmt: skip
def test_anything_else_is_left_to_typer(args: list[str]) -> None:
    assert argv_words(args, stdin_isatty=False) is None


@pytest.mark.parametrize("args", [["-q"], ["repl", "-q"], ["-q", "repl"]])
def test_no_words_on_a_terminal_is_the_repl(args: list[str]) -> None:
    assert argv_words(args, stdin_isatty=True) == (Settings(quiet=True), [])


@pytest.mark.parametrize("args", [["repl", "-n", "3"], ["repl", "--exit-code"], ["repl", "2d6"]])
def test_what_the_repl_command_refuses_is_left_to_typer(args: list[str]) -> None:
    assert argv_words(args, stdin_isatty=True) is None


def test_a_completion_call_is_left_to_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_ROLL_COMPLETE", "bash_complete")
    assert argv_words(["2d6"], stdin_isatty=False) is None


class TyperOnly(click.Command):
    """`roll ARGS` read by the Typer app alone, as before the plain path existed."""

    def main(self, args: Any = None, *_: Any, **__: Any) -> Any:
        main_app(list(args or ()))


@pytest.mark.parametrize("args, stdin", [
    (["--rolled", "6,5,2,4", "4d6kh3"], None),
    (["--seed", "3", "-n", "4", "2d20kh1+3 # attack"], None),
    (["--json", "--rolled", "3,4", "2d6 vs 8"], None),
    (["--exit-code", "--rolled", "2", "d6 vs 4"], None),
    (["--rolled", "6,6", "2d6"], None),  # faces left over
    (["-n", "0", "d6"], None),  # out of range: the Typer app says so, the plain path too
    (["--rolled", "x", "d6"], None),
    (["2d6+*3"], None),
    (["--json", "2d6+*3"], None),
    (["-s", "vagabond", "--rolled", "4", "check", "dex=3"], None),
    (["--as", "Nobody", "2d6"], None),
    (["odds 3d6"], None),  # a subcommand inside one quoted word, as in a pipe
    (["-q", "--seed", "9"], "1d20+5\n\n# a comment\n4d6kh3\n3d6+\n2d6 vs 7\n"),
    (["--json", "--rolled", "1,2,3,4,5"], "1d6\nodds 1d4\n2d6\n1d8+\nd6 d6\nd6\n"),
    (["--rolled", "4", "-"], "1d6\n"),
])  # fmt: skip
def test_the_plain_path_answers_as_the_typer_app_does(args: list[str], stdin: str | None) -> None:
    typer_run = RUNNER.invoke(TyperOnly("roll"), args, input=stdin, prog_name="roll")
    assert invoke(*args, input=stdin) == (typer_run.exit_code, typer_run.stdout, typer_run.stderr)


class Chunked:
    """Standard input whose bytes arrive in the given chunks; it logs each read."""

    encoding, errors = "utf-8", "strict"

    def __init__(self, chunks: list[bytes], log: list[str]) -> None:
        self.chunks, self.log = list(chunks), log
        self.buffer = self

    def read1(self, _size: int) -> bytes:
        self.log.append("read")
        return self.chunks.pop(0) if self.chunks else b""


def test_a_pipe_is_read_in_chunks_and_flushed_only_before_a_read() -> None:
    log: list[str] = []
    stdin = cast(TextIO, Chunked([b"1d6\n2d", b"6\r", b"\n3d6 # \xc3", b"\xa9\r\n4d6"], log))

    def lines() -> Iterator[str]:
        for line in input_lines(stdin, lambda: log.append("flush")):
            log.append(line)
            yield line

    assert list(lines()) == ["1d6", "2d6", "3d6 # é", "4d6"]
    assert log == ["flush", "read", "1d6", "flush", "read", "2d6", "flush", "read",
                   "flush", "read", "3d6 # é", "flush", "read", "4d6"]  # fmt: skip


def test_old_mac_line_ends_and_a_last_line_without_one() -> None:
    stdin = cast(TextIO, Chunked([b"1d6\r2d6\r\r3d6"], []))
    assert list(input_lines(stdin, lambda: None)) == ["1d6", "2d6", "", "3d6"]


def test_a_program_that_waits_for_each_answer_gets_it() -> None:
    """A co-process: write a LINE, read its answer, write the next (no deadlock on buffers)."""
    proc = subprocess.Popen([ROLL, "--json", "--rolled", "3,4,5"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        answers = []
        for line in ("1d6", "1d8", "1d10"):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            answers.append(checked(proc.stdout.readline())["total"])
        proc.stdin.close()
        assert proc.wait(timeout=20) == 0
    finally:
        proc.kill()
    assert answers == [3, 4, 5]


@pytest.mark.parametrize("args", [[], ["--json"]])
@pytest.mark.parametrize("line", ["3d6", "4d6kh3 vs 12", "2d6+", "2x 3d6", "Δ8 uses 5",
                                  "-s vagabond check dex"])
def test_odds_in_a_batch_answers_as_the_odds_command_does(args: list[str], line: str) -> None:
    """`odds LINE` in a batch skips the Typer command (cli/commands/dispatch.py: its head carries
    the odds LINE's own)."""
    words = line.split()
    options, rest = (words[:2], words[2:]) if words[0] == "-s" else ([], words)
    command = invoke(*args, *options, "odds", "--", " ".join(rest))
    batch = invoke(*args, *options, input=f"odds {' '.join(rest)}\n")
    assert batch[0] == command[0]
    if args:  # a batch's error object says which line, too
        assert [without_line(row) for row in batch[1].splitlines()] == command[1].splitlines()
    else:
        assert batch[1] == command[1]
    assert batch[2] == command[2].replace("roll: error: ", "roll: error: line 1: ")


def without_line(row: str) -> str:
    obj = json.loads(row)
    obj.pop("line", None)
    return json.dumps(obj, ensure_ascii=False)


def test_a_closed_standard_input_is_an_empty_batch() -> None:
    done = subprocess.run([ROLL, "-q"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=20, check=False)
    closed = subprocess.run(f"exec {shlex.quote(ROLL)} -q <&-", shell=True, capture_output=True, text=True,
                            timeout=20, check=False)
    assert (closed.returncode, closed.stdout, closed.stderr) == (0, "", "")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
