"""What a GM types to run a fight that its words spell otherwise (`encounter next`, `foe
Goblin hp=5`): the error says the LINE that does it, and its hint is that LINE."""

from __future__ import annotations

from rules.encounter.foes import FOE_USAGE
from rules.errors import UsageError
from rules.notation import syntax

ENCOUNTER_HABITS = {"next": "next", "stop": "encounter end", "finish": "encounter end",
                    "over": "encounter end", "status": "encounter", "list": "encounter",
                    "state": "encounter", "begin": "encounter start"}
"""Other words a GM runs a fight with, each the LINE that does it here."""


def encounter_misread(verb: str, words: int, usage: str) -> UsageError:
    """The error of `encounter VERB` for a verb it lacks (`words`: how many words followed
    `encounter`; `usage`: the encounter's)."""
    ours = ENCOUNTER_HABITS.get(verb)
    if ours is not None and words == 1:  # `encounter next`, `encounter stop`
        return UsageError(f"encounter {verb} is written {ours} here ({usage})", hint=ours)
    return UsageError(f"encounter: unknown word {verb!r} ({usage})")


def foe_misread(line: syntax.CommandLine, verb: str) -> UsageError:
    """The error of a `foe` LINE that is no add, rm or flee: `foe list` (the encounter's
    view), a foe described without its add (`foe Goblin hp=5`), else the usage."""
    args = line.args
    if verb in ("list", "show") and len(args) == 1:  # the fight's foes: the encounter's view
        return UsageError(f"the foes are listed by encounter ({FOE_USAGE})", hint="encounter")
    typed = line.shown.split(None, 1)
    first = args[0] if args else None  # a count, a Name or a stat=N: a foe described
    named = first is not None and (not isinstance(first, syntax.Word) or first.text[:1].isupper()
                                   or any(isinstance(a, syntax.KeyValue) for a in args))
    if len(typed) < 2 or not named:
        return UsageError(f"foe takes: {FOE_USAGE}")
    spelled = f"foe add {typed[1]}"  # `foe Goblin hp=5`: the add it left out
    return UsageError(f"a foe joins with foe add: {spelled} (foe takes: {FOE_USAGE})",
                      hint=spelled)
