"""Vagabond between the rolls: `status`, `breather`, `rest`, `victim`, `xp` and `level up`."""

from __future__ import annotations

from collections.abc import Mapping

from rules.campaign import Character
from rules.errors import RuleError, UsageError, register_usage
from rules.notation import syntax
from rules.resolution import Change, Resolution
from rules.systems.periods import new_period
from rules.systems.protocol import Context, System
from rules.systems.vagabond.death import DEAD
from rules.systems.vagabond.names import STAT_RANGE, find_stat, title
from rules.systems.vagabond.vocabulary import STATUSES, afflictions

# ---- statuses ----

STATUS_USAGE = "status [list] | status add NAME … | status rm NAME … (a GM's own: custom:NAME)"


def status_line(name: str) -> str:
    """`Vulnerable: its attacks and Saves are Hindered …` (public rules), or no effect."""
    known = STATUSES.get(name)
    if known is None:
        return f"{title(name)}: kept as a flag; it has no automatic effect here"
    return f"{title(name)}: {known.effect} (public rules)"


CUSTOM = "custom:"
"""The prefix of a GM's own Status, which no rule knows (`status add custom:hexed`)."""


def status_name(word: str, spelled: Mapping[str, str]) -> str:
    """The flag a Status word names: one of the Statuses, a flag the Hero carries, or a GM's own
    after `custom:`; anything else is an error, never a silent new flag (issue 14)."""
    if word.startswith(CUSTOM):
        name = word[len(CUSTOM):]
        if not name:
            raise UsageError("status: custom: needs a name (custom:hexed)")
        return name
    if word in STATUSES or word in spelled:
        return word
    known = ", ".join(STATUSES)
    raise UsageError(f"status: '{word}' is not a Status ({known}); a GM's own: custom:{word}")


UNTIL_TURN = "until-turn"
"""`status add NAME until-turn`: the effect ends when the Group whose Turn it is takes its next."""


def _lasting(ctx: Context, who: Character, added: list[str], adding: bool) -> list[Change]:
    """The marker flags of effects that last until this Group's next Turn (000:L104)."""
    from rules.encounter.turn_order import current
    from rules.systems.vagabond.encounter import marker

    enc = current(ctx.table)
    if not adding or enc is None or enc.turn is None:
        raise UsageError("until-turn lasts until a Group's next Turn: it needs a running"
                         " encounter (encounter start) and status add")
    return [Change(who.name, marker(enc.turn, flag), False, True, "status", "flag")
            for flag in added]


def status(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """Add or remove Status flags, or list them with what they do to the Hero's rolls."""
    who = ctx.active
    words = [(a.text if isinstance(a, syntax.Word) else str(a)).lower() for a in line.args]
    lasting = UNTIL_TURN in words[1:]
    words = [w for w in words if w != UNTIL_TURN]
    action = words[0] if words else "list"
    spelled = {f.lower(): f for f in who.flags}  # a sheet may spell a flag `Vulnerable`
    names = [status_name(w, spelled) for w in words[1:]]
    flags = sorted(spelled)
    if action == "list":
        if names:
            raise UsageError(f"status list takes no names ({STATUS_USAGE})")
        if not flags:
            return ctx.resolution("status", f"{who.name}: no Statuses")
        shown = ", ".join(title(f) for f in flags)
        return ctx.resolution("status", f"{who.name}: {shown}",
                              notes=tuple(status_line(f) for f in flags))
    if action not in ("add", "rm", "remove") or not names:
        raise UsageError(f"status: {STATUS_USAGE}")
    adding = action == "add"
    changes: list[Change] = []
    notes: list[str] = []
    for name in dict.fromkeys(names):
        present = name in spelled
        if adding and present:
            notes.append(f"{who.name} is {title(name)} already")
        elif not adding and not present:
            notes.append(f"{who.name} is not {title(name)}: nothing to remove")
        else:
            flag = spelled.get(name, name)
            changes.append(Change(who.name, flag, present, adding, "status", "flag"))
            if adding:
                notes.append(status_line(name))
    if lasting:
        changes += _lasting(ctx, who, [c.pool for c in changes if c.after is True], adding)
    now = sorted(set(flags) | set(names)) if adding else [f for f in flags if f not in names]
    shown = ", ".join(title(f) for f in now) or "no Statuses"
    return ctx.resolution("status", f"{ctx.input.strip()} → {who.name}: {shown}",
                          changes=tuple(changes), notes=tuple(notes))


# ---- healing ----


SHIFT_FIELD = "shift"
"""The party's Shift counter, moved by `shift new`."""
BREATHER_FLAG = "breather-taken"
"""The flag a Hero carries once this Shift's Breather is taken (000:L73: once per Shift)."""


def shift(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`shift new`: the next Shift; every Hero may take a Breather again (000:L73)."""
    changes, number = new_period(ctx, line, SHIFT_FIELD, BREATHER_FLAG,
                                 "shift new starts the next Shift (a Breather for every Hero)")
    return ctx.resolution("shift", f"{ctx.input.strip()} → Shift {number}: a Breather for"
                          " every Hero", changes=tuple(changes))


def breather(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """A Breather, once per Shift (000:L73): HP back equal to Might."""
    if line.args:
        raise UsageError("breather takes no words")
    who = ctx.active
    if BREATHER_FLAG in who.flags:
        raise RuleError(f"{who.name} has had a Breather this Shift (once per Shift; shift new"
                        " starts the next); nothing changed")
    might = who.stats.get("might")
    if not isinstance(might, int):
        raise UsageError(f"{who.name} has no Might on the sheet: add [stats] might = N")
    pool = ctx.system.pool("hp", who)
    now = ctx.system.pool_value(who, pool)
    top = ctx.system.pool_max(who, pool)
    if top is not None and now >= top:  # nothing to heal: the Shift's Breather stays unused
        raise RuleError(f"{who.name} is at full HP ({now}/{top}): a Breather would heal"
                        " nothing, so this Shift's Breather is kept; nothing changed")
    healed = might
    notes = []
    for label, n in afflictions(who).healing:
        healed += n
        notes.append(f"{label}: {n:+d} healing (public rules)")
    after = min(top if top is not None else now + healed, now + max(0, healed))
    changes = ((Change(who.name, "hp", now, after, "breather"),) if after != now else ()) + (
        Change(who.name, BREATHER_FLAG, False, True, "breather", "flag"),)
    if after == now:
        notes.append(f"{who.name} · HP stays {now}")
    return ctx.resolution("rest", f"{ctx.input.strip()} → HP {after}", changes=changes,
                          notes=tuple(notes))


def rest_changes(system_: System, who: Character) -> list[Change]:
    """A Rest: HP, Luck and Mana to maximum; at full HP already, 1 Fatigue goes instead. A Rest
    is a Shift of its own (000:L73), so the Hero may take a Breather again."""
    changes: list[Change] = []
    if BREATHER_FLAG in who.flags:
        changes.append(Change(who.name, BREATHER_FLAG, True, False, "rest", "flag"))
    hp = system_.pool("hp", who)
    hp_now, hp_top = system_.pool_value(who, hp), system_.pool_max(who, hp)
    if hp_top is not None and hp_now < hp_top:
        changes.append(Change(who.name, "hp", hp_now, hp_top, "rest"))
    else:
        fatigue = system_.pool("fatigue", who)
        tired = system_.pool_value(who, fatigue)
        if tired > 0:
            changes.append(Change(who.name, "fatigue", tired, tired - 1, "rest"))
    for name in ("luck", "mana"):
        pool = system_.pool(name, who)
        top = system_.pool_max(who, pool)
        if top is None:
            continue
        now = system_.pool_value(who, pool)
        if now != top:
            changes.append(Change(who.name, name, now, top, "rest"))
    return changes


# ---- who gets it ----


def victim(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """The Hero with the least Luck; a tie is broken by a die with one face per tied Hero."""
    if line.args:
        raise UsageError("victim takes no words")
    heroes: list[tuple[int, str]] = []
    for ch in ctx.table.characters.values():
        if ch.system != ctx.system.id or not isinstance(ch.stats.get("luck"), int) \
                or DEAD in {f.lower() for f in ch.flags}:
            continue
        heroes.append((ctx.system.pool_value(ch, ctx.system.pool("luck", ch)), ch.name))
    if not heroes:
        raise UsageError("victim needs Vagabond Heroes in the campaign (roll sheet import …)")
    least = min(luck for luck, _ in heroes)
    tied = sorted(name for luck, name in heroes if luck == least)
    if len(tied) == 1:
        return ctx.resolution("victim", f"victim → {tied[0]} (Luck {least})",
                              extra=(("victim", tied[0]),))
    die = syntax.std_die(len(tied))
    face, _ = ctx.roller.throw(die, "the victim")
    chosen = tied[face - 1]
    listed = ", ".join(f"{i} {n}" for i, n in enumerate(tied, 1))
    return ctx.resolution(
        "victim", f"victim → {die.name} [{face}] → {chosen} (Luck {least})", total=face,
        notes=(f"tied at Luck {least}: {listed}",), extra=(("victim", chosen),),
    )


# ---- advancement ----

XP_QUESTIONS = {
    "quest": "completed a Quest",
    "failure": "failed and let the failure stand",
    "hindered": "passed a Hindered Check",
    "discovery": "made a discovery",
    "loot": "looted 50g",
}
XP_ALIASES = {"fail": "failure", "failed": "failure", "hinder": "hindered",
              "discover": "discovery", "looted": "loot", "50g": "loot"}
XP_USAGE = "xp [quest] [failure] [hindered] [discovery] [loot] (1 XP per yes), or xp N"
register_usage("vagabond", STATUS_USAGE, XP_USAGE)


def xp(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """The XP Questionnaire: 1 XP per yes (or a plain number of XP)."""
    who = ctx.active
    before = who.field("xp", 0)
    before = before if isinstance(before, int) else 0
    gained = 0
    yes: list[str] = []
    for arg in line.args:
        value = arg.as_int() if isinstance(arg, syntax.ExprArg) else None
        if value is not None and value >= 0:
            gained += value
            continue
        word = str(arg).lower()
        word = XP_ALIASES.get(word, word)
        if word not in XP_QUESTIONS:
            raise UsageError(f"xp: unknown answer '{arg}' ({XP_USAGE})")
        if word in yes:
            raise UsageError(f"xp: '{word}' counts once")
        yes.append(word)
        gained += 1
    if not line.args:
        return ctx.resolution("xp", f"{who.name}: {before} XP",
                              notes=(f"Questionnaire: {XP_USAGE}",))
    after = before + gained
    changes = (Change(who.name, "xp", before, after, "xp", "field"),) if gained else ()
    why = f" ({', '.join(yes)})" if yes else ""
    return ctx.resolution(
        "xp", f"{ctx.input.strip()} → +{gained} XP{why}", total=after, changes=changes,
        notes=("The text gives no XP per Level: level up when the table says so",),
    )


def level_up(ctx: Context, line: syntax.CommandLine) -> Resolution:
    """`level up [STAT]`: +1 Level (Max HP rises), +1 Stat on even Levels, a Perk on odd ones."""
    words = [str(a).lower() for a in line.args]
    if not words or words[0] != "up" or len(words) > 2:
        raise UsageError("level up [STAT] (an even Level raises a Stat: level up dex)")
    who = ctx.active
    level = who.field("level", 1)
    level = level if isinstance(level, int) else 1
    if level >= 10:
        raise RuleError(f"{who.name} is Level {level}: Levels run 1 to 10")
    new = level + 1
    changes = [Change(who.name, "level", level, new, "level up", "field")]
    notes: list[str] = []
    stat = find_stat(words[1]) if len(words) == 2 else None
    if len(words) == 2 and stat is None:
        raise UsageError(f"level up: '{words[1]}' is not a Stat")
    might = who.stats.get("might")
    might_after = might
    if new % 2 == 0:
        if stat is None:
            raise UsageError(f"Level {new} raises a Stat by 1: say which (level up dex)")
        value = who.stats.get(stat)
        if not isinstance(value, int):
            raise UsageError(f"{who.name} has no {title(stat)} on the sheet")
        if value >= STAT_RANGE[1]:
            raise RuleError(f"{who.name}'s {title(stat)} is {value} already (max 7)")
        changes.append(Change(who.name, stat, value, value + 1, "level up", "stat"))
        if stat == "might":
            might_after = value + 1
    elif stat is not None:
        raise UsageError(f"Level {new} raises no Stat (even Levels do); drop '{words[1]}'")
    else:
        notes.append(f"Level {new}: choose a Perk")
    if isinstance(might, int) and isinstance(might_after, int):
        old_max, new_max = might * level, might_after * new
        notes.insert(0, f"Max HP {old_max} → {new_max}")
        stored = who.pools.get("hp")
        if isinstance(stored, int):  # an unset pool is full and stays full
            after = min(new_max, stored + new_max - old_max)
            changes.append(Change(who.name, "hp", stored, after, "level up"))
    notes.append(f"Gain the Class Features of Level {new}")
    return ctx.resolution("level", f"{ctx.input.strip()} → Level {new}", total=new,
                          changes=tuple(changes), notes=tuple(notes))
