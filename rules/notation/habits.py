"""Other dice tools' spellings (avrae/d20, Dice Maiden, Roll20, Discord bots): the ones this
notation reads as they mean there, and the ones it refuses, each with what to write instead.

`roll help notation` lists both tables (cli/render/help_pages.py: a help template, so ⟨-s macchiato⟩ is
each front end's wording of choosing the system); the tests run every row: an accepted
spelling parses to the tree of ours, a refused one fails with its suggestion in the message.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Accepted:
    """A spelling read as it means in the tool it comes from: `example` is `ours`."""

    example: str
    ours: str
    means: str


@dataclass(frozen=True, slots=True)
class Refused:
    """A spelling that means something else here, or nothing: the error says `instead`."""

    example: str
    why: str
    instead: str


ACCEPTED = (
    Accepted("/r 1d20", "1d20", "a bot's word (/r !r /roll !roll roll r) then the LINE:"
             " a note says so once"),
    Accepted("4d6 kh3", "4d6kh3", "a space before a modifier (avrae)"),
    Accepted("4d6 keep 3", "4d6kh3", "keep [lowest] N, drop [highest] N"),
    Accepted("2d6e6", "2d6!6", "explode on 6 (avrae e, Dice Maiden ie)"),
    Accepted("1d6ra6", "1d6xo6", "reroll and add once (avrae)"),
    Accepted("4d6pl1", "4d6dl1", "drop lowest / highest (avrae pl, ph)"),
    Accepted("2d6mi2", "2d6min2", "clamp each face (avrae mi, ma)"),
    Accepted("1d20+5 advantage", "1d20+5 adv", "advantage, disadvantage: adv, dis"),
    Accepted("d20+5vs15", "d20+5 vs 15", "vs without its spaces"),
)
"""The spellings read as their tools mean them."""

REFUSED = (
    Refused("4d6k>3", "keeps by face (avrae)", "4d6kh3, or 4d6>3 to count them"),
    Refused("4d6p1", "drops the 1s (avrae)", "4d6dl1, or 4d6r1 to reroll them"),
    Refused("2d20 adv", "adv takes one die", "2d20kh1, or d20 adv"),
    Refused("10d10t7", "t7 counts 7s and up (Dice Maiden)", "10d10>=7"),
    Refused("d20+5 dc 15", "a target", "d20+5 vs 15"),
    Refused("6 4d6", "a repeat (Dice Maiden)", "6x 4d6"),
    Refused("Δ8", "Macchiato's risk die", "⟨-s macchiato⟩, or d8"),
    Refused("d20+dex", "a character's value", "d20+{dex}"),
    Refused("4d6-L", "drops the lowest (rpg-dice-roller)", "4d6dl1"),
    Refused("[[1d20+5]]", "an inline roll (Roll20)", "1d20+5"),
    Refused("3d6 ! Attack", "a comment (Dice Maiden)", "3d6 # Attack"),
    Refused("1d4+1 x3", "a repeat", "3x 1d4+1"),
)
"""The spellings refused, each with what to write; avrae's k3 (keep the 3s) is not among
them: k3 keeps the highest 3 here, as Foundry's does."""


def habits_text(width: int = 80) -> str:
    """The two tables as `roll help notation` shows them, wrapped to `width` columns."""
    from textwrap import wrap

    def row(head: str, text: str) -> list[str]:
        return wrap(text, width, initial_indent=head, subsequent_indent=" " * len(head))

    lines = ["From other dice tools (avrae, Dice Maiden, Roll20, Discord bots):"]
    for yes in ACCEPTED:
        lines.extend(row(f"  {yes.example:<17} = {yes.ours:<12} ", yes.means))
    lines.append("Refused, each with what to write instead:")
    for no in REFUSED:
        lines.extend(row(f"  {no.example:<17} ", f"{no.why} → {no.instead}"))
    lines.extend(row("  ", "k3 keeps the highest 3 here, as Foundry's (avrae's k3 keeps the 3s)"))
    return "\n".join(lines)
