"""What the REPL shows speaks the prompt's words: `as NAME`, `use SYSTEM`, LINEs without `roll`.

An error's hints (rules/errors.py) are worded here for the prompt (`prompt_words`), from their
fields; `at_prompt` rewrites the help topics, written once for the shell, as they are shown
inside the REPL, so an example pasted at the prompt works there.
"""

from __future__ import annotations

import re
from functools import cache

from rules.errors import Do, Hint


def prompt_words(hint: Hint) -> str:
    """A hint as the REPL's words say it (`as NAME`, `use vagabond`, a command without `roll`)."""
    match hint.do:
        case Do.NAME_ACTOR:
            return "as NAME"
        case Do.ACT_AS_ONE:
            return "act as one (as NAME)"
        case Do.ACT_AS_CHARACTER:
            return "act as a character (as NAME)"
        case Do.USE_SYSTEM:
            return f"use {hint.what}"
        case Do.CHOOSE_SYSTEM:
            return f"switch with use {hint.what}"
        case Do.RUN:
            return f"`{hint.what}`"


@cache
def _help_rewrites() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The help topics' shell wording → the prompt's, compiled at the first help shown."""
    return (
        (re.compile(r"\broll (?:-a|--as) (\S+) (.+?)$", re.MULTILINE), r"\2   (as \1)"),
        (re.compile(r"(?<![\w-])(?:-a|--as) (NAME|\S+)"), r"as \1"),
        (re.compile(r"with (?:-s|--system) (\w+)"), r"after use \1"),
        (re.compile(r"(?<![\w-])(?:-s|--system) (\w+)"), r"use \1"),
        (re.compile(r"^(\s*)roll (?=[a-z{\d(-])", re.MULTILINE), r"\1"),
    )


def at_prompt(text: str) -> str:
    """A help topic's `text` as the REPL shows it: shell options become the REPL's words."""
    for pattern, replacement in _help_rewrites():
        text = pattern.sub(replacement, text)
    return text
