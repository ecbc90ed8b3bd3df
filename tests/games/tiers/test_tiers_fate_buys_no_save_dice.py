"""Seed 003, Saves: "Fate buys no dice for a save, but 1 Fate point rerolls its d20": a save's or
disruption check's `fate K` is refused with why, and the Fate save itself is untouched."""

from __future__ import annotations

import pytest

from rules.errors import UsageError
from tests.support.cli import invoke
from tests.support.tiers import run, text


@pytest.mark.parametrize("line", ["save body dc 10 fate 1", "disrupt mind dc 14 fate 2",
                                  "save body fate 1 dc 10"])
def test_fate_dice_on_a_d20_roll_are_refused(line: str) -> None:
    with pytest.raises(UsageError) as err:
        run(line)
    word = line.split()[0]
    assert err.value.message == (f"{word}: Fate buys no dice for a d20 roll (only on a check); 1"
                                 " Fate rerolls its d20 afterwards: fate reroll")


def test_the_fate_save_and_an_inline_fate_die_still_read() -> None:
    assert text(run("save fate dc 10", [5, 3])) == "save fate dc 10 → 5+3+2 = 10 vs 10 · pass"
    assert text(run("save body dc 10 fate=d8", [5, 3, 2])) == (
        "save body dc 10 fate=d8 → 5+3+2+2 = 12 vs 10 · pass")


def test_through_the_cli_it_exits_2() -> None:
    assert invoke("-s", "tiers", "save", "body", "dc", "10", "fate", "1", "body=d6", "fate=d8",
                  "tier=2") == (2, "", "roll: error: save: Fate buys no dice for a d20 roll (only"
                                       " on a check); 1 Fate rerolls its d20 afterwards: fate"
                                       " reroll\n")
