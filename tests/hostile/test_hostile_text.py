"""Hostile text from data (a name, a comment, a table row, a CSV cell) reaches a terminal with
its control characters made visible, as the REPL's toolbar shows them (`^[` for ESC), never
raw; JSON escapes them as JSON does; a name with a newline forges no line; names are refused
at import when they hold control characters, and are NFC, so one character has one name."""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

import pytest

from cli.base.safe import as_text, not_utf8, shown, shown_lines
from cli.store import open_campaign
from cli.store.where import campaign_where
from tests.support.cli import invoke

EVIL = "Ev\x1b[2Jil\x1b]52;c;SGVsbG8=\x07"
EVIL_SHOWN = "Ev^[[2Jil^[]52;c;SGVsbG8=^G"
FORGER = "Mira\n#99 now GM sheet rm Bram · HP 8→0"


def raw_control(text: str) -> bool:
    """Whether `text` holds a control character other than the newlines between its lines."""
    return any(ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) < 0xA0 for c in text)


def sheet_file(tmp_path: Path, name: str, file: str = "c.toml") -> Path:
    path = tmp_path / file
    path.write_text(f"name = {json.dumps(name, ensure_ascii=False)}\nsystem = \"generic\"\n[max]\nhp = 10\n",
                    encoding="utf-8")
    return path


def campaign_state() -> tuple[str, ...]:
    """What a script sees of the campaign: its characters' sheets and its log."""
    names = [json.loads(line)["name"] for line in invoke("--json", "sheet", "list")[1].splitlines()]
    return (*(invoke("--json", "sheet", "show", n)[1] for n in names),
            invoke("--json", "log", "-n", "1000")[1])


def plant(name: str) -> None:
    """A character whose name no import would take (a store written by an older version, or
    by hand): what shows it must still be safe."""
    with open_campaign(campaign_where(os.environ["ROLL_CAMPAIGN"])).transaction() as tx:
        tx.put_character({"name": name, "system": "generic", "max": {"hp": 10}})


# ---- the sanitizer ----

@pytest.mark.parametrize(("text", "seen"), [
    ("plain Mira", "plain Mira"),
    ("Zoë 🎲", "Zoë 🎲"),
    (EVIL, EVIL_SHOWN),
    ("a\x00b", "a^@b"),
    ("tab\there", "tab^Ihere"),
    ("new\nline", "new^Jline"),
    ("del\x7f", "del^?"),
    ("csi\x9b2J", "csi<9b>2J"),
    ("rtl\u202eevil", "rtl<U+202E>evil"),
    ("line\u2028sep", "line<U+2028>sep"),
    ("byte\udcff", "byte<ff>"),
])
def test_shown_makes_every_control_character_visible(text: str, seen: str) -> None:
    assert shown(text) == seen
    assert not raw_control(shown(text))


def test_shown_lines_keeps_the_newlines_only() -> None:
    assert shown_lines("one\x1b\ntwo\a") == "one^[\ntwo^G"


def test_bytes_that_are_not_utf8_are_found_and_replaced() -> None:
    assert not_utf8("1d6\udcff", "argument 1") == (
        "argument 1 is not UTF-8 text (byte 0xff at column 4)")
    assert not_utf8("1d6 Zoë", "argument 1") is None
    assert as_text("be\udcffar") == "be\ufffdar"


# ---- what every renderer shows ----

def test_a_hostile_name_reaches_no_command_raw(
    store_where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    plant(EVIL)
    plant("Bram")
    outputs = [
        invoke("sheet", "list"),
        invoke("sheet", "show", EVIL),
        invoke("--as", EVIL, "hurt 1"),
        invoke("log"),
        invoke("--as", "Bram", "undo", "--id", "1"),  # an error naming the owner
        invoke("sheet", "rm", EVIL),  # asks first: refused without a terminal, naming it
    ]
    for code, out, err in outputs:
        assert not raw_control(out) and not raw_control(err), (code, out, err)
    assert EVIL_SHOWN in outputs[0][1]
    assert outputs[1][1].startswith(f"{EVIL_SHOWN} · Generic dice")
    assert outputs[2][1] == f"hurt 1 → HP 9\n{EVIL_SHOWN} · HP 10 → 9 (hurt)\n"
    assert EVIL_SHOWN in outputs[3][1]
    assert f"#1 is {EVIL_SHOWN}'s, not Bram's" in outputs[4][2]
    assert EVIL_SHOWN in outputs[5][2]


def test_json_escapes_control_characters_as_json_does() -> None:
    plant(EVIL)
    code, out, _ = invoke("--json", "--as", EVIL, "hurt 1")
    assert code == 0 and "\x1b" not in out and "\\u001b" in out
    data = json.loads(out)
    assert data["character"] == EVIL and data["changes"][0]["character"] == EVIL
    code, out, _ = invoke("--json", "log")
    assert "\x1b" not in out and json.loads(out)["character"] == EVIL


def test_a_comment_with_an_escape_sequence_is_logged_and_shown_inert() -> None:
    plant("Mira")
    line = "hurt 1 # \x1b]52;c;SGVsbG8=\x07"
    code, out, _ = invoke("--as", "Mira", line)
    assert code == 0 and out.startswith("^[]52;c;SGVsbG8=^G: hurt 1 → HP 9\n")
    code, out, _ = invoke("log")
    assert out == "#1 now Mira hurt 1 # ^[]52;c;SGVsbG8=^G · HP 10→9\n"  # wrapped, never cut
    assert json.loads(invoke("--json", "log")[1])["input"] == line



def test_a_logged_line_shows_its_separators_as_the_result_did() -> None:
    """`log` keeps a LINE on one line by its spaces, tabs and newlines alone: U+0085, U+2028
    and the record separator are shown made visible (as the result line showed them), not
    turned into spaces."""
    plant("Mira")
    code, out, _ = invoke("--as", "Mira", "hurt 1 # a\u0085b\u2028c\u001ed\te")
    assert code == 0 and out.startswith("a<85>b<U+2028>c^^d^Ie: hurt 1 → HP 9\n")
    assert invoke("log")[1] == "#1 now Mira hurt 1 # a<85>b<U+2028>c^^d e · HP 10→9\n"

def test_a_name_with_a_newline_forges_no_log_line(
    store_where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    plant(FORGER)
    assert invoke("--as", FORGER, "hurt 1")[0] == 0
    code, out, _ = invoke("log")
    assert code == 0 and out.count("\n") == 1 and out.startswith("#1 now Mira^J#99")
    code, out, _ = invoke("sheet", "list")
    assert out.count("\n") == 1


def test_table_rows_and_csv_cells_reach_no_terminal_raw(tmp_path: Path) -> None:
    (tmp_path / "evil.toml").write_text(
        'roll = "d1"\n[[rows]]\nrange = "1"\ntext = "boo\\u001b[2J\\u0007"\n', encoding="utf-8")
    (tmp_path / "nul.csv").write_text("weight,text\n1,a\0b\n", encoding="utf-8")
    code, out, _ = invoke("table", str(tmp_path / "evil.toml"))
    assert (code, out) == (0, "evil · d1 1 → boo^[[2J^G\n")
    assert invoke("-q", "table", str(tmp_path / "evil.toml"))[1] == "boo^[[2J^G\n"
    code, out, _ = invoke("table", str(tmp_path / "nul.csv"))
    assert (code, out) == (0, "nul · d1 1 → a^@b\n")
    code, out, _ = invoke("odds", "table", str(tmp_path / "evil.toml"))
    assert code == 0 and "boo^[[2J^G" in out and not raw_control(out)
    code, out, _ = invoke("--json", "table", str(tmp_path / "nul.csv"))
    assert "\0" not in out and json.loads(out)["table"]["text"] == "a\0b"


def test_an_alias_comment_is_shown_inert() -> None:
    plant("Mira")
    code, out, _ = invoke("alias", "add", "zz", "1d6 # \x1b[2J")
    assert (code, out) == (0, "added alias zz → 1d6 # ^[[2J\n")
    assert invoke("alias", "list")[1] == "zz → 1d6 # ^[[2J\n"


# ---- names at import ----

@pytest.mark.parametrize(("name", "said"), [
    (EVIL, "ESC at position 3"),
    (FORGER, "a newline at position 5"),
    ("Mi\tra", "a tab at position 3"),
    ("Mi\x00ra", "U+0000 at position 3"),
    ("Mi\u202era", "U+202E at position 3"),
])
def test_import_refuses_a_name_with_a_control_character(
    tmp_path: Path, store_where: str, monkeypatch: pytest.MonkeyPatch, name: str, said: str
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    assert invoke("sheet", "import", str(sheet_file(tmp_path, "Mira", "m.toml")))[0] == 0
    before = campaign_state()
    code, out, err = invoke("sheet", "import", str(sheet_file(tmp_path, name)))
    assert (code, out) == (2, "")
    assert err == (f"roll: error: {tmp_path / 'c.toml'}: sheet key 'name' may not hold a control"
                   f" character ({said}): a name is one line of text\n")
    assert campaign_state() == before
    assert invoke("sheet", "list")[1] == "  Mira             generic\n"


def test_a_name_is_one_character_whether_typed_composed_or_decomposed(
    tmp_path: Path, store_where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROLL_CAMPAIGN", store_where)
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    assert unicodedata.normalize("NFC", decomposed) == composed
    assert invoke("sheet", "import", str(sheet_file(tmp_path, decomposed)))[1] == (
        f"imported {composed} (generic)\n")
    code, out, _ = invoke("sheet", "import", str(sheet_file(tmp_path, composed)))
    assert out.startswith(f"replaced {composed} (generic)")
    assert invoke("--json", "sheet", "list")[1] == (
        json.dumps({"name": composed, "system": "generic"}, ensure_ascii=False) + "\n")
    code, out, _ = invoke("--as", decomposed, "hurt 1")
    assert (code, out) == (0, f"hurt 1 → HP 9\n{composed} · HP 10 → 9 (hurt)\n")
    assert invoke("sheet", "show", decomposed)[1].startswith(f"{composed} · Generic dice")


def test_the_repl_shows_a_hostile_name_inert(private_campaign: Path) -> None:
    from cli.base.settings import Settings
    from tests.support.repl import repl

    plant(EVIL)
    plant("Bram")  # keys typed cannot hold an ESC: the name comes from the store
    status, out, err = repl("hurt 1\nas\nundo --id 99\nas Bram\nundo --id 1\nexit\n",
                            Settings(character=EVIL))
    assert status == 0 and not raw_control(out) and not raw_control(err), (out, err)
    assert out.count(EVIL_SHOWN) >= 2 and EVIL_SHOWN in err, (out, err)


@pytest.mark.parametrize("name", ["Mi\u200bra", "\ufeffMira", "Mira\u2060"])
def test_import_refuses_an_invisible_character_that_makes_a_lookalike(
    tmp_path: Path, name: str
) -> None:
    code, out, err = invoke("sheet", "import", str(sheet_file(tmp_path, name)))
    assert (code, out) == (2, "") and "may not hold an invisible character (U+" in err
    assert invoke("sheet", "import", str(sheet_file(tmp_path, "👩\u200d🚀 Mira")))[0] == 0


def test_json_escapes_del_and_the_c1_controls_too() -> None:
    plant("Mira")
    line = "1d6 # \x9b2J\x7f\u2028"
    code, out, _ = invoke("--json", "--rolled", "3", "--as", "Mira", line)
    assert code == 0 and "\\u009b2J\\u007f\\u2028" in out and not raw_control(out)
    assert json.loads(out)["input"] == line
    code, out, _ = invoke("--json", "log")
    assert "\\u009b" in out and json.loads(out)["input"] == line


# ---- errors that quote what a terminal would hide ----

@pytest.mark.parametrize(("hidden", "written"), [
    ("\u034f", "\\u034f"),  # combining grapheme joiner (Mn: Python's repr prints it raw)
    ("\ufe0f", "\\ufe0f"),  # variation selector 16
    ("\u180b", "\\u180b"),  # Mongolian free variation selector
    ("\u200b", "\\u200b"),  # zero width space (repr already escapes it)
    ("\U000e0100", "\\U000e0100"),  # variation selector 17
])
def test_a_syntax_error_writes_the_hidden_character_it_found(hidden: str, written: str) -> None:
    code, out, err = invoke(f"2d6{hidden}")
    assert (code, out) == (2, "")
    assert err == (f"roll: error: expected the end of the line, found '{written}'\n"
                   "  2d6\ufffd\n"
                   "     ^\n")


def test_a_name_with_a_hidden_character_is_quoted_so_it_shows(tmp_path: Path) -> None:
    assert invoke("sheet", "import", str(sheet_file(tmp_path, "Mira")))[0] == 0
    code, out, err = invoke("--as", "Mi\u034fra", "2d6")
    assert (code, out) == (2, "")
    assert err == (f"roll: error: no character named 'Mi\\u034fra' in campaign"
                   f" {os.environ['ROLL_CAMPAIGN']} (did you mean 'Mira'? known: Mira)\n")


def test_emoji_and_scripts_in_an_error_are_left_as_they_are() -> None:
    from cli.base.safe import hidden_escaped

    assert hidden_escaped("no character named 'Zoë 🎲'") == "no character named 'Zoë 🎲'"
    assert hidden_escaped("found '\u3164'") == "found '\\u3164'"
