"""Results and errors on a terminal are laid out for its width (COLUMNS, else the terminal's);
in a pipe each result stays one line and each error message one line, as scripts read them
(SPEC §3: one result per line). Real runs of `roll` on a pseudo-terminal, and through pipes."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from cli.base.error_layout import ErrorLines
from cli.render.layout import width_of
from tests.support.json_schema import fits

WIDTHS = (40, 80, 100)
FACES = ",".join(str(n % 6 + 1) for n in range(24))
DICE = "[1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]"
LONG_LINE = "+".join(["1d6"] * 30) + "+x"
"""A LINE of 121 characters whose bad character is its last."""


def on_terminal(args: list[str], columns: int, tmp_path: Path,
                batch: str | None = None) -> tuple[int, str]:
    """`roll ARGS` with stdout and stderr on a pseudo-terminal, COLUMNS set, stdin the terminal
    too or a pipe holding `batch`; its status and what the terminal showed (newlines `\\n`)."""
    main, side = pty.openpty()
    env = dict(os.environ, COLUMNS=str(columns), ROLL_CAMPAIGN=str(tmp_path / "c.sqlite3"))
    env.pop("NO_COLOR", None)
    done = subprocess.Popen([sys.executable, "-m", "cli", "--no-color", *args],
                            stdin=side if batch is None else subprocess.PIPE,
                            stdout=side, stderr=side, env=env)
    os.close(side)
    if done.stdin is not None:
        done.stdin.write(batch.encode() if batch else b"")
        done.stdin.close()
    shown = b""
    while True:
        try:
            data = os.read(main, 1 << 16)
        except OSError:  # the other side is closed: everything was read
            break
        if not data:
            break
        shown += data
    os.close(main)
    return done.wait(timeout=60), shown.decode().replace("\r\n", "\n")


def in_a_pipe(args: list[str], tmp_path: Path, columns: int | None = None) -> tuple[int, str, str]:
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp_path / "c.sqlite3"))
    env.pop("COLUMNS", None)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    done = subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True,
                          env=env, timeout=60, check=False)
    fits(done.stdout)
    return done.returncode, done.stdout, done.stderr


# ---- results ----

DICE_AT = {
    40: ("24d6 →\n84\n  [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6,\n"
         "    1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]\n    = 84\n"),
    80: f"24d6 →\n84\n  {DICE} = 84\n",
    100: f"24d6 → {DICE} = 84\n",  # it fits: the one line as written
}
LABELS = "2d6 [slashing] + 2d6 [fire] + 2d6 [cold] + 5 vs 20"
LABELS_AT = {
    40: ("2d6 [slashing] + 2d6 [fire] + 2d6 [cold]\n  + 5 vs 20 →\npass · 26\n"
         "  [3, 4] slashing + [5, 6] fire + [1, 2]\n    cold + 5 = 26 vs 20\n"),
    80: f"{LABELS} →\npass · 26\n  [3, 4] slashing + [5, 6] fire + [1, 2] cold + 5 = 26 vs 20\n",
}
LABELS_AT[100] = LABELS_AT[80]  # its one line is 112 columns


@pytest.mark.parametrize("width", WIDTHS)
def test_a_long_result_wraps_at_words_to_the_terminal(width: int, tmp_path: Path) -> None:
    status, shown = on_terminal(["--rolled", FACES, "24d6"], width, tmp_path)
    assert (status, shown) == (0, DICE_AT[width])
    status, shown = on_terminal(["--rolled", "3,4,5,6,1,2", LABELS], width, tmp_path)
    assert (status, shown) == (0, LABELS_AT[width])
    assert all(width_of(line) <= width for line in shown.split("\n"))


@pytest.mark.parametrize("columns", [None, 40])
def test_in_a_pipe_each_result_stays_one_line(columns: int | None, tmp_path: Path) -> None:
    """A script reads one result per line (SPEC §3), whatever COLUMNS says."""
    assert in_a_pipe(["--rolled", FACES + "," + FACES, "-n", "2", "24d6"], tmp_path, columns) == (
        0, f"24d6 → {DICE} = 84\n" * 2, "")
    code, out, _ = in_a_pipe(["--json", "--rolled", FACES, "24d6"], tmp_path, columns)
    assert code == 0 and out.count("\n") == 1 and f'"text": "24d6 → {DICE} = 84"' in out


# ---- errors ----

ERROR_AT = {
    40: ("roll: error: expected a term, found 'x'\n"
         "  …1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+x\n"
         "                                       ^\n"),
    80: ("roll: error: expected a term, found 'x'\n"
         f"  …{'1d6+' * 19}x\n"
         f"  {' ' * 77}^\n"),
    100: ("roll: error: expected a term, found 'x'\n"
          f"  …{'1d6+' * 24}x\n"
          f"  {' ' * 97}^\n"),
}
CHECK = ["-s", "vagabond", "check", "nosuchstatwithaverylongname", "trained"]
MESSAGE = ("check: 'nosuchstatwithaverylongname' is neither a Stat nor a Skill (check "
           "STAT|SKILL [trained] [favor|hinder …] … · help vagabond)")
MESSAGE_AT = {
    40: ("roll: error: check:\n  'nosuchstatwithaverylongname' is\n  neither a Stat nor a "
         "Skill (check\n  STAT|SKILL [trained] [favor|hinder …]\n  … · help vagabond)\n"),
    80: ("roll: error: check: 'nosuchstatwithaverylongname' is neither a Stat nor a Skill\n"
         "  (check STAT|SKILL [trained] [favor|hinder …] … · help vagabond)\n"),
    100: ("roll: error: check: 'nosuchstatwithaverylongname' is neither a Stat nor a Skill "
          "(check STAT|SKILL\n  [trained] [favor|hinder …] … · help vagabond)\n"),
}


@pytest.mark.parametrize("width", WIDTHS)
def test_an_error_wraps_and_a_long_line_shows_a_window_round_its_caret(
    width: int, tmp_path: Path
) -> None:
    assert on_terminal([LONG_LINE], width, tmp_path) == (2, ERROR_AT[width])
    assert on_terminal(CHECK, width, tmp_path) == (2, MESSAGE_AT[width])


def test_a_batch_on_a_terminal_fits_its_results_and_errors(tmp_path: Path) -> None:
    status, shown = on_terminal(["--rolled", FACES], 40, tmp_path, f"24d6\n{LONG_LINE}\n")
    assert (status, shown) == (2, DICE_AT[40] + "roll: error: line 2: expected a term,\n"
                               "  found 'x'\n" + ERROR_AT[40].split("\n", 1)[1])


def test_a_usage_error_wraps_on_a_terminal_and_is_one_line_in_a_pipe(tmp_path: Path) -> None:
    said = "roll: error: Invalid value for '--width': 'abc' is not a valid integer."
    assert on_terminal(["odds", "--width", "abc", "4d6"], 40, tmp_path) == (
        2, "roll: error: Invalid value for\n  '--width': 'abc' is not a valid\n  integer.\n")
    assert in_a_pipe(["odds", "--width", "abc", "4d6"], tmp_path, 40) == (2, "", said + "\n")


def test_in_a_pipe_an_error_is_its_lines_as_written(tmp_path: Path) -> None:
    assert in_a_pipe([LONG_LINE], tmp_path, 40) == (
        2, "", f"roll: error: expected a term, found 'x'\n  {LONG_LINE}\n  {' ' * 120}^\n")
    assert in_a_pipe(CHECK, tmp_path) == (2, "", f"roll: error: {MESSAGE}\n")


def test_the_window_keeps_the_caret_under_its_character() -> None:
    def fitted(line: str, at: int, width: int) -> list[str]:
        return ErrorLines("roll: error: bad", line, at).fitted(width).split("\n")[1:]

    assert fitted("x" + "1d6+" * 30, 0, 24) == ["  x1d6+1d6+1d6+1d6+1d6+…", "  ^"]
    assert fitted("1d6+" * 30, 120, 24) == ["  …1d6+1d6+1d6+1d6+1d6+", "  " + " " * 21 + "^"]
    assert fitted("1d6+" * 10 + "?" + "1d6+" * 10, 40, 24) == [
        "  …6+1d6+1d6+?1d6+1d6+1…", "             ^"]  # the caret near the middle
    assert fitted("日本語" * 20 + "x", 120, 24) == [  # wide characters take two columns
        "  …語日本語日本語日本語x", "  " + " " * 21 + "^"]
    assert fitted("2d6+", 4, 24) == ["  2d6+", "      ^"]  # it fits: as written
