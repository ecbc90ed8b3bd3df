""""Did you mean …?": the closest known word by edit distance, for a word that is unknown."""

from __future__ import annotations

from collections.abc import Iterable

MAX_DISTANCE = 2
"""At most this many edits (letters added, removed, changed or swapped) away."""


def distance(a: str, b: str) -> int:
    """Edit distance with swaps of two neighbours (optimal string alignment)."""
    a, b = a.lower(), b.lower()
    if a == b:
        return 0
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known word nearest `word` (within MAX_DISTANCE edits, and at most its length less
    two: `xy` suggests nothing, `sav` one edit away), ties to the first given; None when none
    is near."""
    best: tuple[int, str] | None = None
    limit = min(MAX_DISTANCE, len(word) - 2)
    for candidate in known:
        d = distance(word, candidate)
        if d <= limit and (best is None or d < best[0]):
            best = (d, candidate)
    return None if best is None else best[1]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """` (did you mean 'check'?)`, or "" when no known word is near."""
    found = closest(word, known)
    return f" (did you mean '{found}'?)" if found else ""


def said_once(message: str) -> str:
    """A library's message with a suggestion it repeated said once (`No such command 'shwo'.
    Did you mean 'show'? Did you mean 'show'?`: Typer and Click each add one)."""
    import re

    return re.sub(r"( Did you mean [^?]*\?)(?:\1)+", r"\1", message)


HABITS = {
    "vagabond": {"adv": "favor", "advantage": "favor", "dis": "hinder", "disadvantage": "hinder"},
    "macchiato": {"favor": "adv", "favour": "adv", "hinder": "dis", "advantage": "adv",
                  "disadvantage": "dis"},
    "tiers": {"favor": "adv", "favour": "adv", "hinder": "dis", "advantage": "adv",
              "disadvantage": "dis"},
    "brighter": {"adv": "enhanced", "advantage": "enhanced", "favor": "enhanced",
                 "dis": "impaired", "disadvantage": "impaired", "hinder": "impaired"},
}
"""Another game's word for what this one calls otherwise (5e's advantage is Vagabond's Favor)."""

GAME_NAMES = {"vagabond": "Vagabond", "macchiato": "Macchiato Monsters", "tiers": "Tiers",
              "brighter": "Brighter Worlds"}


def habit(system_id: str, word: str) -> str:
    """` (Brighter Worlds calls it enhanced: write enhanced)` for another tool's word, else ""."""
    ours = HABITS.get(system_id, {}).get(word.lower())
    if ours is None:
        return ""
    return f" ({GAME_NAMES[system_id]} calls it {ours}: write {ours})"


def habit_hint(text: str, at: int) -> str | None:
    """What to write for another dice tool's habit where the grammar stopped at `at` (0-based),
    or None: `d20+5 dc 15` (write vs 15), Dice Maiden's leading repeat `6 4d6` (write 6x)."""
    import re

    from rules.notation.bot import alone

    if at == 0 and alone(text) is not None:  # `/r` with nothing after it
        return alone(text)
    rest = text[at:]
    dc = re.match(r"dc\s*(\d+)(?![a-z0-9_])", rest, re.IGNORECASE)
    if dc is not None:
        after = rest[dc.end():]
        return (f"a target is written vs here: {text[:at].rstrip()} vs {dc.group(1)}{after}"
                f" (not dc {dc.group(1)})")
    repeat = re.match(r"\s*(\d+)\s+$", text[:at])
    if repeat is not None and re.match(r"\d*d[\d%f{]", rest, re.IGNORECASE):
        n = repeat.group(1)
        return f"a roll repeated is written {n}x here: {n}x {rest.strip()}"
    return None
