"""Each test starts with the built-in games alone: a game a test imported or read is dropped."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.systems import MODULES, SYSTEMS


@pytest.fixture(autouse=True)
def only_built_in_games() -> Iterator[None]:
    yield
    for name in [n for n in SYSTEMS if n not in MODULES]:
        SYSTEMS.drop(name)
