"""Per change, PostgreSQL against SQLite in one run, for any checkout (an A/B of two trees).

Run: .venv/bin/python bench/store_ratio.py [TREE] [--reps N] [--fsync]
TREE (default: this one) is put first on PYTHONPATH of every `roll` process, so
`bench/store_ratio.py /work/main` times the fork point with the same server and the same
bench. One batch process of 1,000 `gain luck 1` as Mira on each store, best of N, the stores
taking turns; the server syncs commits only with --fsync.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.pg_server import Server  # noqa: E402

ROLL = [sys.executable, "-c", "import sys; from cli.__main__ import main; sys.argv[0] = 'roll';"
        " main()"]
SHEET = 'name = "Mira"\nsystem = "generic"\n[max]\nluck = 100000\n[pools]\nluck = 0\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tree", nargs="?", default=str(ROOT))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--fsync", action="store_true")
    args = parser.parse_args()
    tree = Path(args.tree).resolve()
    server = Server(durable=args.fsync)
    server.start()
    base = {k: v for k, v in os.environ.items() if not k.startswith("ROLL_")}
    base["PYTHONPATH"] = str(tree)
    best: dict[str, float] = {}
    try:
        folder = Path(tempfile.mkdtemp(prefix="roll-ratio-"))
        (folder / "mira.toml").write_text(SHEET)
        for rep in range(args.reps):
            for store in ("sqlite", "postgres"):
                where = (str(folder / f"c{rep}.sqlite3") if store == "sqlite"
                         else server.new_database())
                env = base | {"ROLL_CAMPAIGN": where, "ROLL_AS": "Mira"}
                subprocess.run([*ROLL, "sheet", "import", str(folder / "mira.toml")], env=env,
                               check=True, capture_output=True, cwd=tree)
                start = time.perf_counter()
                subprocess.run([*ROLL, "-q"], input="gain luck 1\n" * 1000, env=env, check=True,
                               capture_output=True, text=True, cwd=tree)
                took = time.perf_counter() - start
                best[store] = min(best.get(store, took), took)
    finally:
        server.stop()
    sq, pg = best["sqlite"], best["postgres"]
    print(f"{tree}: 1,000 gain luck 1, one batch: SQLite {sq:.3f} s, PostgreSQL {pg:.3f} s,"
          f" {pg / sq:.2f}x")


if __name__ == "__main__":
    main()
