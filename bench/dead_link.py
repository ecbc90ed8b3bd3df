"""How long a LINE waits on a PostgreSQL link that died mid-statement, against a plain psycopg
connection (what a program gets that sets no checks), in one run.

Run (root, ip(8), PostgreSQL's server binaries: as CI has):

    .venv/bin/python bench/dead_link.py [--cap SECONDS]

Two network namespaces joined by a veth pair (tests/support/two_machines.py): the server in one;
in the other, roll's connection as cli/store/postgres.py makes it and a plain
`psycopg.connect(url, autocommit=True, connect_timeout=10)`, each running `SELECT
pg_sleep(600)`; then the server's end of the link goes down (every packet lost). Each client
prints the seconds until its connection says the link is gone; one still waiting at `--cap` is
stopped and shown as waiting. tests/store/test_dead_link.py holds what a user sees (the
one-line error); this says how long it took.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.pg_server import Server, unavailable  # noqa: E402
from tests.support.two_machines import NoNamespaces, two_machines  # noqa: E402

CLIENT = """
import sys, time
import psycopg
url, kind = sys.argv[1], sys.argv[2]
if kind == "roll":
    from cli.store.postgres import connect
    from cli.store.where import campaign_where
    db = connect(campaign_where(url))
else:
    db = psycopg.connect(url, autocommit=True, connect_timeout=10)
print("connected", flush=True)
started = time.monotonic()
try:
    db.execute("SELECT pg_sleep(600)")
except psycopg.Error:
    pass
print(f"{time.monotonic() - started:.1f}", flush=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=120.0,
                        help="seconds after which a client still waiting is stopped")
    cap = parser.parse_args().cap
    if unavailable() is not None:
        raise SystemExit(f"dead_link: {unavailable()}")
    try:
        with two_machines() as machines:
            server = Server(host=machines.address, netns=machines.server)
            server.start()
            try:
                clients = {kind: subprocess.Popen(
                    machines.in_client(sys.executable, "-c", CLIENT, server.url(), kind),
                    stdout=subprocess.PIPE, text=True, cwd=ROOT) for kind in ("roll", "psycopg")}
                for child in clients.values():
                    assert child.stdout is not None and child.stdout.readline() == "connected\n"
                time.sleep(0.5)  # both statements are on their way
                machines.cut()
                cut_at = time.monotonic()
                waited: dict[str, float | None] = {}
                for kind, child in clients.items():
                    try:
                        out, _ = child.communicate(timeout=max(0.1, cap - (time.monotonic()
                                                                             - cut_at)))
                        waited[kind] = float(out.strip())
                    except subprocess.TimeoutExpired:
                        child.kill()
                        child.communicate()
                        waited[kind] = None
            finally:
                server.stop()
    except NoNamespaces as why:
        raise SystemExit(f"dead_link: {why}") from None
    for kind in ("roll", "psycopg"):
        seconds = waited[kind]
        print(f"{kind:<8} {'still waiting' if seconds is None else 'told after'} "
              f"{cap if seconds is None else seconds:6.1f} s")
    ours, peer = waited["roll"], waited["psycopg"]
    if ours is not None:
        bound = "<" if peer is None else ""
        print(f"ratio    {bound}{ours / (cap if peer is None else peer):.2f} (roll / psycopg)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
