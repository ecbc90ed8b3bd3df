"""`Nx LINE` repeats a LINE whatever the case of its x (SPEC §5: notation is case-insensitive):
`3X 1d6` prints what `3x 1d6` prints, each repeat echoing the LINE without the prefix."""

from __future__ import annotations

import pytest

from tests.support.cli import invoke, invoke_json

THREE = "1d6 → [1] = 1\n1d6 → [6] = 6\n1d6 → [5] = 5\n"
"""`roll --seed 1 '3x 1d6'`."""


@pytest.mark.parametrize("line", ["3x 1d6", "3X 1d6", "3× 1d6"])
def test_every_spelling_of_the_repeat_prints_the_same(line: str) -> None:
    assert invoke("--seed", "1", line) == (0, THREE, "")


def test_the_json_of_3X_says_what_3x_says() -> None:
    code, upper = invoke_json("--seed", "1", "3X 1d6")
    _, lower = invoke_json("--seed", "1", "3x 1d6")
    assert code == 0
    assert [o["text"] for o in upper] == [o["text"] for o in lower] == [
        "1d6 → [1] = 1", "1d6 → [6] = 6", "1d6 → [5] = 5"]
    assert [o["total"] for o in upper] == [1, 6, 5]
