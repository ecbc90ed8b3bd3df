"""The dice bots' command words before a LINE (SPEC §5): `/r 1d20`, `!roll 4d6kh3`, `r 1d20`.

A Discord player types the bot's command out of habit: a leading `/r`, `!r`, `/roll`, `!roll`,
`roll` or `r` is read as the command it is there, and the rest of the text is the LINE. A word
only counts as a bot's when it is the whole first word and a LINE follows it: `r` alone, `reroll`,
`rest` and `rage` stay what they are (`r` and `roll` are never a named roll's name either:
rules/named_rolls.py). The punctuated words may also run into the dice (`!r1d20`, `/r d20`).
The front end says it read the word so once to a user (cli/line/runner.py, cli/base/state_files.py).
"""

from __future__ import annotations

from dataclasses import dataclass

BOT_WORDS = ("/roll", "!roll", "/r", "!r", "roll", "r")
"""The dice bots' command words, longest first (`/roll` before `/r`)."""
NAME_WORDS = ("roll", "r")
"""Those that are words a name could be (the named rolls reserve them)."""


@dataclass(frozen=True, slots=True)
class BotCommand:
    """A LINE typed after a dice bot's command word: the word as typed, and the LINE."""

    word: str
    line: str

    def note(self) -> str:
        """What the front end says, once, on reading the word so."""
        return bot_note(self.word)


def bot_note(word: str) -> str:
    """What the front end says, once, on reading a bot's word (as typed) before a LINE."""
    return f"note: '{word}' is a dice bot's command word: roll reads the rest as the LINE (said once)"


def alone(text: str) -> str | None:
    """What a bot's word with no LINE after it needs (`/r`, `roll`), or None for other text."""
    word = text.strip()
    if word.lower() not in BOT_WORDS:
        return None
    return f"'{word}' is a dice bot's command word: the LINE goes after it ({word} 1d20)"


def bot_command(text: str) -> BotCommand | None:
    """`/r 1d20` → BotCommand('/r', '1d20'); None when `text` starts with no bot's word, or
    nothing follows the word."""
    stripped = text.lstrip()
    if not stripped or stripped[0] not in "/!rR":
        return None  # most LINEs: one comparison
    low = stripped.lower()
    for word in BOT_WORDS:
        if not low.startswith(word):
            continue
        rest = stripped[len(word):]
        glued = word[0] in "/!" and rest[:1].isdecimal()  # `!r1d20`
        if not (rest[:1].isspace() or glued):
            continue
        line = rest.strip()
        return BotCommand(stripped[: len(word)], line) if line else None
    return None
