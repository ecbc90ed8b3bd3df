"""Sheets as a player writes them (TOML) for the tests through the CLI: Kit, the Vagabond Mira,
Mira the wizard, Kell (Tiers); a writer, and Mira the wizard imported."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import after_a_write, invoke

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


WIZARD = """\
name = "Mira"
system = "vagabond"
level = 2
class = "wizard"
armor = 1
[stats]
might = 4
dexterity = 5
awareness = 3
reason = 5
presence = 3
luck = 3
[skills]
trained = ["finesse", "detect", "arcana"]
[max]
mana = 6
[pools]
luck = LUCK
"""
"""Mira the level-2 wizard (Vagabond), her Luck pool left as LUCK to fill in."""

AS_MIRA = ("-s", "vagabond", "--as", "Mira")


def import_wizard(tmp_path: Path, luck: int) -> Path:
    path = tmp_path / "mira.toml"
    path.write_text(WIZARD.replace("LUCK", str(luck)), encoding="utf-8")
    code, out, err = invoke("sheet", "import", str(path))
    assert (code, out) == (0, "imported Mira (vagabond)\n") and err in after_a_write()
    return path


KELL = """\
name = "Kell"
system = "tiers"
tier = 2
armor = "medium"
[stats]
body = 14
mind = 10
sense = 12
heart = 13
cunning = 8
fate = 11
[dice]
body = "d6"
mind = "0"
sense = "d4"
heart = "d6"
cunning = "-d4"
fate = "d8"
[max]
stamina = 4
"""
"""Kell (Tiers), tier 2 in medium armour, as a player writes her sheet."""
