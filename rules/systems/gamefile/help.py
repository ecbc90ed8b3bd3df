"""`roll help GAME` of a game file, made from the file: its stats, pools, commands and words."""

from __future__ import annotations

from rules.systems.gamefile import formula as fm
from rules.systems.gamefile.model import CommandSpec, GameSpec

MARKS = str.maketrans({"⟨": "<", "⟩": ">"})
"""The help template's own marks (a command to run): a file's text never makes one."""


def visible(text: str) -> str:
    """A file's text as help shows it: no template marks, control characters written out."""
    out = []
    for c in text.translate(MARKS):
        out.append(c if c.isprintable() or c == " " else f"\\u{ord(c):04x}")
    return "".join(out)


def help_text(game: GameSpec) -> str:
    """The help topic's template: words from the file, made visible."""
    lines = [f"{visible(game.title)} (`⟨-s {game.name}⟩`), a game from a {game.origin}"]
    stats = [s for s in game.stats if s.skill_of is None]
    skills = [s for s in game.stats if s.skill_of is not None]
    if stats:
        lines.append("Stats: " + ", ".join(_stat(s.name, s.abbrev, s.lo, s.hi, s.die)
                                           for s in stats))
    if skills:
        lines.append("Skills: " + ", ".join(f"{s.name} ({s.skill_of})" for s in skills))
    for pool in game.pools:
        top = "from the sheet's [max]" if pool.maximum is None else fm.shown(pool.maximum, True)
        lines.append(f"Pool {pool.name}: max {top}")
    for cmd in game.commands:
        lines.append(f"  {_usage(cmd)}")
        if cmd.help:
            lines.append(f"      {visible(cmd.help)}")
        lines.append(f"      {_reading(cmd)}")
    return "\n".join(lines) + "\n"


def _stat(name: str, abbrev: str, lo: int | None, hi: int | None, die: bool) -> str:
    short = f"/{abbrev}" if abbrev != name else ""
    span = "d4–d12" if die else f"{lo}–{hi}"
    return f"{name}{short} {span}"


def _usage(cmd: CommandSpec) -> str:
    words = [cmd.word]
    if cmd.uses != "none":
        words.append(cmd.uses.upper().replace("+", " [") + ("]" if "+" in cmd.uses else ""))
    words += [f"[{w.word}]" for w in cmd.words]
    words += [f"[{name}=N]" if default is not None else f"{name}=N" for name, default in cmd.inputs]
    words.append("[+N]")
    return " ".join(words)


def _reading(cmd: CommandSpec) -> str:
    dice = f"{fm.shown(cmd.dice, top=True)} × d{fm.shown(cmd.die, top=True)}"
    how = {"sum": "summed", "highest": "the highest", "lowest": "the lowest",
           "successes": f"successes on {cmd.success}+"}[cmd.read]
    said = f"{dice}, {how}"
    if cmd.add is not None:
        said += f" + {fm.shown(cmd.add, True)}"
    if cmd.against is not None:
        said += (f"; against each of {fm.shown(cmd.against.dice, True)} ×"
                 f" d{fm.shown(cmd.against.die, True)} ({cmd.against.compare}): hits")
    if cmd.bands:
        said += "; " + ", ".join(f"{_span(b.lo, b.hi)} {visible(b.outcome)}" for b in cmd.bands)
    elif cmd.target is not None:
        said += f"; {cmd.compare} {fm.shown(cmd.target, True)} {visible(cmd.outcomes[0])}"
    return said


def _span(lo: int | None, hi: int | None) -> str:
    if lo is None:
        return f"{hi}-"
    if hi is None:
        return f"{lo}+"
    return str(lo) if lo == hi else f"{lo}–{hi}"
