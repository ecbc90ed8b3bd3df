"""Per change, PostgreSQL against SQLite in one run, for any checkout (an A/B of two trees).

Run: .venv/bin/python bench/store_ratio.py [TREE] [--reps N] [--fsync]
TREE (default: this one) is put first on PYTHONPATH of every `roll` process, so
`bench/store_ratio.py /tmp/main` times the fork point (a `git archive` of it: running a tree
writes its byte code there) with the same server and the same bench. One batch process of
1,000 `gain luck 1` as Mira on each store, best of N, the stores taking turns; the server syncs
commits only with --fsync. Every process runs as a user's Python does (byte code cached:
PYTHONDONTWRITEBYTECODE is dropped), so start-up weighs what it weighs for a user.

Two figures a store: the batch's wall time, and the processor time it cost: the `roll`
process's, plus, on PostgreSQL, its server process's (the postmaster's reaped children). On a
machine shared with other work the wall time measures the queue for the two cores as much as
the store (each round trip waits for the server process to be scheduled); the processor
time barely moves with the load.
"""

from __future__ import annotations

import argparse
import os
import resource
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


def children_cpu() -> float:
    """Processor seconds of this process's reaped children (the `roll` runs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def server_cpu(server: Server) -> float:
    """Processor seconds of the server's ended backends (the postmaster's reaped children),
    once the last client's backend has ended."""
    time.sleep(0.3)  # a backend ends, and is reaped, just after its client hangs up
    pid = (server.data / "postmaster.pid").read_text().split()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tree", nargs="?", default=str(ROOT))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--fsync", action="store_true")
    args = parser.parse_args()
    tree = Path(args.tree).resolve()
    server = Server(durable=args.fsync)
    server.start()
    base = {k: v for k, v in os.environ.items() if not k.startswith("ROLL_")
            and k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
    base["PYTHONPATH"] = str(tree)
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}
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
                served, ran = server_cpu(server), children_cpu()
                start = time.perf_counter()
                subprocess.run([*ROLL, "-q"], input="gain luck 1\n" * 1000, env=env, check=True,
                               capture_output=True, text=True, cwd=tree)
                took = time.perf_counter() - start
                used = children_cpu() - ran + (server_cpu(server) - served)
                wall[store] = min(wall.get(store, took), took)
                cpu[store] = min(cpu.get(store, used), used)
    finally:
        server.stop()
    sq, pg = wall["sqlite"], wall["postgres"]
    print(f"{tree}: 1,000 gain luck 1, one batch: SQLite {sq:.3f} s, PostgreSQL {pg:.3f} s,"
          f" {pg / sq:.2f}x")
    sq, pg = cpu["sqlite"], cpu["postgres"]
    print(f"  processor time (roll + its server process): SQLite {sq:.3f} s, PostgreSQL"
          f" {pg:.3f} s, {pg / sq:.2f}x")


if __name__ == "__main__":
    main()
