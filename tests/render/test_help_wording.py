"""Help topics are written once, as parts, and each front end words them: the shell with
`roll` and its options, the REPL with its own words (`check dex   (as Bram)`, `use tiers`)."""

from __future__ import annotations

import pytest

from cli.render.help_pages import TOPICS, help_text, help_topic
from cli.repl.speech import prompt_help
from rules.encounter.help import EXAMPLES
from rules.helptext import OPEN, Acting, Chosen, Command, Examples, shell_text, topic
from rules.systems import SYSTEMS


def test_a_template_reads_into_commands_and_options() -> None:
    assert topic("e.g. ⟨roll --as Mira stabilize Kael⟩, ⟨--as NAME⟩ ⟨with -s tiers⟩") == (
        "e.g. ", Command("stabilize Kael", acting="Mira"), ", ", Acting("NAME"), " ",
        Chosen("tiers", after=True))
    assert topic("⟨roll -s tiers check dex⟩ ⟨-s vagabond⟩ ⟨--as⟩") == (
        Command("check dex", system="tiers"), " ", Chosen("vagabond"), " ", Acting(""))
    assert topic("no fields: 4d6kh3 {might}") == ("no fields: 4d6kh3 {might}",)


@pytest.mark.parametrize("field", ["⟨roll -s tiers", "⟨sometimes⟩", "⟨-s⟩"])
def test_a_broken_field_is_refused_where_the_topic_is_written(field: str) -> None:
    with pytest.raises(ValueError, match="help field"):
        topic(f"text {field}")


def test_each_front_end_words_the_same_parts() -> None:
    parts = topic("  e.g. ⟨roll --as Bram check dex⟩ · ⟨roll table list⟩\n"
                  "  (⟨--as NAME⟩) ⟨with -s vagabond⟩ (`⟨-s tiers⟩`)\n"
                  "  ⟨roll -s macchiato encounter start⟩\n")
    assert shell_text(parts) == ("  e.g. roll --as Bram check dex · roll table list\n"
                                 "  (--as NAME) with -s vagabond (`-s tiers`)\n"
                                 "  roll -s macchiato encounter start\n")
    assert prompt_help(parts) == ("  e.g. check dex   (as Bram) · table list\n"
                                  "  (as NAME) after use vagabond (`use tiers`)\n"
                                  "  encounter start   (after use macchiato)\n")


def test_a_systems_examples_are_shell_commands_in_the_shell_and_lines_at_the_prompt() -> None:
    block = Examples("macchiato", ("check str=12 adv", "Δ8"))
    assert shell_text((block,)) == ("Examples (no character needed):\n"
                                    "  roll -s macchiato check str=12 adv\n"
                                    "  roll -s macchiato 'Δ8'")
    assert prompt_help((block,)) == ("Examples (after use macchiato; no character needed):\n"
                                     "  check str=12 adv\n  Δ8")


@pytest.mark.parametrize("name", [*TOPICS, *SYSTEMS, "encounter"])
def test_no_topic_shows_a_field_or_the_other_front_ends_words(name: str) -> None:
    shell, prompt = help_text(name), prompt_help(help_topic(name))
    assert OPEN not in shell and OPEN not in prompt
    assert "--as " not in prompt and "-s " not in prompt
    commands = [line for line in prompt.splitlines() if line.lstrip().startswith("roll ")]
    assert all(line.lstrip().startswith(("roll the", "roll =")) for line in commands)
    # Brighter's own words (roll the attribute die) and a table's TOML key (roll = "d66")


def test_the_prompt_says_a_champions_example_as_its_actor() -> None:
    prompt = prompt_help(help_topic("champions"))
    assert "return is OPEN.   e.g. stabilize Kael   (as Mira)\n" in prompt
    assert "e.g. roll --as Mira stabilize Kael\n" in help_text("champions")


def test_the_encounter_examples_are_its_commands_as_typed_after_roll() -> None:
    assert EXAMPLES == ("-s macchiato foe add 2 goblins hp=4",
                        "-s macchiato encounter start roll d20", "foe add ogre hp=9", "next",
                        "encounter --json", "secret d20", "encounter end")


def test_help_notation_says_how_a_rerolled_face_and_a_dropped_die_are_shown() -> None:
    from tests.support.cli import invoke

    code, out, err = invoke("help", "notation")
    assert (code, err) == (0, "")
    assert ("  r1  r<3  rr1  ro<3            reroll while it matches; reroll once\n"
            "                                (shown 1↻4: the 1 rerolled into a 4; a dropped\n"
            "                                die is ~~2~~)\n") in out
    assert max(len(line) for line in out.splitlines()) <= 80
