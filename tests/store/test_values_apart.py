"""A change writes the section values it sets apart from the sheet (schema 8, `sheet_value`),
and the sheet whole once more than VALUES_APART are apart; a read puts them together. Whatever
the way it was stored, a character reads back as the changes applied to its sheet make it, on
both stores; an import, a removal and a store's kept sheets (another writer's text) agree."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.store import CampaignStore, campaign_where, open_campaign
from cli.store.values_apart import VALUES_APART
from rules.campaign import apply_change
from rules.resolution import Change, Resolution

SHEET: dict[str, Any] = {"name": "Mira", "system": "generic", "stats": {"dex": 2},
                         "max": {"luck": 5}, "pools": {"luck": 2, "hp": 8}, "flags": []}


@pytest.fixture
def store(store_where: str) -> Iterator[CampaignStore]:
    campaign = open_campaign(campaign_where(store_where))
    with campaign.transaction() as tx:
        tx.put_character(SHEET)
    yield campaign
    campaign.close()


def change_set(*changes: Change) -> Resolution:
    return Resolution("set", "generic", "pool", "set", "Mira", changes=changes)


def stored(store: CampaignStore) -> tuple[dict[str, Any], list[tuple[str, str, Any]]]:
    """Mira's `sheet` column as stored, and the values kept apart from it."""
    with store.transaction(readonly=True) as tx:
        sheet = tx.sql("SELECT sheet FROM characters WHERE name_key = 'mira'").fetchone()[0]
        apart = tx.sql("SELECT section, name, value FROM sheet_value ORDER BY section, name")
        return json.loads(sheet), [(s, n, json.loads(v)) for s, n, v in apart.fetchall()]


def mira(store: CampaignStore, fresh: bool = False) -> dict[str, Any]:
    """Mira's sheet as a transaction reads it (`fresh`: through a store of its own)."""
    if fresh:
        other = open_campaign(store.path)
        try:
            return mira(other)
        finally:
            other.close()
    with store.transaction(readonly=True) as tx:
        return dict(tx.character("Mira").sheet)


def test_a_pool_change_writes_the_value_not_the_sheet(store: CampaignStore) -> None:
    with store.transaction() as tx:
        tx.apply(change_set(Change("Mira", "luck", 2, 1, "spend"),
                            Change("Mira", "dex", 2, 3, "train", kind="stat")), {})
    sheet, apart = stored(store)
    assert sheet["pools"] == {"luck": 2, "hp": 8} and sheet["stats"] == {"dex": 2}
    assert apart == [("pools", "luck", 1), ("stats", "dex", 3)]
    expected = {**SHEET, "pools": {"luck": 1, "hp": 8}, "stats": {"dex": 3}}
    assert mira(store) == mira(store, fresh=True) == expected


def test_an_unset_value_apart_reads_as_gone_and_undo_brings_it_back(store: CampaignStore) -> None:
    with store.transaction() as tx:
        entry = tx.apply(change_set(Change("Mira", "hp", 8, None, "unset")), {})
    assert stored(store)[1] == [("pools", "hp", None)]
    assert mira(store, fresh=True)["pools"] == {"luck": 2}
    with store.transaction() as tx:
        assert tx.undo("Mira").id == entry.id
    assert mira(store, fresh=True)["pools"] == {"luck": 2, "hp": 8}


def test_a_flag_change_writes_the_sheet_whole_with_the_values_apart(
    store: CampaignStore,
) -> None:
    with store.transaction() as tx:
        tx.apply(change_set(Change("Mira", "luck", 2, 1, "spend")), {})
    with store.transaction() as tx:
        tx.apply(change_set(Change("Mira", "hurt", False, True, "set", kind="flag")), {})
    sheet, apart = stored(store)
    assert (sheet["pools"], sheet["flags"], apart) == ({"luck": 1, "hp": 8}, ["hurt"], [])
    assert mira(store, fresh=True) == {**SHEET, "pools": {"luck": 1, "hp": 8}, "flags": ["hurt"]}


def test_past_the_limit_the_sheet_is_written_whole_and_reads_the_same(
    store: CampaignStore,
) -> None:
    for i in range(VALUES_APART):  # as many apart as may be
        with store.transaction() as tx:
            tx.apply(change_set(Change("Mira", f"p{i:02d}", None, i, "set")), {})
    sheet, apart = stored(store)
    assert len(apart) == VALUES_APART and sheet["pools"] == SHEET["pools"]
    with store.transaction() as tx:  # one more: whole
        tx.apply(change_set(Change("Mira", "luck", 2, 0, "spend")), {})
    sheet, apart = stored(store)
    pools = {"luck": 0, "hp": 8, **{f"p{i:02d}": i for i in range(VALUES_APART)}}
    assert (sheet["pools"], apart) == (pools, [])
    assert mira(store)["pools"] == mira(store, fresh=True)["pools"] == pools


def test_an_import_again_and_a_removal_take_the_values_apart_with_them(
    store: CampaignStore,
) -> None:
    with store.transaction() as tx:
        tx.apply(change_set(Change("Mira", "luck", 2, 1, "spend")), {})
    with store.transaction() as tx:  # the file imported again: its numbers, not the changes
        tx.put_character(SHEET)
    assert stored(store)[1] == [] and mira(store, fresh=True) == SHEET
    with store.transaction() as tx:
        tx.apply(change_set(Change("Mira", "hp", 8, 7, "hurt")), {})
    with store.transaction() as tx:
        tx.remove_character("Mira")
    with store.transaction(readonly=True) as tx:
        assert tx.sql("SELECT count(*) FROM sheet_value").fetchone()[0] == 0
    with store.transaction() as tx:  # undo of the removal: the sheet as it was, hp 7
        tx.undo()
    assert mira(store, fresh=True)["pools"] == {"luck": 2, "hp": 7}


def test_a_sheet_another_writer_changed_is_read_anew(store: CampaignStore) -> None:
    """A store keeps the sheets it decoded: the stored text decides, whoever wrote it."""
    assert mira(store)["pools"]["luck"] == 2  # read (and kept) by this store
    other = open_campaign(store.path)
    try:
        with other.transaction() as tx:
            tx.put_character({**SHEET, "pools": {"luck": 4, "hp": 8}})
    finally:
        other.close()
    assert mira(store)["pools"]["luck"] == 4


POOLS = st.sampled_from(["luck", "hp", "p1", "p2"])
VALUES = st.one_of(st.none(), st.integers(-3, 40))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(POOLS, VALUES, st.booleans()), max_size=VALUES_APART + 8))
def test_any_run_of_changes_and_undos_reads_back_as_applied(
    store: CampaignStore, steps: list[tuple[str, int | None, bool]]
) -> None:
    """Changes (some undone at once) through the store read back as the pure fold of them
    makes the sheet, whichever way each was stored (one campaign for every example: each
    starts by importing the sheet again, which takes the values apart with it)."""
    with store.transaction() as tx:
        tx.put_character(SHEET)
    sheet: dict[str, Any] = dict(SHEET)
    for pool, value, undone in steps:
        change = Change("Mira", pool, sheet["pools"].get(pool), value, "set")
        with store.transaction() as tx:
            tx.apply(change_set(change), {})
        if undone:
            with store.transaction() as tx:
                tx.undo("Mira")
        else:
            sheet = apply_change(sheet, change)
        assert mira(store) == sheet
    assert mira(store, fresh=True) == sheet
