"""The REPL's own words (`again`, `use`, `as`, …) are never a named roll's: an alias or a
sheet's `[rolls]` that would shadow one is refused, saying it is a REPL word."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.base.argv import REPL_WORDS
from cli.repl.word_lists import REPL_WORDS as PROMPT_WORDS
from rules.notation.parts import is_name
from tests.support.cli import invoke

SAID = {
    "again": "repeat the last LINE", "use": "switch system", "as": "act as a character",
    "physical": "type real dice faces", "help": "help [TOPIC]", "quit": "leave", "exit": "leave",
}  # fmt: skip


def test_every_word_the_prompt_takes_that_could_be_a_name_is_reserved() -> None:
    assert {word for word in PROMPT_WORDS if is_name(word)} == set(REPL_WORDS) == set(SAID)


@pytest.mark.parametrize("word", sorted(SAID))
def test_an_alias_may_not_shadow_a_repl_word(word: str) -> None:
    what = "a subcommand of roll" if word == "help" else f"a REPL word ({SAID[word]})"
    assert invoke("alias", "add", word, "1d6") == (2, "", (
        f"roll: error: '{word}' is {what}: a named roll may not shadow it\n"))
    assert invoke("alias", "add", word.upper(), "1d6")[0] == 2  # names ignore case


def test_a_refused_alias_creates_no_campaign(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    where = tmp_path / "c.sqlite3"
    monkeypatch.setenv("ROLL_CAMPAIGN", str(where))
    assert invoke("alias", "add", "again", "1d6")[0] == 2
    assert not where.exists()


def test_a_sheets_roll_may_not_shadow_a_repl_word(tmp_path: Path) -> None:
    sheet = tmp_path / "rex.toml"
    sheet.write_text('name = "Rex"\nsystem = "generic"\n[rolls]\nagain = "1d6"\n')
    assert invoke("sheet", "import", str(sheet)) == (2, "", (
        f"roll: error: {sheet}: sheet key 'rolls': 'again' is a REPL word (repeat the last"
        " LINE): a named roll may not shadow it\n"))
    assert invoke("sheet", "list")[0] == 2  # nothing stored: not even the campaign


def test_the_refusal_answers_in_json() -> None:
    code, out, _ = invoke("--json", "alias", "add", "again", "1d6")
    assert (code, out) == (2, '{"input": "alias add again 1d6", "error": "\'again\' is a REPL'
                              ' word (repeat the last LINE): a named roll may not shadow it",'
                              ' "column": null}\n')
