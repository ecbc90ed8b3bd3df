"""Completion menus are terminals too (issue 49): every completion, bash, zsh and fish (Click's
protocol) and the REPL's Tab menu with its meta text, shows a name as every other output does:
ESC, BEL, a C1 CSI and a bidi override made visible (cli/base/safe.py). Each kind of name is
planted in the campaign file as an attacker would: a character, a foe, an alias, a table."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from cli.store.sqlite import Campaign
from tests.support.tab import completions, shell

PLANTED = "\x1b]52;c;x\x07\x9b2J\u202e"
"""An OSC 52 clipboard write ended by BEL, a C1 CSI that clears the screen, a bidi override."""
SHOWN = "^[]52;c;x^G<9b>2J<U+202E>"
"""The same as every output of roll shows it."""
LOWER = "^[]52;c;x^G<9b>2j<U+202E>"
"""An alias's or a table's name is kept lower-case: the same made visible."""
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


@pytest.fixture
def planted(private_campaign: Path) -> Path:
    """A campaign whose file was written by hand: each kind of name carries the codes."""
    campaign = Campaign(private_campaign)
    with campaign.transaction() as tx:
        tx.put_alias(f"a{PLANTED}", "d20")
        tx.put_table(f"t{PLANTED}", {"name": f"t{PLANTED}", "roll": "d6",
                                     "rows": [{"range": "1-6", "text": "rain"}]})
    campaign.close()
    db = sqlite3.connect(private_campaign)
    for name, sheet in ((f"C{PLANTED}", {"max": {"hp": 3}}),
                        (f"F{PLANTED}", {"max": {"hp": 3}, "foe": True})):
        db.execute("INSERT INTO characters (name, name_key, system, sheet, created, updated)"
                   " VALUES (?, ?, 'generic', ?, '2026-01-01', '2026-01-01')",
                   (name, name.lower(), json.dumps({"name": name, "system": "generic", **sheet})))
    db.commit()
    db.close()
    return private_campaign


@pytest.mark.parametrize("flavour", ["bash", "zsh", "fish"])
@pytest.mark.parametrize(("typed", "first"), [
    ("roll --as ", "C"), ("roll --as F", "F"), ("roll sheet show C", "C"),
    ("roll alias rm ", "a"), ("roll table rm ", "t"), ("roll a", "a"),
])
def test_each_shell_shows_each_kind_of_name_made_visible(
        planted: Path, flavour: str, typed: str, first: str) -> None:
    out = shell(flavour, typed)
    assert not any(c in out for c in RAW), out
    # bash's words come quoted for the shell (`^\\[`); alias and table names are lower-case
    said = out.replace("\\", "") if flavour == "bash" else out
    shown = SHOWN if first in "CF" else LOWER
    assert f"{first}{shown}" in said, said


@pytest.mark.parametrize(("typed", "first"), [
    ("as ", "C"), ("as F", "F"), ("sheet show C", "C"), ("alias rm ", "a"),
    ("table rm ", "t"), ("a", "a"),
])
def test_the_repl_menu_shows_each_kind_of_name_made_visible(
        planted: Path, typed: str, first: str) -> None:
    menu = completions(typed)
    shown = SHOWN if first in "CF" else LOWER
    assert any(text.strip('"').startswith(f"{first}{shown}") for text, _ in menu), menu
    assert not any(c in text + meta for text, meta in menu for c in RAW)


def test_the_repl_menu_meta_text_is_made_visible(planted: Path) -> None:
    campaign = Campaign(planted)
    with campaign.transaction() as tx:
        tx.put_alias("shot", f"d20 # {PLANTED}")
    campaign.close()
    menu = completions("sh")
    assert not any(c in text + meta for text, meta in menu for c in RAW)
    assert any(SHOWN in meta for text, meta in menu if text == "shot"), menu


@pytest.fixture
def planted_game(private_campaign: Path) -> Path:
    """A campaign whose `game` table was written by hand: a game named with the codes, its text
    the docs' PbtA file renamed (a game file refuses such a name: this row never went through one)."""
    from tests.support.paths import ROOT_DIR

    text = (ROOT_DIR / "docs" / "games" / "pbta.toml").read_text(encoding="utf-8")
    escaped = PLANTED.encode("unicode_escape").decode("ascii").replace("\\x", "\\u00")
    campaign = Campaign(private_campaign)
    with campaign.transaction() as tx:
        tx.put_alias("shot", "d20")  # the campaign exists with its tables
    campaign.close()
    db = sqlite3.connect(private_campaign)
    db.execute("INSERT INTO game (name, text) VALUES (?, ?)",
               (f"g{PLANTED}", text.replace('name = "pbta"', f'name = "g{escaped}"')))
    db.commit()
    db.close()
    return private_campaign


@pytest.mark.parametrize("flavour", ["bash", "zsh", "fish"])
@pytest.mark.parametrize("typed", ["roll -s ", "roll -s g", "roll game export ", "roll help g"])
def test_a_planted_game_name_never_reaches_a_shell_raw(planted_game: Path, flavour: str,
                                                       typed: str) -> None:
    out = shell(flavour, typed)
    assert not any(c in out for c in RAW)
    said = out.replace("\\", "") if flavour == "bash" else out
    assert f"g{SHOWN}" in said, said  # offered, as every name is: made visible


def test_a_planted_game_name_is_said_made_visible(planted_game: Path) -> None:
    from tests.support.cli import invoke

    for words in (("game", "list"), ("systems",), ("-s", f"g{PLANTED}", "move")):
        code, out, err = invoke(*words)
        assert not any(c in out + err for c in RAW), (words, out, err)
        assert code in (0, 2), (words, code)
    code, out, err = invoke("game", "list")  # the row is refused as a game file would be: named
    assert (code, err) == (0, "")
    assert out == (f"g{SHOWN} · can't be read: game g{SHOWN}:4: key 'game.name': a name is one"
                   " lower-case word of letters a-z, digits, - and _\n")
    menu = completions("use ")
    assert not any(c in text + meta for text, meta in menu for c in RAW)
    assert (f"g{SHOWN}", "the campaign's game") in menu, menu
