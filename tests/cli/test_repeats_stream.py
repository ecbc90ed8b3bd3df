"""`-n N` streams as a batch does: each repeat is written as it is made, in order; repeats over
the dice limit are refused before the first is written."""

from __future__ import annotations

import io
import json

from cli.base.environment import Environment
from cli.base.settings import Settings
from cli.line.runner import Runner
from rules.dice.source import RandomSource
from rules.notation.syntax import Die
from tests.support.cli import invoke


class Watching(RandomSource):
    """Random dice that note, at each throw, how many result lines were already written."""

    def __init__(self, seed: int, out: io.StringIO) -> None:
        super().__init__(seed)
        self.out = out
        self.written_at_throw: list[int] = []

    def throw(self, die: Die, why: str) -> int:
        self.written_at_throw.append(self.out.getvalue().count("\n"))
        return super().throw(die, why)

    def throw_many(self, die: Die, count: int, why: str) -> list[int]:
        self.written_at_throw.append(self.out.getvalue().count("\n"))
        return super().throw_many(die, count, why)


def streamed(times: int, *options: str) -> tuple[Watching, list[str]]:
    out = io.StringIO()
    settings = Settings(times=times, seed=5, json="--json" in options,
                        quiet="-q" in options)
    runner = Runner(settings, Environment(stdin=io.StringIO(), stdout=out, stderr=io.StringIO()))
    watching = runner.source = Watching(5, out)
    assert runner.run("1d6") == 0
    return watching, out.getvalue().splitlines()


def test_the_first_repeats_are_written_before_the_last_is_thrown() -> None:
    watching, lines = streamed(3000, "-q")
    assert len(lines) == 3000
    assert watching.written_at_throw[0] == 0 and watching.written_at_throw[-1] > 0
    assert lines == [str(f) for f in _faces(3000)]


def test_json_lines_stay_one_object_a_repeat_in_order() -> None:
    _, lines = streamed(1500, "--json")
    objects = [json.loads(line) for line in lines]
    assert [o["total"] for o in objects] == _faces(1500)
    assert {o["input"] for o in objects} == {"1d6"}


def _faces(count: int) -> list[int]:
    source = RandomSource(5)
    return [source.throw(Die("std", 6), "roll") for _ in range(count)]


def test_repeats_over_the_dice_limit_are_refused_before_the_first_is_written() -> None:
    assert invoke("-q", "-n", "2", "60000d6") == (
        2, "", "roll: error: a LINE throws at most 100,000 dice (repeats and explosions included)\n")
    assert invoke("-q", input="2x 60000d6\n--rolled 1,2,3 3d6\n") == (
        2, "6\n", "roll: error: line 1: a LINE throws at most 100,000 dice (repeats and explosions"
        " included)\n")


def test_a_line_run_once_is_refused_by_its_dice_budget_as_it_throws() -> None:
    assert invoke("-q", "60000d6+60000d6") == (
        2, "", "roll: error: a LINE throws at most 100,000 dice (explosions included)\n")
    assert invoke("--json", "100001d6") == (
        2, '{"input": "100001d6", "error": "a LINE throws at most 100,000 dice (explosions'
        ' included)", "column": null}\n',
        "roll: error: a LINE throws at most 100,000 dice (explosions included)\n")
