"""A change-set's sheets go to the store with the entry that logs them (on PostgreSQL in one
statement): all of it is stored, read back and undone exactly, or none of it, on both stores."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from cli.store import CampaignStore, campaign_where, open_campaign
from rules.errors import RuleError
from rules.resolution import Change, Resolution


@pytest.fixture
def store(store_where: str) -> Iterator[CampaignStore]:
    campaign = open_campaign(campaign_where(store_where))
    with campaign.transaction() as tx:
        tx.put_character({"name": "Mira", "system": "generic", "pools": {"luck": 2, "hp": 8}})
        tx.put_character({"name": "Bo", "system": "generic", "pools": {"hp": 5}})
    yield campaign
    campaign.close()


def the_rest(store: CampaignStore) -> tuple[int, int, int, object, list[str]]:
    """Mira's luck and hp, Bo's hp, the party's risk dice and the log's LINEs, as stored."""
    with store.transaction(readonly=True) as tx:
        mira, bo = tx.character("Mira").pools, tx.character("Bo").pools
        return (mira["luck"], mira["hp"], bo["hp"], tx.party().get("risk"),
                [entry.input for entry in tx.log(10)])


def rest(*changes: Change) -> Resolution:
    return Resolution("rest", "generic", "pool", "rested", "Mira", changes=changes)


MIRA_LUCK = Change("Mira", "luck", 2, 1, "spend")
MIRA_HP = Change("Mira", "hp", 8, 3, "hurt")
BO_HP = Change("Bo", "hp", 5, 9, "heal")
PARTY_RISK = Change(None, "lantern", None, "d6", "set", kind="risk")


def test_a_change_set_of_two_characters_and_the_party_is_stored_and_undone_whole(
    store: CampaignStore,
) -> None:
    with store.transaction() as tx:
        entry = tx.apply(rest(MIRA_LUCK, MIRA_HP, BO_HP, PARTY_RISK), {"text": "rested"})
    assert the_rest(store) == (1, 3, 9, {"lantern": "d6"}, ["rest"])
    with store.transaction() as tx:
        assert tx.undo("Mira").id == entry.id
    assert the_rest(store) == (2, 8, 5, {}, ["rest", "undo"])


def test_a_stale_change_in_a_set_leaves_every_sheet_and_the_log_as_they_were(
    store: CampaignStore,
) -> None:
    stale = Change("Bo", "hp", 4, 9, "heal")  # Bo has 5
    with pytest.raises(RuleError, match=r"Bo's hp changed meanwhile \(4 → 5\)"), \
            store.transaction() as tx:
        tx.apply(rest(MIRA_LUCK, stale, PARTY_RISK), {})
    assert the_rest(store) == (2, 8, 5, None, [])


def test_a_sheet_written_without_an_entry_is_read_back_and_committed(
    store: CampaignStore,
) -> None:
    with store.transaction() as tx:
        tx.rewrite((MIRA_LUCK, PARTY_RISK), undo=False, what="'a script'")
        stored = tx.sql("SELECT value FROM sheet_value WHERE character_key = ?"
                        " AND section = 'pools' AND name = 'luck'", ("mira",)).fetchone()
        assert json.loads(stored[0]) == 1  # the same transaction sees it (kept apart, schema 8)
    assert the_rest(store) == (1, 8, 5, {"lantern": "d6"}, [])


def test_a_failed_entry_takes_the_sheets_written_before_it_back(store: CampaignStore) -> None:
    with pytest.raises(Exception, match="boom"), store.transaction() as tx:
        tx.apply(rest(MIRA_LUCK, BO_HP), {})
        raise RuntimeError("boom")  # after the change, before the commit
    assert the_rest(store) == (2, 8, 5, None, [])
