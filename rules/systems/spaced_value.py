"""`check dex 5`, `save str d8`: a stat's value written after a space, as sheets and other
tools write it, where every game reads it right after its name (`dex=5`, `str=d8`). The error
says so, and its hint is the LINE so spelled; each game's reading of its words asks here."""

from __future__ import annotations

from collections.abc import Callable

from rules.errors import UsageError
from rules.notation import syntax


def spaced_value_at(line: syntax.CommandLine, at: int) -> UsageError | None:
    """The error of the value that is argument `at` of `line` when a word comes right before
    it (`check dex 5`: `dex=5`), else None."""
    args = list(line.args)
    before = args[at - 1] if at > 0 else None
    if not isinstance(before, syntax.Word):
        return None
    written = str(args[at])
    if written.startswith("1d") and written[2:].isdigit():
        written = written[1:]  # one die as a sheet writes it: str=d8
    value = f"{before.text}={written}"
    words = [value if i == at - 1 else str(a) for i, a in enumerate(args) if i != at]
    spelled = " ".join([line.word, *words])
    return UsageError(f"{line.word}: a value is written right after its name: {value}"
                      f" ({spelled})", hint=spelled)


def spaced_value(line: syntax.CommandLine, names: Callable[[str], bool]) -> UsageError | None:
    """The error of the first value written a space after a word that `names` says is one of
    the command's stats (`check str 12`), else None: read before anything asks for a sheet,
    so that nobody acting does not hide it."""
    for at, arg in enumerate(line.args[1:], start=1):
        before = line.args[at - 1]
        if isinstance(arg, syntax.ExprArg) and isinstance(before, syntax.Word) and (
                names(before.text)):
            return spaced_value_at(line, at)
    return None
