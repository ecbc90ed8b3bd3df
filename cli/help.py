"""`roll help [TOPIC]`: the notation, and each system's commands."""

from __future__ import annotations

from collections.abc import Callable
from shlex import quote, split

from rules.errors import UsageError
from rules.systems import SYSTEMS
from rules.tables.help import TABLES_HELP

NOTATION = """\
Dice notation (every system; case-insensitive, spaces allowed between terms)
  NdX dX d% dF NdF d{1,1,2,3}   dice, percentile, Fate, custom faces
  + - * / ( )                   arithmetic; / rounds down at the end
  floor() ceil() round() abs() min(a,b) max(a,b)
  khN kN klN dhN dlN dN         keep/drop highest/lowest (4d6d1 drops the lowest)
  !  !>=5  !!  !p               explode, on a compare point, compound, penetrate
  1d6!5!6                       two points of one kind combine: explode on 5 or 6
  r1  r<3  rr1  ro<3            reroll while it matches; reroll once
  minN maxN                     clamp each face
  >=5 >4 =6 <2   f1 f<2         count successes; subtract failures
  s sa sd                       sort the dice shown
  {e1, e2}kh1                   a group: modifiers act on the members' totals
  Nx EXPR                       repeat N times (same as -n N)
  EXPR vs N                     pass if the total is at least N
  d20 adv / d20 dis             advantage: 2d20kh1 / 2d20kl1, after any one die
                                (d20 adv + 5, d6 dis); at the end of a LINE it
                                goes to the first d20 (d20+5 adv)
  1d8 [slashing]   # comment    labels (subtotals in JSON); a comment names the roll
  Δ8 (or delta8)                a risk die (Macchiato Monsters)
  d20+f  d20+h                  Vagabond's Favor (+d6) and Hinder (−d6), with -s vagabond
Modifiers act in this order whatever order they are written in:
  reroll, explode, clamp, keep/drop, count, sort.
Examples: 4d6kh3 · 2d20kl1+3 · 8d10>=8f1 · 3d6!! · {4d6, 3d8}kh1 · 6x 4d6kh3
"""

def _encounter_help() -> str:
    from rules.encounter.help import HELP

    return HELP


TOPICS: dict[str, str | Callable[[], str]] = {"notation": NOTATION, "tables": TABLES_HELP}
LATER_TOPICS: dict[str, str | Callable[[], str]] = {"encounter": _encounter_help}
"""Topics listed after the systems."""


def generic_id(system_id: str) -> bool:
    return system_id == "generic"


def shown(line: str) -> str:
    """A LINE as a shell command's words: quoted only where the shell would get in the way."""
    words = split(line)
    if any(ch in line for ch in "{}[]#<>*()!") or any(not w.isascii() for w in words):
        return quote(line)
    return " ".join(words)


def help_text(topic: str | None, at_prompt: bool = False) -> str:
    """The text of a help topic; no topic lists the topics. `at_prompt`: examples as LINEs
    typed at the REPL's prompt, else as shell commands."""
    if topic is None:
        systems = ", ".join(SYSTEMS)
        return (
            "roll help TOPIC — topics: notation, tables, " + systems + ", encounter\n\n"
            "Commands:\n"
            "  roll LINE            a dice expression or a system command\n"
            "  roll odds LINE       the exact distribution of a LINE\n"
            "  roll sheet import|export|show|list|rm    characters (TOML sheets)\n"
            "  roll log | undo      the campaign's history\n"
            "  roll alias add|rm|list          named rolls for the campaign\n"
            "  roll table NAME | import|list|rm    rollable tables\n"
            "  roll systems         the game systems\n"
            "  roll                 the REPL on a terminal; LINEs from a pipe otherwise\n"
        )
    key = topic.strip().lower()
    if key in TOPICS or key in LATER_TOPICS:
        found = TOPICS.get(key) or LATER_TOPICS[key]
        return found if isinstance(found, str) else found()
    if key in SYSTEMS:
        system = SYSTEMS[key]
        text = system.help().rstrip("\n")
        if not generic_id(system.id):
            from textwrap import fill

            from rules.encounter.games import rules_of

            said = f"Encounters (roll help encounter): {rules_of(system).help()}"
            text += "\n" + fill(said, 78, subsequent_indent="  ")
        if system.examples:
            generic = system.id == "generic"
            if at_prompt:  # typed at the prompt: no `roll`, no quotes, the system chosen first
                after = "" if generic else f"after use {system.id}; "
                lines = [f"  {line}" for line in system.examples]
            else:
                flag = "" if generic else f"-s {system.id} "
                after = ""
                lines = [f"  roll {flag}{shown(line)}" for line in system.examples]
            text += f"\nExamples ({after}no character needed):\n" + "\n".join(lines)
        return text
    raise UsageError(f"no help topic {topic!r} (topics: {', '.join([*TOPICS, *SYSTEMS, *LATER_TOPICS])})")
