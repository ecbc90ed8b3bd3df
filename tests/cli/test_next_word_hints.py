"""Errors that teach the next word (issue 52): the spelling that works in the message and in
the JSON error's `hint`, a warning when a success count's target is out of the die's reach,
`-s` taking an unambiguous prefix of a game's name."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import invoke


@pytest.mark.parametrize(("line", "message", "column", "hint"), [
    ("6x4d6kh3", "a repeat is written with a space after its x: 6x 4d6kh3", 1, "6x 4d6kh3"),
    ("2d6+3 fire",
     "a word after the dice is a label in brackets, 2d6+3 [fire], or a comment after #: 2d6+3 # fire",
     7, "2d6+3 [fire]"),
    ("8d6 fireball",
     "a word after the dice is a label in brackets, 8d6 [fireball], or a comment after #:"
     " 8d6 # fireball", 5, "8d6 [fireball]"),
    ("1d20+5 to hit", "words after the dice are a comment after #: 1d20+5 # to hit", 8,
     "1d20+5 # to hit"),
    ("4d6 drop lowest", "drop lowest is written 4d6dl1", 5, "4d6dl1"),
    ("d20+5 dc 15", "a target is written vs here: d20+5 vs 15 (not dc 15)", 7, "d20+5 vs 15"),
    ("6 4d6", "a roll repeated is written 6x here: 6x 4d6", 3, "6x 4d6"),
])  # fmt: skip
def test_a_habit_of_another_tool_is_answered_with_the_spelling_that_works(
    line: str, message: str, column: int, hint: str
) -> None:
    caret = " " * (column - 1) + "^"
    assert invoke(line) == (2, "", f"roll: error: {message}\n  {line}\n  {caret}\n")
    code, out, _ = invoke("--json", line)
    assert code == 2 and json.loads(out) == {
        "input": line, "error": message, "column": column, "hint": hint}
    assert invoke("--seed", "7", hint)[0] == 0  # the spelling offered works


def test_an_error_that_teaches_nothing_has_no_hint_key() -> None:
    code, out, _ = invoke("--json", "2d6 vs foo")
    assert code == 2 and json.loads(out) == {
        "input": "2d6 vs foo", "error": "expected a number, found 'foo'", "column": 8}


def test_a_value_after_a_stat_name_is_written_with_its_equals_sign() -> None:
    message = "check: a value is written right after its name: dex=5 (check dex=5 trained)"
    assert invoke("-s", "vagabond", "check", "dex", "5", "trained") == (
        2, "", f"roll: error: {message}\n")
    code, out, _ = invoke("--json", "-s", "vagabond", "check", "dex", "5", "trained")
    assert json.loads(out) == {"input": "check dex 5 trained", "error": message, "column": None,
                               "hint": "check dex=5 trained"}
    assert invoke("-s", "vagabond", "--rolled", "11", "check", "dex=5", "trained") == (
        0, "check dex=5 trained → 11 vs 10 · pass\n", "")


@pytest.mark.parametrize(("game", "typed", "spelled", "faces", "shown"), [
    ("macchiato", "check str 12 adv", "check str=12 adv", "15,4", "check str=12 adv → [~~15~~, 4]"
     " ≤ 12 · pass"),
    ("tiers", "check body 14 task 2 tier=1", "check body=14 task 2 tier=1", "5,3,2",
     "check body=14 task 2 tier=1 → [5*, 3, 2] = 1 success vs 2 · fail"),
    ("brighter", "save str d8 enhanced", "save str=d8 enhanced", "5,9",
     "save str=d8 enhanced → [d8 ~~5~~, d12 9] vs 4 · pass"),
])  # fmt: skip
def test_every_game_answers_a_value_after_a_space_with_its_equals_sign(
        game: str, typed: str, spelled: str, faces: str, shown: str) -> None:
    """Read before the command asks for a sheet: with nobody acting the value is still the
    error, not "this needs a character"; the spelling offered plays."""
    name, value = spelled.split()[1].split("=")
    message = f"{typed.split()[0]}: a value is written right after its name: {name}={value}"
    assert invoke("-s", game, *typed.split()) == (
        2, "", f"roll: error: {message} ({spelled})\n")
    code, out, _ = invoke("--json", "-s", game, *typed.split())
    assert json.loads(out) == {"input": typed, "error": f"{message} ({spelled})",
                               "column": None, "hint": spelled}
    code, out, err = invoke("-s", game, "--rolled", faces, *spelled.split())
    assert (code, err) == (0, "") and out.startswith(shown)


@pytest.mark.parametrize(("line", "warning"), [
    ("3d6 >= 10", "no d6 shows 10 or more: 3d6>=10 counts 0 successes (a total against a target"
                  " is written vs: 3d6 vs 10)"),
    ("3d6>10", "no d6 shows more than 10: 3d6>10 counts 0 successes (a total against a target"
               " is written vs: 3d6 vs 11)"),
    ("3d6<1", "no d6 shows less than 1: 3d6<1 counts 0 successes"),
])  # fmt: skip
def test_a_count_no_face_reaches_is_warned_of_on_stderr_once_a_line(line: str, warning: str) -> None:
    shown = f"{line} → [4, 4, 4] = 0 successes\n{line} → [1, 2, 3] = 0 successes\n"
    assert invoke("-n", "2", "--rolled", "4,4,4,1,2,3", line) == (0, shown, f"roll: warning: {warning}\n")
    code, out, err = invoke("--rolled", "4,4,4,1,2,3", input=f"{line}\n{line}\n")
    assert err == f"roll: warning: {warning}\n" * 2


def test_the_odds_of_a_count_no_face_reaches_warn_as_its_roll_does() -> None:
    warning = ("roll: warning: no d6 shows 7 or more: 2d6>=7 counts 0 successes (a total against"
               " a target is written vs: 2d6 vs 7)\n")
    code, out, err = invoke("odds", "2d6>=7")
    assert (code, out.splitlines()[:2], err) == (0, ["2d6>=7", "mean 0 · min 0 · max 0"], warning)
    code, out, err = invoke("--json", "odds", "2d6 vs 7")
    assert (code, err) == (0, "") and json.loads(out)["outcomes"]["pass"] == "7/12"


def test_a_count_a_face_reaches_is_no_warning() -> None:
    assert invoke("--rolled", "4,5,6", "3d6>=5") == (0, "3d6>=5 → [4, 5*, 6*] = 2 successes\n", "")
    assert invoke("--rolled", "6,1,6", "3d6!>=7")[2] == ""  # explosions change what a die shows


@pytest.mark.parametrize(("given", "line", "out"), [
    ("vag", "check dex=3", "check dex=3 → 5 vs 17 · fail\n"),
    ("B", "save str=d6", "save str=d6 → 5 vs 4 · pass\n"),
    ("ma", "check str=12", "check str=12 → 5 ≤ 12 · pass\n"),
])  # fmt: skip
def test_system_takes_an_unambiguous_prefix_of_a_games_name(given: str, line: str, out: str) -> None:
    assert invoke("-s", given, "--rolled", "5", *line.split()) == (0, out, "")


def test_a_batch_reads_a_lines_quotes_as_a_shell_does() -> None:
    lines = "'4d6kh3'\n6x 'd20+5 vs 15'\n1d20 # Ara's shot\n\"d{1,1,2,3}\"\n"
    faces = "2,4,3,4,13,2,1,17,6,5,20,1"
    assert invoke("--rolled", faces, input=lines) == (0, (
        "4d6kh3 → [~~2~~, 4, 3, 4] = 11\n"
        "d20+5 vs 15 → [13] + 5 = 18 vs 15 · pass\n"
        "d20+5 vs 15 → [2] + 5 = 7 vs 15 · fail\n"
        "d20+5 vs 15 → [1] + 5 = 6 vs 15 · fail · fumble\n"
        "d20+5 vs 15 → [17] + 5 = 22 vs 15 · pass\n"
        "d20+5 vs 15 → [6] + 5 = 11 vs 15 · fail\n"
        "d20+5 vs 15 → [5] + 5 = 10 vs 15 · fail\n"
        "2 of 6 pass\n"
        "Ara's shot: 1d20 → [20] = 20 · crit\n"
        "d{1,1,2,3} → [1] = 1\n"), "")


def test_quiet_with_json_says_it_does_nothing() -> None:
    code, out, err = invoke("--json", "-q", "--rolled", "3", "1d6")
    assert (code, json.loads(out)["total"]) == (0, 3)
    assert err == "roll: note: -q does nothing with --json: each LINE is one whole JSON object\n"
    assert invoke("-q", "--rolled", "3", "1d6") == (0, "3\n", "")


def test_a_repl_word_in_a_batch_says_what_to_write_there() -> None:
    code, out, err = invoke("--json", input="use vagabond\nas Mira\nagain\n")
    said = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and [(s["error"], s.get("hint"), s["line"]) for s in said] == [
        ("'use' is a word of the REPL's prompt; a line of a batch begins with -s NAME instead"
         " (-s vagabond check dex)", "-s vagabond LINE", 1),
        ("'as' is a word of the REPL's prompt; a line of a batch begins with --as NAME instead"
         " (--as Mira check dex)", "--as Mira LINE", 2),
        ("'again' is a word of the REPL's prompt; write the LINE again", None, 3),
    ]


def test_a_brighter_check_is_sent_to_brighters_save() -> None:
    message = "Brighter Worlds calls it save: save str=d6"
    assert invoke("-s", "brighter", "check", "str=d6") == (2, "", f"roll: error: {message}\n")
    code, out, _ = invoke("--json", "-s", "brighter", "check", "str=d6")
    assert json.loads(out) == {"input": "check str=d6", "error": message, "column": None,
                               "hint": "save str=d6"}
    assert invoke("-s", "brighter", "--rolled", "5", "save", "str=d6") == (
        0, "save str=d6 → 5 vs 4 · pass\n", "")


def test_a_letter_glued_to_the_dice_is_a_typo_not_a_label() -> None:
    assert invoke("1d4y") == (
        2, "", "roll: error: expected the end of the line, found 'y'\n  1d4y\n     ^\n")


@pytest.mark.parametrize(("word", "said", "hint"), [
    ("version", "roll --version says it", None),
    ("config", "roll help config says where the config file is and what it holds", "help config"),
    ("sheets", "roll sheet list lists the campaign's, roll help sheets how to write one",
     "sheet list"),
    ("games", "roll systems lists the games, roll game list the campaign's own", "systems"),
])  # fmt: skip
def test_a_word_that_asks_about_roll_itself_says_what_answers_it(
        word: str, said: str, hint: str | None) -> None:
    message = f"'{word}' is no LINE: {said}"
    assert invoke(word) == (2, "", f"roll: error: {message}\n")
    code, out, _ = invoke("--json", word)
    assert json.loads(out) == {"input": word, "error": message, "column": None,
                               **({} if hint is None else {"hint": hint})}
    if hint is not None:  # the line offered is read as a subcommand, in a batch too
        code, out, err = invoke(input=f"{hint}\n")
        assert "unknown word" not in err and "no LINE" not in err and (code == 0 or (
            err.startswith("roll: error: line 1: no campaign at")))


@pytest.mark.parametrize(("typed", "spelled", "usage"), [
    ("spend 1 luck", "spend luck 1", "spend POOL [N]"),
    ("gain 2 hp", "gain hp 2", "gain POOL [N]"),
    ("hurt Mira 3", "hurt 3 on Mira", "hurt N [on NAME]"),
    ("heal Raider 1 2", "heal 2 on Raider 1", "heal N [on NAME]"),
    ("hurt 3 to Mira", "hurt 3 on Mira", "hurt N [on NAME]"),
    ("heal 2 hp", "heal 2", "heal N [on NAME]"),
])  # fmt: skip
def test_a_pool_commands_words_in_another_order_say_the_order_that_works(
        typed: str, spelled: str, usage: str) -> None:
    message = f"{typed.split()[0]} is written {spelled} ({usage})"
    assert invoke("-s", "vagabond", *typed.split()) == (2, "", f"roll: error: {message}\n")
    code, out, _ = invoke("--json", "-s", "macchiato", *typed.split())
    assert json.loads(out) == {"input": typed, "error": message, "column": None, "hint": spelled}
