"""The README's sections and its `roll …` lines, as the README tests read them."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
NEEDS_STATE = {"--as", "sheet", "log", "undo", "repl", "completion", "campaign", "game", "reveal",
               "fair", "luck"}


NAMED = "## Named rolls and tables\n"
"""The README section whose examples build on each other: run in order, in one campaign."""


ENCOUNTERS = "## Encounters\n"
"""The README section of a fight, whose LINEs build on each other (tests/encounter/test_encounter_panes)."""


def readme(named: bool = False, section: str = NAMED) -> str:
    """The README without its sections that run in order (named rolls, encounters), or
    (`named`) the `section` alone."""
    text = README.read_text(encoding="utf-8")
    if named:
        start = text.index(section)
        return text[start:text.index("\n## ", start + len(section))]
    for cut in (NAMED, ENCOUNTERS):
        start = text.index(cut)
        text = text[:start] + text[text.index("\n## ", start + len(cut)):]
    return text


def shell_lines() -> list[str]:
    """The README's `roll …` lines that need no campaign, no `&&` and no redirection (pipes kept)."""
    blocks = re.findall(r"```sh\n(.*?)```", readme(), re.S)
    lines = [line for block in blocks for line in block.splitlines()
             if line.startswith("roll ") or "| roll " in line]
    return [line for line in lines if not any(t in line for t in ("&&", ">"))
            and not NEEDS_STATE & set(shlex.split(line, comments=True))]
