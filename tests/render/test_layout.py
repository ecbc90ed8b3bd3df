"""The narrow-pane layout, the prompt that fits, the dropped-die mark, the REPL's own words."""

from __future__ import annotations

import pytest

from cli.render.colour_marks import can_strike, dropped
from cli.render.layout import Layout, said_words, terminal_layout, visible, wrap_words
from cli.render.text import COLOUR, SHOWN, render
from cli.repl.prompt import prompt_text
from rules.dice.budget import Budget
from rules.dice.evaluate import Roller
from rules.dice.source import ScriptedSource
from rules.notation import parse
from rules.resolution import Resolution
from rules.systems import Context, get_system
from rules.table_state import TableState
from tests.support.repl import view

LABELLED = "1d8 [slashing] + 1d6 [fire] + 2d4 [poison]"


def resolved(line: str, faces: list[int], system: str = "generic") -> Resolution:
    chosen = get_system(system)
    roller = Roller(ScriptedSource(faces), Budget())
    return chosen.resolve(parse(line), Context(chosen, TableState(), roller, line))


def test_the_repl_layout_puts_the_total_first_and_wraps_at_words_with_a_hanging_indent() -> None:
    res = resolved(LABELLED, [3, 1, 3, 2])
    assert Layout(40, echo=False).apply(res, SHOWN) == (
        "9\n"
        "  [3] slashing + [1] fire + [3, 2]\n"
        "    poison = 9"
    )
    assert Layout(80, echo=False).lay_out(res, render(res, False), SHOWN) == (
        "9\n  [3] slashing + [1] fire + [3, 2] poison = 9"
    )


def test_the_outcome_leads_and_is_not_said_twice() -> None:
    res = resolved("d20+3 vs 12", [14])
    assert Layout(40, echo=False).apply(res, SHOWN) == (
        "pass · 17\n  [14] + 3 = 17 vs 12"
    )
    res = resolved("check dex=5 trained", [20], "vagabond")
    assert Layout(40, echo=False).apply(res, SHOWN).splitlines()[0] == "pass · 20"


def test_a_one_shot_keeps_its_line_when_it_fits_and_wraps_with_the_input_when_not() -> None:
    res = resolved(LABELLED, [3, 1, 3, 2])
    text = render(res, False)
    assert Layout(90).lay_out(res, text, SHOWN) == text  # one-shots and pipes: the full line
    assert Layout(40).lay_out(res, text, SHOWN) == (
        "1d8 [slashing] + 1d6 [fire] + 2d4\n"
        "  [poison] →\n"
        "9\n"
        "  [3] slashing + [1] fire + [3, 2]\n"
        "    poison = 9"
    )
    assert terminal_layout(False) is None  # a pipe: never wrapped


def test_repeats_show_each_result_without_the_repeat_prefix() -> None:
    line = "2x 2d6"
    system = get_system("generic")
    roller = Roller(ScriptedSource([1, 2, 3, 4]), Budget())
    single = parse(line)
    from dataclasses import replace

    results = [system.resolve(replace(single, repeat=1), Context(system, TableState(), roller, line))
               for _ in range(2)]
    shown = [Layout(40, echo=False).apply(r, SHOWN) for r in results]
    assert shown == ["3\n  [1, 2] = 3", "7\n  [3, 4] = 7"]


def test_a_struck_span_is_never_broken_and_colour_takes_no_columns() -> None:
    res = resolved("{1d20, 2d10}kh1 + 5", [15, 3, 10])
    assert res.summary == "{1d20, 2d10}kh1 + 5 → {[15] = 15, ~~[3, 10] = 13~~} + 5 = 20"
    after = res.summary_parts.after("{1d20, 2d10}kh1 + 5 → ")
    assert after is not None
    lines = wrap_words(said_words(after, COLOUR, res), 20)
    assert [visible(line) for line in lines] == ["{[15] = 15,", "  ~~[3, 10] = 13~~}", "  + 5 = 20"]


def test_a_dropped_die_keeps_its_mark_on_every_terminal() -> None:
    assert visible(dropped("2", "xterm-256color")) == "~~2~~"
    assert "\x1b[2;9m2" in dropped("2", "xterm-256color")  # struck where it can be
    assert "9m" not in dropped("2", "linux") and visible(dropped("2", "linux")) == "~~2~~"
    assert not can_strike("dumb") and not can_strike("") and can_strike("tmux-256color")


@pytest.mark.parametrize(
    ("system", "name", "width", "prompt"),
    [
        ("vagabond", "Mira", 80, "vagabond·mira> "),
        ("vagabond", "Mira", 40, "vag·mira> "),
        ("champions", "Ser Alys", 40, "cha·ser al…> "),
        ("champions", "Ser Alys", 80, "champions·ser alys> "),
        ("generic", None, 40, "roll> "),
        ("macchiato", None, 30, "mac> "),
    ],
)
def test_the_prompt_stays_under_a_third_of_the_width(
    system: str, name: str | None, width: int, prompt: str
) -> None:
    shown = prompt_text(view(system, name), width)
    assert shown == prompt
    assert len(shown) < width / 3


@pytest.mark.parametrize("columns", [None, "100", "0", "wide", "-3"])
def test_the_terminal_width_is_shutils_without_shutil(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    """cli.base.environment.terminal_columns answers as shutil.get_terminal_size (here stdout is no
    terminal: $COLUMNS when it is a positive number, else the fallback)."""
    import shutil

    from cli.base.environment import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    for fallback in (60, 80):
        assert terminal_columns(fallback) == shutil.get_terminal_size((fallback, 24)).columns


def test_the_terminal_width_is_read_from_the_terminal_without_columns() -> None:
    """With no $COLUMNS, the width of the terminal on stdout (a pty 57 columns wide)."""
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    child = pexpect.spawn(sys.executable, ["-c", "from cli.base.environment import terminal_columns;"
                                           " print(terminal_columns(80))"],
                          env=env, dimensions=(24, 57), timeout=20, encoding="utf-8")
    child.expect(pexpect.EOF)
    assert child.before.strip() == "57"


def test_a_label_that_reads_like_an_outcome_is_laid_out_whole() -> None:
    """The head takes the outcome word the result wrote (its part), never a piece of text that
    reads `pass`: the label `x · pass · y` stays as typed under the head."""
    import rules

    res = rules.roll("1d20 [x · pass · y] vs 10", source=rules.ScriptedSource([12]))
    assert Layout(30, echo=False).apply(res, SHOWN) == "pass · 12\n  [12] x · pass · y = 12 vs 10"
    assert Layout(30, echo=True).apply(res, SHOWN) == (
        "1d20 [x · pass · y] vs 10 →\npass · 12\n  [12] x · pass · y = 12 vs 10")


def test_a_dropped_group_member_is_one_word_in_plain_text_too() -> None:
    """Its `~~[3, 10] = 13~~` is one part (a Face) with spaces of its own: never broken there."""
    import rules

    res = rules.roll("{1d20, 2d10}kh1 + 5", source=rules.ScriptedSource([15, 3, 10]))
    assert Layout(24, echo=False).apply(res, SHOWN) == (
        "20\n  {[15] = 15,\n    ~~[3, 10] = 13~~} +\n    5 = 20")
