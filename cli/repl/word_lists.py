"""The words the REPL and the shells complete: REPL words, subcommands, each game's words."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.systems import System

REPL_WORDS: Mapping[str, str] = {
    "use": "switch system",
    "as": "act as a character",
    "physical": "type real dice faces",
    "help": "help [TOPIC]",
    "?": "help",
    "again": "repeat the last LINE",
    "!!": "repeat the last LINE",
    "quit": "leave",
    "exit": "leave",
}
SUBCOMMAND_WORDS: Mapping[str, str] = {
    "odds": "exact odds of a LINE",
    "sheet": "characters",
    "log": "recent LINEs",
    "undo": "revert the last change",
    "systems": "list the systems",
    "alias": "named rolls",
    "table": "rollable tables",
    "reveal": "publish a secret roll",
    "fair": "test the dice",
    "luck": "who rolls above their odds",
}
SHEET_WORDS = ("new", "import", "export", "show", "list", "rm", "owner")
ALIAS_WORDS = ("add", "rm", "list", "export", "import")
TABLE_WORDS = ("import", "list", "rm", "export")
SHELLS = ("bash", "zsh", "fish")

MODIFIERS: Mapping[str, str] = {
    "kh": "keep highest N",
    "kl": "keep lowest N",
    "dh": "drop highest N",
    "dl": "drop lowest N",
    "!": "explode on max",
    "!!": "compound",
    "!p": "penetrate",
    "r": "reroll while it matches",
    "ro": "reroll once",
    "min": "clamp low faces",
    "max": "clamp high faces",
    "s": "sort the dice",
    "sa": "sort ascending",
    "sd": "sort descending",
}
LINE_WORDS: Mapping[str, str] = {"adv": "2d20kh1", "dis": "2d20kl1", "vs": "vs N: pass/fail"}

VAGABOND_SKILLS: Mapping[str, str] = {
    "brawl": "might", "melee": "might", "finesse": "dexterity", "sneak": "dexterity",
    "detect": "awareness", "mysticism": "awareness", "survival": "awareness",
    "ranged": "awareness", "arcana": "reason", "craft": "reason", "medicine": "reason",
    "influence": "presence", "leadership": "presence", "performance": "presence",
}  # fmt: skip
"""SPEC §8's skills, used until the vagabond module exposes its own `SKILLS`."""


@dataclass(frozen=True, slots=True)
class CommandWords:
    """What may follow a command word: its own words, and which kinds of names it takes."""

    words: tuple[str, ...] = ()
    stats: bool = False
    pools: bool = False
    names: bool = False
    risk: bool = False


_POOL = CommandWords(pools=True)
SHARED: Mapping[str, CommandWords] = {
    "spend": _POOL, "gain": _POOL, "set": _POOL, "hurt": CommandWords(), "heal": CommandWords(),
    "rest": CommandWords(),
    "encounter": CommandWords(("start", "add", "rm", "flee", "end", "show", "roll",
                               "surprised"), names=True),
    "foe": CommandWords(("add", "rm", "flee"), names=True), "next": CommandWords(),
    "delay": CommandWords(), "pin": CommandWords(("off",), names=True),
}  # fmt: skip

SPEC_WORDS: Mapping[str, Mapping[str, CommandWords]] = {
    "vagabond": {
        "check": CommandWords(("trained", "favor", "hinder", "forgo", "+luck"), stats=True),
        "save": CommandWords(("reflex", "endure", "will", "favor", "hinder", "+luck")),
        "block": CommandWords(("ranged", "shield")),
        "dodge": CommandWords(("heavy",)),
        "fluke": CommandWords(),
        "breather": CommandWords(),
        "victim": CommandWords(),
        "cast": CommandWords(),
    },
    "macchiato": {
        "check": CommandWords(("adv", "dis", "free"), stats=True),
        "risk": CommandWords(("add", "list"), risk=True),
        "session": CommandWords(("new",)),
    },
    "champions": {
        "attack": CommandWords(
            ("weapon", "light", "standard", "heavy", "exceptional", "critical", "relic", "major",
             "cohort"),
            names=True,
        ),
        "turn": CommandWords(("end",)),
        "stabilize": CommandWords(names=True),
        "field-heal": CommandWords(names=True),
    },
    "tiers": {
        "check": CommandWords(("task", "adv", "dis", "fate"), stats=True),
        "save": CommandWords(("dc", "adv", "dis"), stats=True),
        "attack": CommandWords(("ac", "stat", "bonus", "major", "minor"), stats=True,
                               names=True),  # on NAME, ally NAME
        "damage": CommandWords(names=True),  # on NAME
        "declare": CommandWords(("done", "drop"), names=True),  # declare Ogre: for a foe
        "react": CommandWords(names=True),
        "focus": CommandWords(("sustain", "drop"), names=True),
        "recover": CommandWords(),
    },
    "brighter": {
        "save": CommandWords(("enhanced", "impaired", "vs", "of"), stats=True, names=True),
        "hit": CommandWords(names=True),
        "step": CommandWords(("up", "down"), stats=True),
        "breath": CommandWords(),
    },
}
"""The command words SPEC §8 fixes for each game, and what their arguments are."""


def command_words(system: System) -> dict[str, CommandWords]:
    """Every command word of a system: its resolver's table, and SPEC's words for it."""
    out = dict(SHARED)
    out.update(SPEC_WORDS.get(system.id, {}))
    for word in system.commands():
        out.setdefault(word, CommandWords(stats=True))
    return out


def skills(system: System) -> dict[str, str]:
    """A system's skills (skill → stat): its own `SKILLS` (or its `_rules` module's)."""
    module = type(system).__module__
    for owner in (system, sys.modules.get(module), sys.modules.get(f"{module}_rules")):
        found = getattr(owner, "SKILLS", None) or getattr(owner, "skills", None)
        if isinstance(found, Mapping):
            return {str(k): str(v) for k, v in found.items()}
        if isinstance(found, Iterable) and not isinstance(found, str):
            return {str(k): "" for k in found}
    return dict(VAGABOND_SKILLS) if system.id == "vagabond" else {}


def own_words(system: System, command: str) -> tuple[str, ...]:
    """Extra words a system offers for a command (a `completion_words(command)` hook), if any."""
    hook = getattr(system, "completion_words", None)
    if callable(hook):
        return tuple(str(w) for w in hook(command))
    return ()
