"""One retry schedule (cli/store/backoff.py) for every retry: `log --follow`, the REPL's
toolbar and SQLite's busy open."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cli.store.backoff import BUSY, FOLLOW, VIEW, Backoff


def test_follow_waits_a_quarter_second_then_doubles_up_to_four() -> None:
    assert [FOLLOW.wait(n) for n in range(7)] == [0.25, 0.5, 1.0, 2.0, 4.0, 4.0, 4.0]


def test_the_toolbar_waits_one_second_then_doubles_up_to_eight() -> None:
    assert [VIEW.wait(n) for n in range(6)] == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]


def test_a_busy_open_tries_again_every_ten_milliseconds() -> None:
    assert [BUSY.wait(n) for n in range(3)] == [0.01, 0.01, 0.01]


def test_a_schedule_that_has_tried_for_days_still_waits_its_longest() -> None:
    assert FOLLOW.wait(10**9) == 4.0


@given(st.floats(0.001, 10), st.floats(1, 4), st.integers(0, 10_000))
def test_a_wait_never_shrinks_and_never_passes_the_longest(first: float, factor: float,
                                                          tries: int) -> None:
    backoff = Backoff(first, first * 100, factor)
    assert first <= backoff.wait(tries) <= backoff.wait(tries + 1) <= backoff.most
