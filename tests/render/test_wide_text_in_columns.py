"""Text is measured in terminal columns everywhere it is fitted (cli/render/layout.py, on
wcwidth): a CJK character takes two, so a name or a table row never overflows a narrow pane."""

from __future__ import annotations

from cli.render.layout import cut, width_of, wrap_whole
from cli.repl.toolbar import wrap


def test_the_toolbar_wraps_its_items_by_columns() -> None:
    assert wrap(["日本語", "ab"], 8) == ["日本語", "ab"]  # 6 + 2 + 2 columns: no room
    assert wrap(["日本", "ab"], 8) == ["日本  ab"]
    assert wrap(["a" * 50, "b"], 40) == ["a" * 50, "b"]  # an item is never split


def test_a_text_is_cut_to_columns_with_an_ellipsis() -> None:
    assert cut("日本語です", 5) == "日本…" and width_of(cut("日本語です", 5)) == 5
    assert cut("goblins in the fog", 10) == "goblins i…"
    assert cut("short", 10) == "short"


def test_items_joined_whole_ignore_colour_in_their_width() -> None:
    coloured = "\x1b[32;1mpass\x1b[0m 50.00%"
    assert wrap_whole([coloured, "fail 50.00%"], 25, " · ") == [coloured + " · fail 50.00%"]
    assert wrap_whole([coloured, "fail 50.00%"], 20, " · ") == [coloured, "fail 50.00%"]


def test_the_encounter_line_fits_its_pane_in_columns() -> None:
    from rules.encounter.games import rules_of
    from rules.encounter.in_words import status
    from rules.encounter.turn_order import Combatant, Encounter
    from rules.systems import get_system

    rules = rules_of(get_system("macchiato"))
    enc = Encounter("macchiato", 2, (Combatant("竜王竜王"), Combatant("Mira")), "竜王竜王")
    assert status(enc, rules, 80, (), width_of) == "round 2 · 竜王竜王's turn · next: Mira"
    line = status(enc, rules, 20, (), width_of)
    assert line == "R2 ▸ 竜王竜王 · nex…" and width_of(line) == 20
    by_characters = status(enc, rules, 20)  # 19 characters, 23 columns
    assert by_characters == "R2 竜王竜王 · next Mira" and width_of(by_characters) == 23


def test_the_prompt_stays_under_a_third_of_the_pane_in_columns() -> None:
    from cli.repl.prompt import prompt_text
    from tests.support.repl import view

    assert prompt_text(view("vagabond", "竜王さま"), 40) == "vag·竜王さ…> "  # 13 columns of 40
    assert prompt_text(view("vagabond", "Mirabelle Long"), 40) == "vag·mirabe…> "
    assert all(width_of(prompt_text(view("vagabond", "竜王さま"), w)) <= max((w - 1) // 3, 6)
               for w in range(20, 90))
