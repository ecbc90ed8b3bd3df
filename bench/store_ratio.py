"""Per change, PostgreSQL against SQLite in one run, for any checkout (an A/B of two trees).

Run: .venv/bin/python bench/store_ratio.py [TREE] [--reps N] [--fsync] [--marginal]
TREE (default: this one) is put first on PYTHONPATH of every `roll` process, so
`bench/store_ratio.py /work/main` times the fork point with the same server and the same
bench. One batch process of 1,000 `gain luck 1` as Mira on each store, best of N, the stores
taking turns; the server syncs commits only with --fsync. Every process runs as a user's
Python does (byte code cached: PYTHONDONTWRITEBYTECODE is dropped), so start-up weighs what
it weighs for a user. --marginal also times a batch of 2,000 in the same turns and prints the
cost of one more change (2,000 minus 1,000, per change): start-up and connecting left out.
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
    parser.add_argument("--marginal", action="store_true")
    args = parser.parse_args()
    tree = Path(args.tree).resolve()
    server = Server(durable=args.fsync)
    server.start()
    base = {k: v for k, v in os.environ.items() if not k.startswith("ROLL_")
            and k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
    base["PYTHONPATH"] = str(tree)
    best: dict[tuple[str, int], float] = {}
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
                for n in (1000, 2000) if args.marginal else (1000,):
                    start = time.perf_counter()
                    subprocess.run([*ROLL, "-q"], input="gain luck 1\n" * n, env=env,
                                   check=True, capture_output=True, text=True, cwd=tree)
                    took = time.perf_counter() - start
                    best[store, n] = min(best.get((store, n), took), took)
    finally:
        server.stop()
    sq, pg = best["sqlite", 1000], best["postgres", 1000]
    print(f"{tree}: 1,000 gain luck 1, one batch: SQLite {sq:.3f} s, PostgreSQL {pg:.3f} s,"
          f" {pg / sq:.2f}x")
    if args.marginal:
        more = {s: (best[s, 2000] - best[s, 1000]) / 1000 for s in ("sqlite", "postgres")}
        print(f"  one more change: SQLite {more['sqlite'] * 1000:.3f} ms, PostgreSQL"
              f" {more['postgres'] * 1000:.3f} ms, {more['postgres'] / more['sqlite']:.2f}x")


if __name__ == "__main__":
    main()
