"""Hostile input with no bound, or that ended in a traceback: every number a user gives is
range-checked with an error naming the field, files are read only when regular and up to a
size, a table roll's text is bounded, bytes that are not UTF-8 are that line's (or that
argument's) error, and a damaged log row is an error naming the entry; on both stores, and
nothing changed by a refused input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli.base.input_files import MAX_FILE_BYTES
from cli.store import open_campaign
from cli.store.where import campaign_where
from rules.limits import MAX_TABLE_TEXT
from tests.support.cli import ENTRY, RUNNER, invoke
from tests.support.json_schema import checked

HUGE = "9" * 5000


def refused(*args: str, input: str | None = None) -> str:
    """The one error line of a refused command (exit 2, nothing on stdout, no traceback)."""
    code, out, err = invoke(*args, input=input)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith("roll: error: ") and err.count("\n") == 1 and "Traceback" not in err
    return err.removeprefix("roll: error: ").rstrip("\n")


def invoke_bytes(*args: str, input: bytes) -> tuple[int, str, str]:
    result = RUNNER.invoke(ENTRY, list(args), input=input, prog_name="roll")
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def sheet(tmp_path: Path, name: str = "Mira", extra: str = "") -> str:
    path = tmp_path / f"{len(list(tmp_path.iterdir()))}.toml"
    path.write_text(f'name = "{name}"\nsystem = "generic"\n[max]\nhp = 10\n{extra}',
                    encoding="utf-8")
    return str(path)


def state() -> tuple[str, ...]:
    """What a script sees of the campaign: its characters' sheets, its tables, its log."""
    names = [json.loads(line)["name"] for line in invoke("--json", "sheet", "list")[1].splitlines()]
    return (*(invoke("--json", "sheet", "show", n)[1] for n in names),
            invoke("--json", "table", "list")[1], invoke("--json", "log", "-n", "1000")[1])


@pytest.fixture
def mira(tmp_path: Path) -> tuple[str, ...]:
    """A campaign with Mira in it, hurt once; its state before the hostile input."""
    assert invoke("sheet", "import", sheet(tmp_path))[0] == 0
    assert invoke("--as", "Mira", "hurt 1")[0] == 0
    return state()


# ---- numbers ----

def test_a_sheet_number_past_any_range_is_refused_naming_the_key(
    tmp_path: Path, mira: tuple[str, ...]
) -> None:
    assert refused("sheet", "import", sheet(tmp_path, "Bo", f"[stats]\nstr = {HUGE}\n")).endswith(
        "broken TOML: Exceeds the limit (4300 digits) for integer string conversion: value has"
        " 5000 digits; use sys.set_int_max_str_digits() to increase the limit")
    assert refused("sheet", "import", sheet(tmp_path, "Bo", f"[stats]\nstr = {HUGE[:4000]}\n")
                   ).endswith("sheet key 'stats.str' must be from -1,000,000,000 to 1,000,000,000,"
                              " not a number of 4,000 digits")
    assert refused("sheet", "import", sheet(tmp_path, "Bo", "[pools]\nhp = -10000000000\n")
                   ).endswith("sheet key 'pools.hp' must be from -1,000,000,000 to 1,000,000,000,"
                              " not -10,000,000,000")
    deep = "notes = " + "[" * 100_000 + "]" * 100_000 + "\n"
    assert refused("sheet", "import", sheet(tmp_path, "Bo", deep)).endswith(
        "broken TOML: arrays or tables nested too deep")
    assert state() == mira


@pytest.mark.parametrize(("cells", "said"), [
    (f"{HUGE},a", "row 1: a weight is at most 1,000,000 (the sides of the largest die)"),
    ("²,a", "row 1: a weight is a whole number from 1 up, not '²'"),
    ("1," + "a" * (129 * 1024), "row 1: a CSV cell is at most 128 KiB"),
])
def test_a_csv_cell_out_of_bounds_is_the_rows_error(tmp_path: Path, cells: str, said: str) -> None:
    path = tmp_path / "t.csv"
    path.write_text(f"weight,text\n{cells}\n1,b\n", encoding="utf-8")
    assert refused("table", str(path)) == f"{path}: {said}"
    assert refused("table", "import", str(path)) == f"{path}: {said}"


def test_rolled_faces_of_5000_digits_are_refused() -> None:
    assert refused("--rolled", HUGE, "1d6") == (
        "--rolled face number 1 has 5,000 digits: a face has at most 18")
    assert refused("--rolled", f"3,-{HUGE}", "2d6") == (
        "--rolled face number 2 has 5,000 digits: a face has at most 18")


@pytest.mark.parametrize(("args", "said"), [
    (("undo", "--id", "100000000000000000000000"),
     "undo --id takes a number from 1 to 9,223,372,036,854,775,807, not"
     " 100,000,000,000,000,000,000,000"),
    (("undo", "--id", "-9223372036854775809"),
     "undo --id takes a number from 1 to 9,223,372,036,854,775,807, not"
     " -9,223,372,036,854,775,809"),
    (("undo", "9223372036854775808"),
     "undo N takes a number from 1 to 9,223,372,036,854,775,807, not"
     " 9,223,372,036,854,775,808"),
    (("undo", "1e23"), "Invalid value for '[NTH]': '1e23' is not a valid integer."),
    (("log", "-n", "1e23"), "Invalid value for '-n': '1e23' is not a valid integer."),
    (("log", "-n", "9223372036854775808"),
     "log -n takes a number from 1 to 9,223,372,036,854,775,807, not 9,223,372,036,854,775,808"),
    (("log", "--since", "99999999999999999999999999h"),
     "log --since 99999999999999999999999999h: a span back to the year 1 at most"),
    (("log", "--since", HUGE + "s"),
     f"log --since takes a span such as 30m, 2h, 1d, or an ISO time, not {HUGE + 's'!r}"),
])
def test_ids_and_counts_past_a_store_are_refused_naming_the_option(
    store_where: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    args: tuple[str, ...], said: str
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    assert invoke("sheet", "import", sheet(tmp_path))[0] == 0
    mira = state()
    assert refused(*args) == said
    code, out, err = invoke("--json", *args)
    assert code == 2 and "Traceback" not in err
    assert state() == mira


# ---- bytes that are not UTF-8 ----

def test_a_batch_line_that_is_not_utf8_is_that_lines_error(mira: tuple[str, ...]) -> None:
    code, out, err = invoke_bytes("--as", "Mira", input=b"hurt 1\n1d6\xff\nhurt 1\n")
    assert code == 2
    assert out == "hurt 1 → HP 8\nMira · HP 9 → 8 (hurt)\nhurt 1 → HP 7\nMira · HP 8 → 7 (hurt)\n"
    assert err == "roll: error: line 2: the line is not UTF-8 text (byte 0xff at column 4)\n"


def test_a_json_batch_line_that_is_not_utf8_gets_an_error_object() -> None:
    code, out, _ = invoke_bytes("--json", "--rolled", "4", input=b"1d6\xfe\n1d6\n")
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == {"input": "1d6\ufffd", "line": 1, "column": None,
                     "error": "the line is not UTF-8 text (byte 0xfe at column 4)"}
    assert second["total"] == 4 and code == 2


@pytest.mark.parametrize(("args", "said"), [
    (("1d6\udcff",), "argument 1 is not UTF-8 text (byte 0xff at column 4)"),
    (("--json", "1d6\udcff"), "argument 2 is not UTF-8 text (byte 0xff at column 4)"),
    (("alias", "add", "zz", "1d6 # \udcff"), "argument 4 is not UTF-8 text (byte 0xff at column 7)"),
    (("--as", "be\udcffar", "1d6"), "argument 2 is not UTF-8 text (byte 0xff at column 3)"),
])
def test_an_argument_that_is_not_utf8_is_refused(
    mira: tuple[str, ...], args: tuple[str, ...], said: str
) -> None:
    code, out, err = invoke(*args)
    assert code == 2 and err == f"roll: error: {said}\n"
    if "--json" in args:
        assert json.loads(out) == {"input": "1d6\ufffd", "error": said, "column": None}
    else:
        assert out == ""
    assert state() == mira


# ---- files ----

@pytest.mark.parametrize("args", [
    ("table", "/dev/zero"), ("sheet", "import", "/dev/zero"), ("table", "import", "/dev/zero"),
    ("alias", "import", "/dev/zero"), ("odds", "table", "/dev/zero"),
])
def test_a_device_is_refused_at_once(mira: tuple[str, ...], args: tuple[str, ...]) -> None:
    assert refused(*args).startswith(
        "/dev/zero is not a regular file (a FIFO, a device or a socket): ")
    assert state() == mira


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "t.csv"
    os.mkfifo(fifo)
    assert refused("table", str(fifo)) == (
        f"{fifo} is not a regular file (a FIFO, a device or a socket): table files are read"
        " from regular files only")


def test_a_file_over_the_limit_is_refused_saying_the_limit(
    tmp_path: Path, mira: tuple[str, ...]
) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    assert refused("sheet", "import", str(big)) == (
        f"{big}: too large; sheet files are read up to 4 MiB")
    assert refused("alias", "import", str(big)) == (
        f"{big}: too large; aliases files are read up to 4 MiB")
    assert refused("sheet", "import", "-", input="#" * (MAX_FILE_BYTES + 1)) == (
        "stdin: too large; sheet files are read up to 4 MiB")
    assert state() == mira


def test_a_table_reference_stays_in_the_tables_folder(tmp_path: Path) -> None:
    outside = tmp_path / "secret.toml"
    outside.write_text('roll = "d1"\n[[rows]]\nrange = "1"\ntext = "the secret"\n')
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "loot.toml").symlink_to(outside)
    (folder / "main.toml").write_text('roll = "d1"\n[[rows]]\nrange = "1"\ntext = "[[table:loot]]"\n')
    assert refused("table", str(folder / "main.toml")) == (
        f"{folder / 'loot.toml'}: links out of the table's folder; a table rolls only on tables"
        " beside it")
    (folder / "inside.toml").write_text('roll = "d1"\n[[rows]]\nrange = "1"\ntext = "in"\n')
    (folder / "loot.toml").unlink()
    (folder / "loot.toml").symlink_to(folder / "inside.toml")  # a link inside: followed
    assert invoke("table", str(folder / "main.toml"))[1] == "main · d1 1 → in\n"


def chain(folder: Path, rows: int = 20, width: int = 2500) -> Path:
    """Four tables, each row rolling the next one `rows` times (11 kB of files in all)."""
    for i in range(4):
        calls = f"[[table:t{i + 1}]] " * rows if i < 3 else ""
        (folder / f"t{i}.toml").write_text(
            f'roll = "d1"\n[[rows]]\nrange = "1"\ntext = "{"x" * width} {calls}"\n')
    return folder / "t0.toml"


@pytest.mark.parametrize("as_json", [False, True])
def test_a_table_roll_that_multiplies_stops_at_the_text_limit(tmp_path: Path, as_json: bool) -> None:
    first = chain(tmp_path)
    args = ("--json",) * as_json + ("table", str(first))
    code, out, err = invoke(*args)
    assert code == 2 and err == (
        f"roll: error: table t3: the roll's text grows past {MAX_TABLE_TEXT:,} characters (rows"
        " that roll on other tables many times)\n")
    assert len(out) < 1000
    (tmp_path / "small").mkdir()
    code, out, _ = invoke("table", str(chain(tmp_path / "small", rows=2, width=1)))
    assert (code, out.count("x")) == (0, 1 + 2 + 4 + 8)


# ---- the log ----

def damage(where: str, entry: int, changes: Any) -> None:
    with open_campaign(campaign_where(where)).transaction() as tx:
        tx.sql("UPDATE log SET changes = ? WHERE id = ?", (json.dumps(changes), entry), write=True)


def test_a_damaged_log_row_is_an_error_naming_the_entry(
    store_where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    assert invoke("sheet", "import", sheet(tmp_path))[0] == 0
    for _ in range(3):
        assert invoke("--as", "Mira", "hurt 1")[0] == 0
    damage(store_where, 3, [{"character": 5, "pool": "hp", "before": 9, "after": 8}])
    before = state()
    assert refused("undo").endswith(
        "log entry #3 is damaged (change 1: 'character' holds 5, not a name); nothing changed")
    assert refused("undo", "--id", "2").endswith(
        "cannot undo 'hurt 1' (#2): log entry #3 is damaged (change 1: 'character' holds 5, not"
        " a name); nothing changed")
    assert state() == before
    code, out, _ = invoke("log")
    assert code == 0 and out.splitlines()[-1].startswith("#3 ")
    assert out.splitlines()[-1].endswith("Mira hurt 1 (damaged)")
    assert invoke("--as", "Mira", "hurt 1")[0] == 0  # the rest of the campaign goes on
    assert invoke("undo")[1].startswith("undid #4 (Mira): hurt 1")


@pytest.mark.parametrize("changes", [
    [{"character": "Mira", "pool": 7, "before": 9, "after": 8}],
    [{"character": "Mira", "pool": "hp", "before": [1], "after": {}}],
    [{"character": "Mira", "pool": "hp", "before": 9, "after": 8, "kind": "weird"}],
    [5],
    {"not": "a list"},
])
def test_any_damaged_change_is_a_clear_error(tmp_path: Path, changes: Any) -> None:
    assert invoke("sheet", "import", sheet(tmp_path))[0] == 0
    assert invoke("--as", "Mira", "hurt 1")[0] == 0
    damage(os.environ["ROLL_CAMPAIGN"], 1, changes)
    assert "log entry #1 is damaged" in refused("undo")
    assert "(damaged)" in invoke("log")[1]


def test_a_name_of_a_mebibyte_is_refused_at_import_and_looked_up_at_once(
    tmp_path: Path, store_where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    name = "A" * (1 << 20)
    assert refused("sheet", "import", sheet(tmp_path, name)).endswith(
        "sheet key 'name' is 1,048,576 characters long: a name has at most 200")
    assert invoke("sheet", "import", sheet(tmp_path, "A" * 200))[0] == 0
    before = state()
    for args in (("sheet", "rm", "--yes", name), ("sheet", "show", name), ("--as", name, "1d6")):
        code, out, err = invoke(*args)
        assert (code, out) == (2, "") and err.startswith("roll: error: no character named")
    assert state() == before
    code, out, _ = invoke("sheet", "rm", "--yes", "A" * 200)
    assert (code, out) == (0, f"removed {'A' * 200} (undo brings it back)\n")


@pytest.mark.parametrize(("width", "said"), [
    ("100000000000000000000",
     "odds --width takes a number from 20 to 1,000, not 100,000,000,000,000,000,000"),
    ("5", "odds --width takes a number from 20 to 1,000, not 5"),
])
def test_an_odds_width_out_of_range_is_refused(width: str, said: str) -> None:
    assert refused("odds", "--width", width, "2d6") == said


def test_roll_as_from_the_environment_is_nfc(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert invoke("sheet", "import", sheet(tmp_path, "Zo\u00eb"))[0] == 0
    monkeypatch.setenv("ROLL_AS", "Zoe\u0308")
    assert invoke("hurt 1") == (0, "hurt 1 → HP 9\nZo\u00eb · HP 10 → 9 (hurt)\n", "")


# ---- in a real process: argv as the system gives it, a FIFO with no writer ----

ROLL = str(Path(sys.executable).with_name("roll"))


def run_bytes(*args: bytes, tmp: Path, input: bytes = b"") -> tuple[int, bytes, bytes]:
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp / "c.sqlite3"), NO_COLOR="1")
    done = subprocess.run([ROLL.encode(), *args], input=input, capture_output=True, env=env,
                          timeout=30, check=False)
    return done.returncode, done.stdout, done.stderr


def test_a_real_process_refuses_argv_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    assert run_bytes(b"--json", b"1d6\xff", tmp=tmp_path) == (
        2, b'{"input": "1d6\xef\xbf\xbd", "error": "argument 2 is not UTF-8 text (byte 0xff'
        b' at column 4)", "column": null}\n',
        b"roll: error: argument 2 is not UTF-8 text (byte 0xff at column 4)\n")


def test_a_real_process_runs_the_good_lines_of_a_batch_with_a_bad_byte(tmp_path: Path) -> None:
    code, out, err = run_bytes(b"--rolled", b"3,4", tmp=tmp_path, input=b"1d6\n1d6\xff\n1d6\n")
    assert (code, out, err) == (
        2, "1d6 → [3] = 3\n1d6 → [4] = 4\n".encode(),
        b"roll: error: line 2: the line is not UTF-8 text (byte 0xff at column 4)\n")


def test_a_real_process_refuses_a_fifo_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "t.csv"
    os.mkfifo(fifo)
    code, out, err = run_bytes(b"table", str(fifo).encode(), tmp=tmp_path)
    assert (code, out) == (2, b"")
    assert err == (f"roll: error: {fifo} is not a regular file (a FIFO, a device or a socket):"
                   " table files are read from regular files only\n").encode()


def test_the_rolls_of_one_command_write_at_most_16_mib(tmp_path: Path) -> None:
    table = tmp_path / "long.csv"
    table.write_text("weight,text\n1," + "y" * 100_000 + "\n", encoding="utf-8")
    assert refused("-n", "200", "table", str(table)) == (
        "table long: the rolls' text grows past 16,777,216 characters in all (fewer rolls: a"
        " smaller -n)")
    code, out, _ = invoke("-n", "3", "table", str(table))
    assert code == 0 and out.count("\n") == 3


def test_a_batch_line_of_a_mebibyte_is_its_own_error_and_the_batch_goes_on() -> None:
    code, out, err = invoke_bytes("--rolled", "3,4", input=b"1d6\n" + b"a" * (1 << 20) + b"\n1d6\n")
    assert (code, out) == (2, "1d6 → [3] = 3\n1d6 → [4] = 4\n")
    assert err == "roll: error: line 2: a LINE has at most 1,000 characters (this one has 1,048,576)\n"


@pytest.mark.parametrize("args", [
    ("sheet", "import", "a\x00b"), ("table", "import", "a\x00b.csv"), ("alias", "import", "a\x00b"),
    ("table", "./a\x00b.csv"), ("--campaign", "a" * 1000, "log"), ("--campaign", "a\x00b", "log"),
])
def test_a_path_no_file_can_have_is_a_clear_error(args: tuple[str, ...]) -> None:
    assert "\x00" not in refused(*args)


def test_the_entry_point_gives_a_sum_of_500_terms_the_frames_it_needs(tmp_path: Path) -> None:
    """rules/ never sets the recursion limit: `roll`'s entry point does, so a LINE 500 levels
    deep rolls in a fresh process whose limit is Python's default."""
    script = ("import sys\nsys.setrecursionlimit(1000)\nsys.argv = ['roll', '--json', sys.argv[1]]\n"
              "from cli.__main__ import main\nmain()\n")
    env = {**os.environ, "ROLL_CAMPAIGN": str(tmp_path / "none.sqlite3"), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", script, "+".join(["1"] * 500)], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert checked(done.stdout)["total"] == 500
