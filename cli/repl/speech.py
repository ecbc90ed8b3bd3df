"""What the REPL shows speaks the prompt's words: `as NAME`, `use SYSTEM`, LINEs without `roll`.

An error's hints (rules/errors.py) are worded here for the prompt (`prompt_words`), from their
fields, and so are the help topics' commands (rules/helptext.py: `prompt_help`), written once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.errors import Do, Hint

if TYPE_CHECKING:
    from rules.helptext import Acting, Chosen, Command, Examples, Topic


def prompt_words(hint: Hint) -> str:
    """A hint as the REPL's words say it (`as NAME`, `use vagabond`, a command without `roll`)."""
    match hint.do:
        case Do.NAME_ACTOR:  # a line's own -a acts for that line alone (SPEC §9)
            return "-a NAME, or as NAME"
        case Do.ACT_AS_ONE:
            return "act as one (-a NAME, or as NAME)"
        case Do.ACT_AS_CHARACTER:
            return "act as a character (-a NAME, or as NAME)"
        case Do.USE_SYSTEM:
            return f"use {hint.what}"
        case Do.CHOOSE_SYSTEM:
            return f"switch with use {hint.what}"
        case Do.RUN:
            return f"`{hint.what}`"


def prompt_help_words(part: Command | Acting | Chosen | Examples) -> str:
    """A help topic's part as the REPL's words say it: a command without `roll`, who acts
    after it (`check dex   (as Bram)`), `as NAME`, `use SYSTEM`."""
    from rules.helptext import Acting, Chosen, Command, Examples  # with help, not the prompt

    match part:
        case Command(words, acting, system):
            said = [f"as {acting}"] if acting else []
            said += [f"after use {system}"] if system else []
            return words + (f"   ({', '.join(said)})" if said else "")
        case Acting(name):
            return f"as {name}".rstrip()
        case Chosen(system, after):
            return f"{'after ' if after else ''}use {system}"
        case Examples(system, lines):
            first = f"after use {system}; " if system else ""
            return f"Examples ({first}no character needed):\n" + "\n".join(
                f"  {line}" for line in lines)


def prompt_help(parts: Topic) -> str:
    """A help topic as the REPL shows it, so an example pasted at the prompt works there."""
    from rules.helptext import worded

    return worded(parts, prompt_help_words)
