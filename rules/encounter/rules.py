"""What each game adds to an encounter: the order it takes turns in, and the upkeep at a
turn's start and end and at a round's end. A game's own `EncounterRules` is found by its id
(`rules.encounter.games.rules_of`); these defaults are the games whose texts give no order
(Macchiato Monsters, Brighter Worlds): the GM sets one, or rolls a die they name."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rules.campaign import Character, apply_change
from rules.errors import UsageError
from rules.notation import syntax
from rules.resolution import Change
from rules.table_state import TableState

if TYPE_CHECKING:
    from rules.encounter.turn_order import Combatant, Encounter
    from rules.systems.protocol import Context, System

FOE = "foe"
"""The flag of a foe added from one line (`foe add 3 goblins`): it lives only in the fight."""


@dataclass(slots=True)
class Board:
    """What one encounter LINE works on: the Context, and the changes (and notes) so far,
    with the table as they leave it, so each hook reads what the one before it wrote."""

    ctx: Context
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def table(self) -> TableState:
        return self.ctx.table

    def add(self, changes: Iterable[Change | None] = (), notes: Iterable[str] = ()) -> None:
        made = [c for c in changes if c is not None]
        self.changes += made
        self.notes += notes
        if made:
            chars = dict(self.ctx.table.characters)
            for change in made:
                key = (change.character or "").lower()
                if change.character is None:
                    continue
                if change.kind == "character":
                    if change.after is None:
                        chars.pop(key, None)
                    else:
                        sheet = json.loads(str(change.after))
                        chars[key] = Character(sheet["name"], sheet["system"], sheet)
                    continue
                old = chars.get(key)
                if old is not None:
                    chars[key] = replace(old, sheet=apply_change(old.sheet, change))
            active = self.ctx.table.active
            if active is not None:
                active = chars.get(active.name.lower())
            self.ctx = replace(self.ctx, table=replace(self.ctx.table, characters=chars,
                                                       active=active))

    def character(self, name: str) -> Character:
        return self.table.character(name)

    def acting_nobody(self, input_: str) -> Context:
        """The Context of a command nobody in particular makes (a House's turn end)."""
        return replace(self.ctx, table=replace(self.table, active=None), input=input_)

    def acting(self, name: str, input_: str | None = None) -> Context:
        """The Context of a command `name` makes (a Detect Check, a House's turn end)."""
        who = self.character(name)
        return replace(self.ctx, table=replace(self.table, active=who),
                       input=self.ctx.input if input_ is None else input_)


def is_foe(who: Character) -> bool:
    return FOE in who.flags


FLED = "fled"
"""The flag of one who fled the fight (`encounter flee NAME`): out of it until it ends."""

OUT_OF_THE_FIGHT = ("dead", "defeated", "downed", "incapacitated", FLED)
"""Flags of one who takes no turn (SPEC §9): Vagabond's and Tiers' `dead`, a Tiers NPC or a
Macchiato foe at 0 HP `defeated`, a Champions combatant `downed`, a Brighter Worlds one
`incapacitated`, and in every game one who `fled`."""

GONE_FOR_GOOD = ("dead", "defeated", FLED)
"""The flags that end a Group's or House's turns when all its members carry them (000:L84
"until a Group is dead, surrenders, or successfully flees"): a House of the Downed still has
its turn, where its Med Flags count down (002)."""


def fallen(table: TableState, taker: str) -> str | None:
    """Why a combatant takes no turn (dead, defeated), or None (a Group or phase: never)."""
    who = table.characters.get(taker.lower())
    if who is None:
        return None
    return next((f for f in OUT_OF_THE_FIGHT if f in who.flags), None)


def without_turn(table: TableState, enc: Encounter) -> frozenset[str]:
    """The combatants out of the fight (`fallen`), and the Groups or Houses with nobody left
    standing (000:L84 "Repeat until a Group is dead"): `next` passes them by, as its hint."""
    down = {c.name for c in enc.order if fallen(table, c.name) is not None}
    gone = {c.name for c in enc.order if fallen(table, c.name) in GONE_FOR_GOOD}
    sides = {c.side for c in enc.order}
    return frozenset(down | {s for s in sides
                             if all(c.name in gone for c in enc.order if c.side == s)
                             and enc.find(s) is None})


def roll_die(board: Board, die: str, why: str) -> int:
    """One throw of the die the GM named (`d20`, `d6`)."""
    from rules.notation import parse

    line = parse(die)
    if not isinstance(line, syntax.RollLine):
        raise UsageError(f"roll takes a die to order by (roll d20), not {die!r}")
    return board.ctx.roller.roll(line.expr).total


ROLLED = "initiative:"
"""How the note of what the initiative dice gave begins."""


def rolled_note(board: Board, order: Iterable[Combatant], names: Iterable[str]) -> None:
    """What the initiative dice gave, said once: `initiative: Ara 8, Ogre 4`."""
    wanted = set(names)
    shown = [f"{c.name} {c.initiative}" for c in order
             if c.name in wanted and not c.pinned and c.initiative is not None]
    if shown:
        board.add(notes=[f"{ROLLED} {', '.join(shown)}"])


def by_initiative(order: Iterable[Combatant]) -> list[Combatant]:
    """Highest initiative first; those without one keep their places after (a stable sort)."""
    items = list(order)
    return sorted(items, key=lambda c: (c.initiative is None, -(c.initiative or 0)))


class EncounterRules:
    """The games without an order of their own: the GM's order, or a die they name."""

    takes_turns_by = "combatant"
    foe_kinds: tuple[str, ...] = ()
    """The kinds of foes the game's text names (Tiers' Major, Minor …), `kind` on the sheet."""

    def side(self, who: Character, enemies: bool = False) -> str:
        """Whose side it is on: a foe's (made from one line, or joined as one), or the
        heroes'."""
        return "enemies" if enemies or is_foe(who) else "heroes"

    def label(self, taker: str) -> str:
        """How a turn is said: `Mira's turn`, `House Red's turn`, `the Heroes' Turn`."""
        return f"{taker}'s turn"

    def takers(self, enc: Encounter) -> list[str]:
        """Who takes a turn, in order, each round."""
        return enc.names()

    def actor(self, enc: Encounter) -> str | None:
        """The combatant whose turn it is (None when a Group or a phase has it)."""
        return enc.turn if enc.turn is not None and enc.find(enc.turn) else None

    def roll_order(self, board: Board, enc: Encounter, names: Collection[str]) -> Encounter:
        """Initiative for `names` (the GM's die; none named: the order given)."""
        if enc.die is None:
            return enc
        order = []
        for c in enc.order:
            if c.name in names and not c.pinned:
                c = replace(c, initiative=roll_die(board, enc.die, f"{c.name}'s initiative"))
            order.append(c)
        order = by_initiative(order)
        rolled_note(board, order, names)
        return enc.with_order(order)

    def begin(self, board: Board, enc: Encounter, words: set[str]) -> Encounter:
        """The fight starts: the order, and what a game sets for it."""
        if words:
            raise UsageError(f"encounter start: unexpected {', '.join(sorted(words))}")
        return self.roll_order(board, enc, enc.names())

    def joined(self, board: Board, enc: Encounter, names: list[str]) -> Encounter:
        """Newcomers in a running fight."""
        return self.roll_order(board, enc, names)

    def turn_start(self, board: Board, enc: Encounter, taker: str) -> None:
        """Upkeep when `taker`'s turn starts."""

    def turn_end(self, board: Board, enc: Encounter, taker: str) -> None:
        """Upkeep when `taker`'s turn ends."""

    def round_end(self, board: Board, enc: Encounter) -> Encounter:
        """Upkeep when a round ends (and a new order, where the game rerolls it)."""
        return enc

    def leaving(self, board: Board, enc: Encounter, who: Character) -> None:
        """What only lives in a fight, cleared for one who leaves it (or when it ends)."""

    def fallen_words(self) -> tuple[tuple[str, str], ...]:
        """The flags that put one out of the fight or down, each with its state word."""
        return (("dead", "dead"), ("defeated", "defeated"), ("downed", "Downed"),
                ("incapacitated", "incapacitated"), (FLED, FLED))

    def glance_pools(self, system: System, who: Character) -> tuple[Glanced, ...]:
        """The pools the fight turns on, each (key, title, value, as shown): by default the
        game's health pool, where the sheet has one."""
        return pool_glance(system, who, (system.health,) if system.health else ())

    def foe_flags(self) -> tuple[str, ...]:
        """Flags a foe is made with in this game's fight (Tiers' in-combat: its Vigor moves)."""
        return ()

    def check_foe(self, sheet: Mapping[str, Any]) -> None:
        """A UsageError when a foe's sheet lacks a value the text leaves OPEN."""

    def help(self) -> str:
        return ("no order in the text: the GM sets it (encounter start A B C, pin NAME N)"
                " or rolls it with a die they name (encounter start roll d20)")


Glanced = tuple[str, str, int | None, str]
"""A pool at a glance: its key, title, value (None: OPEN) and its value as shown (`1/3`)."""


def pool_glance(system: System, who: Character, names: Iterable[str]) -> tuple[Glanced, ...]:
    """Each of `names` that `who` has, as Glanced: a counter of harm taken of slots
    (`Wounds 1/3`, SPEC §9); value None where it is OPEN."""
    from rules.systems.sheet_terms import shown_pool

    have = {p.name: p for p in system.all_pools(who)}
    out = []
    for name in names:
        pool = have.get(name)
        if pool is None:
            continue
        try:
            value: int | None = system.pool_value(who, pool)
            top = system.pool_max(who, pool)
        except UsageError:
            value, top = None, None
        title, text = shown_pool(pool, value, top if pool.harm else None)
        out.append((name, title, value, text))
    return tuple(out)


def clear_flags(board: Board, who: Character, flags: Iterable[str], reason: str) -> None:
    """Each of `flags` that `who` carries, cleared."""
    board.add(Change(who.name, f, True, False, reason, "flag") for f in flags if f in who.flags)
