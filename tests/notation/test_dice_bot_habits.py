"""Players coming from Discord dice bots (avrae/d20, Dice Maiden, Roll20): the bots' command
words before a LINE, the spellings read as those tools mean them, and the ones refused with
what to write instead (SPEC §5; rules/notation/bot.py, rules/notation/habits.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.errors import NotationError, RollError
from rules.notation import parse, syntax
from rules.notation.bot import bot_command
from rules.notation.habits import ACCEPTED, REFUSED, Accepted, Refused
from tests.support.cli import invoke, invoke_json
from tests.support.encounter import TABLE, imported
from tests.support.repl import repl
from tests.support.strategies import expressions, habit_spellings

NOTE = "note: '{}' is a dice bot's command word: roll reads the rest as the LINE (said once)\n"

BOT_LINES = [
    # (LINE as typed, faces, the bot's word, the text)
    ("/r 1d20+5", "14", "/r", "1d20+5 → [14] + 5 = 19"),
    ("!r 2d6", "3,4", "!r", "2d6 → [3, 4] = 7"),
    ("/roll 4d6kh3", "1,5,3,6", "/roll", "4d6kh3 → [~~1~~, 5, 3, 6] = 14"),
    ("!roll d20 adv", "4,17", "!roll", "d20 adv → [~~4~~, 17] = 17"),
    ("r 1d20", "7", "r", "1d20 → [7] = 7"),
    ("roll 1d20", "20", "roll", "1d20 → [20] = 20 · crit"),
    ("roll roll 1d20", "1", "roll", "1d20 → [1] = 1 · fumble"),  # `roll roll 1d20` in a shell
    ("!r1d20", "9", "!r", "1d20 → [9] = 9"),
    ("/R 1d20 # to hit", "9", "/R", "to hit: 1d20 → [9] = 9"),
    ("/r 1d20+5 advantage vs 15", "3,12", "/r",
     "1d20+5 advantage vs 15 → [~~3~~, 12] + 5 = 17 vs 15 · pass"),
]


@pytest.mark.parametrize(("line", "faces", "word", "text"), BOT_LINES)
def test_a_bot_word_before_a_line_is_the_bots_command(
        line: str, faces: str, word: str, text: str) -> None:
    assert invoke("--rolled", faces, line) == (0, text + "\n", NOTE.format(word))


def test_the_json_input_keeps_the_bots_word_as_typed() -> None:
    code, (obj,) = invoke_json("--rolled", "14", "/r 1d20+5")
    assert code == 0
    assert (obj["input"], obj["total"], obj["text"]) == (
        "/r 1d20+5", 19, "1d20+5 → [14] + 5 = 19")  # the text is the LINE's, as before


def test_a_batchs_repeats_and_their_count_keep_the_bots_word() -> None:
    code, objs = invoke_json("--rolled", "3,12,4", input="!R 2x d20 vs 10\nd6\n")
    assert code == 0
    assert [(o["input"], o["kind"], o.get("total")) for o in objs] == [
        ("!R 2x d20 vs 10", "roll", 3), ("!R 2x d20 vs 10", "roll", 12),
        ("!R 2x d20 vs 10", "repeats", None), ("d6", "roll", 4)]


def test_a_logged_line_shows_the_bots_word_and_the_log_keeps_the_line(tmp_path: Path) -> None:
    imported(tmp_path, "mira", sheets=TABLE)
    code, (obj,) = invoke_json("--as", "Mira", "/r hurt 2")
    assert (code, obj["input"], obj["text"]) == (
        0, "/r hurt 2", "hurt 2 → HP 6\nMira · HP 8 → 6 (hurt)")
    code, (entry,) = invoke_json("log", "-n", "1")
    assert (code, entry["input"]) == (0, "hurt 2")  # the log's LINE is what it re-runs


def test_the_note_is_said_once_a_batch() -> None:
    code, out, err = invoke("--rolled", "3,4,1,2", input="/r 1d20\n!r d6\nroll 2d6\n")
    assert (code, out) == (0, "1d20 → [3] = 3\nd6 → [4] = 4\n2d6 → [1, 2] = 3\n")
    assert err == NOTE.format("/r")


def test_the_note_is_said_once_a_repl_session() -> None:
    status, out, err = repl("/r 1d20\r!r 1d20\rquit\r")
    assert status == 0
    assert err.count("is a dice bot's command word") == 1, err
    assert out.count("\n  [") == 2, out  # two results, each a total over its dice


def test_an_error_after_a_bot_word_shows_the_line_as_typed() -> None:
    code, out, err = invoke("/r 1d20+")
    assert (code, out) == (2, "")
    assert err == (NOTE.format("/r") + "roll: error: expected a term, found the end of the line\n"
                   "  /r 1d20+\n          ^\n")


END = "expected a term, found the end of the line"
TYPED_ERRORS = [
    # (LINE as typed, its JSON error, the caret line under it)
    ("/r 1d20+", {"input": "/r 1d20+", "error": END, "column": 9}, "          ^"),
    ("!r1d20+", {"input": "!r1d20+", "error": END, "column": 8}, "         ^"),
    ("/R   2d6+x", {"input": "/R   2d6+x", "error": "expected a term, found 'x'", "column": 10},
     "           ^"),
    ("roll 6x4d6kh3", {"input": "roll 6x4d6kh3", "error": "a repeat is written with a space"
                       " after its x: 6x 4d6kh3", "column": 6, "hint": "6x 4d6kh3"}, "       ^"),
    ("/r hurt 2", {"input": "/r hurt 2", "error": "this needs a character: use --as NAME (or"
                   " `as NAME` in the REPL), after `roll sheet import FILE.toml`",
                   "column": None}, None),
    ("!r -n x d6", {"input": "!r -n x d6", "error": "-n takes a number N from 1 to 100,000,"
                    " not 'x'", "column": None}, None),
]


@pytest.mark.parametrize(("line", "obj", "caret"), TYPED_ERRORS)
def test_a_bot_lines_error_keeps_what_was_typed_and_its_caret_points_into_it(
        line: str, obj: dict[str, object], caret: str | None) -> None:
    code, out, err = invoke("--json", line)
    assert (code, json.loads(out)) == (2, obj)
    note, said, *rest = err.splitlines()
    assert note.startswith("note: '") and said == f"roll: error: {obj['error']}"
    assert rest == ([] if caret is None else [f"  {line}", caret])
    column = obj["column"]
    if isinstance(column, int):  # the text's caret and the JSON's column: the same character
        assert caret is not None and len(caret) == len("  ") + column


@settings(max_examples=40, deadline=None)
@given(expressions(6), st.sampled_from(["+", "+*3", " ]", " vs"]),
       st.sampled_from(["/r", "!r", "/roll", "!roll", "roll", "r", "/R"]),
       st.sampled_from([" ", "  ", ""]))
def test_a_bot_word_moves_the_caret_by_what_it_adds_and_no_more(
        expr: syntax.Expr, tail: str, word: str, gap: str) -> None:
    line = f"{expr}{tail}"
    typed = f"{word}{gap or (' ' if word[0] not in '/!' or not line[0].isdecimal() else '')}{line}"
    plain = json.loads(invoke("--json", "--", line)[1])
    assume(isinstance(plain.get("column"), int))
    said = json.loads(invoke("--json", "--", typed)[1])
    before = len(typed) - len(line)
    assert (said["input"], said["error"], said["column"]) == (
        typed, plain["error"], plain["column"] + before)
    assert typed[said["column"] - 1:] == line[plain["column"] - 1:]  # the same character


def test_a_batchs_bot_line_error_keeps_what_was_typed() -> None:
    code, objs = invoke_json(input="d6 +\n  !r d6+x\n")
    assert code == 2
    assert objs == [
        {"input": "d6 +", "error": END, "column": 5, "line": 1},
        {"input": "!r d6+x", "error": "expected a term, found 'x'", "column": 7, "line": 2}]


@pytest.mark.parametrize("text", ["r", "roll", "/r", "reroll", "rest", "rage 2", "r1d20",
                                  "roller 1d20", "d20 r1"])
def test_a_bot_word_steals_no_real_word(text: str) -> None:
    assert bot_command(text) is None


@pytest.mark.parametrize("word", ["r", "roll", "/r", "!roll"])
def test_a_bots_word_alone_asks_for_the_line(word: str) -> None:
    code, out, err = invoke(word)
    assert (code, out) == (2, "")
    assert err.startswith(f"roll: error: '{word}' is a dice bot's command word: the LINE goes"
                          f" after it ({word} 1d20)\n")


def test_a_game_word_starting_with_r_is_the_games() -> None:
    code, _, err = invoke("reroll")
    assert code == 2 and err.startswith("roll: error: 'reroll' is a tiers command")


@pytest.mark.parametrize("name", ["r", "roll"])
def test_no_alias_takes_a_bots_word(name: str) -> None:
    code, _, err = invoke("alias", "add", name, "1d6")
    assert code == 2 and "notation" in err, err


# ---- spellings of other tools, read as they mean there ----

HABITS = [
    # (LINE, faces, the text)
    ("2d6e6", "6,2,3", "2d6e6 → [6!, 2, 3] = 11"),
    ("2d6ie6", "6,6,1,2", "2d6ie6 → [6!, 6!, 1, 2] = 15"),
    ("1d6ra6", "6,6", "1d6ra6 → [6!, 6] = 12"),
    ("4d6pl1", "1,5,3,6", "4d6pl1 → [~~1~~, 5, 3, 6] = 14"),
    ("4d6 ph1", "1,5,3,6", "4d6 ph1 → [1, 5, 3, ~~6~~] = 9"),
    ("2d6mi2", "1,5", "2d6mi2 → [2, 5] = 7"),
    ("2d6ma5", "1,6", "2d6ma5 → [1, 5] = 6"),
    ("4d6 keep 3", "1,5,3,6", "4d6 keep 3 → [~~1~~, 5, 3, 6] = 14"),
    ("4d6 keep lowest 1", "1,5,3,6", "4d6 keep lowest 1 → [1, ~~5~~, ~~3~~, ~~6~~] = 1"),
    ("4d6 drop 1", "1,5,3,6", "4d6 drop 1 → [~~1~~, 5, 3, 6] = 14"),
    ("4d6 drop highest 1", "1,5,3,6", "4d6 drop highest 1 → [1, 5, 3, ~~6~~] = 9"),
    ("4d6 kh3", "1,5,3,6", "4d6 kh3 → [~~1~~, 5, 3, 6] = 14"),
    ("4d6 kh3 + 2", "1,5,3,6", "4d6 kh3 + 2 → [~~1~~, 5, 3, 6] + 2 = 16"),
    ("d20 cs19", "19", "d20 cs19 → [19] = 19 · crit"),
    ("1d20+5 advantage", "4,17", "1d20+5 advantage → [~~4~~, 17] + 5 = 22"),
    ("1d20+5 disadvantage", "4,17", "1d20+5 disadvantage → [4, ~~17~~] + 5 = 9"),
    ("d20 Advantage + 2", "4,17", "d20 Advantage + 2 → [~~4~~, 17] + 2 = 19"),
    ("d20+5vs15", "10", "d20+5vs15 → [10] + 5 = 15 vs 15 · pass"),
    ("d20vs15", "14", "d20vs15 → [14] = 14 vs 15 · fail"),
    ("d20+5 vs15", "10", "d20+5 vs15 → [10] + 5 = 15 vs 15 · pass"),
    ("d20+5vs15 advantage", "3,12", "d20+5vs15 advantage → [~~3~~, 12] + 5 = 17 vs 15 · pass"),
]


@pytest.mark.parametrize(("line", "faces", "text"), HABITS)
def test_other_tools_spellings_roll_as_they_mean_there(line: str, faces: str, text: str) -> None:
    assert invoke("--rolled", faces, line) == (0, text + "\n", "")


def test_a_habit_in_json_keeps_the_line_as_typed() -> None:
    code, (obj,) = invoke_json("--rolled", "4,17", "1d20+5 advantage")
    assert code == 0
    assert (obj["input"], obj["total"], obj["crit"]) == ("1d20+5 advantage", 22, False)
    assert obj["dice"] == [{"die": "d20", "face": 4, "kept": False},
                           {"die": "d20", "face": 17, "kept": True}]


@pytest.mark.parametrize("row", ACCEPTED, ids=lambda row: row.example)
def test_every_accepted_spelling_help_lists_is_the_line_it_names(row: Accepted) -> None:
    bot = bot_command(row.example)
    assert parse(bot.line if bot else row.example) == parse(row.ours)


@given(habit_spellings)
def test_a_habit_spelling_parses_as_ours(pair: tuple[str, str]) -> None:
    theirs, ours = pair
    assert parse(theirs) == parse(ours)


@pytest.mark.parametrize("text", ["2d6 dex", "hurt 2d6 minor", "2d6 x2", "d6 rage", "2d6 keeper"])
def test_a_space_before_a_word_is_no_modifier(text: str) -> None:
    try:
        line = parse(text)
    except NotationError:
        return  # an error of its own, never a modifier read into the dice
    assert not (isinstance(line, syntax.RollLine) and isinstance(line.expr, syntax.Dice)
                and line.expr.mods), line


# ---- refused, each with what to write ----

REFUSALS = [
    ("4d6k>3", "avrae's k>3 keeps dice by their face, which roll does not: keep the highest N"
     " with khN (4d6kh3), or count the faces with >3 (4d6>3)", 4),
    ("4d6p1", "avrae's p1 drops dice by their face, which roll does not: drop the lowest with"
     " dl1 (4d6dl1), or reroll those faces with r1 (4d6r1)", 4),
    ("2d20 adv", "'adv' rolls one die twice and keeps the higher (d20 adv is 2d20kh1): 2d20 is"
     " not one die, so '2d20 adv' is ambiguous; write 2d20kh1, or d20 adv", 6),
    ("4d20+1 dis", "'dis' rolls one die twice and keeps the lower (d20 dis is 2d20kl1): 4d20 is"
     " not one die, so '4d20 dis' is ambiguous; write 4d20kl1, or d20 dis", 8),
    ("d8+2 advantage", "'advantage' rolls one die twice and keeps the higher (d20 adv is"
     " 2d20kh1): write it right after the die (d8 adv + 2), or give the line a plain d20"
     " (d20+5 adv)", 6),
    ("10d10t7", "t counts a success twice: give a success point first, as in 10d10>=7t10"
     " (Dice Maiden's t7 counts the faces of 7 or more: here 10d10>=7)", 1),
    ("d20+5 dc 15", "a target is written vs here: d20+5 vs 15 (not dc 15)", 7),
    ("6 4d6", "a roll repeated is written 6x here: 6x 4d6", 3),
    ("d20+dex", "a character's value is written in braces: d20+{dex} (and {dex:N} gives N when"
     " nobody acts)", 4),
    ("1d20 + 5 - Prof", "a character's value is written in braces: 1d20 + 5 - {prof} (and"
     " {prof:N} gives N when nobody acts)", 10),
    ("2d6+might+1", "a character's value is written in braces: 2d6+{might}+1 (and {might:N}"
     " gives N when nobody acts)", 4),
    ("4d6-L", "drop lowest is written 4d6dl1 (not -L)", 5),
    ("5d6 - l", "drop lowest is written 5d6dl1 (not -l)", 7),
    ("[[1d20+5]]", "a LINE needs no [[ ]] around it (Roll20's inline roll): 1d20+5", 1),
    ("d20+adv", "expected the end of the line, found '+'", 4),
    ("1d20 + @dex", "a character's value is written in braces: 1d20 + {dex} (and {dex:N} gives N"
     " when nobody acts)", 8),
    ("3d6 ! Attack", "a comment is written after #: 3d6 # Attack", 5),
    ("4d6 d1", "drop the lowest is written right after the dice: 4d6d1 (or 4d6 dl1: after a"
     " space, d1 is a die)", 5),
    ("1d20+5 vs. 15", "a target is written vs 15, without a dot: 1d20+5 vs 15", 10),
    ("1d4+1 x3", "a roll repeated is written 3x before it: 3x 1d4+1 (to multiply: (1d4+1) * 3)",
     7),
    ("1d20+5, 1d8+3", "a LINE is one roll: 1d8+3 goes on a line of its own (in a batch or the"
     " REPL, or another roll), or add them: 1d20+5 + 1d8+3", 7),
    ("1d20+5 1d8+3", "a LINE is one roll: 1d8+3 goes on a line of its own (in a batch or the"
     " REPL, or another roll), or add them: 1d20+5 + 1d8+3", 8),
    ("2d6 d6", "a LINE is one roll: d6 goes on a line of its own (in a batch or the REPL, or"
     " another roll), or add them: 2d6 + d6", 5),
]


def test_a_repeats_x_before_its_number_says_where_it_goes() -> None:
    assert invoke("x6", "4d6kh3") == (
        2, "", "roll: error: a roll repeated is written 6x: 6x 4d6kh3\n")
    code, (obj,) = invoke_json(input="x3 1d20+5\n")
    assert (code, obj) == (2, {"input": "x3 1d20+5", "error": "a roll repeated is written 3x:"
                                   " 3x 1d20+5", "column": None, "hint": "3x 1d20+5", "line": 1})


def test_a_characters_value_without_braces_is_hinted_in_json_too() -> None:
    code, (obj,) = invoke_json("--", "d20+5+STR")
    assert (code, obj) == (2, {
        "input": "d20+5+STR", "column": 6, "hint": "d20+5+{str}",
        "error": "a character's value is written in braces: d20+5+{str} (and {str:N} gives N"
                 " when nobody acts)"})


@pytest.mark.parametrize(("line", "message", "column"), REFUSALS)
def test_a_refused_spelling_says_what_to_write(line: str, message: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        parse(line)
    assert (info.value.message, info.value.column) == (message, column)
    code, out, err = invoke(line)
    assert (code, out) == (2, "")
    assert err == f"roll: error: {message}\n  {line}\n  {' ' * (column - 1)}^\n"


def test_a_risk_die_outside_macchiato_names_its_game() -> None:
    said = ("roll: error: Δ8 is a Macchiato Monsters risk die: use -s macchiato (or d8 for a"
            " plain die)\n")
    assert invoke("Δ8") == (2, "", said)
    assert invoke("--rolled", "3", "delta6+2") == (2, "", said.replace("8", "6"))
    assert invoke("-s", "macchiato", "--rolled", "5", "Δ8") == (0, "Δ8 → 5 · hold\n", "")


@pytest.mark.parametrize("row", REFUSED, ids=lambda row: row.example)
def test_every_refusal_help_lists_fails_with_its_suggestion(row: Refused) -> None:
    code, out, err = invoke(row.example)
    assert (code, out) == (2, "")
    for suggestion in row.instead.split(", or "):  # ⟨-s macchiato⟩: a help field
        assert suggestion.split(" to ")[0].strip("⟨⟩") in err, (row.example, err)


def test_help_notation_lists_the_habits_and_the_refusals() -> None:
    code, out, _ = invoke("help", "notation")
    assert code == 0
    assert "From other dice tools (avrae, Dice Maiden, Roll20, Discord bots):" in out
    assert "  4d6 keep 3        = 4d6kh3       keep [lowest] N, drop [highest] N\n" in out
    assert "  d20+5 dc 15       a target → d20+5 vs 15\n" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_library_parse_refuses_as_the_cli_does() -> None:
    with pytest.raises(RollError):
        parse("4d6p>2")


def test_odds_read_a_bots_word_too() -> None:
    """An odds LINE after a bot's word: its JSON input and its error keep the word as typed."""
    code, out, err = invoke("odds", "/r 1d4")
    assert (code, err) == (0, NOTE.format("/r"))
    assert out.splitlines()[:2] == ["1d4", "mean 2.5 · min 1 · max 4"]
    code, (obj,) = invoke_json("odds", "!r d20 adv")
    assert code == 0 and (obj["input"], obj["crit"]) == ("odds !r d20 adv", "39/400")
    code, out, err = invoke("--json", "odds", "/r 1d4+")
    assert (code, json.loads(out)) == (2, {"input": "odds /r 1d4+", "error": END, "column": 13})
    assert err.endswith(f"roll: error: {END}\n  odds /r 1d4+\n              ^\n")
