"""`roll help`: every topic answers, and the examples it shows run."""

from __future__ import annotations

import shlex

import pytest

from cli.render.help_pages import NOTATION, help_text
from rules.systems import SYSTEMS
from tests.support.cli import invoke


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


def shown_examples() -> list[tuple[str, list[str]]]:
    """Each example line of every system's help, as the words a shell would pass to roll."""
    out = []
    for system in SYSTEMS.values():
        text = help_text(system.id)
        block = text.split("Examples (no character needed):\n", 1)[1]
        for line in block.splitlines():
            words = shlex.split(line.strip())
            assert words[0] == "roll"
            out.append((system.id, words[1:]))
    return out


@pytest.mark.parametrize(("system", "args"), shown_examples())
def test_every_system_example_runs_as_shown(system: str, args: list[str]) -> None:
    code, out, err = invoke(*args)
    assert (code, err) == (0, ""), args
    assert out.strip()


def test_every_system_has_examples() -> None:
    assert all(s.examples for s in SYSTEMS.values())
    assert len(shown_examples()) == sum(len(s.examples) for s in SYSTEMS.values())


@pytest.mark.parametrize(("asked", "topic"), [
    ("colour", "config"), ("color", "config"), ("combat", "encounter"), ("fights", "encounter"),
    ("sheet", "sheets"), ("dice", "notation"), ("game", "games"),
])
def test_another_word_for_a_topic_shows_that_topic(asked: str, topic: str) -> None:
    assert invoke("help", asked) == invoke("help", topic)
    assert invoke("help", asked)[0] == 0
