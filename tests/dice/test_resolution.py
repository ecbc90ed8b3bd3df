"""Resolution.summary written when first read: once, and equal to the same text given at once."""

from __future__ import annotations

from rules.resolution import Resolution


def test_a_summary_is_written_once_when_first_read() -> None:
    calls: list[int] = []

    def write() -> str:
        calls.append(1)
        return "2d6 → [3, 4] = 7"

    lazy = Resolution("2d6", "generic", "roll", write, total=7)
    assert calls == []
    assert lazy.summary == lazy.summary == "2d6 → [3, 4] = 7"
    assert calls == [1]


def test_a_written_summary_compares_as_the_given_one() -> None:
    eager = Resolution("2d6", "generic", "roll", "2d6 → [3, 4] = 7", total=7)
    lazy = Resolution("2d6", "generic", "roll", lambda: "2d6 → [3, 4] = 7", total=7)
    assert lazy == eager and hash(lazy) == hash(eager)
    assert Resolution("2d6", "generic", "roll", lambda: "other", total=7) != eager
    assert Resolution("2d6", "generic", "roll", "2d6 → [3, 4] = 7", total=8) != eager
