"""`roll help`: every topic answers, and the examples it shows run."""

from __future__ import annotations

import pytest

from cli.help import NOTATION, help_text
from rules.systems import SYSTEMS
from tests.cli_helpers import invoke


def notation_examples() -> list[str]:
    line = next(x for x in NOTATION.splitlines() if x.startswith("Examples:"))
    return [e.strip() for e in line.removeprefix("Examples:").split("·")]


@pytest.mark.parametrize("example", notation_examples())
def test_the_notation_examples_run(example: str) -> None:
    code, out, err = invoke("--seed", "1", example)
    assert (code, err) == (0, "")
    assert "→" in out


@pytest.mark.parametrize("topic", ["notation", *SYSTEMS])
def test_every_topic_has_help(topic: str) -> None:
    assert help_text(topic).strip()
    assert invoke("help", topic)[0] == 0
