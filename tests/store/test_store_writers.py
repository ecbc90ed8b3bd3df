"""Eight players' shells writing one character at once lose nothing, on both stores, and log
in the order they commit (each entry's id the next, each one's `before` the last one's
`after`); undo of an early change then names the first later one that moved the pool (found
through its index)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.cli import invoke
from tests.support.paths import ROOT_DIR
from tests.support.sheets import KIT, sheet

ROOT = ROOT_DIR
WRITERS, EACH = 8, 25


def test_eight_writers_on_one_character_lose_nothing(store_where: str, tmp_path: Path) -> None:
    kit = sheet(tmp_path, KIT.replace("luck = 3", "luck = 1000"))
    assert invoke("--campaign", store_where, "sheet", "import", str(kit))[0] == 0
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ROLL_CAMPAIGN": store_where, "ROLL_AS": "Kit"}
    writers = [subprocess.Popen([sys.executable, "-m", "cli", "-q"], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
               for _ in range(WRITERS)]
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write(b"gain luck 1\n" * EACH)
        writer.stdin.close()
    errors = [(w.wait(timeout=300), w.stderr.read() if w.stderr else b"") for w in writers]
    assert errors == [(0, b"")] * WRITERS
    code, out, _ = invoke("--campaign", store_where, "--as", "Kit", "sheet", "show", "--json")
    assert code == 0 and json.loads(out)["pools"]["luck"] == {"current": 202, "max": 1000}
    code, out, _ = invoke("--campaign", store_where, "log", "-n", "1000", "--json")
    logged = [json.loads(line) for line in out.splitlines()]
    assert [entry["id"] for entry in logged] == list(range(1, WRITERS * EACH + 1))
    assert [(c["before"], c["after"]) for entry in logged for c in entry["changes"]] == [
        (2 + i, 3 + i) for i in range(WRITERS * EACH)]
    assert invoke("--campaign", store_where, "undo", "--id", "1") == (
        1, "", "roll: error: cannot undo 'gain luck 1' (#1): Kit's luck moved since"
               " (#2 gain luck 1); nothing changed\n")
