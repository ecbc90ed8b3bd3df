"""A character's name among a command's words as it is written (SPEC §2): unquoted, the longest
run of words that is a name the campaign holds (`attack on Goblin 1`: `Goblin 1` over
`Goblin`), or one quoted word (`"Goblin 1"`, `'Goblin 1'`, never joined to its neighbours)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace

from rules.notation import syntax
from rules.notation.parts import WORD


def name_key(name: str) -> str:
    """How two spellings of a name compare: any case, runs of spaces as one."""
    return " ".join(name.split()).lower()


def spaced(names: Iterable[str]) -> dict[str, str]:
    """The names of more than one word, by `name_key`: the only ones words are joined into."""
    return {name_key(n): n for n in names if len(n.split()) > 1}


def _piece(arg: syntax.Arg) -> str | None:
    """The text an argument adds to a name, or None where a name cannot go on (a quoted word,
    `key=value`)."""
    if isinstance(arg, syntax.Word):
        return None if arg.quoted else arg.text
    if isinstance(arg, syntax.ExprArg):
        return str(arg)  # `1` of `Goblin 1`
    return None


def first_words(line: syntax.CommandLine) -> list[str]:
    """The words a name of several words in the LINE may begin with, lower case, once each:
    each unquoted word another follows (`attack on Goblin 1`: attack, on, goblin). A campaign
    is asked only for the names that begin with one of them (not for 1,000 names a LINE)."""
    pieces = [_piece(a) for a in line.args]
    words: list[str] = []
    for this, after in zip(pieces, pieces[1:], strict=False):
        word = this.split()[0].lower() if this and this.split() else None
        if word is not None and after is not None and word not in words:
            words.append(word)
    return words


def begins_with_one(name: str, words: Collection[str]) -> bool:
    """Whether `name` is of several words and its first is one of `words` (`first_words`)."""
    split = name.split()
    return len(split) > 1 and split[0].lower() in words


def joined(args: tuple[syntax.Arg, ...], names: Mapping[str, str]) -> tuple[syntax.Arg, ...]:
    """The arguments with each run of words that spells one of `names` (by `name_key`, as
    `spaced` gives them) made one quoted word, the name as the campaign spells it; the longest
    run that is a name wins."""
    if not names:
        return args
    longest = max(len(key.split()) for key in names)
    out: list[syntax.Arg] = []
    i = 0
    while i < len(args):
        for size in range(min(longest, len(args) - i), 1, -1):
            pieces = [_piece(a) for a in args[i:i + size]]
            if None in pieces:
                continue
            found = names.get(name_key(" ".join(p for p in pieces if p is not None)))
            if found is not None:
                out.append(syntax.Word(found, quoted=True))
                i += size
                break
        else:
            out.append(args[i])
            i += 1
    return tuple(out)


def with_names(line: syntax.CommandLine, names: Mapping[str, str]) -> syntax.CommandLine:
    """The LINE with its names of several words joined (`joined`); the LINE itself when none."""
    args = joined(line.args, names)
    return line if args == line.args else replace(line, args=args)


_BARE = re.compile(r"[a-z_][a-z0-9_\-]*|0|[1-9][0-9]*", re.IGNORECASE)
"""A word of a name the grammar reads back as it is written, unquoted (`01` reads as 1)."""
_BARE_BEYOND_ASCII = re.compile(rf"(?![Δδ]\d)(?!.*['\u2018-\u201f]){WORD}|0|[1-9][0-9]*")
"""The same in any script: the grammar's word (rules/notation/parts.py WORD) without
apostrophes; `Δ8` is a risk die, `٣` no number."""


_DICE_WORD = re.compile(r"\d*d[\d%f]|[fh](?![^\W\d_])|(?:Δ|δ|delta)\d", re.IGNORECASE)
"""The start of a word an argument reads as dice (`d6`, `d20x`, `F`: Vagabond's Favor, `Δ8`):
in a name, quoted."""


def written(name: str) -> str:
    """A name as a LINE carries it: bare when each of its words reads back as written (`Goblin
    1`, `Zoë`, `Björn Ærinsson`), else in double quotes (`"O'Hara"`, `"Dr. Who"`, `"Goblin
    01"`, `"Ork D6"`)."""
    words = name.split(" ")
    bare = _BARE if name.isascii() else _BARE_BEYOND_ASCII
    if name and all(bare.fullmatch(w) and not _DICE_WORD.match(w) for w in words) and (
            name.isascii() or _reads_back(name)):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _reads_back(name: str) -> bool:
    """Whether the grammar reads `name` as it is (rules/notation/normal.py leaves it alone)."""
    from rules.notation.normal import normalised_text

    return normalised_text(name) == name
