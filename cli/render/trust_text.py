"""`roll fair` and `roll luck` as text a 40-column pane shows: a bar per face (what a person
would rather look at than a table of counts), the test's numbers, and its verdict in words;
a mark on a 0–100 scale per character."""

from __future__ import annotations

from collections.abc import Sequence

from cli.base.safe import shown
from cli.base.wrapping import wrap
from cli.render.odds_chart import FULL, PARTIAL
from rules.trust.fair import FaceTest
from rules.trust.luck import Luck

PANE = 40
"""The widest these answers are laid out: a side pane's width."""
CHARTED = 20
"""The most faces charted one bar each (a d100 is summed up in a line instead)."""
SCALE = 21
"""The cells of a luck scale: 0, 5, … 100, its middle cell 50."""


def bar(count: int, most: int, cells: int) -> str:
    """`count` of `most` as a bar of `cells` cells, eighths of a cell at its end."""
    if most <= 0 or count <= 0:
        return ""
    eighths = round(count * cells * 8 / most)
    return FULL * (eighths // 8) + (PARTIAL[eighths % 8] if eighths % 8 else "")


def face_chart(counts: Sequence[int], width: int) -> list[str]:
    """One line a face: its number, its bar, its count (`6 ████▌    9`)."""
    label = len(str(len(counts)))
    digits = len(str(max(counts)))
    cells = max(4, width - label - digits - 2)
    most = max(counts)
    return [f"{face:>{label}} {bar(n, most, cells):<{cells}} {n:>{digits}}"
            for face, n in enumerate(counts, start=1)]


def fair_lines(tests: Sequence[FaceTest], width: int = PANE) -> list[str]:
    """Every die's test: its head, its chart (or its extremes), its numbers, its verdict."""
    width = min(width, PANE)
    if not tests:
        return ["no dice in the log to test yet"]
    out: list[str] = []
    for test in tests:
        if out:
            out.append("")
        out.append(f"{test.die} · {test.source} · {test.rolls:,} rolls")
        if len(test.counts) <= CHARTED:
            out += face_chart(test.counts, width)
        else:
            most = max(range(len(test.counts)), key=lambda i: test.counts[i])
            least = min(range(len(test.counts)), key=lambda i: test.counts[i])
            out.append(f"most {most + 1} ({test.counts[most]}×),"
                       f" fewest {least + 1} ({test.counts[least]}×)")
        out.append(f"chi² {test.chi2:.2f} · df {test.df} · p {test.p:.4f}")
        out += wrap(test.verdict, width, "", "  ")
    return out


def scale(percentile: float) -> str:
    """A 0–100 scale with 50 marked `┼` and the percentile `●`."""
    cells = ["─"] * SCALE
    cells[SCALE // 2] = "┼"
    cells[min(SCALE - 1, max(0, round(percentile / 100 * (SCALE - 1))))] = "●"
    return "├" + "".join(cells) + "┤"


def luck_word(luck: Luck) -> str:
    """Hot, cold, or as the odds say (a p-value under 5%)."""
    if luck.p >= 0.05:
        return "as the odds say"
    return "hot dice" if luck.percentile > 50 else "cold dice"


def luck_lines(lucks: Sequence[Luck], width: int = PANE) -> list[str]:
    """Each character: rolls, mean percentile and p-value, then its mark on the scale."""
    width = min(width, PANE)
    if not lucks:
        return ["no priced rolls in the log yet"]
    out = ["mean percentile of each roll (50: par)"]
    for luck in lucks:
        rolls = f"{luck.rolls:,} roll{'' if luck.rolls == 1 else 's'}"
        head = (f"{shown(luck.name)} · {rolls} · {luck.percentile:.0f}"
                f" · p {luck.p:.2f}")
        out += wrap(head, width, "", "  ")
        out.append(f"  {scale(luck.percentile)} {luck_word(luck)}")
    return out
