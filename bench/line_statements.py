"""The SQL one LINE sends: `roll --as Mira check dex trained` in a Vagabond campaign, counted.

Run: .venv/bin/python bench/line_statements.py [LINE ...]
Builds a throwaway SQLite campaign (Mira, a Vagabond Hero), then runs the one-shot in process
with sqlite3's trace callback on every connection the store opens, and prints each statement
the LINE sent after the connection was set up (PRAGMAs and the schema check excluded), the
transactions (BEGIN … COMMIT) and how many statements read Mira's row.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MIRA = """\
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


def main() -> None:
    words = sys.argv[1:] or ["--as", "Mira", "check", "dex", "trained"]
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp) / "campaign.db"
        sheet = Path(tmp) / "mira.toml"
        sheet.write_text(MIRA)
        os.environ["ROLL_CAMPAIGN"] = str(where)
        from typer.testing import CliRunner

        from cli.entry.app import app

        done = CliRunner().invoke(app, ["sheet", "import", str(sheet)])
        assert done.exit_code == 0, done.output
        sent: list[str] = []
        real = sqlite3.connect

        def connect(*args: object, **kwargs: object) -> sqlite3.Connection:
            db = real(*args, **kwargs)  # type: ignore[arg-type]
            db.set_trace_callback(sent.append)
            return db

        sqlite3.connect = connect  # type: ignore[assignment]
        import cli.store.sqlite as store

        store.Campaign.__init__.__defaults__ = (True, None, connect)  # type: ignore[attr-defined]
        from cli.entry.fast_argv import main as fast_main

        status = fast_main(words)
        if status is None:
            done = CliRunner().invoke(app, words)
            status = done.exit_code
        setup = ("PRAGMA", "SELECT value FROM meta", "CREATE", "pragma")
        line = [s for s in sent if not s.lstrip().startswith(setup)]
        for statement in line:
            print(" ", " ".join(statement.split())[:150])
        begins = sum(s.strip().upper().startswith("BEGIN") for s in line)
        mira = sum("FROM characters" in s and "name_key" in s for s in line)
        print(f"roll {' '.join(words)}: exit {status}; {len(sent)} statements in all, {len(line)}"
              f" after the connection's set-up; {begins} transactions,"
              f" {mira} reads of a character's row")


if __name__ == "__main__":
    main()
