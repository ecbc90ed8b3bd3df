"""What the environment hands roll (issue 49): an environment variable whose bytes are not
text is a one-line error that names it, never an internal error; under the C locale with
PYTHONUTF8=0 or a Latin-1 one, a valid UTF-8 argument is read as UTF-8 and written back as
UTF-8; the JSON error's `input` is the LINE alone. In real processes: argv and the
environment as the system gives them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import invoke
from tests.support.json_schema import checked

ROLL = str(Path(sys.executable).with_name("roll"))
BEAR = 'name = "Bear"\nsystem = "generic"\n[max]\nhp = 10\n'


def run(*args: bytes, tmp: Path, input: bytes = b"", **env: bytes) -> tuple[int, bytes, bytes]:
    """The installed roll with these argument bytes and these variables' bytes."""
    environ = {k.encode(): v.encode() for k, v in os.environ.items()
               if not k.startswith(("LC_", "ROLL_", "PYTHONUTF8", "LANG"))}
    environ |= {b"ROLL_CAMPAIGN": str(tmp / "c.sqlite3").encode(), b"NO_COLOR": b"1"}
    environ |= {k.encode(): v for k, v in env.items()}
    done = subprocess.run([ROLL.encode(), *args], input=input, capture_output=True,
                          env=environ, timeout=30, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.fixture
def bear(tmp_path: Path) -> Path:
    sheet = tmp_path / "bear.toml"
    sheet.write_text(BEAR, encoding="utf-8")
    assert run(b"sheet", b"import", str(sheet).encode(), tmp=tmp_path)[0] == 0
    return tmp_path


@pytest.mark.parametrize(("name", "args"), [
    ("ROLL_AS", (b"hurt", b"1")),
    ("ROLL_AS", (b"sheet", b"list")),
    ("ROLL_SYSTEM", (b"--rolled", b"3", b"d6")),
    ("ROLL_SYSTEM", (b"odds", b"d6")),
])
def test_a_variable_that_is_not_text_is_an_error_naming_it(
        bear: Path, name: str, args: tuple[bytes, ...]) -> None:
    before = (bear / "c.sqlite3").read_bytes()
    assert run(*args, tmp=bear, **{name: b"be\xffar"}) == (
        2, b"", f"roll: error: {name} is not UTF-8 text (byte 0xff at column 3)\n".encode())
    assert (bear / "c.sqlite3").read_bytes() == before


def test_under_json_its_error_is_an_object_with_the_line_alone(bear: Path) -> None:
    code, out, err = run(b"--json", b"hurt", b"1", tmp=bear, ROLL_AS=b"be\xffar")
    assert (code, checked(out)) == (2, {
        "input": "hurt 1", "error": "ROLL_AS is not UTF-8 text (byte 0xff at column 3)",
        "column": None})
    assert err == b"roll: error: ROLL_AS is not UTF-8 text (byte 0xff at column 3)\n"


def test_a_batch_with_such_a_variable_says_so_once(bear: Path) -> None:
    assert run(tmp=bear, input=b"hurt 1\nd6\n", ROLL_AS=b"be\xffar") == (
        2, b"", b"roll: error: ROLL_AS is not UTF-8 text (byte 0xff at column 3)\n")


def test_a_campaign_path_is_used_as_given_whatever_its_bytes(tmp_path: Path) -> None:
    where = str(tmp_path).encode() + b"/c\xff.sqlite3"
    assert run(b"alias", b"add", b"shot", b"d20", tmp=tmp_path, ROLL_CAMPAIGN=where) == (
        0, "added alias shot → d20\n".encode(),
        b"roll: created a new campaign at " + str(tmp_path).encode() + b"/c<ff>.sqlite3\n")
    assert os.listdir(tmp_path.as_posix().encode()) == [b"c\xff.sqlite3"]


LOCALES = [
    {"LC_ALL": b"C", "PYTHONUTF8": b"0"},
    {"LC_ALL": b"POSIX", "PYTHONUTF8": b"0"},
    {"LANG": b"en_US.ISO-8859-1", "PYTHONUTF8": b"0"},
    {"LC_ALL": b"C"},
]


@pytest.mark.parametrize("locale", LOCALES, ids=lambda e: " ".join(
    f"{k}={v.decode()}" for k, v in e.items()))
def test_a_valid_utf8_argument_is_never_refused_under_any_locale(
        tmp_path: Path, locale: dict[str, bytes]) -> None:
    code, out, err = run(b"--rolled", b"3", b"--json", "1d6 # Zoë".encode(), tmp=tmp_path,
                         **locale)
    assert (code, err) == (0, b"")
    shown = checked(out.decode("utf-8"))
    assert (shown["input"], shown["text"]) == ("1d6 # Zoë", "Zoë: 1d6 → [3] = 3")
    assert run(b"--rolled", b"3", "1d6 # Zoë".encode(), tmp=tmp_path, **locale) == (
        0, "Zoë: 1d6 → [3] = 3\n".encode(), b"")


@pytest.mark.parametrize("locale", LOCALES[:2], ids=["C", "POSIX"])
def test_a_name_in_utf8_acts_under_the_c_locale(bear: Path, locale: dict[str, bytes]) -> None:
    sheet = bear / "zoe.toml"
    sheet.write_text(BEAR.replace("Bear", "Zoë"), encoding="utf-8")
    assert run(b"sheet", b"import", str(sheet).encode(), tmp=bear, **locale)[0] == 0
    assert run(b"hurt", b"2", tmp=bear, ROLL_AS="Zoë".encode(), **locale) == (
        0, "hurt 2 → HP 8\nZoë · HP 10 → 8 (hurt)\n".encode(), b"")


def test_bytes_that_are_text_in_no_way_are_still_refused_under_the_c_locale(
        tmp_path: Path) -> None:
    code, out, err = run(b"--json", b"1d6 # Zo\xff", tmp=tmp_path, LC_ALL=b"C", PYTHONUTF8=b"0")
    assert code == 2 and checked(out) == {
        "input": "1d6 # Zo\ufffd", "error": "argument 2 is not UTF-8 text (byte 0xff at column 9)",
        "column": None}
    assert err == b"roll: error: argument 2 is not UTF-8 text (byte 0xff at column 9)\n"


def test_in_process_a_variable_that_is_not_text_is_no_internal_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROLL_AS", "be\udcffar")
    assert invoke("--rolled", "3", "d6") == (
        2, "", "roll: error: ROLL_AS is not UTF-8 text (byte 0xff at column 3)\n")
