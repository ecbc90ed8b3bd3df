"""Shared helpers of the encounter tests: the sheets of each game's fight, run from a shell."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from tests.support.cli import invoke

SHEETS = {
    "ara": 'name = "Ara"\nsystem = "tiers"\ntier = 2\n[stats]\nheart = 14\nmind = 12\n'
           '[dice]\nmind = "d6"\n[max]\nstamina = 4\n',
    "kael": 'name = "Kael"\nsystem = "champions"\nkind = "champion"\nhouse = "Blue"\n'
            'guard = 12\narmor = 1\n[stats]\nmight = 2\n',
    "wren": 'name = "Wren"\nsystem = "champions"\nkind = "cohort"\nhouse = "Blue"\nguard = 10\n'
            '[stats]\nmight = 1\n[max]\nsupply = 2\n',
    "ash": 'name = "Ash"\nsystem = "vagabond"\nlevel = 2\n[stats]\nmight = 4\ndexterity = 5\n'
           'awareness = 4\nreason = 3\npresence = 3\nluck = 3\n[skills]\ntrained = ["detect"]\n',
    "bree": 'name = "Bree"\nsystem = "vagabond"\nlevel = 1\n[stats]\nmight = 3\ndexterity = 4\n'
            'awareness = 3\nreason = 5\npresence = 4\nluck = 2\n',
    "mira": 'name = "Mira"\nsystem = "macchiato"\n[stats]\nstrength = 12\ndexterity = 14\n',
    "bo": 'name = "Bo"\nsystem = "macchiato"\n[stats]\nstrength = 10\n',
    "tam": 'name = "Tam"\nsystem = "brighter"\n[stats]\nstr = "d8"\ndex = "d6"\nwil = "d6"\n',
}

TABLE = {
    "wren": 'name = "Wren"\nsystem = "brighter"\narmor = 1\n[stats]\nstr = "d8"\ndex = "d6"\n'
            'wil = "d6"\n',
    "pip": 'name = "Pip"\nsystem = "macchiato"\n[stats]\nstrength = 10\ndexterity = 14\n',
    "kael": SHEETS["kael"],
    "sera": 'name = "Sera"\nsystem = "champions"\nkind = "champion"\nhouse = "Red"\n'
            'guard = 13\narmor = 1\n[stats]\nmight = 3\n',
    "mira": 'name = "Mira"\nsystem = "vagabond"\nlevel = 2\n[stats]\nmight = 4\ndexterity = 5\n'
            'awareness = 4\nreason = 3\npresence = 3\nluck = 3\n[skills]\ntrained = ["finesse"]\n',
    "bram": 'name = "Bram"\nsystem = "vagabond"\nlevel = 1\n[stats]\nmight = 3\ndexterity = 4\n'
            'awareness = 3\nreason = 5\npresence = 4\nluck = 2\n',
    "ara": SHEETS["ara"],
}
"""The GM's real table of issue 48: one campaign, five games (Wren in Brighter Worlds, Pip in
Macchiato Monsters, Kael and Sera in Champions & Cohorts, Mira and Bram in Vagabond, Ara in
Tiers)."""


def imported(tmp_path: Path, *names: str, sheets: dict[str, str] = SHEETS) -> None:
    """Import the named sheets (of `sheets`) into the test's campaign."""
    for name in names:
        path = tmp_path / f"{name}.toml"
        path.write_text(sheets[name], encoding="utf-8")
        code, _, err = invoke("sheet", "import", str(path))
        assert code == 0, err


def whole_table(tmp_path: Path) -> None:
    """Import every character of the issue's table (TABLE)."""
    imported(tmp_path, *TABLE, sheets=TABLE)


def run(line: str, *options: str) -> str:
    """`roll LINE` from a shell (the words split as a shell would): its stdout; exit 0."""
    code, out, err = invoke(*shlex.split(line), *options)
    assert (code, err) == (0, ""), err
    return out


def refused(line: str, *options: str) -> tuple[int, str]:
    """A LINE that fails: its exit status and stderr."""
    code, out, err = invoke(*shlex.split(line), *options)
    assert code != 0
    return code, err


def state() -> dict[str, Any]:
    """`roll encounter --json`'s encounter object."""
    code, out, _ = invoke("encounter", "--json")
    assert code == 0
    found: dict[str, Any] = json.loads(out)["encounter"]
    return found


def goblins_turn(tmp_path: Path) -> None:
    """Mira's fight with three goblins (hp 3), at Goblin 1's turn."""
    imported(tmp_path, "mira")
    run("encounter start Mira")
    run("foe add 3 goblins hp=3")
    assert run("next").startswith("next → round 1 · Goblin 1's turn\n")
