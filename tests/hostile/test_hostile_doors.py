"""Every door checked (issue 41): a campaign is a regular file or a postgresql:// URL (SQLite's
own names, devices, FIFOs and directories refused before a byte is written), a full disk
reads and refuses writes in words, every integer seed is its own series, and an over-long
batch line says its real length."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli import ENTRY, RUNNER, invoke
from tests.support.installed import ROLL

BEAR = 'name = "Bear"\nsystem = "generic"\n[max]\nhp = 10\n'
A_CAMPAIGN = "a campaign is a regular file or a postgresql:// URL"


def bear(tmp_path: Path) -> str:
    path = tmp_path / "bear.toml"
    path.write_text(BEAR, encoding="utf-8")
    return str(path)


# ---- a campaign is a file ----

@pytest.mark.parametrize(("given", "said"), [
    (":memory:", "campaign :memory: is SQLite's in-memory database, not a file (TMP/:memory:"
                 " names a file of that name)"),
    ("file:camp.sqlite3", "campaign file:camp.sqlite3 is a SQLite URI, not a file"
                          " (TMP/file:camp.sqlite3 names a file of that name)"),
    ("FILE:camp.sqlite3?mode=memory", "campaign FILE:camp.sqlite3?mode=memory is a SQLite URI,"
                                      " not a file (TMP/FILE:camp.sqlite3?mode=memory names a"
                                      " file of that name)"),
])
def test_sqlites_own_names_are_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    sheet = bear(tmp_path)
    for args in (("sheet", "import", sheet), ("sheet", "list"), ("--as", "Bear", "hurt 1")):
        assert invoke("--campaign", given, *args) == (
            2, "", f"roll: error: {said.replace('TMP', str(tmp_path))}; {A_CAMPAIGN}\n")
    assert sorted(os.listdir(tmp_path)) == ["bear.toml"]
    assert invoke("--campaign", given, "--rolled", "4", "1d6") == (0, "1d6 → [4] = 4\n", "")


def test_a_file_named_like_sqlites_names_is_a_plain_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    sheet = bear(tmp_path)
    for given in (f"{tmp_path}/:memory:", f"{tmp_path}/file:camp.sqlite3"):
        code, out, err = invoke("--campaign", given, "sheet", "import", sheet)
        assert (code, out, err) == (0, "imported Bear (generic)\n",
                                    f"roll: created a new campaign at {given}\n")
        assert invoke("--campaign", given, "sheet", "list") == (0, "  Bear             generic\n", "")
    assert {":memory:", "file:camp.sqlite3"} <= set(os.listdir(tmp_path))
    assert "camp.sqlite3" not in os.listdir(tmp_path)


@pytest.fixture
def not_files(tmp_path: Path) -> Iterator[dict[str, Path]]:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "null-link"
    link.symlink_to("/dev/null")
    (tmp_path / "dir").mkdir()
    (tmp_path / "plain").write_text("", encoding="utf-8")
    yield {"fifo": fifo, "link": link, "dir": tmp_path / "dir", "plain": tmp_path / "plain"}


@pytest.mark.parametrize(("kind", "said"), [
    ("fifo", "is not a regular file (a FIFO, a device or a socket)"),
    ("link", "is not a regular file (a FIFO, a device or a socket)"),
    ("dir", "is a directory"),
])
def test_a_device_a_fifo_or_a_directory_is_refused_and_nothing_is_left_beside_it(
    tmp_path: Path, not_files: dict[str, Path], kind: str, said: str
) -> None:
    sheet = bear(tmp_path)
    before = sorted(os.listdir(tmp_path))
    where = str(not_files[kind])
    for args in (("sheet", "import", sheet), ("log",), ("--as", "Bear", "hurt 1")):
        assert invoke("--campaign", where, *args) == (
            2, "", f"roll: error: campaign {where} {said}; {A_CAMPAIGN}\n")
    assert sorted(os.listdir(tmp_path)) == before
    assert not os.listdir(not_files["dir"])


def test_a_campaign_below_a_file_is_refused(tmp_path: Path, not_files: dict[str, Path]) -> None:
    where = f"{not_files['plain']}/deeper/c.sqlite3"
    assert invoke("--campaign", where, "sheet", "import", bear(tmp_path)) == (
        2, "", f"roll: error: campaign {where} is below {not_files['plain']}, which is not a"
               f" directory; {A_CAMPAIGN}\n")


def test_dev_null_as_campaign_leaves_no_journal_beside_it() -> None:
    assert not os.path.exists("/dev/null-journal")
    assert invoke("--campaign", "/dev/null", "sheet", "list") == (
        2, "", f"roll: error: campaign /dev/null is not a regular file (a FIFO, a device or a"
               f" socket); {A_CAMPAIGN}\n")
    assert not os.path.exists("/dev/null-journal") and not os.path.exists("/dev/null-wal")


def test_a_path_with_escapes_is_shown_inert_when_a_campaign_is_created(tmp_path: Path) -> None:
    where = str(tmp_path / "a\x1b]0;owned\x07b.sqlite3")
    code, out, err = invoke("--campaign", where, "sheet", "import", bear(tmp_path))
    assert (code, out) == (0, "imported Bear (generic)\n")
    assert err == f"roll: created a new campaign at {tmp_path}/a^[]0;owned^Gb.sqlite3\n"


# ---- a full disk ----

@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 256 KiB tmpfs holding a campaign with Bear hurt once, then filled to the last byte
    (skipped where this user may not mount one)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                          capture_output=True, check=False) if shutil.which("mount") else None
    if done is None or done.returncode != 0:
        pytest.skip("no tmpfs can be mounted here (mount needs root)")
    try:
        where = str(mount / "c.sqlite3")
        assert invoke("--campaign", where, "sheet", "import", bear(tmp_path))[0] == 0
        assert invoke("--campaign", where, "--as", "Bear", "hurt 1")[0] == 0
        fill = os.open(mount / "fill", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fill, b"\0" * 4096):
                pass
        except OSError:  # the disk is full
            pass
        finally:
            os.close(fill)
        yield mount / "c.sqlite3"
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def roll(*args: str) -> tuple[int, str, str]:
    """The installed `roll` as a process (a full disk's reads hold their lock until it ends)."""
    done = subprocess.run([ROLL, *args], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, NO_COLOR="1"), check=False)
    return done.returncode, done.stdout, done.stderr


def test_a_full_disk_reads_and_refuses_a_write_in_words(full_disk: Path) -> None:
    where = str(full_disk)
    assert roll("--campaign", where, "sheet", "list") == (0, "  Bear             generic\n", "")
    assert roll("--campaign", where, "sheet", "show", "Bear") == (
        0, "Bear · Generic dice\n  HP: 9/10\n", "")
    code, out, _ = roll("--campaign", where, "log")
    assert code == 0 and out.startswith("#1 ") and out.endswith(" Bear hurt 1 · HP 10→9\n")
    full = f"roll: error: campaign {where}: disk full; nothing changed\n"
    assert roll("--campaign", where, "--as", "Bear", "hurt 1") == (2, "", full)
    assert roll("--campaign", where, "sheet", "import", str(full_disk.parent.parent / "bear.toml")
                ) == (2, "", full)
    os.remove(full_disk.parent / "fill")
    assert roll("--campaign", where, "--as", "Bear", "hurt 1") == (
        0, "hurt 1 → HP 8\nBear · HP 9 → 8 (hurt)\n", "")


# ---- numbers ----

def test_every_integer_seed_is_its_own_series() -> None:
    throws = {seed: invoke("--seed", str(seed), "-q", "20d20")[1]
              for seed in (-7, 7, -1, 1, 0)}
    assert len(set(throws.values())) == 5
    assert invoke("--seed", "-7", "-q", "20d20")[1] == throws[-7]  # reproducible all the same
    assert invoke("--seed", "7", "-q", "3d6")[1] == "7\n"  # a seed of 0 or more: as it was


def test_an_over_long_batch_line_says_its_real_length() -> None:
    line = b"1" * 3_000_000
    result = RUNNER.invoke(ENTRY, ["--rolled", "3,4"], input=b"1d6\n" + line + b"\n1d6\n" + line,
                           prog_name="roll")
    assert (result.exit_code, result.stdout) == (2, "1d6 → [3] = 3\n1d6 → [4] = 4\n")
    assert result.stderr == (
        "roll: error: line 2: a LINE has at most 1,000 characters (this one has 3,000,000)\n"
        "roll: error: line 4: a LINE has at most 1,000 characters (this one has 3,000,000)\n")


# ---- names a reader cannot tell apart ----

def named(tmp_path: Path, name: str) -> str:
    path = tmp_path / "named.toml"
    path.write_text(BEAR.replace('"Bear"', json.dumps(name, ensure_ascii=False)), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("hidden", [
    "\u034f", "\ufe0f", "\u3164", "\u115f", "\u1160", "\uffa0", "\u180b", "\u180f", "\u17b4",
    "\u17b5", "\u2060", "\u2065", "\u206f", "\ufff0", "\ufff8", "\u00ad", "\u200b", "\u180e",
    "\U000e0001", "\U000e0041", "\U000e0100", "\U000e0fff", "\u200d", "\u200c",
])
def test_a_name_with_a_default_ignorable_character_is_refused_naming_the_key(
    tmp_path: Path, hidden: str
) -> None:
    assert invoke("sheet", "import", named(tmp_path, "Mira"))[0] == 0
    code, out, err = invoke("sheet", "import", named(tmp_path, f"Mira{hidden}"))
    assert (code, out) == (2, "")
    assert err == (f"roll: error: {tmp_path / 'named.toml'}: sheet key 'name' may not hold an"
                   f" invisible character (U+{ord(hidden):04X} at position 5): two names that"
                   " look the same would be two characters\n")
    assert invoke("sheet", "list")[1] == "  Mira             generic\n"


def test_the_rule_is_unicodes_default_ignorable_property() -> None:
    from rules.ignorable import default_ignorable

    found = [c for c in range(0x110000) if default_ignorable(chr(c))]
    assert len(found) == 4174  # DerivedCoreProperties.txt (Unicode 15): "Total code points: 4174"
    assert not any(default_ignorable(c) for c in "\u0600\u06dd\ufff9\U00013430 \u3000Mira")


@pytest.mark.parametrize("name", ["👩\u200d🚀 Mira", "❤\ufe0f Mira", "👁\ufe0f\u200d🗨 Bo",
                                  "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Zoë"])
def test_a_name_keeps_the_joiners_and_selectors_emoji_and_scripts_need(
    tmp_path: Path, name: str
) -> None:
    assert invoke("sheet", "import", named(tmp_path, name)) == (
        0, f"imported {name} (generic)\n", f"roll: created a new campaign at"
                                           f" {os.environ['ROLL_CAMPAIGN']}\n")
