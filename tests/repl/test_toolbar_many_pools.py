"""Issue 41: with 1,000 pools the toolbar lays out only what two rows can show, and reads as
the whole layout read (the strings below are what it gave before it counted the rest)."""

from __future__ import annotations

import pytest

from cli.repl.toolbar import toolbar_text
from cli.repl.view import TableView
from rules.campaign import Character
from rules.systems import get_system

NAMES = [f"p{i:04d}" for i in range(1000)]
FULL = {"name": "Mira", "max": {n: 10 for n in NAMES},
        "pools": {n: i % 10 for i, n in enumerate(NAMES)}}
MIXED = {"name": "Mira", "max": {n: 9 for n in NAMES[500:]},  # 300 idle, 200 without a maximum
         "pools": {**{n: 0 for n in NAMES[:300]}, **{n: 4 for n in NAMES[300:]}, "odd": "x"},
         "risk": {"doom": "d8"}, "flags": ["hidden"]}


def view(system: str, sheet: dict[str, object], problem: str | None = None) -> TableView:
    party = {"risk": {"supply": "d6"}} if problem else {}
    return TableView(get_system(system), Character("Mira", system, sheet), party=party,
                     problem=problem)


@pytest.mark.parametrize(("system", "sheet", "problem", "width", "physical", "expected"), [
    ("generic", FULL, None, 40, False,
     "Mira:  P0000 0/10  P0001 1/10\nP0002 2/10  P0003 3/10  P0004 4/10  +995"),
    ("generic", MIXED, "campaign unreachable since 18:00", 40, False,
     "Mira:  P0500 4/9  P0501 4/9  P0502 4/9\n+701  ! campaign unreachable since 18:00"),
    ("generic", MIXED, "campaign unreachable since 18:00", 20, True,
     "Mira:  +705\n! campaign unreacha…"),
    ("vagabond", MIXED, None, 80, False,
     # a pool the character does not have (no value: HP of no Might) is not shown
     "Mira:  Fatigue 0/5  P0500 4/9  P0501 4/9  P0502 4/9  P0503 4/9  P0504 4/9\n"
     "P0505 4/9  P0506 4/9  P0507 4/9  P0508 4/9  P0509 4/9  P0510 4/9  +692"),
    ("tiers", MIXED, None, 40, False,
     "Mira:  Fate 3/3  P0500 4/9  P0501 4/9\nP0502 4/9  P0503 4/9  P0504 4/9  +697"),
    ("brighter", FULL, None, 12, False, "Mira:  +1000"),  # no Grit: no DEX, no WIL
])
def test_a_thousand_pools_read_as_the_whole_layout(
    system: str, sheet: dict[str, object], problem: str | None, width: int, physical: bool,
    expected: str,
) -> None:
    assert toolbar_text(view(system, sheet, problem), width, physical) == expected
