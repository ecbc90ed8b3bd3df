"""The encounter's LINEs, in every game: `encounter [start|add|rm|end]`, `foe add|rm`, `next`,
`delay`, `pin`. Each resolves to a Resolution whose changes (the party's `encounter` field,
the upkeep, the foes' sheets) the store applies and logs like any other LINE's."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.campaign import Character
from rules.encounter import flow
from rules.encounter.foes import names_for, read_spec, sheet_for
from rules.encounter.games import rules_of
from rules.encounter.in_words import glance, next_taker, order_lines, status, turn_words
from rules.encounter.rules import (
    ROLLED,
    Board,
    EncounterRules,
    fallen,
    is_foe,
    without_turn,
)
from rules.encounter.turn_order import Encounter, current, running, state_change
from rules.errors import RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution

if TYPE_CHECKING:
    from rules.systems.protocol import Context, System
    from rules.table_state import TableState

ENCOUNTER_USAGE = ("encounter [show] | encounter start [NAMES…] [roll DIE] [surprised] |"
                   " encounter add NAMES… [foe] | encounter rm NAME | encounter flee NAME |"
                   " encounter end")


PIN_USAGE = "pin NAME N (initiative by hand, kept through rerolls) | pin NAME off"
register_usage("encounter", ENCOUNTER_USAGE, PIN_USAGE)


def game(ctx: Context, system_id: str | None) -> System:
    return ctx.system if system_id is None else ctx.system.shared.systems[system_id]


def _fight(ctx: Context) -> tuple[Encounter, System, EncounterRules]:
    """The running encounter (UsageError if none), its game and that game's rules."""
    enc = running(ctx.table)
    system = game(ctx, enc.system)
    return enc, system, rules_of(system)


def _board(ctx: Context, system: System) -> Board:
    return Board(replace(ctx, system=system))


def _names(table: TableState, args: list[syntax.Arg], special: set[str]
           ) -> tuple[list[Character], set[str], str | None]:
    """Characters named in `args`, special words, `roll DIE`. A name of several words is one
    word here already (`Goblin 1`: Context.named joins it, the longest name winning)."""
    tokens = [str(a) if not isinstance(a, syntax.Word) else a.text for a in args]
    who: list[Character] = []
    words: set[str] = set()
    die = None
    i = 0
    while i < len(tokens):
        low = tokens[i].lower()
        if low == "roll":
            if i + 1 >= len(tokens):
                raise UsageError("roll needs the die to order by: encounter start roll d20")
            die, i = tokens[i + 1], i + 2
            continue
        found = table.characters.get(low)
        if found is not None:
            who.append(found)
        elif low in special:
            words.add(low)
        else:
            table.character(tokens[i])  # no such character: its error names the known ones
        i += 1
    return who, words, die


def _result(board: Board, before: Encounter | None, after: Encounter | None, reason: str,
            rules: EncounterRules, said: str) -> Resolution:
    changes = [*board.changes]
    if before != after:
        changes.append(state_change(before, after, reason))
    notes = list(board.notes)
    if after is not None:
        coming = _coming(board, after, rules)
        if coming is not None and not said.endswith(f"next: {coming}"):
            rolled = next((n for n, note in enumerate(notes) if note.startswith(ROLLED)), None)
            if rolled is None:
                notes.append(f"next: {coming}")
            else:  # what the dice gave and who is up, said in one line
                notes[rolled] += f" · next: {coming}"
    return board.ctx.resolution(
        "encounter", f"{board.ctx.input.strip()} → {said}", changes=tuple(changes),
        notes=tuple(notes), extra=(("encounter", view(board, after, rules)),))


def _coming(board: Board, enc: Encounter, rules: EncounterRules) -> str | None:
    """Who is up after this turn: none when it is the one already up (a fight of one)."""
    coming = next_taker(enc, rules, without_turn(board.table, enc))
    return None if coming == enc.turn else coming


def view(board: Board, enc: Encounter | None, rules: EncounterRules) -> dict[str, Any] | None:
    """The encounter as JSON: round, the order with initiative and pools, whose turn, next."""
    if enc is None:
        return None
    system = board.ctx.system
    order = []
    for c in enc.order:
        who = board.table.characters.get(c.name.lower())
        pools: dict[str, Any] = {}
        flags: list[str] = []
        if who is not None:
            flags = sorted(who.flags)
            for pool in system.all_pools(who):
                try:
                    pools[pool.name] = system.pool_value(who, pool)
                except UsageError:
                    pools[pool.name] = None
        order.append({**c.to_json(), "pools": pools, "flags": flags,
                      "sits_out": c.name in enc.out, "delayed": c.name in enc.delayed,
                      "out": who is not None and fallen(board.table, c.name) is not None,
                      **glance(enc, rules, board.table, system, c.name).to_json()})
    return {"system": enc.system, "round": enc.round, "turn": enc.turn,
            "acting": rules.actor(enc), "next": _coming(board, enc, rules),
            "takers": rules.takers(enc), "order": order}


# ---- the commands ----


def encounter(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`encounter …`: show, start, add, rm, end."""
    args = list(line.args)
    verb = args[0].text.lower() if args and isinstance(args[0], syntax.Word) else "show"
    rest = args[1:] if args and isinstance(args[0], syntax.Word) and verb in VERBS else args
    if verb not in VERBS:
        from rules.encounter.habits import encounter_misread

        raise encounter_misread(verb, len(args), ENCOUNTER_USAGE)
    return VERBS[verb](ctx, rest)


def _show(ctx: Context, args: list[syntax.Arg]) -> Resolution:
    if args:
        raise UsageError(f"encounter show takes no more words ({ENCOUNTER_USAGE})")
    enc = current(ctx.table)
    if enc is None:
        return ctx.resolution("encounter", "no encounter: encounter start [NAMES…]",
                              extra=(("encounter", None),))
    system = game(ctx, enc.system)
    rules = rules_of(system)
    board = _board(ctx, system)
    gone = without_turn(board.table, enc)
    return board.ctx.resolution(
        "encounter", status(enc, rules, gone=gone),
        notes=tuple(order_lines(enc, rules, board.table, system)),
        extra=(("encounter", view(board, enc, rules)),))


def _start(ctx: Context, args: list[syntax.Arg]) -> Resolution:
    if current(ctx.table) is not None:
        raise RuleError("an encounter is running already: encounter end first (or encounter"
                        " add NAME)")
    chars = dict(ctx.table.characters)
    named, words, die = _names(ctx.table, args, {"surprised", "surprise"})
    system = game(ctx, _starting_game(ctx, named))
    rules = rules_of(system)
    if not named:
        named = sorted((c for c in chars.values() if c.system == system.id
                        and "dead" not in c.flags and "foe" not in c.flags),
                       key=lambda c: c.name.lower())
    # the foes made before the fight (`foe add` with none running) join it now
    named += [c for c in chars.values() if c.system == system.id and is_foe(c)
              and c not in named]
    for who in named:
        if who.system != system.id:
            raise UsageError(f"{who.name} is a {who.system} character: an encounter is of one"
                             f" game ({system.id})")
    board = _board(ctx, system)
    enc = flow.start(board, rules, system.id, named, {"surprised" if w == "surprise" else w
                                                       for w in words}, die)
    said = f"round {enc.round} · {turn_words(enc, rules)}"
    return _result(board, None, enc, "encounter start", rules, said)


def _starting_game(ctx: Context, named: list[Character]) -> str:
    """The game a fight starts in: the one chosen (-s), else whose characters are named,
    else the game of the foes waiting for it, else the campaign's only game; one clear error
    naming the games when these leave it open."""
    if ctx.system.id != "generic":
        return ctx.system.id
    if named:
        return named[0].system
    chars = ctx.table.characters.values()
    waiting = {c.system for c in chars if is_foe(c)}
    for games, held in ((waiting, "foes of {} wait for it"),
                        ({c.system for c in chars}, "this campaign holds {}")):
        if len(games) == 1:
            return games.pop()
        if games:
            raise UsageError(f"which game's encounter? {held.format(_listed(games))}: name"
                             " who takes part (encounter start Mira Bo), or choose the game"
                             " with -s (-s GAME encounter start)")
    raise UsageError("which game's encounter? name who takes part (encounter start Mira"
                     " Bo), or choose the game with -s")


def _listed(games: set[str]) -> str:
    """`brighter and macchiato`, `champions, tiers and vagabond`."""
    shown = sorted(games)
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _add(ctx: Context, args: list[syntax.Arg]) -> Resolution:
    enc, system, rules = _fight(ctx)
    named, words, _ = _names(ctx.table, args, {"foe", "foes"})
    if not named:
        raise UsageError("encounter add needs who joins: encounter add NAME … [foe]")
    board = _board(ctx, system)
    after = flow.join(board, rules, enc, named, enemies=bool(words))
    return _result(board, enc, after, "joins", rules,
                   joining([c.name for c in named], rules, enc, after, every=True))


def joining(names: list[str], rules: EncounterRules, enc: Encounter | None,
            after: Encounter | None = None, every: bool = False) -> str:
    """`Wolf joins`, `Goblin 1 … Goblin 3 join` (`foe add` numbers them; `every`: each
    named); once somebody has acted, from which round
    (`enc` None: before the fight); a turn the newcomers' round-1 place takes, whose."""
    shown = names[0] if len(names) == 1 else f"{names[0]} … {names[-1]}"
    if every:
        shown = ", ".join(names)
    said = f"{shown} {'joins' if len(names) == 1 else 'join'}"
    if enc is None:
        return said
    if flow.not_begun(rules, enc):
        moved = after is not None and after.turn != enc.turn
        return f"{said} · {turn_words(after, rules)}" if moved and after else said
    return f"{said}, acting from round {enc.round + 1}"


def _named(args: list[syntax.Arg], missing: str) -> str:
    """The combatant a fight's word names (`encounter rm Goblin 2`); `missing` when none."""
    name = " ".join(a.text if isinstance(a, syntax.Word) else str(a) for a in args)
    if not name:
        raise UsageError(missing)
    return name


def _rm(ctx: Context, args: list[syntax.Arg]) -> Resolution:
    enc, system, rules = _fight(ctx)
    name = _named(args, "encounter rm needs who leaves: encounter rm NAME")
    board = _board(ctx, system)
    gone = enc.combatant(name).name
    after = flow.leave(board, rules, enc, gone)
    return _result(board, enc, after, "leaves", rules, f"{gone} leaves the fight")


def _end(ctx: Context, args: list[syntax.Arg]) -> Resolution:
    if args:
        raise UsageError(f"encounter end takes no more words ({ENCOUNTER_USAGE})")
    enc, system, rules = _fight(ctx)
    board = _board(ctx, system)
    flow.end(board, rules, enc)
    # rounds are counted as they are called: a fight ended in round 2 lasted 2 rounds
    fought = enc.round
    return _result(board, enc, None, "encounter end", rules,
                   f"the fight is over after {fought} round{'s' if fought != 1 else ''}")


def _flee(ctx: Context, args: list[syntax.Arg]) -> Resolution:
    """`encounter flee NAME` (`foe flee NAME`): one flees, out of the fight until it ends."""
    enc, system, rules = _fight(ctx)
    name = _named(args, "encounter flee needs who flees: encounter flee NAME")
    board = _board(ctx, system)
    fled = flow.flee(board, enc, name)
    return _result(board, enc, enc, "flees", rules, f"{fled} flees the fight")


VERBS = {"show": _show, "start": _start, "add": _add, "rm": _rm, "flee": _flee, "end": _end}


def foe(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`foe add [N] NAME [KIND] [stat=N …]`, `foe rm NAME`."""
    args = list(line.args)
    verb = args[0].text.lower() if args and isinstance(args[0], syntax.Word) else ""
    if verb in ("rm", "remove"):
        return _rm(ctx, args[1:]) if current(ctx.table) is not None else _unready(ctx, args[1:])
    if verb == "flee":
        return _flee(ctx, args[1:])
    if verb != "add":
        from rules.encounter.habits import foe_misread

        raise foe_misread(line, verb)
    enc = current(ctx.table)
    system = game(ctx, enc.system if enc is not None else _foes_game(ctx))
    rules = rules_of(system)
    spec = read_spec(tuple(args[1:]), rules.foe_kinds)
    board = _board(ctx, system)
    made: list[Character] = []
    for name in names_for(spec, ctx.table):
        sheet = sheet_for(system, name, spec)
        if enc is not None:  # a waiting foe is made in combat when the fight starts
            sheet["flags"] = [*sheet["flags"], *rules.foe_flags()]
        rules.check_foe(sheet)
        board.add([Change(name, "sheet", None, json.dumps(sheet, ensure_ascii=False,
                                                          sort_keys=True, separators=(",", ":")),
                          "foe add", "character")])
        made.append(board.character(name))
    names = [c.name for c in made]
    if enc is None:  # SPEC §9: foes prepared before the fight join it at `encounter start`
        return ctx.resolution("encounter", f"{ctx.input.strip()} → {joining(names, rules, None)}"
                              " the fight at encounter start", changes=tuple(board.changes))
    after = flow.join(board, rules, enc, made)
    return _result(board, enc, after, "foe add", rules, joining(names, rules, enc, after))


def _foes_game(ctx: Context) -> str:
    """The game of foes made before any fight: the one chosen, else the campaign's only one."""
    if ctx.system.id != "generic":
        return ctx.system.id
    games = {c.system for c in ctx.table.characters.values()}
    if len(games) != 1:
        raise UsageError("which game's foes? no fight is running: choose the game with -s"
                         " (foe add 2 goblins hp=4 -s macchiato)")
    return games.pop()


def _unready(ctx: Context, args: list[syntax.Arg]) -> Resolution:
    """`foe rm NAME` before the fight: a foe waiting for it leaves the campaign."""
    name = " ".join(a.text if isinstance(a, syntax.Word) else str(a) for a in args)
    if not name:
        raise UsageError("foe rm needs which foe: foe rm NAME")
    who = ctx.table.character(name)
    if not is_foe(who):
        raise UsageError(f"{who.name} is no foe: foe rm removes a foe (sheet rm removes a"
                         " character)")
    return ctx.resolution("encounter", f"{ctx.input.strip()} → {who.name} leaves",
                          changes=(Change(who.name, "sheet", flow.sheet_text(who), None,
                                          "foe rm", "character"),))


def next_turn(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`next`: the turn passes, with each game's upkeep."""
    if line.args:
        raise UsageError("next takes no more words: it passes the turn")
    enc, system, rules = _fight(ctx)
    board = _board(ctx, system)
    after = flow.advance(board, rules, enc)
    said = f"round {after.round} · {turn_words(after, rules)}"
    if after.round != enc.round:
        said = f"round {after.round} begins · {turn_words(after, rules)}"
    return _result(board, enc, after, "next", rules, said)


def delay(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`delay`: the one whose turn it is waits for the next one."""
    if line.args:
        raise UsageError("delay takes no more words: the one whose turn it is waits")
    enc, system, rules = _fight(ctx)
    board = _board(ctx, system)
    after = flow.delay(board, rules, enc)
    return _result(board, enc, after, "delay", rules, turn_words(after, rules))


def pin(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`pin NAME N`: initiative set by hand and kept through rerolls; `pin NAME off`."""
    args = list(line.args)
    if len(args) < 2:
        raise UsageError(f"pin takes: {PIN_USAGE}")
    last = args[-1]
    value: int | None
    if isinstance(last, syntax.Word) and last.text.lower() == "off":
        value = None
    elif isinstance(last, syntax.ExprArg) and last.as_int() is not None:
        value = last.as_int()
    else:
        raise UsageError(f"pin: the initiative is a whole number, not '{last}' ({PIN_USAGE})")
    enc, system, rules = _fight(ctx)
    name = " ".join(a.text if isinstance(a, syntax.Word) else str(a) for a in args[:-1])
    board = _board(ctx, system)
    after = flow.pin(enc, name, value)
    who = after.combatant(name).name
    said = f"{who}'s initiative {value}, pinned" if value is not None else f"{who} unpinned"
    return _result(board, enc, after, "pin", rules, said)


COMMANDS = {"encounter": encounter, "foe": foe, "next": next_turn, "delay": delay, "pin": pin}
