"""A LINE's names with spaces are asked for by their first word (rules/notation/name_words.py's
`first_words`): the store gives exactly the names of several words beginning with one, on both
stores, whatever the name holds (LIKE's `%` and `_`, any case, a no-break space), as the rules'
own filter gives them from a table of characters."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cli.store import CampaignStore, campaign_where, open_campaign
from rules.campaign import Character
from rules.notation import parse, syntax
from rules.notation.name_words import first_words
from rules.table_state import TableState

NAMES = ["Goblin 1", "goblin 2", "Gob 3", "Goblin", "Goblins 4", "100% Sure", "a_b c", "axb c",
         "Ana\u00a0Lee", "ÉLAN Vital", "Mira"]


@pytest.fixture
def store(store_where: str) -> Iterator[CampaignStore]:
    campaign = open_campaign(campaign_where(store_where))
    with campaign.transaction() as tx:
        for name in NAMES:
            tx.put_character({"name": name, "system": "generic"})
    yield campaign
    campaign.close()


@pytest.mark.parametrize(("words", "names"), [
    (["goblin"], ["Goblin 1", "goblin 2"]),
    (["gob", "mira"], ["Gob 3"]),
    (["a_b"], ["a_b c"]),
    (["100%"], ["100% Sure"]),
    (["ana"], ["Ana\u00a0Lee"]),
    (["élan"], ["ÉLAN Vital"]),
    (["goblin", "axb", "nobody"], ["axb c", "Goblin 1", "goblin 2"]),
    ([], []),
])
def test_the_names_beginning_with_a_word_and_no_others(
    store: CampaignStore, words: list[str], names: list[str]
) -> None:
    with store.transaction(readonly=True) as tx:
        found = tx.names_beginning(words)
        table = tx.table(None)
        assert sorted(table.names_beginning(words)) == sorted(found)  # the roster's way
    assert sorted(found) == sorted(names)
    characters = {n.lower(): Character(n, "generic", {}) for n in NAMES}
    assert sorted(TableState(characters=characters).names_beginning(words)) == sorted(names)


def test_a_lines_first_words_are_those_another_follows() -> None:
    line = parse('attack on Goblin 1 "Ana Lee" x')
    assert isinstance(line, syntax.CommandLine)
    assert first_words(line) == ["on", "goblin"]  # the command word is not one; a quoted word ends a run
