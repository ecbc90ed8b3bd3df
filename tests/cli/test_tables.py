"""Rollable tables: building from TOML data and CSV, bad tables, d66, weights, nesting, inline
rolls with scripted faces, and exact odds."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.errors import LimitError, ScriptError, UsageError
from rules.tables import (
    MAX_NESTING,
    TABLES_HELP,
    RollTable,
    Row,
    TableError,
    TableRoll,
    parse_range,
    reading_odds,
    roll_table,
    table_from_csv,
    table_from_data,
    table_odds,
)
from tests.support.tables import ENCOUNTERS

WEATHER = tomllib.loads('''
name = "weather"
[[rows]]
weight = 3
text = "rain"
[[rows]]
text = "sun"
[[rows]]
weight = 2
text = "a storm of [[d6]] days"
''')

REACTION = tomllib.loads('''
name = "reaction"
roll = "2d6"
[[rows]]
range = "2"
text = "hostile"
[[rows]]
range = "3-5"
text = "unfriendly"
[[rows]]
range = "6-8"
text = "unsure"
[[rows]]
range = "9+"
text = "friendly"
''')


def tables() -> dict[str, RollTable]:
    return {t.name: t for t in map(table_from_data, (ENCOUNTERS, WEATHER, REACTION))}


def roll(name: str, faces: list[int]) -> TableRoll:
    source = ScriptedSource(faces)
    known = tables()
    result = roll_table(known[name], source, known.get)
    assert source.left == 0, "every scripted face is used"
    return result


# ---- building ----


def test_a_toml_table_reads_its_rows() -> None:
    table = tables()["encounters"]
    assert (table.name, table.title, table.roll, table.kind, table.die) == (
        "encounters", "On the moor", "d66", "d66", "d66"
    )
    assert table.rows[0] == Row(1, "[[2d6]] goblins", 11, 26)
    assert table.rows[3] == Row(4, "the Witch", 66, 66)
    assert table.rows[2].label == "row 3 (range '41-65')"
    assert table.references() == frozenset({"weather"})
    assert tables()["reaction"].rows[3] == Row(4, "friendly", 9, 12)


def test_a_description_is_a_title_and_a_range_may_be_a_pair() -> None:
    table = table_from_data(
        {"name": "Pair", "description": "d6 pairs", "roll": "d6",
         "rows": [{"range": [1, 3], "text": "low"}, {"range": [4, 6], "text": "high"}]}
    )
    assert (table.name, table.title, table.rows[1]) == ("pair", "d6 pairs", Row(2, "high", 4, 6))


def test_a_weighted_table_defaults_to_weight_one() -> None:
    table = tables()["weather"]
    assert (table.kind, table.die, table.weight_total) == ("weight", "d6", 6)
    assert [r.weight for r in table.rows] == [3, 1, 2]
    assert table.rows[1].label == "row 2 (weight 1)"


@pytest.mark.parametrize("data", [ENCOUNTERS, WEATHER, REACTION])
def test_to_data_builds_the_same_table(data: dict[str, Any]) -> None:
    table = table_from_data(data)
    assert table_from_data(table.to_data()) == table


@pytest.mark.parametrize(
    ("text", "top", "span"),
    [("4", 6, (4, 4)), ("1-3", 6, (1, 3)), ("1 – 3", 6, (1, 3)), ("10+", 12, (10, 12)),
     ("96-00", 100, (96, 100)), ("00", 100, (100, 100)), ("-1", 1, (-1, -1)), ("-1-1", 1, (-1, 1))],
)
def test_ranges(text: str, top: int, span: tuple[int, int]) -> None:
    assert parse_range(text, top) == span


def test_any_die_the_engine_rolls() -> None:
    def rows(*spans: str) -> list[dict[str, str]]:
        return [{"range": s, "text": f"row {s}"} for s in spans]

    assert table_from_data({"name": "p", "roll": "d%", "rows": rows("01-50", "51-00")}).totals == tuple(
        range(1, 101)
    )
    assert table_from_data({"name": "h", "roll": "d100", "rows": rows("1-99", "100")}).die == "d100"
    assert table_from_data({"name": "f", "roll": "4dF", "rows": rows("-4--1", "0", "1-4")}).totals == (
        -4, -3, -2, -1, 0, 1, 2, 3, 4
    )
    assert table_from_data({"name": "k", "roll": "2d6kh1", "rows": rows("1-3", "4-6")}).kind == "range"
    even = table_from_data({"name": "e", "roll": "d3*2", "rows": rows("2-3", "4-6")})
    assert even.totals == (2, 4, 6)


def test_csv_tables() -> None:
    ranged = table_from_csv('range,text\n1-4,"Rain, cold"\n5-6,Sun\n', "weather")
    assert (ranged.die, ranged.rows) == ("d6", (Row(1, "Rain, cold", 1, 4), Row(2, "Sun", 5, 6)))
    d66 = table_from_csv("\ufeffRange,Text\n11-36,low\n\n41-66,high\n", "cells")
    assert (d66.kind, len(d66.rows)) == ("d66", 2)
    given = table_from_csv("# roll = 2d6\nrange,text\n2-6,low\n7,seven\n8+,high\n", "r")
    assert (given.die, given.rows[2]) == ("2d6", Row(3, "high", 8, 12))
    weighted = table_from_csv("weight,text\n2,a\n1,b\n", "w")
    assert (weighted.die, [r.weight for r in weighted.rows]) == ("d3", [2, 1])
    assert table_from_csv("range,text\n1-3,a\n4-6,b\n", "x", roll="1d6").die == "1d6"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a,b\n1,x\n", "a CSV table's header is range,text or weight,text"),
        ("range,text\n1-3,a,b\n",
         "row 1: a CSV row has 2 cells (range,text), not 3 (quote a text with commas)"),
        ("range,text\n2-6,a\n7-12,b\n",
         "this CSV table's ranges do not start at 1: give its die (# roll = 2d6)"),
        ("range,text\n1-3,a\n4+,b\n",
         "row 2 (range '4+'): a range is \"1-3\" or \"4\" (for \"10+\", give the die: # roll = 2d6)"),
        ("weight,text\nx,a\n", "row 1: a weight is a whole number from 1 up, not 'x'"),
        ("weight,text\n0,a\n", "row 1 (weight 0): a weight is a whole number from 1 up"),
    ],
)
def test_bad_csv(text: str, message: str) -> None:
    with pytest.raises(TableError) as caught:
        table_from_csv(text, "bad")
    assert caught.value.message == message
    assert caught.value.exit_status == 2


def ranged(roll: str, *spans: str, texts: tuple[str, ...] = ()) -> dict[str, Any]:
    """A table named 'bad' that rolls `roll`, one row per range."""
    rows = [{"range": s, "text": (texts[i] if i < len(texts) else f"t{i}")} for i, s in enumerate(spans)]
    return {"name": "bad", "roll": roll, "rows": rows}


def d6_rows(*spans: str, texts: tuple[str, ...] = ()) -> dict[str, Any]:
    return ranged("d6", *spans, texts=texts)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (d6_rows("1-3", "3-6"), "row 2 (range '3-6') overlaps row 1 (range '1-3') at 3"),
        (d6_rows("4-6", "1-4"), "row 1 (range '4-6') overlaps row 2 (range '1-4') at 4"),
        (d6_rows("1-2", "4-6"), "table 'bad': no row covers 3, a gap between row 1 (range '1-2')"
         " and row 2 (range '4-6')"),
        (d6_rows("2-6"), "table 'bad': no row covers 1, a gap before row 1 (range '2-6')"),
        (d6_rows("1-5"), "table 'bad': no row covers 6, a gap after row 1 (range '1-5')"),
        (d6_rows("1-2", "3-7"), "row 2 (range '3-7'): 7 is outside the totals of d6 (1–6)"),
        (d6_rows("0-2", "3-6"), "row 1 (range '0-2'): 0 is outside the totals of d6 (1–6)"),
        (d6_rows("3-1", "4-6"), "row 1 (range '3-1'): the range runs backwards"),
        (d6_rows("1-3", "4-6", texts=("a", "  ")), "row 2 (range '4-6'): the text is empty"),
        (d6_rows("1-3", "4-6", texts=("[[2d]] orcs",)),
         "row 1 (range '1-3'): [[2d]] is not dice: expected a term, an operator or the end of the line,"
         " found '2d'"),
        (d6_rows("1-3", "4-6", texts=("[[weather]]",)),
         "row 1 (range '1-3'): [[weather]] is not dice (a table is [[table:weather]]): expected a dice"
         " expression"),
        (d6_rows("1-3", "4-6", texts=("[[table:]]",)),
         "row 1 (range '1-3'): [[table:]] should name a table: [[table:NAME]]"),
        (d6_rows("1-3", "x"), "row 2 (range 'x'): a range is \"1-3\", \"4\" or \"10+\""),
        (ranged("d66", "11-17"),
         "row 1 (range '11-17'): 17 is not a d66 value (two digits, each 1–6)"),
        (ranged("d66", "10-66"),
         "row 1 (range '10-66'): 10 is not a d66 value (two digits, each 1–6)"),
        (ranged("d66", "11-56", "61-67"),
         "row 2 (range '61-67'): 67 is not a d66 value (two digits, each 1–6)"),
        (ranged("d66", "11-56", "62-66"),
         "table 'bad': no row covers 61, a gap between row 1 (range '11-56') and row 2 (range '62-66')"),
        (ranged("d66", "11-36", "36-66"),
         "row 2 (range '36-66') overlaps row 1 (range '11-36') at 36"),
        (ranged("d3*2", "2", "3", "4-6"),
         "row 2 (range '3'): d3*2 never gives these totals"),
        (ranged("d6!", "1-6"),
         "a table's roll must have a fixed set of totals, not 'd6!'"),
        ({"name": "bad", "roll": "2d", "rows": [{"range": "1-6", "text": "a"}]},
         "a table's roll must be dice such as 2d6, d%, d66: '2d': expected a term, an operator or the end of"
         " the line, found '2d'"),
        ({"name": "bad", "rows": [{"range": "1-6", "text": "a"}]},
         "table 'bad' has ranges but no roll: give it one (roll = \"d6\")"),
        ({"name": "bad", "roll": "d6", "rows": [{"weight": 2, "text": "a"}]},
         "table 'bad': a weighted table takes no roll (it rolls d<total weight>); give every row a range or"
         " every row a weight"),
        ({"name": "bad", "rows": [{"weight": 2, "text": "a"}, {"range": "3", "text": "b"}]},
         "row 2 (range '3'): give every row a range or every row a weight, not both"),
        ({"name": "bad", "roll": "d6", "rows": [{"range": "1-3", "text": "a"}, {"text": "b"}]},
         "row 2: give it a range (the table rolls d6)"),
        ({"name": "bad", "rows": []}, "a table needs rows: [[rows]] range = \"1-3\" text = \"…\""),
        ({"rows": [{"text": "a"}]}, "a table needs a name: name = \"encounters\""),
        ({"name": "two words", "rows": [{"text": "a"}]},
         "a table's name is one lower-case word (letters a-z, digits, - and _), not 'two words'"),
        ({"name": "bad", "dice": "d6", "rows": [{"text": "a"}]},
         "table key 'dice' is not known (keys: description, name, roll, rows, title)"),
        ({"name": "bad", "rows": [{"text": "a", "odds": 3}]},
         "row 1: key 'odds' is not known (keys: range, weight, text)"),
        ({"name": "bad", "rows": [{"weight": True, "text": "a"}]},
         "row 1: a weight is a whole number from 1 up, not True"),
        ({"name": "bad", "rows": ["a"]}, "row 1: a row is a table: range = \"1-3\" text = \"…\""),
    ],
)
def test_bad_tables_name_the_row(data: dict[str, Any], message: str) -> None:
    with pytest.raises(TableError) as caught:
        table_from_data(data)
    assert caught.value.message == message
    assert caught.value.exit_status == 2


def test_big_tables_build_and_price() -> None:
    rows = [{"range": f"{20 * i + 1}-{20 * i + 20}", "text": f"r{i}"} for i in range(500)]
    table = table_from_data({"name": "big", "roll": "d10000", "rows": rows})
    assert table.row_for(9_999).number == 500
    odds = table_odds(table)
    assert set(odds.values()) == {Fraction(1, 500)}
    weighted = table_from_data({"name": "w", "rows": [{"weight": 999_999, "text": "a"}, {"text": "b"}]})
    assert (weighted.die, weighted.row_for(1_000_000).text) == ("d1000000", "b")
    with pytest.raises(TableError) as caught:
        table_from_data({"name": "w", "rows": [{"weight": 10**9, "text": "a"}, {"text": "b"}]})
    assert caught.value.message == (
        "table 'w': the weights add up to 1,000,000,001; at most 1,000,000 (the sides of the largest die)"
    )


def test_a_table_checks_itself_however_it_is_built() -> None:
    with pytest.raises(TableError, match="no row covers 4"):
        RollTable("gap", "d6", (Row(1, "a", 1, 3), Row(2, "b", 5, 6)))


# ---- rolling ----


@pytest.mark.parametrize(
    ("faces", "total", "row", "text"),
    [
        ([1, 1, 3, 4], 11, 1, "7 goblins"),
        ([2, 6, 6, 6], 26, 1, "12 goblins"),
        ([3, 1, 3], 31, 2, "a lone knight with 4 hounds"),
        ([6, 6], 66, 4, "the Witch"),
    ],
)
def test_d66_reads_tens_then_units(faces: list[int], total: int, row: int, text: str) -> None:
    result = roll("encounters", faces)
    assert (result.roll, result.total, result.row.number, result.text) == ("d66", total, row, text)
    assert [t.face for t in result.throws] == faces
    assert result.describe() == f"encounters · d66 {total} → {text}"


@pytest.mark.parametrize(
    ("face", "text"),
    [(1, "rain"), (3, "rain"), (4, "sun"), (5, "a storm of 2 days"), (6, "a storm of 2 days")],
)
def test_a_weighted_pick_reads_a_die_of_the_total_weight(face: int, text: str) -> None:
    result = roll("weather", [face, 2] if face >= 5 else [face])
    assert (result.roll, result.total, result.text) == ("d6", face, text)


def test_ranges_on_dice_read_the_total() -> None:
    assert roll("reaction", [1, 1]).text == "hostile"
    assert roll("reaction", [3, 5]).text == "unsure"
    assert roll("reaction", [6, 3]).text == "friendly"
    assert roll("reaction", [6, 6]).row.number == 4


def test_a_nested_table_is_rolled_in_turn() -> None:
    result = roll("encounters", [4, 1, 6, 3])
    assert result.text == "fog, and a storm of 3 days"
    assert result.total == 41
    (weather,) = result.nested
    assert (weather.table, weather.total, weather.text) == ("weather", 6, "a storm of 3 days")
    assert [(t.die, t.face) for t in result.throws] == [("d6", 4), ("d6", 1), ("d6", 6), ("d6", 3)]
    assert result.to_json() == {
        "table": "encounters", "roll": "d66", "total": 41, "row": 3, "range": "41-65", "weight": None,
        "text": "fog, and a storm of 3 days", "inline": [],
        "nested": [{
            "table": "weather", "roll": "d6", "total": 6, "row": 3, "range": None, "weight": 2,
            "text": "a storm of 3 days", "inline": [{"notation": "1d6", "total": 3}], "nested": [],
        }],
    }


def test_inline_rolls_share_the_roller() -> None:
    roller = Roller(ScriptedSource([1, 2, 5, 6]))
    result = roll_table(tables()["encounters"], roller)
    assert result.text == "11 goblins"
    assert [r.total for r in result.inline] == [11]
    assert len(roller.throws) == 4


def test_a_missing_table_or_face_is_an_error() -> None:
    with pytest.raises(UsageError) as caught:
        roll_table(tables()["encounters"], ScriptedSource([5, 5]))
    assert caught.value.message == (
        "row 3 (range '41-65') of table 'encounters' rolls on table 'weather', which is not known"
    )
    with pytest.raises(ScriptError, match="--rolled ran out: need a d6 for table encounters \\(d66 units\\)"):
        roll_table(tables()["encounters"], ScriptedSource([5]))
    with pytest.raises(ScriptError, match="does not fit a d6"):
        roll_table(tables()["weather"], ScriptedSource([7]))


def test_nesting_is_limited() -> None:
    deeper = {
        f"t{i}": table_from_data({"name": f"t{i}", "rows": [{"text": f"[[table:t{i + 1}]]"}]})
        for i in range(MAX_NESTING + 1)
    }
    deeper[f"t{MAX_NESTING}"] = table_from_data({"name": f"t{MAX_NESTING}", "rows": [{"text": "end"}]})
    with pytest.raises(LimitError) as caught:
        roll_table(deeper["t0"], ScriptedSource([1] * 9), deeper.get)
    assert caught.value.message == "tables nest at most 5 deep: t0 → t1 → t2 → t3 → t4 → t5"
    assert roll_table(deeper["t1"], ScriptedSource([1] * 5), deeper.get).text == "end"
    me = table_from_data({"name": "me", "rows": [{"text": "again [[table:me]]"}]})
    with pytest.raises(LimitError, match="me → me → me → me → me → me"):
        roll_table(me, ScriptedSource([1] * 9), {"me": me}.get)


# ---- odds ----


def test_exact_odds() -> None:
    known = tables()
    assert list(table_odds(known["encounters"]).values()) == [
        Fraction(12, 36), Fraction(6, 36), Fraction(17, 36), Fraction(1, 36)
    ]
    assert list(table_odds(known["weather"]).values()) == [Fraction(1, 2), Fraction(1, 6), Fraction(1, 3)]
    assert list(table_odds(known["reaction"]).values()) == [
        Fraction(1, 36), Fraction(9, 36), Fraction(16, 36), Fraction(10, 36)
    ]
    half = table_from_data({"name": "h", "roll": "d3/2", "rows": [{"range": "0", "text": "a"},
                                                                  {"range": "1", "text": "b"}]})
    assert list(table_odds(half).values()) == [Fraction(1, 3), Fraction(2, 3)]
    assert list(table_odds(half)) == list(half.rows)


def test_reading_odds_show_the_die_and_each_row() -> None:
    known = tables()
    reaction = reading_odds(known["reaction"])
    assert reaction.distribution[7] == Fraction(1, 6)
    assert dict(reaction.outcomes) == {
        "2": Fraction(1, 36), "3-5": Fraction(1, 4), "6-8": Fraction(4, 9), "9-12": Fraction(5, 18)
    }
    weather = reading_odds(known["weather"])
    assert dict(weather.distribution) == {face: Fraction(1, 6) for face in range(1, 7)}
    assert dict(weather.outcomes) == {
        "row 1": Fraction(1, 2), "row 2": Fraction(1, 6), "row 3": Fraction(1, 3)
    }
    cells = reading_odds(known["encounters"])
    assert (len(cells.distribution), cells.min, cells.max) == (36, 11, 66)
    assert cells.outcomes["66"] == Fraction(1, 36)


def test_odds_match_every_face_rolled() -> None:
    """Brute force: each of the 36 d66 cells and 36 2d6 throws lands where the odds say."""
    known = tables()
    for name in ("encounters", "reaction"):
        counts: dict[int, int] = {}
        for a in range(1, 7):
            for b in range(1, 7):
                table = known[name]
                row = roll_table(table, ScriptedSource([a, b, 1, 1, 1]), known.get).row
                counts[row.number] = counts.get(row.number, 0) + 1
        odds = table_odds(known[name])
        assert {r.number: p for r, p in odds.items()} == {n: Fraction(c, 36) for n, c in counts.items()}


@st.composite
def d_n_tables(draw: st.DrawFn) -> RollTable:
    """A dN table cut at random points, or a d66 table cut at random cells."""
    d66 = draw(st.booleans())
    cells = [10 * t + u for t in range(1, 7) for u in range(1, 7)] if d66 else list(
        range(1, draw(st.sampled_from([4, 6, 8, 10, 12, 20, 100])) + 1)
    )
    cuts = sorted(draw(st.sets(st.integers(1, len(cells) - 1), max_size=8)))
    bounds = [0, *cuts, len(cells)]
    rows = [{"range": f"{cells[a]}-{cells[b - 1]}", "text": f"row {i}"} for i, (a, b) in
            enumerate(zip(bounds, bounds[1:], strict=False))]
    return table_from_data({"name": "any", "roll": "d66" if d66 else f"d{len(cells)}", "rows": rows})


@given(table=d_n_tables(), face=st.integers(0, 10_000))
def test_any_valid_table_odds_sum_to_one_and_every_reading_lands(table: RollTable, face: int) -> None:
    odds = table_odds(table)
    assert sum(odds.values()) == 1
    assert all(p > 0 for p in odds.values())
    reading = table.totals[face % len(table.totals)]
    faces = [reading // 10, reading % 10] if table.kind == "d66" else [reading]
    landed = roll_table(table, ScriptedSource(faces)).row
    assert landed.covers(reading)
    cells = sum(1 for t in table.totals if landed.covers(t))
    assert odds[landed] == Fraction(cells, len(table.totals))


@given(weights=st.lists(st.integers(1, 9), min_size=1, max_size=8), face=st.integers(1, 72))
def test_weighted_odds_are_weight_over_total(weights: list[int], face: int) -> None:
    rows = [{"weight": w, "text": f"r{i}"} for i, w in enumerate(weights)]
    table = table_from_data({"name": "w", "rows": rows})
    odds = table_odds(table)
    assert [odds[r] for r in table.rows] == [Fraction(w, sum(weights)) for w in weights]
    face = (face - 1) % sum(weights) + 1
    landed = roll_table(table, ScriptedSource([face])).row
    assert sum(weights[: landed.number - 1]) < face <= sum(weights[: landed.number])


def test_help_names_every_command_and_limit() -> None:
    for words in ("roll table import FILE", "roll table list", "roll table rm NAME", "roll table NAME",
                  "roll odds table NAME", "[[table:weather]]", "d66", "roll alias add NAME LINE",
                  "[rolls]", "{name:default}", "at most 5 deep", "5 deep at most"):
        assert words in TABLES_HELP
    csv_example = TABLES_HELP.split("  range,text\n", 1)[1].split("\n\n", 1)[0]
    table = table_from_csv("range,text\n" + "\n".join(x.strip() for x in csv_example.splitlines()), "w")
    assert [r.text for r in table.rows] == ["Rain, cold", "Sun"]
