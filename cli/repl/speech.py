"""What the REPL shows speaks the prompt's words: `as NAME`, `use SYSTEM`, LINEs without `roll`.

Messages and help are written once, for the shell; `at_prompt` rewrites a text as it is
shown inside the REPL, so a hint pasted at the prompt works there.
"""

from __future__ import annotations

import re
from functools import cache


@cache
def _rewrites() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Shell wording → the prompt's, compiled at the first text shown (not at start-up)."""
    return (
        (re.compile(r"use --as NAME \(or `as NAME` in the REPL\)"), "act as one (as NAME)"),
        (re.compile(r"--as NAME \(or `as NAME` in the REPL\)"), "as NAME"),
        (re.compile(r"\broll (?:-a|--as) (\S+) (.+?)$", re.MULTILINE), r"\2   (as \1)"),
        (re.compile(r"\broll (?:-s|--system) \w+ "), ""),
        (re.compile(r"\bact --as a character"), "act as a character (as NAME)"),
        (re.compile(r"(?<![\w-])(?:-a|--as) (NAME|\S+)"), r"as \1"),
        (re.compile(r"choose the system with (?:-s|--system) (\w+)"), r"switch with use \1"),
        (re.compile(r"with (?:-s|--system) (\w+)"), r"after use \1"),
        (re.compile(r"(?<![\w-])(?:-s|--system) (\w+)"), r"use \1"),
        (re.compile(r"`roll (?=[a-z])"), "`"),
        (re.compile(r"^(\s*)roll (?=[a-z{\d(-])", re.MULTILINE), r"\1"),
    )


def at_prompt(text: str) -> str:
    """`text` as the REPL shows it: shell options become the REPL's words."""
    for pattern, replacement in _rewrites():
        text = pattern.sub(replacement, text)
    return text
