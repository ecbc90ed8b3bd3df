"""A character's name among a command's words as it is written (SPEC §2): unquoted, the longest
run of words that is a name the campaign holds (`attack on Goblin 1`: `Goblin 1` over
`Goblin`), or one quoted word (`"Goblin 1"`, `'Goblin 1'`, never joined to its neighbours)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from rules.notation import ast


def name_key(name: str) -> str:
    """How two spellings of a name compare: any case, runs of spaces as one."""
    return " ".join(name.split()).lower()


def spaced(names: Iterable[str]) -> dict[str, str]:
    """The names of more than one word, by `name_key`: the only ones words are joined into."""
    return {name_key(n): n for n in names if len(n.split()) > 1}


def _piece(arg: ast.Arg) -> str | None:
    """The text an argument adds to a name, or None where a name cannot go on (a quoted word,
    `key=value`)."""
    if isinstance(arg, ast.Word):
        return None if arg.quoted else arg.text
    if isinstance(arg, ast.ExprArg):
        return str(arg)  # `1` of `Goblin 1`
    return None


def may_hold_a_name(line: ast.CommandLine) -> bool:
    """Whether the LINE has two unquoted words side by side, the least a name with spaces
    takes (so most LINEs never ask the campaign for its names)."""
    pieces = [_piece(a) is not None for a in line.args]
    return any(a and b for a, b in zip(pieces, pieces[1:], strict=False))


def joined(args: tuple[ast.Arg, ...], names: Mapping[str, str]) -> tuple[ast.Arg, ...]:
    """The arguments with each run of words that spells one of `names` (by `name_key`, as
    `spaced` gives them) made one quoted word, the name as the campaign spells it; the longest
    run that is a name wins."""
    if not names:
        return args
    longest = max(len(key.split()) for key in names)
    out: list[ast.Arg] = []
    i = 0
    while i < len(args):
        for size in range(min(longest, len(args) - i), 1, -1):
            pieces = [_piece(a) for a in args[i:i + size]]
            if None in pieces:
                continue
            found = names.get(name_key(" ".join(p for p in pieces if p is not None)))
            if found is not None:
                out.append(ast.Word(found, quoted=True))
                i += size
                break
        else:
            out.append(args[i])
            i += 1
    return tuple(out)


def with_names(line: ast.CommandLine, names: Mapping[str, str]) -> ast.CommandLine:
    """The LINE with its names of several words joined (`joined`); the LINE itself when none."""
    args = joined(line.args, names)
    return line if args == line.args else replace(line, args=args)


_BARE = re.compile(r"[a-z_][a-z0-9_\-]*|\d+", re.IGNORECASE)
"""A word of a name the grammar reads back as it is written, unquoted."""


def written(name: str) -> str:
    """A name as a LINE carries it: bare when each of its words reads back as written (`Goblin
    1`), else in double quotes (`"O'Hara"`, `"Dr. Who"`)."""
    if name and name.isascii() and all(_BARE.fullmatch(w) for w in name.split(" ")):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
