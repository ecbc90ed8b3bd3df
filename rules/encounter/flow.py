"""The encounter's moves as pure functions: start, join, leave, next, delay, pin, end.

Each works on a Board (the LINE's Context and the changes so far) and returns the new
Encounter; the game's EncounterRules add their upkeep to the Board as it goes.
"""

from __future__ import annotations

import json
from dataclasses import replace

from rules.campaign import Character
from rules.encounter.rules import Board, EncounterRules, fallen, is_foe
from rules.encounter.turn_order import Combatant, Encounter
from rules.errors import RuleError
from rules.resolution import Change


def sheet_text(who: Character) -> str:
    """A sheet as the one value of a `character` Change (canonical JSON)."""
    return json.dumps(dict(who.sheet), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def start(board: Board, rules: EncounterRules, system: str, who: list[Character],
          words: set[str], die: str | None) -> Encounter:
    """Round 1: the order by the game's rules, and the first turn begun (its upkeep done)."""
    order = tuple(Combatant(c.name, rules.side(c)) for c in who)
    enc = Encounter(system, 1, order, None, die=die)
    enc = rules.begin(board, enc, words)
    if not who:  # foes and characters join before the first `next`
        board.add(notes=["nobody yet: foe add …, encounter add NAME, then next"])
        return enc
    return advance(board, rules, enc)


def join(board: Board, rules: EncounterRules, enc: Encounter, who: list[Character],
         enemies: bool = False) -> Encounter:
    """Characters (foes made on the spot included) joining a running fight; `enemies`: on
    the foes' side though their sheets are kept when the fight ends (a foe from a sheet)."""
    for c in who:
        if enc.find(c.name) is not None:
            raise RuleError(f"{c.name} is already in the encounter; nothing changed")
    enc = enc.with_order((*enc.order, *(Combatant(c.name, rules.side(c, enemies))
                                        for c in who)))
    return rules.joined(board, enc, [c.name for c in who])


def leave(board: Board, rules: EncounterRules, enc: Encounter, name: str) -> Encounter:
    """One leaves the fight (falls, flees); a foe made from one line leaves the campaign too.
    On its own turn, the turn passes first."""
    gone = enc.combatant(name)
    own_turn = enc.turn is not None and enc.turn.lower() == gone.name.lower()
    if own_turn and len(rules.takers(enc)) > 1:
        enc = advance(board, rules, enc)
    who = board.character(gone.name)
    rules.leaving(board, enc, who)
    if is_foe(who):
        board.add([Change(who.name, "sheet", sheet_text(board.character(who.name)), None,
                          "leaves the fight", "character")])
    order = [c for c in enc.order if c.name != gone.name]
    enc = replace(enc, order=tuple(order), delayed=tuple(n for n in enc.delayed
                                                         if n != gone.name),
                  out=tuple(n for n in enc.out if n != gone.name))
    if enc.turn == gone.name:
        enc = replace(enc, turn=None)
    return enc


def advance(board: Board, rules: EncounterRules, enc: Encounter) -> Encounter:
    """`next`: the turn ends (its upkeep), the round ends after the last one (its upkeep,
    a new order where the game rerolls it), and the next turn starts (its upkeep)."""
    takers = rules.takers(enc)
    if not takers:
        raise RuleError("nobody is left in the encounter to take a turn: encounter add NAME,"
                        " foe add …, or encounter end")
    index = -1
    if enc.turn is not None:
        rules.turn_end(board, enc, enc.turn)
        index = takers.index(enc.turn) if enc.turn in takers else -1
    for _ in range(len(takers) + 1):  # past those out of the fight, once round at most
        index += 1
        if index >= len(takers):
            enc = rules.round_end(board, enc)
            enc = replace(enc, round=enc.round + 1, delayed=(), out=())
            takers = rules.takers(enc)
            index = 0
        why = _no_turn(board, enc, takers[index])
        if why is None:
            break
        board.add(notes=[f"{takers[index]} is {why}: no turn" + (
            "" if enc.find(takers[index]) is None or takers[index] in enc.out
            else f" (foe rm {takers[index]})")])
    taker = takers[index]
    enc = replace(enc, turn=taker)
    if taker in enc.delayed:
        enc = replace(enc, delayed=tuple(n for n in enc.delayed if n != taker))
        board.add(notes=[f"{taker} takes the turn it delayed"])
    else:
        rules.turn_start(board, enc, taker)
    return enc


def _no_turn(board: Board, enc: Encounter, taker: str) -> str | None:
    """Why a combatant takes no turn this round (dead, defeated; sits out), or None."""
    if taker in enc.out:
        return "sitting out"
    return fallen(board.table, taker)


def delay(board: Board, rules: EncounterRules, enc: Encounter) -> Encounter:
    """The one whose turn it is waits for the next one: it moves a place down the order, its
    turn begun (upkeep done) and taken up again after theirs."""
    if rules.takes_turns_by != "combatant" or enc.turn is None or enc.find(enc.turn) is None:
        what = enc.turn or "nobody"
        raise RuleError(f"it is {what} now: only a combatant's own turn can be delayed")
    names = enc.names()
    at = names.index(enc.turn)
    if at + 1 >= len(names):
        raise RuleError(f"{enc.turn} is last this round: there is nobody to wait for")
    order = list(enc.order)
    order[at], order[at + 1] = order[at + 1], order[at]
    waiting = enc.turn
    enc = replace(enc, order=tuple(order), turn=order[at].name,
                  delayed=(*enc.delayed, waiting))
    board.add(notes=[f"{waiting} delays until after {order[at].name}"])
    rules.turn_start(board, enc, order[at].name)
    return enc


def pin(enc: Encounter, name: str, value: int | None) -> Encounter:
    """A combatant's initiative set by hand and kept through rerolls (None: unpinned)."""
    from rules.encounter.rules import by_initiative

    who = enc.combatant(name)
    order = [replace(c, initiative=c.initiative if value is None else value,
                     pinned=value is not None) if c.name == who.name else c for c in enc.order]
    return enc.with_order(by_initiative(order) if value is not None else order)


def end(board: Board, rules: EncounterRules, enc: Encounter) -> None:
    """The fight is over: what only lives in it is cleared, and foes made from one line go."""
    for c in enc.order:
        who = board.table.characters.get(c.name.lower())
        if who is None:
            continue
        rules.leaving(board, enc, who)
        if is_foe(who):
            board.add([Change(who.name, "sheet", sheet_text(board.character(who.name)), None,
                              "the fight ends", "character")])
