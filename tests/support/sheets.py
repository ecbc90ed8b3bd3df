"""Sheets as a player writes them (TOML) for the campaign tests through the CLI, and a writer."""

from __future__ import annotations

from pathlib import Path

VAGABOND = """\
name = "Mira"
system = "vagabond"
level = 2
[stats]
might = 4
dexterity = 5
awareness = 3
reason = 3
presence = 3
luck = 3
[skills]
trained = ["finesse", "detect", "mysticism", "survival", "leadership"]
"""

KIT = 'name = "Kit"\nsystem = "generic"\n[max]\nluck = 3\nhp = 10\n[pools]\nluck = 2\n'
MIRA = VAGABOND.replace("level = 2\n", 'level = 2\nxp = 4\nflags = ["hidden"]\n') + (
    "[max]\nmana = 6\n[pools]\nluck = 2\n")


def sheet(tmp_path: Path, text: str, name: str = "kit") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    return path

