"""Render `roll odds`: the SPEC §7 JSON object, and a header plus bar chart for people."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from cli.base.safe import shown
from rules.exact import Odds
from rules.exact.result import fraction_text
from rules.said import SEPARATOR

RESET = "\x1b[0m"
BAR = "\x1b[36m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
OUTCOME_STYLES = {
    "pass": "\x1b[32;1m",
    "hit": "\x1b[32;1m",
    "hold": "\x1b[32;1m",
    "fail": "\x1b[31;1m",
    "miss": "\x1b[31;1m",
    "fizzle": "\x1b[31;1m",
    "step-down": "\x1b[33;1m",
}
PARTIAL = " ▏▎▍▌▋▊▉"
FULL = "█"
MAX_ROWS = 40
"""Where there is no screen (a pipe), more values than this are trimmed of negligible tails,
then grouped into ranges."""
MIN_ROWS = 8
"""The fewest rows a chart takes on a screen however short it is (it scrolls then)."""
NEGLIGIBLE = Fraction(1, 20_000)
"""A value rarer than this (0.005%) shows as "<0.01%" and is trimmed first."""


def odds_json(odds: Odds, input_line: str, system: str) -> dict[str, Any]:
    """The SPEC §7 object: exact fractions as strings, `outcomes` only where the LINE has them."""
    out: dict[str, Any] = {
        "input": input_line,
        "system": system,
        "kind": "odds",
        "mean": fraction_text(odds.mean),
        "min": odds.min,
        "max": odds.max,
        "distribution": {str(v): fraction_text(p) for v, p in odds.distribution.items()},
    }
    if odds.outcomes:
        out["outcomes"] = {k: fraction_text(p) for k, p in odds.outcomes.items()}
    out["residual"] = fraction_text(odds.residual)
    for key, value in odds.extra.items():
        out.setdefault(key, fraction_text(value) if isinstance(value, Fraction) else value)
    return out


def cumulative_json(odds: Odds, at_least: bool, at_most: bool) -> dict[str, Any]:
    """`--at-least` / `--at-most` under --json: P(total ≥ v) or P(total ≤ v) for each total v,
    exact, as `at_least` / `at_most` beside the distribution."""
    out: dict[str, Any] = {}
    totals = list(odds.distribution)
    if at_least:
        out["at_least"] = {str(v): fraction_text(odds.at_least(v)) for v in totals}
    if at_most:
        out["at_most"] = {str(v): fraction_text(odds.at_most(v)) for v in totals}
    return out


def percent(p: Fraction) -> str:
    """A probability as a percentage with two decimals, never rounding a possibility to 0 or 100."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    x = float(p) * 100
    if x < 0.005:
        return "<0.01%"
    if x >= 99.995:
        return ">99.99%"
    return f"{x:.2f}%"


def mean_text(mean: Fraction) -> str:
    """`12.24`, `2.5`, `7`: a mean to two decimals at most, trailing zeros cut, for every LINE
    alike (the exact fraction is the JSON's)."""
    if mean.denominator == 1:
        return str(mean.numerator)
    text = f"{float(mean):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def odds_text(
    odds: Odds,
    input_line: str,
    width: int = 60,
    at_least: bool = False,
    at_most: bool = False,
    color: bool = False,
    height: int = 0,
) -> str:
    """The header (input, mean, min, max, outcomes, cut-off tail) and one bar per total; the
    totals are grouped into ranges only when one row each would not fit the `height` rows of
    the screen (0: no screen, a pipe: up to MAX_ROWS rows)."""
    from cli.render.layout import wrap, wrap_whole

    width = max(width, 20)
    lines = wrap(shown(input_line), width)  # the LINE (a comment, a label) as data text
    outcomes: list[str] = []
    if odds.outcomes:  # a check's or save's outcome first: what a player asks odds for
        words = [f"{_style(k, color)} {percent(p)}" for k, p in odds.outcomes.items()]
        outcomes = wrap_whole(words, width, SEPARATOR)  # colour takes no columns
    lines.extend(outcomes)
    parts = [f"mean {mean_text(odds.mean)}", f"min {odds.min}", f"max {odds.max}"]
    lines.extend(wrap_whole(parts, width, SEPARATOR))
    if odds.residual:
        lines.extend(wrap(f"tail cut off: {float(odds.residual):.1e}", width))
    if at_least or at_most:
        lines.append("P(total ≥ value)" if at_least else "P(total ≤ value)")
    below = [row for note in odds.notes for row in wrap(shown(note), width)]
    tied = bool(odds.outcomes) and not (at_least or at_most)
    room = _room(height, len(lines) + len(below))
    rows, notes = _rows(odds, at_least, at_most, room, tied, room - 1 if height > 0 else room)
    lines.extend(_bars(rows, width, color))
    lines.extend(row for note in notes for row in wrap(note, width))
    lines.extend(below)
    return "\n".join(lines)


def _room(height: int, taken: int) -> int:
    """The rows a chart may take: the screen's less the lines around it and the prompt after
    it (MAX_ROWS where there is no screen)."""
    if height <= 0:
        return MAX_ROWS
    return max(MIN_ROWS, height - taken - 1)


def _ties(dist: dict[int, Fraction]) -> list[tuple[int, int, Fraction]]:
    """Runs of consecutive totals of one probability: (first, last, each one's)."""
    runs: list[tuple[int, int, Fraction]] = []
    for value, p in dist.items():
        if runs and runs[-1][2] == p and runs[-1][1] == value - 1:
            runs[-1] = (runs[-1][0], value, p)
        else:
            runs.append((value, value, p))
    return runs


def _rows(
    odds: Odds, at_least: bool, at_most: bool, max_rows: int = MAX_ROWS, tied: bool = False,
    grouped: int | None = None,
) -> tuple[list[tuple[str, Fraction]], list[str]]:
    """(label, probability) per row, and a note on what was trimmed or grouped: one row a
    total where `max_rows` hold them, else at most `grouped` rows (a screen's room less the
    note's line). `tied`: totals of one probability side by side then share a row (`1–20
    5.00% each`: a d20's faces)."""
    dist = dict(odds.distribution)
    values = list(dist)
    if len(values) <= max_rows:  # one row each fits: every total can be read
        return [(str(v), odds.at_least(v) if at_least else odds.at_most(v) if at_most
                 else dist[v]) for v in values], []
    max_rows = max_rows if grouped is None else grouped
    runs = _ties(dist) if tied else []
    if tied and len(runs) <= max_rows:
        return [(f"{a}–{b}" if a != b else str(a), p) for a, b, p in runs], [
            "(a–b: each total of the range)"]
    notes: list[str] = []
    if len(values) > max_rows:
        lo, hi = 0, len(values)
        while hi - lo > max_rows and dist[values[lo]] < NEGLIGIBLE:
            lo += 1
        while hi - lo > max_rows and dist[values[hi - 1]] < NEGLIGIBLE:
            hi -= 1
        trimmed = len(values) - (hi - lo)
        if trimmed:
            notes.append(f"({trimmed:,} totals under 0.005% each not shown)")
        values = values[lo:hi]
    span = values[-1] - values[0] + 1
    step = 1 if len(values) <= max_rows else math.ceil(span / max_rows)
    if step > 1:
        notes.append(f"(totals grouped {step} to a row)")

    def cumulative(lo: int, hi: int) -> Fraction:
        if at_least:
            return odds.at_least(lo)
        if at_most:
            return odds.at_most(hi)
        return sum((p for v, p in dist.items() if lo <= v <= hi), Fraction(0))

    rows: list[tuple[str, Fraction]] = []
    if step == 1:
        for v in values:
            rows.append((str(v), cumulative(v, v) if at_least or at_most else dist[v]))
    else:
        start = values[0]
        while start <= values[-1]:
            end = start + step - 1
            rows.append((f"{start}–{end}", cumulative(start, end)))
            start = end + 1
    return rows, notes


def _bars(rows: list[tuple[str, Fraction]], width: int, color: bool) -> list[str]:
    """One line per row: right-aligned label, percentage, and a bar in eighths of a cell."""
    label_w = max(len(label) for label, _ in rows)
    pcts = [percent(p) for _, p in rows]
    pct_w = max(len(p) for p in pcts)
    bar_w = max(1, width - label_w - pct_w - 2)
    top = max((p for _, p in rows), default=Fraction(0)) or Fraction(1)
    out = []
    for (label, p), pct in zip(rows, pcts, strict=True):
        eighths = math.floor(p / top * bar_w * 8)
        if p and not eighths:
            eighths = 1  # a possible total always shows a sliver
        bar = FULL * (eighths // 8) + (PARTIAL[eighths % 8] if eighths % 8 else "")
        if color and bar:
            bar = f"{BAR}{bar}{RESET}"
        out.append(f"{label:>{label_w}} {pct:>{pct_w}} {bar}".rstrip())
    return out


def _style(word: str, color: bool) -> str:
    style = OUTCOME_STYLES.get(word, BOLD)
    return f"{style}{word}{RESET}" if color else word
