"""Every text roll prints is laid out for its width: help topics, the log, odds, errors.

The width is COLUMNS (else the terminal's, else 80); no line is ever wider, words are never
split, and nothing is lost: a reflowed text holds the same words as the text as written.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from cli.render.help_pages import TOPICS, help_text
from cli.render.layout import reflow, width_of, wrap
from rules.systems import SYSTEMS
from tests.support.cli import invoke
from tests.support.sheets import WIZARD

WIDTHS = (40, 80, 100)
TOPIC_ARGS = [["help"], *(["help", t] for t in (*TOPICS, *SYSTEMS)),
              *(["-s", s, "help"] for s in SYSTEMS)]


def shown(args: list[str], width: int, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = invoke(*args)
    assert (code, err) == (0, ""), args
    return out.splitlines()


def words(text: str) -> Counter[str]:
    return Counter(text.replace("\t", " ").split())


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("args", TOPIC_ARGS, ids=" ".join)
def test_every_help_topic_fits_and_keeps_every_word(
    args: list[str], width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = shown(args, width, monkeypatch)
    assert all(width_of(line) <= width for line in lines), [
        line for line in lines if width_of(line) > width]
    topic = args[1] if args[0] == "help" and len(args) > 1 else (
        args[1] if args[0] == "-s" else None)
    found, written = words("\n".join(lines)), words(help_text(topic))
    assert set(found) == set(written)  # no word split, none lost (a stacked table repeats
    assert all(found[w] >= n for w, n in written.items())  # its key column)


def test_no_source_references_in_user_help() -> None:
    for topic in (None, *TOPICS, *SYSTEMS):
        text = help_text(topic)
        assert not re.search(r"\(\d{3}:L\d+|\bseed \d{3}\b", text), topic


def test_help_vagabond_at_80_columns_wraps_at_words_in_its_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = shown(["help", "vagabond"], 80, monkeypatch)
    assert lines[:3] == [
        "Vagabond (`-s vagabond`)",
        "Checks: Difficulty = 20 − Stat, or 20 − 2×Stat trained; d20 (+d6 Favored, −d6",
        "  Hindered) ≥ Difficulty passes. The unmodified 20 is a Crit: +1 Luck (up to the",
    ]
    block = lines.index("  block [ranged] [shield]        Endure Save, Hindered vs ranged unless you")
    assert lines[block + 1] == "                                 have a Shield"
    assert "  Dead: 0 HP or 5 Fatigue: no rolls, rests or pool moves" in lines


def test_help_vagabond_at_40_columns_stacks_entries_and_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = shown(["help", "vagabond"], 40, monkeypatch)
    block = lines.index("  block [ranged] [shield]")
    assert lines[block + 1: block + 3] == ["      Endure Save, Hindered vs ranged",
                                           "      unless you have a Shield"]
    table = lines.index("     untrained")
    assert lines[table: table + 3] == ["     untrained", "Stat plain Favor Hinder",
                                       "   2   15% 32.5%   2.5%"]
    assert lines[table + 8: table + 10] == ["     trained", "Stat plain Favor Hinder"]
    assert lines[table + 15] == "   7   75% 91.7%  57.5%"


def test_a_pipe_gets_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    code, out, _ = invoke("help", "vagabond")  # CliRunner's stdout is no terminal
    assert code == 0
    lines = out.splitlines()
    assert max(width_of(line) for line in lines) == 80


def test_wrap_never_goes_wider_even_for_one_long_word() -> None:
    assert wrap("a " + "x" * 50, 20) == ["a", "  " + "x" * 18, "  " + "x" * 18, "  " + "x" * 14]
    assert wrap("日本語 " * 8, 10) == ["日本語", *["  日本語"] * 7]
    assert reflow("Title:\n  entry     what it does, in several words", 24) == (
        "Title:\n  entry\n      what it does, in\n      several words")


# ---- the log ----


@pytest.fixture
def logged(tmp_path: Path) -> None:
    path = tmp_path / "mira.toml"
    path.write_text(WIZARD.replace("LUCK", "2"), encoding="utf-8")
    assert invoke("sheet", "import", str(path))[0] == 0
    who = ("-s", "vagabond", "--as", "Mira")
    assert invoke(*who, "--rolled", "3,4", "cast", "damage", "+2", "sphere", "class=wizard",
                  "level=2", "rsn=5")[0] == 0
    assert invoke(*who, "--rolled", "20", "check", "dex", "trained", "favor", "hinder")[0] == 0
    assert invoke(*who, "hurt", "3")[0] == 0


@pytest.mark.parametrize("width", WIDTHS)
def test_the_log_wraps_entries_and_never_hides_a_pool_change(
    logged: None, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = shown(["log"], width, monkeypatch)
    assert all(width_of(line) <= width for line in lines)
    assert not any(line.endswith("…") for line in lines)
    entries = re.split(r"\n(?=#)", "\n".join(lines))
    assert len(entries) == 3
    assert all(line.startswith("  ") for entry in entries for line in entry.split("\n")[1:])
    text = " ".join(" ".join(entry.split()) for entry in entries)
    assert "Mana 6→2" in text and "Luck 2→3" in text and "HP 8→5" in text


def test_the_log_at_80_columns_reads_each_entry_on_a_line(
    logged: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = shown(["log", "-n", "1"], 80, monkeypatch)
    assert re.fullmatch(r"#3 \S+ Mira hurt 3 · HP 8→5", lines[0]), lines
    lines = shown(["log", "--as", "Mira", "-n", "3"], 40, monkeypatch)
    assert lines[0].startswith("#1 ") and lines[1].startswith("  ")


# ---- odds ----


@pytest.mark.parametrize("width", WIDTHS)
def test_the_odds_of_a_check_lead_with_its_outcome(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = shown(["-s", "vagabond", "odds", "check", "dex=5", "trained"], width, monkeypatch)
    bar = "█" * (min(width, 80) - len("20 5.00% "))
    assert lines == [  # no screen to fit (a pipe): a row for each total, none grouped
        "check dex=5 trained",
        "pass 55.00% · fail 45.00% · crit 5.00%",
        "mean 10.5 · min 1 · max 20",
        *(f"{total:>2} 5.00% {bar}" for total in range(1, 21)),
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_odds_fit_and_show_means_as_decimals(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for args in (["-s", "macchiato", "odds", "Δ8 dis", "uses", "3"],
                 ["-s", "macchiato", "odds", "Δ8 uses 5"],
                 ["-s", "macchiato", "odds", "check", "str=12", "adv"], ["odds", "10d6!"],
                 ["odds", "d6 [a long label that goes on and on and on]"]):
        lines = shown(args, width, monkeypatch)
        assert all(width_of(line) <= width for line in lines), args
        assert not any(re.search(r"\d+/\d+", line) for line in lines), args
    text = " ".join(shown(["-s", "macchiato", "odds", "Δ8 dis", "uses", "3"], width, monkeypatch))
    assert " ".join(text.split()).endswith(
        "expected rolls until it fizzles: 4.04 Δ8 dis survives 3 rolls: 57.15%")
    text = "\n".join(shown(["-s", "macchiato", "odds", "Δ8 uses 5"], width, monkeypatch))
    assert text.count("6") - text.count("62.50%") >= 1
    assert text.endswith("expected rolls until it fizzles: 6\nΔ8 survives 5 rolls: 48.36%")


# ---- errors ----


def test_an_error_in_a_pipe_is_one_line_as_scripts_read_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    code, _, err = invoke("help", "a-topic-that-does-not-exist-anywhere")
    assert code == 2 and err.count("\n") == 1  # stderr is no terminal here: not wrapped


def test_an_error_line_wraps_and_keeps_its_caret() -> None:
    from cli.render.layout import ErrorLines

    said = ErrorLines("roll: error: expected a term, found the end of the line after a very long"
                      " LINE", "2d6+", 4)
    assert said.fitted(40).split("\n") == [
        "roll: error: expected a term, found the",
        "  end of the line after a very long LINE",
        "  2d6+",
        "      ^",
    ]


def test_the_pager_shows_a_screenful_then_asks() -> None:
    from cli.repl.pager import LEAVE, LINE, PAGE, page

    shown: list[str] = []
    answers = iter([LINE, PAGE, LEAVE])
    page("\n".join(str(n) for n in range(1, 31)), 6, shown.append, lambda: next(answers))
    assert shown == ["1\n2\n3\n4\n5", "6", "7\n8\n9\n10\n11"]  # then q: back to the prompt
    shown.clear()
    page("short\ntext", 6, shown.append, lambda: LEAVE)
    assert shown == ["short\ntext"]  # what fits the screen is never held


@pytest.mark.parametrize("topic", [None, *TOPICS, *SYSTEMS])
def test_every_topic_fits_any_width_from_20_columns(topic: str | None) -> None:
    for width in range(20, 121):
        lines = reflow(help_text(topic), width).split("\n")
        assert all(width_of(line) <= width for line in lines), (topic, width)


# ---- narrow tables ----

CHANCES = [["", "untrained", "", "", "trained", "", ""],
           ["Stat", "plain", "Favor", "Hinder", "plain", "Favor", "Hinder"],
           ["2", "15%", "32.5%", "2.5%", "25%", "42.5%", "8.3%"]]
SPLIT = ["     untrained", "Stat plain Favor", "   2   15% 32.5%",
         "     untrained", "Stat Hinder", "   2   2.5%",
         "     trained", "Stat plain Favor", "   2   25% 42.5%",
         "     trained", "Stat Hinder", "   2   8.3%"]


@pytest.mark.parametrize("width", range(16, 23))
def test_a_stacked_table_labels_every_chunk_of_its_column_groups(width: int) -> None:
    from cli.render.layout import table

    assert table(CHANCES, width) == SPLIT  # a group cut in two is labelled in both halves
    assert table(CHANCES, 23) == [
        "     untrained", "Stat plain Favor Hinder", "   2   15% 32.5%   2.5%",
        "     trained", "Stat plain Favor Hinder", "   2   25% 42.5%   8.3%"]
    assert table(CHANCES, 47) == [
        "     untrained           trained", "Stat plain Favor Hinder  plain Favor Hinder",
        "   2   15% 32.5%   2.5%    25% 42.5%   8.3%"]


@pytest.mark.parametrize("width", range(16, 23))
def test_help_vagabond_under_23_columns_keeps_every_column_label(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = shown(["help", "vagabond"], width, monkeypatch)  # 20 columns at the least
    start = lines.index("     untrained")
    heads = [n for n in range(start, start + 28) if lines[n].startswith("Stat ")]
    assert [lines[n - 1] for n in heads] == ["     untrained", "     untrained",
                                            "     trained", "     trained"]
    assert [lines[n] for n in heads] == ["Stat plain Favor", "Stat Hinder"] * 2
    assert lines[heads[1] + 1: heads[1] + 3] == ["   2   2.5%", "   3     5%"]
