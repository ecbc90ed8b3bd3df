"""A campaign another process is making can be read half made (its header before that
process's checkpoint, its tables after): a file that looks like another program's is read once
more before it is refused, and one that still does is refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.store import ownership
from cli.store.ownership import APPLICATION_ID, ROLL_TABLES, check_owned
from rules.errors import UsageError

HALF_MADE = (0, 0, ROLL_TABLES)
"""Read across a checkpoint: no mark and no schema version in the header, roll's tables."""


def reads(monkeypatch: pytest.MonkeyPatch, *found: tuple[int, int, frozenset[str]]) -> None:
    """`_inside` answers `found` in turn (a read past them fails the test)."""
    answers: Iterator[tuple[int, int, frozenset[str]]] = iter(found)

    def inside(path: Path) -> tuple[int, int, frozenset[str]]:
        return next(answers)

    monkeypatch.setattr(ownership, "_inside", inside)
    monkeypatch.setattr(ownership, "SETTLING_S", 0.0)


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "campaign.sqlite3"
    path.write_bytes(b"SQLite format 3\x00")  # not empty: its insides are read
    return path


def test_a_campaign_read_half_made_is_read_again_and_taken(
        monkeypatch: pytest.MonkeyPatch, campaign_file: Path) -> None:
    reads(monkeypatch, HALF_MADE, (APPLICATION_ID, 11, frozenset()))
    assert check_owned(campaign_file, writes=True) is False  # roll's own: no new campaign


def test_a_new_file_read_half_made_is_read_again_and_made(
        monkeypatch: pytest.MonkeyPatch, campaign_file: Path) -> None:
    reads(monkeypatch, HALF_MADE, (0, 0, frozenset()))
    assert check_owned(campaign_file, writes=True) is True


def test_another_programs_database_is_refused_after_the_second_read(
        monkeypatch: pytest.MonkeyPatch, campaign_file: Path) -> None:
    reads(monkeypatch, (0, 0, frozenset({"moz_places"})), (0, 0, frozenset({"moz_places"})))
    with pytest.raises(UsageError, match="is an SQLite database of another program, not a roll"
                                         " campaign"):
        check_owned(campaign_file, writes=True)


def test_roll_s_own_file_is_taken_at_the_first_read(
        monkeypatch: pytest.MonkeyPatch, campaign_file: Path) -> None:
    reads(monkeypatch, (APPLICATION_ID, 11, frozenset()))
    assert check_owned(campaign_file, writes=False) is False
