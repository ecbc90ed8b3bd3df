"""rules.testing: the kit a game's author runs holds the protocol's promises, and says which
one a game breaks."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rules.exact.result import Odds
from rules.notation import syntax
from rules.resolution import Resolution
from rules.systems import get_system
from rules.systems.protocol import CommandFn, Context, OddsFn, System
from rules.testing import check_system
from tests.support.gamefile import game


def test_the_docs_games_and_a_built_in_game_keep_every_promise() -> None:
    for stem in ("pbta", "blades", "yearzero", "morkborg"):
        assert check_system(game(stem)) == []
    assert check_system(get_system("brighter")) == []


class Coin(System):
    """A coin: `flip` is a d2, 2 passes (as the example package's game)."""

    id = "coin"
    title = "A coin"
    examples = ("flip",)
    priced = Fraction(1, 2)
    flips = 0

    def extra_commands(self) -> dict[str, CommandFn]:
        return {"flip": self.flip}

    def odds_commands(self) -> dict[str, OddsFn]:
        return {"flip": lambda ctx, line: Odds({1: Fraction(1, 2), 2: Fraction(1, 2)},
                                               {"pass": self.priced, "fail": 1 - self.priced})}

    def flip(self, ctx: Context, line: syntax.CommandLine) -> Resolution:
        face = ctx.roller.roll(syntax.Dice(1, syntax.std_die(2))).total
        return ctx.resolution("flip", f"flip → {face}", total=face,
                              outcome="pass" if face == 2 else "fail")


def test_a_game_whose_odds_disagree_with_its_rolls_is_told_so() -> None:
    assert check_system(Coin()) == []
    liar = Coin()
    liar.priced = Fraction(2, 3)
    assert check_system(liar) == ["flip: odds give P(pass) = 2/3, rolls 1/2",
                                  "flip: odds give P(fail) = 1/3, rolls 1/2"]


class Counting(Coin):
    """A game that keeps state between LINEs: the second flip passes whatever the die."""

    def flip(self, ctx: Context, line: syntax.CommandLine) -> Resolution:
        res = super().flip(ctx, line)
        self.flips += 1
        return res if self.flips < 2 else replace(res, outcome="pass")


def test_a_game_that_keeps_state_between_lines_is_told_so() -> None:
    problems = check_system(Counting())
    assert problems[0] == ("flip: the same faces gave another result (a game keeps nothing"
                           " between LINEs)")


def test_a_badly_named_game_is_told_so() -> None:
    odd = Coin()
    odd.id, odd.title = "Big Coin", ""
    assert check_system(odd, lines=[]) == [
        "its id 'Big Coin' is not one lower-case word", "it has no title",
        "its help cannot be made: not a help field: ⟨-s Big Coin⟩"]
