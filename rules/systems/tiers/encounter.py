"""Tiers in an encounter (seed 003, Combat): the Enemy Tactical Phase opens every round,
then everyone by initiative (d8 + Mind die), rerolled at the end of each round; Vigor moves at
the start of each combatant's own turn; at a round's end unresolved Declared Maneuvers are
lost, unsustained Focus spells end and each combatant's one reaction comes back."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from rules.campaign import Character
from rules.encounter.rules import (
    FLED,
    Board,
    EncounterRules,
    Glanced,
    by_initiative,
    clear_flags,
    pool_glance,
    rolled_note,
)
from rules.encounter.turn_order import Encounter
from rules.errors import RuleError, UsageError
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.systems.protocol import Context, System
from rules.systems.tiers.pools import moved, some, to_full
from rules.systems.tiers.recovery import IN_COMBAT, turn_delta
from rules.systems.tiers.sheet import KINDS, NPC_REGAIN, PLAYER, heart_modifier, kind_of

TACTICAL = "Enemy Tactical Phase"
"""003:L5 "The Enemy Tactical Phase opens every round": the first turn of each round."""
DECLARED = "declared"
"""A Declared Maneuver announced in the tactical phase, not yet resolved (003:L150)."""
FOCUS = "focus"
"""A Focus spell up (003:L197)."""
FOCUS_FRESH = "focus-cast"
"""The Focus spell was cast this round: it needs no sustaining until the next one."""
SUSTAINED = "sustained"
"""The Focus spell was sustained this round (it was the Maneuver for the round)."""
REACTED = "reacted"
"""003:L28 "Limit: ONE reaction per round"."""
FIGHT_FLAGS = (IN_COMBAT, DECLARED, FOCUS, FOCUS_FRESH, SUSTAINED, REACTED)


class TiersEncounter(EncounterRules):
    foe_kinds = tuple(k for k in KINDS if k != PLAYER)

    def takers(self, enc: Encounter) -> list[str]:
        return [TACTICAL, *enc.names()]

    def label(self, taker: str) -> str:
        return taker if taker == TACTICAL else f"{taker}'s turn"

    def foe_flags(self) -> tuple[str, ...]:
        return (IN_COMBAT,)

    def check_foe(self, sheet: Mapping[str, Any]) -> None:
        """What the fight's own commands read of a foe, asked for at `foe add`: its kind and
        Tier, the Mind die (initiative), its Vigor (a Minor's size, another's Heart), its AC
        and its Body (an untrained attack; a Major's Glancing Blow its die) — each OPEN."""
        name = sheet["name"]
        if "kind" not in sheet:
            raise UsageError(f"foe add: which kind of NPC is {name}? the text has major, minor,"
                             " sovereign and retainer (foe add 3 minor goblins tier=1 …)")
        if "tier" not in sheet:
            raise UsageError(f"foe add: {name}'s Tier is OPEN (the text gives it per creature):"
                             " give it as tier=N")
        minor = sheet["kind"] == "minor"
        for missing, why in (
            (not _has(sheet, "dice", "mind"), "initiative is d8 + Mind die (the score→die table"
             " is OPEN): give it as mind=d4"),
            (minor and "vigor" not in sheet.get("max", {}), "whole pool is Vigor, its size OPEN:"
             " give it as vigor=N"),
            (not minor and not _score(sheet, "heart"), "Vigor cap is Tier + Heart modifier: give"
             " its Heart as heart=N"),
            ("ac" not in sheet and not _score(sheet, "sense"), "AC is armour base + Sense"
             " modifier: give it as sense=N (armor=light…), or ac=N"),
            (not _score(sheet, "body"), "attack is untrained melee, by its Body modifier: give"
             " it as body=N"),
            (not minor and not _has(sheet, "dice", "body"), "missed attack deals a Glancing Blow"
             " by its Body die (OPEN): give it as body=d6 (body=none, body=-d4)"),
        ):
            if missing:
                raise UsageError(f"foe add: {name}'s {why}")

    def _initiative(self, board: Board, name: str) -> int:
        from rules.systems.tiers.saves import initiative

        res = initiative(board.acting(name, "initiative"), syntax.CommandLine("initiative"))
        assert res.total is not None
        return res.total

    def roll_order(self, board: Board, enc: Encounter, names: Collection[str]) -> Encounter:
        """d8 + Mind die for each, highest first; a pinned initiative stays."""
        rolling = {c.name for c in enc.order
                   if c.name in names and not c.pinned and not self._out(board, c.name)}
        # one out of the fight rolls none: it has no initiative this round (none shown)
        order = by_initiative([
            replace(c, initiative=self._initiative(board, c.name)) if c.name in rolling
            else replace(c, initiative=None) if c.name in names and not c.pinned else c
            for c in enc.order])
        rolled_note(board, order, rolling)
        return enc.with_order(order)

    @staticmethod
    def _out(board: Board, name: str) -> bool:
        """Out of the fight (dead, a defeated NPC, fled): it rolls no initiative."""
        return bool({"dead", "defeated", FLED} & board.character(name).flags)

    def _in_combat(self, board: Board, names: list[str]) -> None:
        """003:L7 "Vigor is full at the start of the fight"; the in-combat flag lets it move."""
        for name in names:
            who = board.character(name)
            ctx = board.acting(name)
            if kind_of(who) in (PLAYER, *NPC_REGAIN) and heart_modifier(who) is None:
                raise UsageError(f"{who.name} has no Heart: Vigor moves by it at the start of"
                                 " each turn; add [stats] heart = N (or [mods] heart = N)")
            started = () if IN_COMBAT in who.flags else (
                Change(who.name, IN_COMBAT, False, True, "encounter", "flag"),)
            board.add([*some(to_full(ctx, who, "vigor", "the fight starts")), *started])

    def begin(self, board: Board, enc: Encounter, words: set[str]) -> Encounter:
        if words:
            raise UsageError(f"encounter start: unexpected {', '.join(sorted(words))}")
        self._in_combat(board, enc.names())
        return self.roll_order(board, enc, enc.names())

    def joined(self, board: Board, enc: Encounter, names: list[str]) -> Encounter:
        self._in_combat(board, names)
        return self.roll_order(board, enc, names)

    def turn_start(self, board: Board, enc: Encounter, taker: str) -> None:
        if taker == TACTICAL:
            board.add(notes=["the enemies name their maneuvers: declare, then next"])
            return
        who = board.character(taker)
        kind = kind_of(who)
        heart = heart_modifier(who)
        if kind not in (PLAYER, *NPC_REGAIN) or heart is None:
            return  # 003:L122 Minors and retainers do not regenerate
        change, _ = moved(board.acting(taker), who, "vigor", turn_delta(kind, heart),
                          "turn starts")
        board.add(some(change))

    def round_end(self, board: Board, enc: Encounter) -> Encounter:
        for c in enc.order:
            who = board.character(c.name)
            if FOCUS in who.flags and not {FOCUS_FRESH, SUSTAINED} & who.flags:
                board.add([Change(who.name, FOCUS, True, False, "not sustained", "flag")],
                          [f"{who.name}'s Focus spell ends: not sustained"])
            # said once, by its change: `Ogre · Declared off (lost: unresolved at round's end)`
            clear_flags(board, who, (DECLARED,), "lost: unresolved at round's end")
            clear_flags(board, who, (FOCUS_FRESH, SUSTAINED, REACTED), "end of round")
        return self.roll_order(board, enc, enc.names())

    def leaving(self, board: Board, enc: Encounter, who: Character) -> None:
        clear_flags(board, who, FIGHT_FLAGS, "out of the fight")

    def glance_pools(self, system: System, who: Character) -> tuple[Glanced, ...]:
        """Vigor and Vitality (a Minor's whole pool is Vigor: 003:L97)."""
        return pool_glance(system, who, ("vigor", "vitality"))

    def help(self) -> str:
        return ("the Enemy Tactical Phase opens each round, then d8 + Mind die, rerolled at"
                " each round's end")


def _has(sheet: Mapping[str, Any], section: str, key: str) -> bool:
    part = sheet.get(section)
    return isinstance(part, Mapping) and key in part


def _score(sheet: Mapping[str, Any], stat: str) -> bool:
    """Whether the sheet gives `stat`'s modifier: a score, or `[mods]`."""
    return _has(sheet, "stats", stat) or _has(sheet, "mods", stat)


# ---- the fight's own words: declare, focus, react ----


def _fight_only(ctx: Context, command: str) -> Encounter:
    """The running Tiers fight these words live in (a round's declaration, reaction, Focus):
    RuleError outside one."""
    from rules.encounter.turn_order import current

    enc = current(ctx.table)
    if enc is None or enc.system != "tiers":
        raise RuleError(f"{command} belongs to a fight's round: encounter start first;"
                        " nothing changed")
    return enc


def _flag(ctx: Context, who: Character, flag: str, on: bool, reason: str) -> Change:
    return Change(who.name, flag, not on, on, reason, "flag")


def declare(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`declare`: a Declared Maneuver announced (tactical phase); `declare done`: resolved on
    your turn; `declare drop`: given up (a failed disruption check)."""
    word = str(line.args[0]).lower() if line.args else ""
    enc = _fight_only(ctx, "declare")
    who = ctx.active
    if word == "":
        if enc.turn != TACTICAL:
            # 003:L150 "Announced in the tactical phase, resolved on your turn"
            raise RuleError(f"a Declared Maneuver is announced in the {TACTICAL} (it is"
                            f" {enc.turn or 'nobody'}'s now); nothing changed")
        if DECLARED in who.flags:
            raise RuleError(f"{who.name} has a Declared Maneuver already this round")
        return ctx.resolution("declare", f"{who.name} declares a maneuver",
                              changes=(_flag(ctx, who, DECLARED, True, "declare"),))
    if word in ("done", "drop") and len(line.args) == 1:
        if DECLARED not in who.flags:
            verb = "resolve" if word == "done" else "drop"
            raise RuleError(f"{who.name} has no Declared Maneuver to {verb}")
        said = "resolves" if word == "done" else "drops"
        return ctx.resolution("declare", f"{who.name} {said} its Declared Maneuver",
                              changes=(_flag(ctx, who, DECLARED, False, f"declare {word}"),))
    raise UsageError("declare takes: declare | declare done | declare drop")


def focus(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`focus`: a Focus spell cast (it ends another); `focus sustain`: this round's Maneuver
    keeps it up; `focus drop`: let go."""
    word = str(line.args[0]).lower() if line.args else ""
    if len(line.args) > 1 or word not in ("", "sustain", "drop"):
        raise UsageError("focus takes: focus | focus sustain | focus drop")
    if word != "drop":  # letting a spell go takes no round (003:L199 "at any time")
        _fight_only(ctx, "focus")
    who = ctx.active
    if word == "":
        changes = [] if FOCUS in who.flags else [_flag(ctx, who, FOCUS, True, "focus")]
        changes += [] if FOCUS_FRESH in who.flags else [_flag(ctx, who, FOCUS_FRESH, True,
                                                              "focus")]
        return ctx.resolution("focus", f"{who.name} casts a Focus spell", changes=tuple(changes))
    if FOCUS not in who.flags:
        raise RuleError(f"{who.name} has no Focus spell up")
    if word == "sustain":
        if SUSTAINED in who.flags or FOCUS_FRESH in who.flags:
            raise RuleError(f"{who.name}'s Focus spell is kept up this round already")
        return ctx.resolution("focus", f"{who.name} sustains its Focus spell",
                              changes=(_flag(ctx, who, SUSTAINED, True, "focus sustain"),))
    changes = [_flag(ctx, who, FOCUS, False, "focus drop")]
    changes += [_flag(ctx, who, f, False, "focus drop") for f in (FOCUS_FRESH, SUSTAINED)
                if f in who.flags]
    return ctx.resolution("focus", f"{who.name} lets its Focus spell go", changes=tuple(changes))


def react(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`react`: the one reaction of the round (an opportunity attack, a triggered ability)."""
    if line.args:
        raise UsageError("react takes no more words: it spends this round's reaction")
    _fight_only(ctx, "react")
    who = ctx.active
    if REACTED in who.flags:
        raise RuleError(f"{who.name} has used its reaction this round (ONE per round)")
    return ctx.resolution("react", f"{who.name} uses its reaction",
                          changes=(_flag(ctx, who, REACTED, True, "react"),))
