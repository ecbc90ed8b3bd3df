"""The log's 40-column lines, ages and `--since` times, with a fixed clock."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from cli.render.log import age, iso_utc, log_json, log_line, since_time
from cli.store.records import from_section3
from rules.campaign import LogEntry
from rules.errors import UsageError
from rules.resolution import Change

NOW = datetime(2026, 11, 30, 18, 20, 0, tzinfo=UTC)


def entry(**kw: object) -> LogEntry:
    result = {"input": "check dex favor", "kind": "check", "total": 11, "outcome": "fail",
              "text": "check dex favor → 7+4 = 11 vs 15 · fail"}
    base: dict[str, object] = {
        "id": 12, "input": "check dex favor", "character": "Mira", "system": "vagabond",
        "result": result, "changes": (), "time": "2026-11-30T18:18:00.000+00:00",
    }  # fmt: skip
    fields = base | kw
    fields["record"] = from_section3(fields.pop("result"), ())  # type: ignore[arg-type]
    return LogEntry(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("seconds", "shown"), [(0, "now"), (45, "45s"), (120, "2m"),
                                                (3 * 3600 + 59, "3h"), (5 * 86400, "5d")])
def test_age_in_its_largest_unit(seconds: int, shown: str) -> None:
    then = datetime.fromtimestamp(NOW.timestamp() - seconds, UTC).isoformat()
    assert age(then, NOW) == shown


def test_an_entry_names_who_and_what_and_wraps_never_cut() -> None:
    assert log_line(entry(), NOW, 40) == "#12 2m Mira check dex favor → 11 fail"
    spent = entry(changes=(Change("Mira", "luck", 2, 1, "spend"),
                           Change("Bram", "hp", 8, 5, "hit")))
    assert log_line(spent, NOW, 40) == (
        "#12 2m Mira check dex favor → 11 fail\n  · Luck 2→1 · Bram HP 8→5")
    assert log_line(spent, NOW, 80) == (
        "#12 2m Mira check dex favor → 11 fail · Luck 2→1 · Bram HP 8→5")
    assert log_line(spent, NOW, 20) == (
        "#12 2m Mira check\n  dex favor → 11\n  fail · Luck 2→1\n  · Bram HP 8→5")
    gone = entry(undone=True, character=None, result={"input": "risk food", "total": 3})
    assert log_line(gone, NOW) == "#12 2m — (undone) risk food → 3"


@pytest.mark.parametrize("width", [40, 80, 100])
def test_a_long_entry_keeps_every_change_within_the_width(width: int) -> None:
    from cli.render.layout import width_of

    changes = tuple(Change("Mira", pool, 9, n, "cast") for n, pool in
                    enumerate(["mana", "hp", "luck", "fatigue", "xp", "level"] * 3))
    long = entry(result={"input": "cast damage +2 sphere enlarge=1 " * 3, "total": 17,
                         "outcome": "pass"}, changes=changes)
    lines = log_line(long, NOW, width).split("\n")
    assert all(width_of(line) <= width for line in lines)
    assert all(line.startswith("  ") for line in lines[1:])
    text = " ".join(lines)
    assert text.count("Mana 9→") == 3 and "Level 9→17" in text


def test_since_takes_a_span_or_an_iso_time() -> None:
    assert since_time("30m", NOW) == "2026-11-30T17:50:00.000+00:00"
    assert since_time("1d", NOW) == "2026-11-29T18:20:00.000+00:00"
    assert since_time("2026-11-30T18:00", NOW) == "2026-11-30T18:00:00.000+00:00"
    assert since_time("2026-11-30T19:00+01:00", NOW) == "2026-11-30T18:00:00.000+00:00"
    with pytest.raises(UsageError, match="30m, 2h, 1d"):
        since_time("last week", NOW)


def test_json_has_id_and_utc_time_first() -> None:
    obj = log_json(entry())
    assert list(obj)[:2] == ["id", "time"]
    assert (obj["id"], obj["time"], obj["undone"]) == (12, "2026-11-30T18:18:00.000Z", False)
    assert iso_utc("2026-11-30T19:18:00.5+01:00") == "2026-11-30T18:18:00.500Z"


def test_the_repl_remembers_who_acted_per_campaign(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from cli.repl.memory import memory_path, remember_as, remembered_as

    monkeypatch.setenv("ROLL_HISTORY", str(tmp_path / "state" / "history"))
    one, two = tmp_path / "one.sqlite3", tmp_path / "two.sqlite3"
    assert remembered_as(one) is None
    remember_as(one, "Mira")
    remember_as(two, "Bram")
    assert (remembered_as(one), remembered_as(two)) == ("Mira", "Bram")
    remember_as(one, None)
    assert (remembered_as(one), remembered_as(two)) == (None, "Bram")
    memory_path().write_text("not json")
    assert remembered_as(two) is None  # a damaged file is forgotten, never an error
