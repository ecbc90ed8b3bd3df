"""How tests/data/log_rows_schema5.json was made: a campaign played through the `roll` of a tree
at schema 5 (before the log record: its rows keep the §3 objects `--json` printed), its rows,
and what the commands after it printed on that tree.

    python -m tests.support.old_log_rows TREE tests/data/log_rows_schema5.json WORKDIR

(TREE: a checkout of main at 67c6aae, the last commit before the record.) The test
tests/store/test_log_rows_migrated.py builds the same campaign from these rows, migrates it, and
runs the same commands.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

SHEETS = Path(__file__).resolve().parent.parent / "sheets"
ROLL = [sys.executable, "-c",
        "import sys; from cli.__main__ import main; sys.argv[0] = 'roll'; main()"]

SCENARIO = [
    ("sheet", "import", str(SHEETS / "mira.toml")),
    ("sheet", "import", str(SHEETS / "corin.toml")),
    ("sheet", "import", str(SHEETS / "kell.toml")),
    ("--as", "Mira", "--rolled", "9,2", "check", "dex", "favor"),
    ("--as", "Mira", "spend", "luck"),
    ("alias", "add", "sword", "attack melee 1d8+3"),
    ("--as", "Mira", "--rolled", "17,5", "sword"),
    ("--as", "Mira", "--rolled", "3,4", "1d8 [slashing] + 1d6 [fire]"),
    ("--as", "Mira", "--rolled", "6,2,6,5,1", "3d6!"),
    ("--as", "Mira", "--rolled", "1,4,3,6,2", "4d6r1kh3"),
    ("--as", "Mira", "--rolled", "12", "secret", "check", "detect"),
    ("--as", "Corin", "hurt", "2"),
    ("sheet", "rm", "Corin", "--yes"),
    ("undo",),
    ("--as", "Mira", "hurt", "1"),
    ("--as", "Mira", "undo"),
    ("--as", "Kell", "--rolled", "2,3,1,4", "check", "body", "task", "2"),
    ("--as", "Kell", "buyout", "1"),
    ("--as", "Mira", "--rolled", "4,2", "check", "dex", "favor"),
    ("--as", "Mira", "--rolled", "17", "fluke"),
    ("--as", "Mira", "gain", "luck", "3"),
    ("--as", "Mira", "--rolled", "5,1", "check", "dex", "favor"),
    ("--as", "Mira", "--rolled", "3", "fluke"),
]
"""What was played on the old tree (every command succeeded)."""

AFTER = [
    (("log", "-n", "50", "--json"), True),
    (("log", "-n", "50"), True),
    (("log", "-n", "50"), False),
    (("--json", "--as", "Mira", "--rolled", "16", "fluke"), False),  # of a migrated Fluke
    (("--as", "Mira", "--rolled", "2", "fluke", "d20"), False),
    (("undo",), False),
    (("--json", "undo"), False),
    (("--json", "--as", "Corin", "gain", "luck"), False),
    (("log", "-n", "6", "--json"), True),
]
"""The commands run after it, in order (True: as the GM, ROLL_GM=1)."""


def run(tree: Path, work: Path, where: Path, *args: str, gm: bool = False) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROLL_")}
    env.update(PYTHONPATH=str(tree), ROLL_CAMPAIGN=str(where), NO_COLOR="1", COLUMNS="80",
               XDG_DATA_HOME=str(work / "data"), XDG_STATE_HOME=str(work / "state"))
    if gm:
        env["ROLL_GM"] = "1"
    done = subprocess.run([*ROLL, *args], env=env, capture_output=True, text=True, cwd=work,
                          check=False)
    return {"args": list(args), "gm": gm, "status": done.returncode, "stdout": done.stdout,
            "stderr": done.stderr}


def main(tree: Path, out: Path, work: Path) -> None:
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    old = work / "old.sqlite3"
    failed = [r for r in (run(tree, work, old, *a) for a in SCENARIO) if r["status"] != 0]
    assert not failed, failed
    db = sqlite3.connect(old)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 5
    tables = {}
    names = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                       " AND name NOT LIKE 'sqlite%' ORDER BY name").fetchall()
    for (name,) in names:
        columns = [r[1] for r in db.execute(f"PRAGMA table_info({name})")]
        rows = [list(r) for r in db.execute(f"SELECT * FROM {name} ORDER BY rowid")]
        tables[name] = {"columns": columns, "rows": rows}
    db.close()
    after = [run(tree, work, old, *a, gm=gm) for a, gm in AFTER]
    out.write_text(json.dumps({"tables": tables, "after": after}, ensure_ascii=False, indent=1)
                   + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
