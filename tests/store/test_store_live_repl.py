"""The GM's pane live on both stores: a REPL's `log --follow` shows the players' one-shots as
they come, and Ctrl-C gives the prompt back (a real pseudo-terminal, the installed `roll`).

The toolbar's own re-read on a write is tested on the view (test_store_postgres.py): in a
terminal prompt-toolkit redraws only the characters that changed (`1` of `Luck 1/3`)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cli.store import campaign_where, open_campaign
from rules.systems import get_system
from tests.support.pane import MIRA, ROLL, TIMEOUT

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(not ROLL.exists(), reason=f"no installed roll at {ROLL}")


def player(env: dict[str, str], *args: str) -> None:
    """A one-shot in another player's shell."""
    done = subprocess.run([str(ROLL), *args], env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr


def test_the_gm_pane_follows_the_players(store_where: str, tmp_path: Path) -> None:
    campaign = open_campaign(campaign_where(store_where))
    with campaign.transaction() as tx:
        tx.put_character(get_system("vagabond").validate_sheet(MIRA))
    campaign.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ROLL_", "XDG_"))}
    env |= {"LINES": "24", "COLUMNS": "40", "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm",
            "NO_COLOR": "1", "ROLL_CAMPAIGN": store_where,
            "ROLL_HISTORY": str(tmp_path / "state" / "history")}
    gm: Any = pexpect.spawn(str(ROLL), ["--as", "Mira"], env=env, dimensions=(24, 40),
                            timeout=TIMEOUT, encoding="utf-8")
    prompt = r"(vagabond|vag)·mira>"  # as it fits the pane
    try:
        gm.expect(prompt)
        player(env, "--as", "Mira", "spend", "luck")
        gm.send("log --follow\r")
        gm.expect(r"#1 (now|\d+s) Mira spend luck")
        player(env, "--as", "Mira", "gain", "luck", "1")
        gm.expect(r"#2 (now|\d+s) Mira gain luck 1")
        gm.sendcontrol("c")  # Ctrl-C ends the follow, not the REPL
        gm.expect(prompt)
        gm.send("log -n 1\r")  # and the REPL goes on
        gm.expect(r"#2 (now|\d+s) Mira gain luck 1")
        gm.expect(prompt)
        gm.sendcontrol("d")
        gm.expect(pexpect.EOF)
    finally:
        gm.close(force=True)
    assert gm.exitstatus == 0
