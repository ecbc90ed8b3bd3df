"""Single words of a LINE or a sheet read as numbers and dice, without the grammar: a command's
arguments the grammar has already split (`hp=5`, `d8`, `+2d6`), and a sheet's values."""

from __future__ import annotations


def signed_whole(text: str) -> bool:
    """`12`, `+3`, `-4`: a whole number of decimal digits with at most one sign."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    return digits.isdecimal()


def die_word(text: str) -> tuple[int, int] | None:
    """`d8` → (1, 8), `-d4` → (-1, 4), any case; None when the word is no such die."""
    low = text.lower()
    sign = -1 if low.startswith("-") else 1
    body = low[1:] if sign < 0 else low
    if len(body) < 2 or body[0] != "d" or not body[1:].isdecimal():
        return None
    return sign, int(body[1:])


STEP_PREFIXES = ("delta", "d", "δ")
"""How a usage die may be written before its sides: `d8`, `Δ8` (δ in lower case), `delta8`."""


def step_word(text: str) -> tuple[bool, int] | None:
    """A usage die's word, spaces around it allowed: (written with a prefix, its number);
    `d8` → (True, 8), `8` → (False, 8); None when it is no such word."""
    low = text.strip().lower()
    prefixed = False
    for prefix in STEP_PREFIXES:
        if low.startswith(prefix) and low[len(prefix):].isdecimal():
            low, prefixed = low[len(prefix):], True
            break
    return (prefixed, int(low)) if low.isdecimal() else None


def extra_dice_word(text: str) -> int | None:
    """`+2` or `+2d6`: the N of a word that adds N d6s; None for any other word."""
    if not text.startswith("+"):
        return None
    body = text[1:]
    if body.endswith("d6") and body[:-2]:
        body = body[:-2]
    return int(body) if body.isdecimal() else None
