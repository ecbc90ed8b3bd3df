"""Store and sheet properties: undo restores, the log replays, exported sheets load back."""

from __future__ import annotations

import copy
import tempfile
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.store.sheet_files import dump_sheet, load_sheet
from cli.store.sheet_state import full_state
from cli.store.sqlite import Campaign
from rules.campaign import Character, apply_change, current_value
from rules.errors import RuleError, SheetError, UsageError
from rules.ignorable import default_ignorable
from rules.resolution import Change, Resolution

NAMES = {"pool": ["luck", "hp", "mana"], "stat": ["might", "luck"], "max": ["mana", "hp"]}
NAMES |= {"risk": ["torches", "food"], "flag": ["downed", "hidden"], "field": ["level", "tier"]}
RISK = st.sampled_from(["Δ4", "Δ6", "Δ8", "Δ10", "Δ12"])
INT = st.integers(0, 20)
VALUES = {"pool": INT, "stat": INT, "max": INT, "risk": RISK, "flag": st.booleans()}
VALUES["field"] = INT | st.text(max_size=5)

Key = str | None  # a character's name, None for the party
Step = tuple[Key, str, str, Any]  # who, kind, name, after


@st.composite
def sheets(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """A character sheet with every section present (the store keeps sections once made)."""
    return {
        "name": name,
        "system": "vagabond",
        "level": draw(st.integers(1, 10)),
        "stats": draw(st.dictionaries(st.sampled_from(NAMES["stat"]), INT)),
        "max": draw(st.dictionaries(st.sampled_from(NAMES["max"]), INT)),
        "pools": draw(st.dictionaries(st.sampled_from(NAMES["pool"]), INT)),
        "risk": draw(st.dictionaries(st.sampled_from(NAMES["risk"]), RISK)),
        "flags": sorted(draw(st.sets(st.sampled_from(NAMES["flag"])))),
    }


@st.composite
def steps(draw: st.DrawFn) -> Step:
    """One change to make: whose, what kind, which name, the value after (None unsets)."""
    who = draw(st.sampled_from(["Mira", "mira", "Bo", None]))
    kind = draw(st.sampled_from(sorted(NAMES)))
    after = draw(VALUES[kind] if kind == "flag" else st.none() | VALUES[kind])
    return who, kind, draw(st.sampled_from(NAMES[kind])), after


def norm(sheet: dict[str, Any]) -> dict[str, Any]:
    """A sheet without empty sections (an empty section and none read the same)."""
    return {k: v for k, v in sheet.items() if v not in ({}, [])}


def state(tx: Any) -> dict[Key, dict[str, Any]]:
    found: dict[Key, dict[str, Any]] = {c.name: dict(c.sheet) for c in tx.characters()}
    return found | {None: norm(tx.party())}


def replay(start: dict[Key, dict[str, Any]], tx: Any) -> dict[Key, dict[str, Any]]:
    """The start state with every logged change applied in log order (undo rows included)."""
    out = copy.deepcopy(start)
    for entry in tx.log(10_000):
        for change in entry.changes:
            key = None if change.character is None else change.character.capitalize()
            out[key] = apply_change(out[key], change)
    out[None] = norm(out[None])
    return out


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mira=sheets("Mira"),
    bo=sheets("Bo"),
    groups=st.lists(st.lists(steps(), max_size=4), min_size=1, max_size=12),
)
def test_undo_in_reverse_restores_the_start_and_the_log_replays(
    mira: dict[str, Any], bo: dict[str, Any], groups: list[list[Step]]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        campaign = Campaign(Path(tmp) / "c.sqlite3")
        with campaign.transaction() as tx:
            tx.put_character(mira)
            tx.put_character(bo)
            start = state(tx)
        model = copy.deepcopy(start)
        for group in groups:
            changes = []
            for who, kind, name, after in group:
                key = None if who is None else who.capitalize()
                before = current_value(model[key], kind, name)
                changes.append(Change(who, name, before, after, "prop", kind))
                model[key] = apply_change(model[key], changes[-1])
            res = Resolution("prop", "vagabond", "pool", "prop", changes=tuple(changes))
            with campaign.transaction() as tx:
                tx.apply(res, {"input": "prop"})
        model[None] = norm(model[None])
        with campaign.transaction() as tx:
            assert state(tx) == model
            assert replay(start, tx) == model
        for _ in [g for g in groups if g]:
            with campaign.transaction() as tx:
                tx.undo()
        with campaign.transaction() as tx:
            assert state(tx) == start
            assert replay(start, tx) == start
            try:
                tx.undo()
            except RuleError as error:
                assert "nothing to undo" in str(error)
            else:
                raise AssertionError("undo past the start")
        campaign.close()


NAME_CHARACTERS = st.characters(blacklist_categories=("Cc", "Cs", "Cf"),
                                blacklist_characters="\u2028\u2029\u202a\u202b\u202c\u202d"
                                                     "\u202e\u2066\u2067\u2068\u2069"
                                ).filter(lambda c: not default_ignorable(c))
"""What a name may hold: no control or invisible character (a Default_Ignorable_Code_Point,
rules/ignorable.py), line separator or bidi override."""
WORDS = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True)


@st.composite
def generic_sheets(draw: st.DrawFn) -> dict[str, Any]:
    """A valid generic sheet: free stats, maxima with current pools within them, flags, notes."""
    maxima = draw(st.dictionaries(WORDS, st.integers(0, 50), max_size=4))
    pools = {k: draw(st.integers(0, v)) for k, v in maxima.items() if draw(st.booleans())}
    name = draw(st.text(NAME_CHARACTERS, min_size=1, max_size=200)
                .map(lambda n: unicodedata.normalize("NFC", n.strip())).filter(bool))
    sheet: dict[str, Any] = {"name": name, "system": "generic"}
    sheet |= {"stats": draw(st.dictionaries(WORDS, st.integers(-99, 99), max_size=4))}
    sheet |= {"max": maxima, "pools": pools, "flags": draw(st.lists(st.text(), max_size=3))}
    return sheet | draw(st.fixed_dictionaries({}, optional={"notes": st.text()}))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(sheet=generic_sheets())
def test_any_exported_sheet_loads_back_the_same(sheet: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sheet.toml"
        path.write_text(dump_sheet(Character(sheet["name"], "generic", sheet)), encoding="utf-8")
        assert shown_state(load_sheet(path)) == shown_state(sheet)


# ---- TOML sheets: examples for every system, and errors ----

SHEETS = {
    "vagabond": 'name = "Mira"\nsystem = "vagabond"\nlevel = 2\nflags = ["hidden"]\n'
    '[stats]\nmight = 4\ndex = 5\nluck = 4\n[skills]\ntrained = ["finesse"]\n'
    "[max]\nmana = 6\n[pools]\nluck = 2\n",
    "macchiato": 'name = "Bo"\nsystem = "macchiato"\n[stats]\nstr = 12\n[risk]\ntorches = "Δ6"\n',
    "champions": 'name = "Ash"\nsystem = "champions"\nguard = 12\narmor = 1\nkind = "cohort"\n'
    "[stats]\nmight = 3\n",
    "tiers": 'name = "Kell"\nsystem = "tiers"\ntier = 2\n[stats]\nbody = 12\n'
    '[dice]\nbody = "-d4"\n[max]\nstamina = 4\n',
    "brighter": 'name = "Wren"\nsystem = "brighter"\narmor = 1\n[stats]\nstr = "d8"\n',
    "generic": 'name = "Pat"\nsystem = "generic"\n[max]\nhp = 10\n[pools]\nhp = 7\n',
}


@pytest.mark.parametrize("system", sorted(SHEETS))
def test_sheets_round_trip_through_export(system: str, tmp_path: Path) -> None:
    path = tmp_path / "in.toml"
    path.write_text(SHEETS[system], encoding="utf-8")
    sheet = load_sheet(path)
    assert sheet["system"] == system
    camp = Campaign(tmp_path / "c.sqlite3")
    with camp.transaction() as tx:
        stored = tx.put_character(sheet)
    again = tmp_path / "out.toml"
    again.write_text(dump_sheet(stored), encoding="utf-8")
    # issue 11: the same state, every pool's current value written out (at its maximum too)
    assert shown_state(load_sheet(again)) == shown_state(sheet)
    exported = tomllib.loads(again.read_text(encoding="utf-8"))
    current = {k: v["current"] for k, v in shown_state(sheet)["pools"].items()}
    assert exported.get("pools", {}) == {k: v for k, v in current.items() if v is not None}


def shown_state(sheet: dict[str, Any]) -> dict[str, Any]:
    """What `sheet show --json` says of a sheet, less the raw sheet itself."""
    full = full_state(Character(sheet["name"], sheet["system"], sheet))
    del full["sheet"]
    return full


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ('name = "Mira"\nsystem = \n', SheetError, r"line 2, column 10"),
        ('system = "vagabond"\n', SheetError, "'name' is missing"),
        ('name = "Mira"\n', SheetError, "'system' is missing"),
        ('name = "Mira"\nsystem = "chess"\n', SheetError, "'system': unknown system"),
        ('name = "Mira"\nsystem = 3\n', SheetError, "'system' must be"),
        ('name = "Mira"\nsystem = "vagabond"\n[stats]\nmight = 9\n', SheetError, "stats.might"),
    ],
)
def test_bad_sheets_name_the_problem(tmp_path: Path, text: str, error: type[Exception], match: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(error, match=match) as caught:
        load_sheet(path)
    assert str(path) in str(caught.value)


def test_unreadable_sheet_files_are_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no sheet file"):
        load_sheet(tmp_path / "missing.toml")
    with pytest.raises(UsageError, match="directory"):
        load_sheet(tmp_path)
    (tmp_path / "latin1.toml").write_bytes(b'name = "Ren\xe9"\n')
    with pytest.raises(SheetError, match="not UTF-8"):
        load_sheet(tmp_path / "latin1.toml")
