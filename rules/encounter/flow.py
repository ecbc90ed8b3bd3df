"""The encounter's moves as pure functions: start, join, leave, next, delay, pin, end.

Each works on a Board (the LINE's Context and the changes so far) and returns the new
Encounter; the game's EncounterRules add their upkeep to the Board as it goes.
"""

from __future__ import annotations

import json
from dataclasses import replace

from rules.campaign import Character
from rules.encounter.rules import (
    FLED,
    Board,
    EncounterRules,
    by_initiative,
    clear_flags,
    fallen,
    is_foe,
    without_turn,
)
from rules.encounter.turn_order import Combatant, Encounter
from rules.errors import RuleError, UsageError
from rules.resolution import Change


def sheet_text(who: Character) -> str:
    """A sheet as the one value of a `character` Change (canonical JSON)."""
    return json.dumps(dict(who.sheet), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def start(board: Board, rules: EncounterRules, system: str, who: list[Character],
          words: set[str], die: str | None) -> Encounter:
    """Round 1: the order by the game's rules, and the first turn begun (its upkeep done)."""
    who = list({c.name.lower(): c for c in who}.values())  # the order is a set: once each
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
    for n, c in enumerate(who):
        if c.system != enc.system:
            raise UsageError(f"{c.name} is a {c.system} character: this fight is {enc.system}'s"
                             " (an encounter is of one game)")
        if enc.find(c.name) is not None or any(o.name.lower() == c.name.lower()
                                               for o in who[:n]):
            raise RuleError(f"{c.name} is already in the encounter; nothing changed")
    first = not_begun(rules, enc)
    names = [c.name for c in who]
    enc = enc.with_order((*enc.order, *(Combatant(c.name, rules.side(c, enemies))
                                        for c in who)))
    enc = rules.joined(board, enc, names)
    if not first:  # SPEC §9: one who joins once somebody has acted waits for the next round
        return replace(enc, out=(*enc.out, *(n for n in names if n not in enc.out)))
    takers = rules.takers(enc)
    if enc.turn is not None and takers and takers[0] != enc.turn:
        # nobody has acted yet: the newcomer's round-1 place comes before the turn begun
        enc = replace(enc, turn=takers[0])
        rules.turn_start(board, enc, takers[0])
    return enc


def not_begun(rules: EncounterRules, enc: Encounter) -> bool:
    """Whether nobody has acted in the fight yet: round 1, and its first turn (or none) is
    still the one begun at `encounter start`."""
    if enc.round != 1 or enc.delayed:
        return False
    takers = rules.takers(enc)
    return enc.turn is None or bool(takers) and enc.turn == takers[0]


def leave(board: Board, rules: EncounterRules, enc: Encounter, name: str) -> Encounter:
    """One leaves the fight (falls, flees); a foe made from one line leaves the campaign too.
    On its own turn, the turn passes first."""
    gone = enc.combatant(name)
    own_turn = enc.turn is not None and enc.turn.lower() == gone.name.lower()
    if own_turn and len(rules.takers(enc)) > 1:
        enc = advance(board, rules, enc)
    who = board.character(gone.name)
    rules.leaving(board, enc, who)
    if not is_foe(who):  # a character that fled is back for the next fight
        clear_flags(board, board.character(who.name), (FLED,), "leaves the fight")
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
            # a pin's place counts from the round after it (pin: never a turn more or less)
            enc = replace(enc, round=enc.round + 1, delayed=(), out=(),
                          order=tuple(by_initiative(enc.order)))
            takers = rules.takers(enc)
            index = 0
        why = _no_turn(board, enc, takers[index])
        if why is None:
            break
        board.add(notes=[_no_turn_note(enc, takers[index], why)])
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
    if enc.find(taker) is None:  # a Group or a House: none of it left standing
        return GROUP_DOWN if taker in without_turn(board.table, enc) else None
    return fallen(board.table, taker)


GROUP_DOWN = "nobody left standing"
"""000:L84 "Repeat until a Group is dead": a Group (or House) with none standing has no Turn."""


def _no_turn_note(enc: Encounter, taker: str, why: str) -> str:
    if why == GROUP_DOWN:
        return f"{taker}: {why}, no turn"
    hint = "" if enc.find(taker) is None or taker in enc.out else f" (foe rm {taker})"
    return f"{taker} {'has fled' if why == FLED else f'is {why}'}: no turn{hint}"


def delay(board: Board, rules: EncounterRules, enc: Encounter) -> Encounter:
    """The one whose turn it is waits for the next one: it moves a place down the order, its
    turn begun (upkeep done) and taken up again after theirs."""
    if rules.takes_turns_by != "combatant" or enc.turn is None or enc.find(enc.turn) is None:
        what = enc.turn or "nobody"
        raise RuleError(f"it is {what} now: only a combatant's own turn can be delayed")
    names = enc.names()
    at = names.index(enc.turn)
    # the next one to take a turn this round: past those out of the fight or sitting out,
    # who keep their places (a delay gives nobody a turn)
    after = next((i for i in range(at + 1, len(names))
                  if _no_turn(board, enc, names[i]) is None), None)
    if after is None:
        raise RuleError(f"{enc.turn} is last this round: there is nobody to wait for")
    order = list(enc.order)
    waiting = order.pop(at)
    order.insert(after, waiting)
    coming = names[after]
    if coming in enc.delayed:
        raise RuleError(f"{coming} has delayed already: {enc.turn} waits after it next")
    enc = replace(enc, order=tuple(order), turn=coming, delayed=(*enc.delayed, waiting.name))
    board.add(notes=[f"{waiting.name} delays until after {coming}"])
    rules.turn_start(board, enc, coming)
    return enc


def flee(board: Board, enc: Encounter, name: str) -> str:
    """One flees the fight: out of it (skipped by `next`, never `next:`) until it ends, its
    place in the order kept for `encounter` to show; its name as the encounter has it."""
    who = board.character(enc.combatant(name).name)
    if FLED in who.flags:
        raise RuleError(f"{who.name} has fled already; nothing changed")
    board.add([Change(who.name, FLED, False, True, "flees", "flag")])
    return who.name


def pin(enc: Encounter, name: str, value: int | None) -> Encounter:
    """A combatant's initiative set by hand and kept through rerolls (None: unpinned). Mid-round
    it moves only among those on its side of the turn (who have had theirs, or who have yet to),
    so it never costs or gives anyone a turn; the new place counts from the next round."""
    who = enc.combatant(name)
    order = [replace(c, initiative=c.initiative if value is None else value,
                     pinned=value is not None) if c.name == who.name else c for c in enc.order]
    if value is None:
        return enc.with_order(order)
    names = [c.name for c in order]
    if enc.turn in names:
        at = names.index(enc.turn)
        return enc.with_order([*by_initiative(order[:at]), order[at],
                               *by_initiative(order[at + 1:])])
    if any(c.side == enc.turn for c in order):  # a Group's or House's Turn: next round
        return enc.with_order(order)
    return enc.with_order(by_initiative(order))  # a phase, or before the first turn


def end(board: Board, rules: EncounterRules, enc: Encounter) -> None:
    """The fight is over: what only lives in it is cleared, then foes made from one line go."""
    present = [board.table.characters[c.name.lower()] for c in enc.order
               if c.name.lower() in board.table.characters]
    for who in present:
        rules.leaving(board, enc, who)
        if not is_foe(who):  # a foe goes with its flags
            clear_flags(board, board.character(who.name), (FLED,), "the fight ends")
    for who in present:
        if is_foe(who):
            board.add([Change(who.name, "sheet", sheet_text(board.character(who.name)), None,
                              "the fight ends", "character")])
