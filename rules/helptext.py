"""Help topics written once, as parts each front end words: text, and the commands in it.

A topic is written as a tiny template: text with fields in ⟨ ⟩ that name a front end's
commands, in the `roll` command's own words (so the source reads as the shell shows it):

    ⟨roll WORDS⟩              a command: the REPL types WORDS alone
    ⟨roll --as Mira WORDS⟩    … acting as Mira; ⟨roll -s tiers WORDS⟩ … with the system chosen
    ⟨--as NAME⟩ · ⟨--as⟩      the option naming who acts (the REPL's `as NAME`)
    ⟨-s vagabond⟩             the option choosing a system (the REPL's `use vagabond`)
    ⟨with -s vagabond⟩        a condition on the system (the REPL's `after use vagabond`)

`topic` reads a template into its parts once; `shell_text` words them as the `roll` command
does (as rules/errors.py words a hint), and each other front end has its own wording
(the REPL's: cli/repl/speech.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from shlex import quote, split

OPEN, CLOSE = "⟨", "⟩"
"""A field's brackets: never in a help text's own words, nor typed at a prompt."""


@dataclass(frozen=True, slots=True)
class Command:
    """A command as typed: `words` (a LINE, or a subcommand's words without `roll`), acting as
    `acting`, with the system `system` chosen first."""

    words: str
    acting: str | None = None
    system: str | None = None


@dataclass(frozen=True, slots=True)
class Acting:
    """The option that names who acts, with its value (`NAME`), or alone ("")."""

    name: str = ""


@dataclass(frozen=True, slots=True)
class Chosen:
    """The option that chooses the system `system`; `after`: said as a condition (`with`)."""

    system: str
    after: bool = False


@dataclass(frozen=True, slots=True)
class Examples:
    """A system's examples block: LINEs that need no character, run with `system` (None: the
    default system)."""

    system: str | None
    lines: tuple[str, ...]


Part = str | Command | Acting | Chosen | Examples
Topic = tuple[Part, ...]
Wording = Callable[[Command | Acting | Chosen | Examples], str]
"""How a front end words the parts that are not plain text."""


def topic(template: str) -> Topic:
    """The parts of a help template (its fields in ⟨ ⟩, text around them)."""
    parts: list[Part] = []
    rest = template
    while OPEN in rest:
        before, _, after = rest.partition(OPEN)
        field, closed, rest = after.partition(CLOSE)
        if not closed:
            raise ValueError(f"a help field is not closed: {OPEN}{field}")
        if before:
            parts.append(before)
        parts.append(_field(field))
    if rest:
        parts.append(rest)
    return tuple(parts)


def _field(field: str) -> Command | Acting | Chosen:
    """One field's part: ⟨roll …⟩, ⟨--as NAME⟩, ⟨-s ID⟩ or ⟨with -s ID⟩."""
    words = field.split()
    match words:
        case ["roll", *rest]:
            acting = system = None
            while len(rest) >= 2 and rest[0] in ("--as", "-s"):
                if rest[0] == "--as":
                    acting = rest[1]
                else:
                    system = rest[1]
                rest = rest[2:]
            return Command(" ".join(rest), acting, system)
        case ["--as", *name] if len(name) <= 1:
            return Acting(name[0] if name else "")
        case ["-s", system]:
            return Chosen(system)
        case ["with", "-s", system]:
            return Chosen(system, after=True)
    raise ValueError(f"not a help field: {OPEN}{field}{CLOSE}")


def worded(parts: Sequence[Part], words: Wording) -> str:
    """A topic as one front end says it."""
    return "".join(part if isinstance(part, str) else words(part) for part in parts)


def shell_words(part: Command | Acting | Chosen | Examples) -> str:
    """A part as the `roll` command says it: `roll -s tiers …`, `--as NAME`, `with -s ID`."""
    match part:
        case Command(words, acting, system):
            chosen = f"-s {system} " if system else ""
            who = f"--as {acting} " if acting else ""
            return f"roll {chosen}{who}{words}"
        case Acting(name):
            return f"--as {name}".rstrip()
        case Chosen(system, after):
            return f"{'with ' if after else ''}-s {system}"
        case Examples(system, lines):
            flag = f"-s {system} " if system else ""
            shown = [f"  roll {flag}{shell_quoted(line)}" for line in lines]
            return "Examples (no character needed):\n" + "\n".join(shown)


def shell_text(parts: Sequence[Part]) -> str:
    """A topic as the `roll` command shows it."""
    return worded(parts, shell_words)


def shell_quoted(line: str) -> str:
    """A LINE as a shell command's words: quoted only where the shell would get in the way."""
    words = split(line)
    if any(ch in line for ch in "{}[]#<>*()!") or any(not w.isascii() for w in words):
        return quote(line)
    return " ".join(words)


def commands(parts: Sequence[Part]) -> tuple[Command, ...]:
    """The commands a topic names, in order."""
    return tuple(part for part in parts if isinstance(part, Command))
