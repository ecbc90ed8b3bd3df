"""An encounter in words: the line a 40-column pane shows, the order, a state change."""

from __future__ import annotations

from collections.abc import Callable, Collection

from rules.encounter.rules import EncounterRules
from rules.encounter.turn_order import Encounter
from rules.resolution import Change

WIDTH = 40


def next_taker(enc: Encounter, rules: EncounterRules, gone: Collection[str] = ()
               ) -> str | None:
    """Who takes the turn after this one (the first of the next round after the last), as
    `next` finds them: passing by those `gone` (out of the fight: rules.without_turn) and, in
    this round, those who sit out; None when nobody would take one."""
    takers = rules.takers(enc)
    start = takers.index(enc.turn) + 1 if enc.turn in takers else 0
    for at in range(start, start + len(takers)):
        taker = takers[at % len(takers)]
        if taker in gone or (at < len(takers) and taker in enc.out):
            continue
        return taker
    return None


def turn_words(enc: Encounter, rules: EncounterRules) -> str:
    """`Mira's turn`, `House Red's turn`, a phase (Tiers' Enemy Tactical Phase) by its name."""
    return "nobody's turn" if enc.turn is None else rules.label(enc.turn)


def status(enc: Encounter, rules: EncounterRules, width: int = WIDTH,
           gone: Collection[str] = (), width_of: Callable[[str], int] = len) -> str:
    """`round 2 · Mira's turn · next: Goblin 1`, shortened to `width` columns (`gone`: out of
    the fight, never named next); `width_of` measures a text (a terminal passes its own,
    cli.render.layout's, where a CJK name takes two columns a letter)."""
    forms = status_forms(enc, rules, gone)
    for form in forms:
        if width_of(form) <= width:
            return form
    short = forms[1]
    while short and width_of(short) > width - 1:
        short = short[:-1]
    return short + "…"


def status_forms(enc: Encounter, rules: EncounterRules, gone: Collection[str] = ()
                 ) -> list[str]:
    """The encounter line, whole first, then shorter each (`R2 ▸ Mira · next Goblin 1`)."""
    coming = next_taker(enc, rules, gone)
    full = f"round {enc.round} · {turn_words(enc, rules)}" + (f" · next: {coming}" if coming else "")
    forms = [full, f"R{enc.round} ▸ {enc.turn or '—'}" + (f" · next {coming}" if coming else "")]
    if coming:
        forms.append(f"R{enc.round} {enc.turn or '—'} · next {coming}")
    return forms


def order_lines(enc: Encounter, rules: EncounterRules) -> list[str]:
    """One line per combatant: `▸ 7 Goblin 1` (the mark on whose turn it is)."""
    actor = rules.actor(enc)
    out = []
    for c in enc.order:
        mark = "▸" if c.name == actor or c.side == enc.turn else " "
        init = "" if c.initiative is None else f"{c.initiative:>2} "
        extra = " (pinned)" if c.pinned else ""
        extra += " (sits out)" if c.name in enc.out else ""
        extra += " (delayed)" if c.name in enc.delayed else ""
        side = f" [{c.side}]" if rules.takes_turns_by != "combatant" else ""
        out.append(f"{mark} {init}{c.name}{side}{extra}")
    return out


def short_state(text: str | None) -> str:
    if text is None:
        return "off"
    enc = Encounter.load(text)
    return f"R{enc.round} {enc.turn or '—'}"


def change_text(change: Change) -> str:
    """The party's encounter field moving, as a change line shows it."""
    before = None if change.before is None else str(change.before)
    after = None if change.after is None else str(change.after)
    if before is not None and after is not None:
        was, now = Encounter.load(before), Encounter.load(after)
        if (was.round, was.turn) == (now.round, now.turn):
            return (f"Encounter · {len(was.order)} → {len(now.order)} in the order"
                    f" ({change.reason})" if len(was.order) != len(now.order)
                    else f"Encounter · order changed ({change.reason})")
    return f"Encounter · {short_state(before)} → {short_state(after)} ({change.reason})"
