"""Another tool's word for an option that `roll` spells `-n`: `roll log --last 5`, `--limit`,
`--tail`, `--count` (Click would offer `--as`, the nearest spelling), `roll --repeat 3 d20`
(a LINE's repeats), said with the line that works and, under --json, as the error's `hint` (as
a LINE's habits are: rules/did_you_mean.py)."""

from __future__ import annotations

import shlex

import click

from rules.errors import UsageError

COUNTING = frozenset({"--last", "--limit", "--tail", "--count", "--lines", "--number", "--num",
                      "--entries", "--repeat", "--repeats"})
"""Options other tools count with, where `roll` has `-n N`."""


def option_habit(exc: click.UsageError, args: list[str]) -> UsageError | None:
    """The error of an unknown option another tool counts with, on a command whose `-n` counts
    (`log`'s entries, a LINE's repeats): the line with `-n` in its place; else None."""
    if not isinstance(exc, click.NoSuchOption) or exc.ctx is None:
        return None
    word = exc.option_name
    if word not in COUNTING:
        return None
    counts = next((p for p in exc.ctx.command.params
                   if isinstance(p, click.Option) and "-n" in p.opts), None)
    if counts is None:
        return None
    line = with_n(args, word)
    said = f" ({counts.help})" if counts.help else ""
    return UsageError(f"no such option '{word}': roll counts with -n{said}: roll {line}",
                      hint=line)


def line_habit(unknown: str, words: list[str]) -> UsageError | None:
    """The error of a LINE's word that is another tool's counting option (`--repeat 3 d20`,
    `--repeat=3`): roll repeats a LINE with `-n N`; None for any other word."""
    word = unknown.partition("=")[0]
    if word not in COUNTING:
        return None
    line = with_n(words, word)
    return UsageError(f"no such option: {word}: roll repeats a LINE with -n N: roll {line}",
                      hint=line)


def with_n(args: list[str], word: str) -> str:
    """The words with `-n` in the place of option `word` (`--last 5` and `--last=5` alike), as
    a shell would read them back."""
    fixed: list[str] = []
    for arg in args:
        name, equals, value = arg.partition("=")
        if name == word:
            fixed += ["-n", value] if equals else ["-n"]
        else:
            fixed.append(arg)
    return shlex.join(fixed)
