"""Named rolls: expansion into a LINE, placeholders, loops and depth, names that would shadow words."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli.base.argv import SUBCOMMANDS
from cli.line.named import reserved as reserved_of
from cli.store.sheet_files import validate_sheet
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.errors import LimitError, SheetError, UsageError
from rules.limits import MAX_NAMED_CHAIN
from rules.named_rolls import (
    Expansion,
    check_front_words,
    check_name,
    check_rolls,
    expand,
    reserved_words,
)
from rules.notation import parse, syntax
from rules.systems import get_system
from tests.support.cli import created, invoke

ROLLS = {
    "longsword": "attack melee 1d8+3",
    "stealth": "check dex trained",
    "hit": "d20+{bonus} vs {ac}",
    "twice": "$1d6+$2",
    "mod": "d20+{dex:0}",
    "stats": "6x 4d6kh3 # an array",
    "sword": "longsword",
    "blade": "sword $1",
}


@pytest.mark.parametrize(
    ("text", "line", "chain"),
    [
        ("longsword", "attack melee 1d8+3", ("longsword",)),
        ("longsword favor", "attack melee 1d8+3 favor", ("longsword",)),
        ("LongSword Favor", "attack melee 1d8+3 Favor", ("longsword",)),
        ("stealth +luck hinder", "check dex trained +luck hinder", ("stealth",)),
        ("hit ac=15 bonus=5", "d20+5 vs 15", ("hit",)),
        ("hit bonus=5 ac=15 favor", "d20+5 vs 15 favor", ("hit",)),
        ("twice 3 4", "3d6+4", ("twice",)),
        ("twice 3 4 adv", "3d6+4 adv", ("twice",)),
        ("twice 2 dex=3 1", "2d6+1 dex=3", ("twice",)),
        ("mod", "d20+0", ("mod",)),
        ("mod dex=4", "d20+4", ("mod",)),
        ("stats", "6x 4d6kh3 # an array", ("stats",)),
        ("2x longsword # first", "2x attack melee 1d8+3 # first", ("longsword",)),
        ("sword heavy", "attack melee 1d8+3 heavy", ("sword", "longsword")),
        ("blade favor hinder", "attack melee 1d8+3 favor hinder", ("blade", "sword", "longsword")),
        ('longsword "Mira Vale"', 'attack melee 1d8+3 "Mira Vale"', ("longsword",)),
    ],
)
def test_expansion(text: str, line: str, chain: tuple[str, ...]) -> None:
    result = expand(text, ROLLS)
    assert result == Expansion(text, line, chain)
    assert result.expanded
    assert result.describe() == f"{chain[0]} → {line}"


@pytest.mark.parametrize("text", ["d20+5", "check dex", "4d6kh3 # longsword", "", "  ", "x longsword"])
def test_a_line_that_names_no_roll_is_left_alone(text: str) -> None:
    result = expand(text, ROLLS)
    assert result == Expansion(text, text, ())
    assert not result.expanded
    assert result.describe() == text


def test_a_stat_fills_a_placeholder_that_no_word_gives() -> None:
    assert expand("hit ac=12", ROLLS, values={"bonus": 4}).line == "d20+4 vs 12"
    assert expand("hit ac=12 bonus=1", ROLLS, values={"bonus": 4}).line == "d20+1 vs 12"
    assert expand("mod", ROLLS, values={"DEX": 3}).line == "d20+3"


def test_a_reserved_word_is_never_expanded() -> None:
    rolls = {"check": "d20", "longsword": "check str"}
    assert expand("check dex", rolls, {"check"}).line == "check dex"
    assert expand("longsword", rolls, {"check"}).line == "check str"


def test_dice_groups_are_not_placeholders() -> None:
    rolls = {"best": "{d6, d8}kh1 + {d6}", "atk": "d20 + {f}"}
    assert expand("best", rolls).line == "{d6, d8}kh1 + {d6}"
    assert expand("atk", rolls).line == "d20 + {f}"


def test_placeholders_do_not_refill_what_a_word_brought() -> None:
    assert expand("twice {bonus} 2", ROLLS).line == "{bonus}d6+2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hit ac=15", "'hit' needs a value for {bonus}: give bonus=VALUE"),
        ("hit bonus=2", "'hit' needs a value for {ac}: give ac=VALUE"),
        ("twice 3", "'twice' needs a word for $2 (word 2 after the name)"),
        ("twice", "'twice' needs a word for $1 (word 1 after the name)"),
        ("twice ac=3 bonus=2", "'twice' needs a word for $1 (word 1 after the name)"),
        ("blade", "'blade' needs a word for $1 (word 1 after the name)"),
        ("2x stats", "'stats' repeats (6x) and so does the LINE (2x)"),
    ],
)
def test_missing_values_name_what_is_missing(text: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        expand(text, ROLLS)
    assert caught.value.message == message
    assert caught.value.exit_status == 2


@pytest.mark.parametrize(
    ("rolls", "text", "message"),
    [
        ({"a": "b", "b": "a"}, "a", "named rolls loop: a → b → a"),
        ({"a": "b x", "b": "c", "c": "A y"}, "a", "named rolls loop: a → b → c → a"),
        ({"me": "me again"}, "me", "named rolls loop: me → me"),
        ({"a": "b", "b": "a"}, "b 3", "named rolls loop: b → a → b"),
    ],
)
def test_a_loop_is_an_error_naming_the_chain(rolls: dict[str, str], text: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        expand(text, rolls)
    assert caught.value.message == message
    with pytest.raises(UsageError) as static:
        check_rolls(rolls, ())
    assert static.value.message.startswith("named rolls loop: ")


def test_depth_is_limited() -> None:
    names = [f"r{i}" for i in range(MAX_NAMED_CHAIN + 1)]
    rolls = {n: nxt for n, nxt in zip(names, names[1:], strict=False)}
    rolls[names[-1]] = "d6"
    with pytest.raises(LimitError) as caught:
        expand("r0", rolls)
    assert caught.value.message == "named rolls nest at most 5 deep: r0 → r1 → r2 → r3 → r4 → r5"
    assert caught.value.exit_status == 2
    with pytest.raises(LimitError):
        check_rolls(rolls, ())
    ok = {k: v for k, v in rolls.items() if k != "r0"}
    assert expand("r1 + 1", ok) == Expansion("r1 + 1", "d6 + 1", ("r1", "r2", "r3", "r4", "r5"))
    assert check_rolls(ok, ()) == ok


def test_an_expansion_stays_within_a_line() -> None:
    rolls = {"a": "b " + "$1 " * 40, "b": "c " + "$1 " * 40, "c": "d6"}
    with pytest.raises(LimitError) as caught:
        expand("a " + "x" * 20, rolls)
    assert caught.value.message == "'a → b' expands past 1,000 characters, the most a LINE has"
    assert expand("a 1", rolls).line.startswith("d6 1 1 1")


def test_expanded_lines_roll_and_parse() -> None:
    line = parse(expand("twice 2 3 vs 9", ROLLS).line)
    assert isinstance(line, syntax.RollLine)
    roll = Roller(ScriptedSource([4, 5])).roll(line.expr)
    assert (roll.total, line.target) == (12, 9)
    command = parse(expand("longsword favor", ROLLS).line)
    assert isinstance(command, syntax.CommandLine)
    assert str(command) == "attack melee 1d8 + 3 favor"


# ---- names ----


def test_the_domain_reserves_the_notation_and_the_commands_it_is_given() -> None:
    words = reserved_words({"vagabond": ["check", "spend"]}, {"odds": "a subcommand of roll"})
    assert words == {"odds": "a subcommand of roll", "check": "a vagabond command",
                     "spend": "a vagabond command",
                     **{w: "a word of the LINE notation or the REPL"
                        for w in ("adv", "dis", "vs", "advantage", "disadvantage", "r", "roll")}}


def test_a_sheets_rolls_shadow_none_of_the_words_the_front_end_gives() -> None:
    words = {"undo": "a subcommand of roll", "as": "a REPL word (act as a character)"}
    check_front_words({"longsword": "d8", "Stealth": "d20"}, words)  # none shadows: no error
    with pytest.raises(UsageError) as caught:
        check_front_words({"longsword": "d8", "AS": "d20"}, words)
    assert caught.value.message == ("'as' is a REPL word (act as a character): a named roll may"
                                    " not shadow it")


def test_reserved_words_name_what_each_is() -> None:
    generic = reserved_of("generic")
    for word in SUBCOMMANDS:
        assert generic[word] == "a subcommand of roll"
    assert {"alias", "table", "odds", "sheet", "repl"} <= set(generic)
    assert generic["spend"] == "a generic command"
    assert "check" not in generic
    assert reserved_of("vagabond")["check"] == "a vagabond command"
    every = reserved_of(None)
    assert every["attack"] == "a vagabond / champions / tiers command"
    assert every["risk"] == "a macchiato command"
    assert every["spend"] == "a generic / vagabond / macchiato / champions / tiers / brighter command"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("check", "'check' is a vagabond command: a named roll may not shadow it"),
        ("CAST", "'cast' is a vagabond command: a named roll may not shadow it"),
        ("rest", "'rest' is a vagabond command: a named roll may not shadow it"),
        ("table", "'table' is a subcommand of roll: a named roll may not shadow it"),
        ("undo", "'undo' is a subcommand of roll: a named roll may not shadow it"),
        ("vs", "'vs' is a word of the LINE notation or the REPL: a named roll may not shadow it"),
        ("d6", "'d6' is dice notation: a named roll may not shadow it"),
        ("df", "'df' is dice notation: a named roll may not shadow it"),
        ("f", "'f' is dice notation: a named roll may not shadow it"),
        ("two words", "a named roll's name is one word of letters a-z, digits, - and _, starting with"
         " a letter, not 'two words'"),
        ("3x", "a named roll's name is one word of letters a-z, digits, - and _, starting with"
         " a letter, not '3x'"),
        ("", "a named roll's name is one word of letters a-z, digits, - and _, starting with"
         " a letter, not ''"),
    ],
)
def test_a_name_may_not_shadow(name: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        check_name(name, reserved_of("vagabond"))
    assert caught.value.message == message


def test_names_are_case_insensitive_words() -> None:
    reserved = reserved_of("vagabond")
    assert check_name("LongSword", reserved) == "longsword"
    assert check_name("fire-bolt_2", reserved) == "fire-bolt_2"
    assert check_name("x", {"y"}) == "x"
    with pytest.raises(UsageError, match="'y' is a reserved word"):
        check_name("Y", {"y"})


def test_check_rolls_normalizes_and_refuses() -> None:
    assert check_rolls({"Longsword": " attack melee 1d8+3 "}, ()) == {"longsword": "attack melee 1d8+3"}
    with pytest.raises(UsageError, match="named roll 'a' is given twice"):
        check_rolls({"a": "d6", "A": "d8"}, ())
    for body in ("", "  ", 3, ["d6"]):
        with pytest.raises(UsageError, match="named roll 'a' must be a non-empty LINE in quotes"):
            check_rolls({"a": body}, ())


# ---- sheets ----


def test_a_sheet_carries_its_rolls() -> None:
    sheet = get_system("generic").validate_sheet(
        {"name": "Mira", "stats": {"bonus": 5}, "rolls": {"Attack": "d20+{bonus} vs {ac}"}}
    )
    assert sheet["rolls"] == {"attack": "d20+{bonus} vs {ac}"}
    line = expand("attack ac=15", sheet["rolls"], values=sheet["stats"]).line
    assert line == "d20+5 vs 15"


@pytest.mark.parametrize(
    ("system", "rolls", "message"),
    [
        ("vagabond", {"check": "d20"}, "sheet key 'rolls': 'check' is a vagabond command:"
         " a named roll may not shadow it"),
        ("champions", {"attack": "d20"}, "sheet key 'rolls': 'attack' is a champions command:"
         " a named roll may not shadow it"),
        ("generic", {"odds": "d20"}, "sheet key 'rolls': 'odds' is a subcommand of roll:"
         " a named roll may not shadow it"),
        ("generic", {"a": "b", "b": "a"}, "sheet key 'rolls': named rolls loop: a → b → a"),
        ("generic", {"a": 3}, "sheet key 'rolls': named roll 'a' must be a non-empty LINE in quotes"),
    ],
)
def test_a_sheet_refuses_bad_rolls(system: str, rolls: object, message: str) -> None:
    """Through the front end (cli/store/sheet_files.py): the system checks its words, roll its own."""
    with pytest.raises(SheetError) as caught:
        validate_sheet({"name": "Mira", "system": system, "rolls": rolls})
    assert caught.value.message == message
    assert caught.value.exit_status == 2


def test_a_sheet_keeps_its_rolls_through_import_and_export(tmp_path: Path) -> None:
    sheet = tmp_path / "mira.toml"
    sheet.write_text('name = "Mira"\nsystem = "vagabond"\n[rolls]\nStealth = "check dex trained"\n')
    assert invoke("sheet", "import", str(sheet)) == (0, "imported Mira (vagabond)\n", created())
    code, exported, _ = invoke("sheet", "export", "Mira")
    assert code == 0 and tomllib.loads(exported)["rolls"] == {"stealth": "check dex trained"}
    sheet.write_text('name = "Ash"\nsystem = "vagabond"\n[rolls]\ncheck = "d20"\n')
    code, out, err = invoke("sheet", "import", str(sheet))
    assert (code, out) == (2, "")
    assert err == (
        f"roll: error: {sheet}: sheet key 'rolls': 'check' is a vagabond command:"
        " a named roll may not shadow it\n"
    )


def test_rolls_must_be_a_table() -> None:
    with pytest.raises(SheetError, match=r"sheet key 'rolls' must be a table \(\[rolls\]\)"):
        get_system("generic").validate_sheet({"name": "Mira", "rolls": "d6"})


# ---- properties ----

names = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)
words = st.lists(st.from_regex(r"[a-z0-9+]{1,5}", fullmatch=True), max_size=4)


@given(name=names, body=words, extra=words)
def test_extra_words_are_appended_in_order(name: str, body: list[str], extra: list[str]) -> None:
    text = " ".join(["d20", *body])
    result = expand(" ".join([name.upper(), *extra]), {name: text})
    assert result.chain == (name,)
    assert result.line.split() == [*text.split(), *extra]


@given(values=st.lists(st.integers(-99, 99), min_size=1, max_size=5))
def test_each_placeholder_takes_its_word(values: list[int]) -> None:
    body = " + ".join(f"${i}" for i in range(len(values), 0, -1))
    result = expand("sum " + " ".join(map(str, values)), {"sum": body})
    assert result.line == " + ".join(str(v) for v in reversed(values))
