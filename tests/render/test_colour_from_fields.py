"""Colour on a terminal comes from the result's fields (its outcome, crit, fumble, a dropped
die), never from words in the text: a label that spells an outcome stays the user's."""

from __future__ import annotations

import rules
from cli.render.colour_marks import dropped, rerolled_away
from cli.render.text import RESET, STYLES, plain_text, render
from rules import ScriptedSource


def test_a_label_that_spells_an_outcome_is_not_coloured() -> None:
    res = rules.roll("1d20 [pass] + 3", source=ScriptedSource([12]))
    assert render(res, True) == plain_text(res) == "1d20 [pass] + 3 → [12] pass + 3 = 15"


def test_the_outcome_and_a_crit_are_coloured_from_the_result() -> None:
    res = rules.roll("1d20 [fail] vs 10", source=ScriptedSource([20]))
    assert (res.outcome, res.crit) == ("pass", True)
    assert render(res, True) == (
        f"1d20 [fail] vs 10 → [20] fail = 20 vs 10 · {STYLES['pass']}pass{RESET}"
        f" · {STYLES['crit']}crit{RESET}")


def test_a_dropped_die_is_marked_and_plain_text_keeps_its_bytes() -> None:
    res = rules.roll("2d20kh1 vs 12", source=ScriptedSource([9, 14]))
    assert plain_text(res) == "2d20kh1 vs 12 → [~~9~~, 14] = 14 vs 12 · pass"
    assert render(res, True) == (
        f"2d20kh1 vs 12 → [{dropped('9')}, 14] = 14 vs 12 · {STYLES['pass']}pass{RESET}")


def test_a_label_or_comment_holding_the_dropped_mark_is_not_styled() -> None:
    res = rules.roll("1d20 [~~x~~] + 3", source=ScriptedSource([12]))
    assert render(res, True) == plain_text(res) == "1d20 [~~x~~] + 3 → [12] ~~x~~ + 3 = 15"
    res = rules.roll("2d20kh1 # ~~x~~ [pass]", source=ScriptedSource([12, 3]))
    assert plain_text(res) == "~~x~~ [pass]: 2d20kh1 → [12, ~~3~~] = 12"
    assert render(res, True) == f"~~x~~ [pass]: 2d20kh1 → [12, {dropped('3')}] = 12"


def test_an_outcome_word_inside_a_label_stays_the_users_beside_the_real_outcome() -> None:
    res = rules.roll("1d20 [a · pass] vs 10", source=ScriptedSource([12]))
    assert plain_text(res) == "1d20 [a · pass] vs 10 → [12] a · pass = 12 vs 10 · pass"
    assert render(res, True) == (
        f"1d20 [a · pass] vs 10 → [12] a · pass = 12 vs 10 · {STYLES['pass']}pass{RESET}")


def test_a_rerolled_face_and_a_dropped_group_member_are_dimmed_from_their_flags() -> None:
    res = rules.roll("2d6r1", source=ScriptedSource([1, 4, 5]))
    assert plain_text(res) == "2d6r1 → [1↻5, 4] = 9"
    assert render(res, True) == f"2d6r1 → [{rerolled_away('1↻')}5, 4] = 9"
    res = rules.roll("{1d20, 2d10}kh1 + 5", source=ScriptedSource([15, 3, 10]))
    assert plain_text(res) == "{1d20, 2d10}kh1 + 5 → {[15] = 15, ~~[3, 10] = 13~~} + 5 = 20"
    assert render(res, True) == (
        f"{{1d20, 2d10}}kh1 + 5 → {{[15] = 15, {dropped('[3, 10] = 13')}}} + 5 = 20")


def test_a_games_outcome_and_crit_are_coloured_from_the_words_the_game_wrote() -> None:
    res = rules.roll("check str=12 adv", system="macchiato", source=ScriptedSource([1, 9]))
    assert plain_text(res).split("\n")[0] == "check str=12 adv → [1, ~~9~~] ≤ 12 · pass · crit"
    assert render(res, True).split("\n") == [
        f"check str=12 adv → [1, {dropped('9')}] ≤ 12 · {STYLES['pass']}pass{RESET}"
        f" · {STYLES['crit']}crit{RESET}",
        f"{STYLES['crit']}crit{RESET}: double the effect or add a consequence",
    ]


def test_a_risk_die_stepping_down_colours_the_step_not_the_die_it_names() -> None:
    res = rules.roll("Δ8", system="macchiato", source=ScriptedSource([2]))
    assert plain_text(res) == "Δ8 → 2 · step-down to Δ6"
    assert render(res, True) == f"Δ8 → 2 · {STYLES['step-down']}step-down{RESET} to Δ6"


def test_a_named_roll_keeps_the_parts_of_the_line_it_expands_to() -> None:
    from cli.line.named import named_result
    from rules.named_rolls import expand

    expansion = expand("sneak", {"sneak": "2d20kh1 vs 12"}, frozenset())
    res = named_result(rules.roll("2d20kh1 vs 12", source=ScriptedSource([9, 14])), expansion)
    assert plain_text(res) == "sneak → 2d20kh1 vs 12 → [~~9~~, 14] = 14 vs 12 · pass"
    assert render(res, True) == (
        f"sneak → 2d20kh1 vs 12 → [{dropped('9')}, 14] = 14 vs 12 · {STYLES['pass']}pass{RESET}")


def test_a_note_rolling_dice_dims_its_dropped_die_and_keeps_its_plain_text() -> None:
    from tests.support.vagabond import run

    res = run("attack melee 2d6kh1 trained", [13, 2, 5])
    assert res.notes == ("Damage 2d6kh1 → [~~2~~, 5] = 5",)
    assert render(res, True).split("\n")[1] == f"Damage 2d6kh1 → [{dropped('2')}, 5] = 5"

