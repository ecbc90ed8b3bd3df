"""A REPL pane: the installed `roll` in a pseudo-terminal through pexpect, 40 columns wide, over
a campaign with Mira."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from cli.store.sqlite import Campaign
from rules.systems import get_system

pexpect = pytest.importorskip("pexpect")

ROLL = Path(sys.executable).with_name("roll")
TIMEOUT = 15  # generous: only a failing expect waits this long
MIRA: dict[str, Any] = {
    "name": "Mira", "system": "vagabond", "level": 2,
    "stats": {"might": 4, "dexterity": 5, "awareness": 3, "reason": 3, "presence": 3, "luck": 3},
    "max": {"mana": 6}, "pools": {"luck": 2},
}  # fmt: skip


@pytest.fixture()
def env(private_campaign: Path, tmp_path: Path) -> dict[str, str]:
    """The test's campaign with Mira, and the environment of a 40-column terminal over it (a
    fixture: a module takes it as `env = pane.env`)."""
    campaign = Campaign(private_campaign)
    with campaign.transaction() as tx:
        tx.put_character(get_system("vagabond").validate_sheet(MIRA))
    campaign.close()
    out = {k: v for k, v in os.environ.items() if not k.startswith(("ROLL_", "XDG_"))}
    out |= {
        "LINES": "24", "COLUMNS": "40", "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm",
        "NO_COLOR": "1", "ROLL_CAMPAIGN": str(private_campaign),
        "ROLL_HISTORY": str(tmp_path / "state" / "history"),
    }  # fmt: skip
    return out


def spawn(env: dict[str, str], *args: str) -> Any:
    child = pexpect.spawn(
        str(ROLL), list(args), env=env, dimensions=(24, 40), timeout=TIMEOUT, encoding="utf-8"
    )
    child.delaybeforesend = 0.01
    return child
