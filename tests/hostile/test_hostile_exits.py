"""Data text at every exit (issue 41): odds' echo and expansion, the REPL's prompt, toolbar and
encounter line show control and bidi characters made visible; exports escape them as TOML
does, and re-import to the same text; CSV rows end at CR/LF only; sheets refuse a key given
twice or naming nothing, and say ranges in words."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from cli.repl.encounter_line import encounter_line
from cli.repl.prompt import prompt_text
from cli.repl.toolbar import toolbar_text
from cli.repl.view import TableView
from rules.campaign import Character
from rules.encounter.turn_order import Combatant, Encounter
from rules.systems import get_system
from tests.support.cli import invoke

OSC52 = "\x1b]52;c;SGVsbG8=\x07"
OSC52_SHOWN = "^[]52;c;SGVsbG8=^G"
C1 = "\x9b2J\x85\u2028\u2029\u202e\u2066"
"""A CSI, NEL, the line and paragraph separators, a right-to-left override and an isolate."""


def raw(text: str) -> bool:
    """Whether `text` holds a character a terminal acts on (newlines between lines aside)."""
    return any(ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) < 0xA0
               or c in "\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
               for c in text)


# ---- odds ----

def test_odds_shows_a_comment_and_a_label_inert() -> None:
    code, out, _ = invoke("odds", f"1d6 # {OSC52}")
    assert code == 0 and out.splitlines()[0] == f"1d6 # {OSC52_SHOWN}" and not raw(out)
    code, out, _ = invoke("odds", "1d6 + 2 [\x1b[2Jbonus\u202e]")
    assert code == 0 and out.splitlines()[0] == "1d6 + 2 [^[[2Jbonus<U+202E>]" and not raw(out)


def test_odds_shows_another_players_alias_inert_as_it_expands() -> None:
    assert invoke("alias", "add", "zz", f"1d6 # {OSC52}")[0] == 0
    code, out, _ = invoke("odds", "zz")
    assert code == 0 and out.splitlines()[0] == f"zz → 1d6 # {OSC52_SHOWN}" and not raw(out)
    code, out, _ = invoke("--json", "odds", "zz")
    assert json.loads(out)["expanded"] == f"1d6 # {OSC52}" and "\x1b" not in out


# ---- the REPL's prompt, toolbar and encounter line ----

def test_the_toolbar_and_prompt_show_bidi_controls_as_code_points() -> None:
    mira = Character("Mi\u202era", "generic", {"max": {"h\u2066p": 3, "luck": 2},
                                               "flags": ["\u202ex\x9b"]})
    view = TableView(get_system("generic"), mira)
    assert toolbar_text(view, 80) == "Mi<U+202E>ra:  H<U+2066>p 3/3  Luck 2/2  <U+202E>x<9b>"
    assert prompt_text(view, 80) == "generic·mi<U+202E>ra> "
    assert prompt_text(view, 40) == "gen·mi…> "  # a code point is whole or gone, never `<U+2…`
    assert toolbar_text(view, 10) == "Mi…:  +3"
    for width in range(10, 30):  # no row ends inside a made-visible character
        for row in toolbar_text(view, width).split("\n"):
            assert re.search(r"<[0-9A-Fa-fU+]*…", row) is None, (width, row)


def test_the_encounter_line_shows_bidi_controls_as_code_points() -> None:
    fight = Encounter("tiers", 2, (Combatant("Gob\u202elin", "enemies", 9),
                                   Combatant("Ara", "heroes", 4)), "Enemy Tactical Phase")
    assert encounter_line({"encounter": fight.dump()}, 80) == (
        "round 2 · Enemy Tactical Phase · next: Gob<U+202E>lin")


def test_a_toolbar_of_a_thousand_pools_still_fits_two_rows_and_counts_the_rest() -> None:
    many = Character("Mira", "generic", {"max": {f"p{i:04d}": 5 for i in range(1000)}})
    text = toolbar_text(TableView(get_system("generic"), many), 40)
    assert text == "Mira:  P0000 5/5  P0001 5/5  P0002 5/5\nP0003 5/5  P0004 5/5  P0005 5/5  +994"


# ---- exports ----

def test_exports_escape_c1_and_separators_and_re_import_to_the_same_text(
    tmp_path: Path
) -> None:
    sheet = tmp_path / "mira.toml"
    sheet.write_text(f'name = "Mira"\nsystem = "generic"\nnotes = "{C1}"\n[max]\nhp = 10\n',
                     encoding="utf-8")
    table = tmp_path / "moor.toml"
    table.write_text(f'roll = "d1"\n[[rows]]\nrange = "1"\ntext = "boo{C1}"\n', encoding="utf-8")
    assert invoke("sheet", "import", str(sheet))[0] == 0
    assert invoke("table", "import", str(table))[0] == 0
    assert invoke("alias", "add", "zz", f"1d6 # {C1}")[0] == 0
    escaped = "\\u009b2J\\u0085\\u2028\\u2029\\u202e\\u2066"
    exports = {"sheet": invoke("sheet", "export", "Mira"), "table": invoke("table", "export", "moor"),
               "alias": invoke("alias", "export")}
    for what, (code, out, _) in exports.items():
        assert code == 0 and escaped in out and not raw(out), (what, out)
    assert tomllib.loads(exports["sheet"][1])["notes"] == C1
    assert tomllib.loads(exports["table"][1])["rows"][0]["text"] == f"boo{C1}"
    assert tomllib.loads(exports["alias"][1]) == {"aliases": {"zz": f"1d6 # {C1}"}}
    for what, file in (("sheet", "again.toml"), ("table", "moor.toml"), ("alias", "zz.toml")):
        (tmp_path / file).write_text(exports[what][1], encoding="utf-8")
        assert invoke(what, "import", str(tmp_path / file))[0] == 0
        assert invoke(what, "export", *{"sheet": ["Mira"], "table": ["moor"], "alias": []}[what]
                      ) == exports[what]


# ---- CSV rows ----

@pytest.mark.parametrize(("separator", "seen"), [
    ("\u2028", "<U+2028>"), ("\u2029", "<U+2029>"), ("\x85", "<85>"), ("\f", "^L"),
    ("\x1e", "^^"), ("\x1c", "^\\"), ("\v", "^K"),
])
def test_a_csv_row_ends_at_cr_or_lf_only(tmp_path: Path, separator: str, seen: str) -> None:
    path = tmp_path / "t.csv"
    path.write_text(f'weight,text\n1,a{separator}b\n1,"c{separator}d"\n', encoding="utf-8",
                    newline="")
    assert invoke("--rolled", "1", "table", str(path)) == (0, f"t · d2 1 → a{seen}b\n", "")
    assert invoke("--rolled", "2", "table", str(path)) == (0, f"t · d2 2 → c{seen}d\n", "")
    code, out, _ = invoke("--json", "--rolled", "2", "table", str(path))
    assert json.loads(out)["table"]["text"] == f"c{separator}d"


def test_a_csv_of_crlf_rows_keeps_a_quoted_line_break(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(b'weight,text\r\n1,a\r\n1,"b\r\nc"\r\n')
    assert invoke("--rolled", "2", "table", str(path)) == (0, "t · d2 2 → b^Jc\n", "")


# ---- sheets ----

def sheet_with(tmp_path: Path, system: str, body: str) -> str:
    path = tmp_path / "s.toml"
    path.write_text(f'name = "Ana"\nsystem = "{system}"\n{body}', encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("system", "body", "said"), [
    ("vagabond", "[stats]\ndexterity = 5\ndex = 2\n",
     "sheet keys 'stats.dexterity' and 'stats.dex' both give the vagabond stat dexterity:"
     " give it once"),
    ("generic", "[stats]\nmight = 5\nMight = 2\n",
     "sheet keys 'stats.might' and 'stats.Might' both give one stat (keys ignore case): give it"
     " once"),
    ("generic", "[max]\nhp = 10\n[pools]\nhp = 1\nHP = 2\n",
     "sheet keys 'pools.hp' and 'pools.HP' both give the pool hp: give it once"),
    ("generic", "[max]\nhp = 10\nHp = 3\n",
     "sheet keys 'max.hp' and 'max.Hp' both give one pool (keys ignore case): give it once"),
    ("generic", "[max]\nluck = 3\n[pools]\nlcuk = 1\n",
     "sheet key 'pools.lcuk': no pool 'lcuk' in generic (did you mean 'luck'?)"),
    ("generic", "[max]\nhp = -1\n", "sheet key 'max.hp' must be 0 or more, not -1"),
    ("generic", "[max]\nhp = 3\n[pools]\nhp = 4\n", "sheet key 'pools.hp' must be from 0 to 3,"
                                                    " not 4"),
    ("vagabond", "level = 1979-05-27\n",
     "sheet key 'level' must be a whole number, not a date (1979-05-27)"),
    ("vagabond", "level = 2.5\n", "sheet key 'level' must be a whole number, not 2.5 (a fraction)"),
    ("generic", "[max]\nhp = 3\n[pools]\nhp = \"x\"\n",
     "sheet key 'pools.hp' must be a whole number, not 'x'"),
])
def test_a_sheet_that_means_something_else_than_it_says_is_refused(
    tmp_path: Path, system: str, body: str, said: str
) -> None:
    path = sheet_with(tmp_path, system, body)
    assert invoke("sheet", "import", path) == (2, "", f"roll: error: {path}: {said}\n")
    assert invoke("sheet", "list") == (2, "", "roll: error: no campaign at"
                                       f" {tmp_path / 'campaign.sqlite3'} (roll sheet import FILE"
                                       " creates one)\n")


@pytest.mark.parametrize(("body", "said"), [
    ('[max]\n"h\u034fp" = 3\n', "sheet key 'max.h\\u034fp' may not hold a control or invisible"
                               " character (U+034F at position 2)"),
    ('[max]\nhp = 3\n[pools]\n"hp\u200b" = 1\n', "sheet key 'pools.hp\\u200b' may not hold a"
                                                " control or invisible character (U+200B at"
                                                " position 3)"),
    ('[stats]\n"str\\u001b" = 3\n', "sheet key 'stats.str^[' may not hold a control or"
                                   " invisible character (ESC at position 4)"),
])
def test_a_sheets_key_with_an_invisible_character_is_refused(
    tmp_path: Path, body: str, said: str
) -> None:
    """The key is quoted with its invisible character written out (`\\u034f`) or made
    visible (`^[`): the player sees which key it is."""
    path = sheet_with(tmp_path, "generic", body)
    assert invoke("sheet", "import", path) == (2, "", f"roll: error: {path}: {said}\n")


def test_campaign_copy_shows_its_paths_inert(tmp_path: Path) -> None:
    assert invoke("alias", "add", "zz", "1d6")[0] == 0
    target = tmp_path / "co\x1b[2Jpy.sqlite3"
    code, out, _ = invoke("campaign", "copy", str(tmp_path / "campaign.sqlite3"), str(target))
    assert code == 0 and not raw(out)
    assert out.startswith(f"copied {tmp_path}/campaign.sqlite3 → {tmp_path}/co^[[2Jpy.sqlite3: ")
