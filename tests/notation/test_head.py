"""A LINE's head read once (rules/notation/head.py): each form exactly, a head written back
reads the same, and on generated lines the reader agrees with the hand readers it replaced."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.commands.dispatch import LINE_READING, SUBCOMMAND_WORDS
from rules.errors import NotationError, UsageError
from rules.notation.head import (
    LINE_ONLY,
    LINE_OPTIONS,
    ODDS_LINE,
    Around,
    Head,
    LineOption,
    Reading,
    Subcommand,
    read_head,
)
from tests.support.old_head import old_head, without_bot_word


def test_a_plain_line_is_its_body_alone() -> None:
    head = read_head("2d6+3", LINE_READING)
    assert head == Head("2d6+3")
    assert (head.body, head.name, head.holes, head.secret, head.subcommand) == (
        "2d6+3", None, (), False, None)
    assert (head.bot_word, head.typed, head.options, head.rest, head.refused) == (
        None, "2d6+3", (), "2d6+3", None)


def test_a_bot_word_is_kept_as_typed_and_the_rest_is_the_line() -> None:
    head = read_head("/R  roll 1d20+2", LINE_READING)
    assert (head.bot_word, head.typed, head.body) == ("/R", "1d20+2", "1d20+2")


def test_a_lines_own_options_as_typed_then_its_line() -> None:
    head = read_head('-s vagabond --as "Old Tom" --rolled=20,3 -n 2 check dex', LINE_READING)
    assert head.options == (LineOption("-s", "system", "vagabond"),
                            LineOption("--as", "character", "Old Tom"),
                            LineOption("--rolled", "rolled", "20,3"),
                            LineOption("-n", "times", "2"))
    assert (head.rest, head.body, head.name) == ("check dex", "check dex", "check")


def test_a_double_dash_ends_the_options_before_a_line_that_starts_with_minus() -> None:
    head = read_head("-n 2 -- -1+d6", LINE_READING)
    assert (head.options, head.body, head.name) == ((LineOption("-n", "times", "2"),), "-1+d6",
                                                    None)


def test_a_line_that_starts_with_minus_is_the_lines() -> None:
    assert read_head("-1+d6", LINE_READING).body == "-1+d6"
    assert read_head("--json 1d6", LINE_READING).options == ()


def test_the_last_of_two_same_options_wins() -> None:
    assert read_head("-s tiers --system vagabond d20", LINE_READING).option("system") == "vagabond"


@pytest.mark.parametrize(("line", "message", "said_with"), [
    ("-n", "-n needs a value (-n/--times N) and a LINE after it", "-n"),
    ("--as Kit", "the line's options need a LINE after them", "--as Kit"),
    ("--as 'Old Tom d20", "unbalanced quotes in \"'Old Tom d20\"", "--as 'Old Tom d20"),
])
def test_options_that_cannot_be_read_refuse_the_head(line: str, message: str,
                                                     said_with: str) -> None:
    head = read_head(f"r {line}", LINE_READING)
    assert head.refused is not None and head.options == () and head.bot_word == "r"
    assert (type(head.refused), head.refused.message, head.refused_in) == (
        UsageError, message, said_with)


def test_a_subcommand_reads_its_words_as_a_shell_passes_them() -> None:
    head = read_head('--as Kit sheet show "Old Tom"', LINE_READING)
    assert head.subcommand == Subcommand(("sheet", "show", "Old Tom"))
    assert (head.rest, head.body, head.secret) == ('sheet show "Old Tom"', "", False)


def test_a_subcommands_quotes_that_do_not_pair_refuse_it_with_a_caret_past_the_end() -> None:
    head = read_head("-n 2 sheet show 'Old", LINE_READING)
    assert head.options == (LineOption("-n", "times", "2"),)
    assert head.refused_in == "sheet show 'Old"
    error = head.refused
    assert isinstance(error, NotationError)
    assert (error.message, error.text, error.column) == (
        "unbalanced quotes: No closing quotation", "sheet show 'Old", 15)


def test_table_name_rolls_on_that_table_and_the_tables_own_words_do_not() -> None:
    assert read_head("table Weather", LINE_READING).subcommand == Subcommand(
        ("table", "Weather"), table="Weather")
    assert read_head("table list", LINE_READING).subcommand == Subcommand(("table", "list"))
    assert read_head("table --json", LINE_READING).subcommand == Subcommand(("table", "--json"))


def test_odds_carries_its_lines_own_head() -> None:
    head = read_head("odds /r 'Δ8' uses 5", LINE_READING)
    assert head.subcommand == Subcommand(("odds", "--", "/r Δ8 uses 5"), odds=Head(
        "/r Δ8 uses 5", Around("Δ8", uses=5, bot_word="/r", typed="Δ8 uses 5",
                               rest="Δ8 uses 5")))


def test_odds_with_options_or_of_a_table_is_the_commands_own() -> None:
    assert read_head("odds --at-least -- -1+d6", LINE_READING).subcommand == Subcommand(
        ("odds", "--at-least", "--", "-1+d6"))
    assert read_head("odds table loot", LINE_READING).subcommand == Subcommand(
        ("odds", "--", "table loot"))


def test_the_line_after_odds_may_name_a_table_to_price() -> None:
    assert read_head("table Loot", ODDS_LINE).subcommand == Subcommand(("table", "Loot"),
                                                                        table="Loot")
    assert read_head("table Loot x", ODDS_LINE).subcommand is None


def test_secret_then_the_line() -> None:
    head = read_head("-a Mira secret  check sneak", LINE_READING)
    assert (head.secret, head.rest, head.body, head.name) == (
        True, "secret  check sneak", "check sneak", "check")
    assert read_head("secret", LINE_READING).secret is False  # a word alone is a LINE's


def test_a_named_roll_and_its_arguments_name_after_the_repeat_and_before_a_comment() -> None:
    assert read_head("3x Longsword fire $1 # Ara", LINE_READING).name == "longsword"
    assert read_head("2d6 # longsword", LINE_READING).name is None
    assert read_head('"Old Tom" hits', LINE_READING).name is None
    assert read_head("  Longsword", LINE_ONLY).name == "longsword"


def test_stat_holes_and_dice_groups() -> None:
    head = read_head("d20+{Might}+{luck:2}+{d6}", LINE_READING)
    assert (head.holes, head.name) == (("might", "luck"), None)


def test_a_line_handed_over_reads_no_bot_word_option_or_subcommand() -> None:
    assert read_head("/r -n 2 odds d6", LINE_ONLY) == Head("/r -n 2 odds d6")
    assert read_head("secret d6", ODDS_LINE).body == "secret d6"


# ---- properties ----

VALUES = st.one_of(
    st.sampled_from(["vagabond", "Kit", "Old Tom", "", "20,3", "7", "'quoted'", 'say "hi"']),
    st.text(st.sampled_from("abcXYZ 12,-'"), max_size=8).filter(
        lambda v: not ('"' in v and "'" in v)),
)
BODIES = st.sampled_from([
    "2d6+3", "-1+d6", "d20 vs 15", "3x check dex", "attack {weapon} $1", "longsword",
    "d20+{might}", "{d6}+1", "check sneak # quiet", "2X Fireball", "Δ8", "4d6kh3",
    "sheet show Kit", "table Weather", "table list", "odds 4d6kh3", "odds 'd20+5' 'vs 15'",
    "undo", "secret check sneak", "odds Δ8 uses 5", "log -n 3",
])


@st.composite
def heads(draw: st.DrawFn) -> str:
    """A line as a player may type one: a bot's word, options, `secret`, a body."""
    gap = st.sampled_from([" ", "  ", "\t"])
    parts: list[str] = []
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from(["/r", "!roll", "roll", "r", "/R"])))
    for _ in range(draw(st.integers(0, 3))):
        word = draw(st.sampled_from(sorted(LINE_OPTIONS)))
        value = draw(VALUES)
        quote = "'" if '"' in value else '"'
        written = value if value and " " not in value and value[0] not in "'\"" else (
            f"{quote}{value}{quote}")
        parts.append(f"{word}={written}" if word.startswith("--") and draw(st.booleans())
                     else f"{word}{draw(gap)}{written}")
    if parts and parts[-1][:1] == "-" and draw(st.booleans()):
        parts.append("--")
    if draw(st.booleans()):
        parts.append("secret")
    parts.append(draw(BODIES))
    return draw(gap).join(parts)


def _compared(head: Head) -> tuple[object, ...]:
    """What a head says of a line, spacing aside."""
    return (head.bot_word, head.options, head.subcommand, head.secret, head.body, head.uses,
            head.name, head.holes, head.refused is None)


@given(heads())
@settings(max_examples=400, deadline=None)
def test_a_head_written_back_reads_the_same(line: str) -> None:
    head = read_head(line, LINE_READING)
    if head.refused is None:
        assert _compared(read_head(head.written(), LINE_READING)) == _compared(head)


@given(st.one_of(heads(), st.text(st.sampled_from(" \t3xX#{}ab-'\"/r"), max_size=12)))
@settings(max_examples=600, deadline=None)
def test_the_reader_agrees_with_the_hand_readers_it_replaced(line: str) -> None:
    try:
        old = old_head(line, SUBCOMMAND_WORDS)
    except (UsageError, NotationError) as error:
        head = read_head(line, LINE_READING)
        assert head.refused is not None and head.refused.message == error.message
        return
    head = read_head(line, LINE_READING)
    assert head.refused is None
    assert (head.bot_word, {o.setting: head.option(o.setting) for o in head.options}) == (
        old.bot_word, old.options)
    if old.subcommand is None:
        assert head.subcommand is None
        assert (head.secret, head.body, head.name, head.holes) == (
            old.secret, old.body, old.name, old.holes)
        return
    assert head.subcommand is not None and list(head.subcommand.words) == old.subcommand
    assert head.subcommand.table == old.table
    odds = head.subcommand.odds
    assert (odds is not None) == (old.odds is not None)
    if odds is not None and old.odds is not None:
        typed, bot = without_bot_word(old.odds)
        assert (odds.bot_word, odds.typed) == (bot, typed)


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_any_text_is_read_or_refused_never_raised(line: str) -> None:
    head = read_head(line, Reading(subcommands=SUBCOMMAND_WORDS, uses=True))
    assert head.refused is not None or head.line == line
