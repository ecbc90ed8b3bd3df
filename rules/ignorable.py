"""Unicode's Default_Ignorable_Code_Point, which Python's unicodedata does not carry: derived
as DerivedCoreProperties.txt defines it, so a name cannot hide a character a reader never sees.

    Default_Ignorable_Code_Point = Other_Default_Ignorable_Code_Point + Cf + Variation_Selector
        - White_Space - FFF9..FFFB (interlinear annotation controls)
        - 13430..1343F (Egyptian hieroglyph format controls) - Prepended_Concatenation_Mark

General category Cf comes from unicodedata (its Unicode version); the three small properties
below are PropList.txt's ranges (Unicode 15), which Python exposes nowhere.
"""

from __future__ import annotations

import unicodedata

Ranges = tuple[tuple[int, int], ...]

OTHER_DEFAULT_IGNORABLE: Ranges = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x2065, 0x2065), (0x3164, 0x3164),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0xE0000, 0xE0000), (0xE0002, 0xE001F),
    (0xE0080, 0xE00FF), (0xE01F0, 0xE0FFF),
)
"""PropList.txt's Other_Default_Ignorable_Code_Point: the combining grapheme joiner, the
Hangul fillers, Khmer's inherent vowels, unassigned code points kept for future format
characters."""

VARIATION_SELECTOR: Ranges = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F),
                              (0xE0100, 0xE01EF))
"""PropList.txt's Variation_Selector: Mongolian free variation selectors, VS1–VS256."""

NOT_IGNORABLE: Ranges = (
    (0xFFF9, 0xFFFB), (0x13430, 0x1343F),
    # Prepended_Concatenation_Mark (PropList.txt): Cf, yet printed (an Arabic number sign)
    (0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2),
    (0x110BD, 0x110BD), (0x110CD, 0x110CD),
)
"""What the definition takes out again: the interlinear annotation and Egyptian format
controls, and the prepended concatenation marks, which are shown."""


def _within(code: int, ranges: Ranges) -> bool:
    return any(low <= code <= high for low, high in ranges)


def default_ignorable(c: str) -> bool:
    """Whether the character is a Default_Ignorable_Code_Point: one a text shows nothing for
    (U+034F, U+200B, U+FE0F, U+3164, a Unicode tag…)."""
    code = ord(c)
    if code < 0xAD:  # ASCII and Latin-1 up to the soft hyphen: none is (a fast path for names)
        return False
    if _within(code, NOT_IGNORABLE) or c.isspace():  # White_Space is never ignorable
        return False
    return (unicodedata.category(c) == "Cf" or _within(code, OTHER_DEFAULT_IGNORABLE)
            or _within(code, VARIATION_SELECTOR))


def variation_selector(c: str) -> bool:
    """Whether the character is a Variation_Selector (VS1–VS256, the Mongolian ones)."""
    return _within(ord(c), VARIATION_SELECTOR)
