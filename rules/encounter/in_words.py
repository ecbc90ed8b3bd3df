"""An encounter in words: the line a 40-column pane shows, the order, a state change."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.encounter.rules import EncounterRules, Glanced
from rules.encounter.turn_order import Encounter
from rules.resolution import Change

if TYPE_CHECKING:
    from rules.systems.protocol import System
    from rules.table_state import TableState

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
    coming = None if coming == enc.turn else coming  # never names the one already up
    full = f"round {enc.round} · {turn_words(enc, rules)}" + (f" · next: {coming}" if coming else "")
    forms = [full, f"R{enc.round} ▸ {enc.turn or '—'}" + (f" · next {coming}" if coming else "")]
    if coming:
        forms.append(f"R{enc.round} {enc.turn or '—'} · next {coming}")
    return forms


@dataclass(frozen=True, slots=True)
class Glance:
    """One combatant as the GM glances at it: this round's initiative, its name and side,
    its state words (turn, delayed, sits out, defeated, dead, Downed …) and the pools the
    game's fight turns on, each (key, title, value)."""

    initiative: int | None
    name: str
    side: str
    pinned: bool
    states: tuple[str, ...]
    pools: tuple[Glanced, ...]
    words: tuple[str, ...] = ()
    """What the pane shows beside the pools (System.glance_words: Brighter's dice)."""

    def to_json(self) -> dict[str, Any]:
        return {"state": list(self.states), "glance": {k: v for k, _, v, _ in self.pools}}

    def forms(self, grouped: bool, numbered: bool = True) -> list[str]:
        """The line whole, then without the side, then with what stands beside the pools
        closer (`numbered`: an initiative column, `–` for one who rolled none this round);
        titles are never cut (order_lines carries a line too long over to the next)."""
        mark = "▸" if "turn" in self.states else " "
        init = "" if not numbered else "  –" if self.initiative is None else (
            f"{self.initiative:>3}")
        states = [s for s in self.states if s != "turn"] + (["pinned"] if self.pinned else [])
        head = f"{mark}{init} {self.name}"
        tail = "".join(f" · {s}" for s in states)
        # a pool the combatant does not have (OPEN: no value) is not shown (SPEC §9)
        shown = [(t, text) for _, t, v, text in self.pools if v is not None]
        pools = "".join(f" · {t} {text}" for t, text in shown)
        long = pools + "".join(f" · {w}" for w in self.words)
        close = pools + "".join(f" {w}" for w in self.words)  # `Grit 2 STR d10 DEX d6`
        side = f" [{self.side}]" if grouped else ""
        forms = [head + side + tail + long, head + tail + long]
        return forms + ([head + tail + close] if self.words else [])


def glance(enc: Encounter, rules: EncounterRules, table: TableState, system: System,
           name: str) -> Glance:
    """`name` in `enc` at a glance (rules/encounter/rules.py `glance_pools` names the pools)."""
    c = enc.combatant(name)
    who = table.characters.get(c.name.lower())
    states: list[str] = []
    down = [word for flag, word in rules.fallen_words() if who is not None and flag in who.flags]
    if c.name == rules.actor(enc) or (c.side == enc.turn and not down):  # the fallen act not
        states.append("turn")
    if c.name in enc.delayed:
        states.append("delayed")
    if c.name in enc.out:
        states.append("sits out")
    pools: tuple[Glanced, ...] = ()
    states += down
    words: tuple[str, ...] = ()
    if who is not None:
        pools, words = rules.glance_pools(system, who), system.glance_words(who)
    return Glance(c.initiative, c.name, c.side, c.pinned, tuple(states), pools, words)


def order_lines(enc: Encounter, rules: EncounterRules, table: TableState, system: System,
                width: int = WIDTH, width_of: Callable[[str], int] = len) -> list[str]:
    """One line a combatant, fitted to `width`: `▸ 11 Goblin 2 · Vigor 2` (the mark on whose
    turn it is), `    – Goblin 1 · defeated · Vigor 0`."""
    grouped = rules.takes_turns_by != "combatant"
    numbered = any(c.initiative is not None for c in enc.order)
    out = []
    for c in enc.order:
        forms = glance(enc, rules, table, system, c.name).forms(grouped, numbered)
        line = next((f for f in forms if width_of(f) <= width), None)
        # too long for any form: the whole words go on over lines of their own, never cut
        # (a long name's Med Flag stays on screen: issue 48)
        out += [line] if line is not None else wrapped(forms[1], width, width_of)
    return out


CONTINUED = "      "
"""How a combatant's line carried over to the next one begins."""


def wrapped(line: str, width: int, width_of: Callable[[str], int]) -> list[str]:
    """A combatant's line broken after its ` · ` parts to `width` (a part wider than a
    line is cut, marked `…`)."""
    parts = line.split(" · ")
    rows = [parts[0]]
    for part in parts[1:]:
        if width_of(f"{rows[-1]} · {part}") <= width:
            rows[-1] += f" · {part}"
        else:
            rows.append(f"{CONTINUED}· {part}")
    out = []
    for row in rows:
        while width_of(row) > width and len(row) > 1:
            row = row[:-2] + "…"
        out.append(row)
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


UNTIL = "until-turn:"
"""Vagabond's marker of an effect that lasts until a Group's next Turn (its encounter.py)."""


def flag_words(flag: str) -> str | None:
    """A flag the fight made, in words: `until-turn:enemies:vulnerable` → `Vulnerable until
    the Enemies' next Turn`; None for any other flag."""
    if not flag.startswith(UNTIL):
        return None
    group, _, effect = flag[len(UNTIL):].partition(":")
    return f"{effect.capitalize()} until the {group.capitalize()}' next Turn"
