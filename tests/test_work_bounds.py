"""How much work a repeat and a batch line do, counted in function calls, not timed: a guard
that holds on a loaded machine (bench/peers.py times the same against d20)."""

from __future__ import annotations

import gc
import io
from collections.abc import Iterable

import pytest

from cli.env import Environment
from cli.plain import run_batch
from cli.runner import Runner, Settings
from rules.resolution import Resolution
from tests.support.calls import within_calls

EVERYDAY = ["1d20+5", "4d6kh3", "2d20kh1+3", "8d6", "1d8+3", "3d6", "1d100", "2d6+3", "1d12+4",
            "2d20kl1+2", "3d8+2", "1d4+1", "6d6", "1d10+1d6", "2d8+5", "1d20-1", "4d6kl1", "10d6"]
"""bench/peers.py's realistic LINEs."""


def runner(stdin: str = "", **settings: object) -> Runner:
    env = Environment(stdin=io.StringIO(stdin), stdout=io.StringIO(), stderr=io.StringIO())
    given: dict[str, object] = {"quiet": True, "seed": 1} | settings
    return Runner(Settings(**given), env)  # type: ignore[arg-type]


def test_a_repeat_of_3d6_stays_under_seventy_calls() -> None:
    many = runner(times=1000)
    many.run("3d6")  # the LINE parsed and its dice cached once
    within_calls(66_000, lambda: many.run("3d6"))  # 57 calls a repeat (81 before the summary
    # was written only when read)


def test_a_batch_line_stays_under_a_hundred_and_ten_calls() -> None:
    text = "\n".join(EVERYDAY * 50)
    warm = runner(text)
    run_batch(warm, warm.env)
    batch = runner(text)
    within_calls(96_000, lambda: run_batch(batch, batch.env))  # 93 a line (158 before a plain
    # LINE was worked out once and its summary written only when read)


@pytest.mark.parametrize("times, line, paused", [(3, "3d6", True), (1, "3d6", False),
                                                 (3, "3d6+", True)])
def test_the_collector_waits_only_while_repeats_run(times: int, line: str, paused: bool) -> None:
    """cli/runner.py `collector_paused`: -n N repeats hold no cycles; the collector comes back
    after the LINE, a failed one included."""
    seen: list[bool] = []
    many = runner(times=times)
    made = many.made

    def watched(text: str) -> Iterable[Resolution]:
        seen.append(gc.isenabled())
        return made(text)

    many.made = watched  # type: ignore[method-assign]
    many.run(line)
    assert seen == [not paused] and gc.isenabled()


def test_a_quiet_roll_never_describes_its_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """`-q` shows the total: Resolution.summary, the describing, is written only when read."""
    import rules.systems.protocol as protocol

    described: list[object] = []
    describe = protocol.describe_roll
    monkeypatch.setattr(protocol, "describe_roll",
                        lambda roll: described.append(roll) or describe(roll))
    quiet = runner("\n".join(EVERYDAY))
    run_batch(quiet, quiet.env)
    assert described == [] and len(quiet.env.stdout.getvalue().split()) == len(EVERYDAY)
    shown = runner("1d20+5\n", quiet=False)
    run_batch(shown, shown.env)
    assert len(described) == 1


def test_a_plain_line_is_worked_out_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch's same few LINEs: the dice limit and the system are looked up once each."""
    import cli.runner as runner_module

    checked: list[object] = []
    check = runner_module.check_dice_limit
    monkeypatch.setattr(runner_module, "check_dice_limit",
                        lambda expr, times: checked.append(expr) or check(expr, times))
    batch = runner("\n".join(EVERYDAY * 20))
    run_batch(batch, batch.env)
    assert len(checked) == len(set(EVERYDAY))


def test_who_acts_still_decides_after_a_plain_line_was_worked_out(tmp_path: object) -> None:
    """The REPL's `as NAME` changes the settings between LINEs: the same dice then need the
    campaign (here: none, so an error naming the path), and `as none` makes them plain again."""
    from pathlib import Path

    missing = Path(str(tmp_path)) / "none.sqlite3"
    same = runner(campaign=missing)
    assert same.run("1d6") == 0
    same.settings.character = "Mira"
    assert same.run("1d6") == 2
    assert f"no campaign at {missing}" in same.env.stderr.getvalue()
    same.settings.character = ""
    assert same.run("1d6") == 0
