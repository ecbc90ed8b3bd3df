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

Then the round trips a change makes on PostgreSQL, counted on the wire, not in roll: two more
batches (1 and 1,001 changes, untimed) go to the server through a relay here that counts the
times the client speaks again after the server answered; the difference over 1,000 is the
count a change makes (connecting and start-up cancel out).
"""

from __future__ import annotations

import argparse
import os
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
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


class Relay:
    """A TCP relay to the server that counts round trips: each time a client sends after the
    server's last bytes to it (or first) is one (a pipeline's statements sent one by one
    before an answer count once)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.turns = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.listen_port = int(self._listener.getsockname()[1])
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            client, _ = self._listener.accept()
            server = socket.create_connection(("127.0.0.1", self.port))
            for end in (client, server):  # as libpq's own socket: no waiting to fill a packet
                end.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()

    def _pump(self, client: socket.socket, server: socket.socket) -> None:
        chooser = selectors.DefaultSelector()
        chooser.register(client, selectors.EVENT_READ)
        chooser.register(server, selectors.EVENT_READ)
        answered = True  # the server spoke last (nothing yet: the first send counts)
        with client, server:
            while True:
                for key, _ in chooser.select():
                    source = key.fileobj
                    assert isinstance(source, socket.socket)
                    data = source.recv(65536)
                    if not data:
                        return
                    if source is client:
                        self.turns += answered
                        answered = False
                        server.sendall(data)
                    else:
                        answered = True
                        client.sendall(data)


def round_trips(server: Server, tree: Path, base: dict[str, str], folder: Path) -> float:
    """Round trips a change makes on PostgreSQL, counted through a Relay."""
    relay = Relay(server.port)
    counts = []
    for changes in (1, 1001):
        where = server.new_database().replace(f":{server.port}/", f":{relay.listen_port}/")
        env = base | {"ROLL_CAMPAIGN": where, "ROLL_AS": "Mira"}
        subprocess.run([*ROLL, "sheet", "import", str(folder / "mira.toml")], env=env,
                       check=True, capture_output=True, cwd=tree)
        before = relay.turns
        subprocess.run([*ROLL, "-q"], input="gain luck 1\n" * changes, env=env, check=True,
                       capture_output=True, text=True, cwd=tree)
        time.sleep(0.3)  # the relay's last bytes
        counts.append(relay.turns - before)
    return (counts[1] - counts[0]) / 1000


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
        trips = round_trips(server, tree, base, folder)
    finally:
        server.stop()
    sq, pg = wall["sqlite"], wall["postgres"]
    print(f"{tree}: 1,000 gain luck 1, one batch: SQLite {sq:.3f} s, PostgreSQL {pg:.3f} s,"
          f" {pg / sq:.2f}x")
    sq, pg = cpu["sqlite"], cpu["postgres"]
    print(f"  processor time (roll + its server process): SQLite {sq:.3f} s, PostgreSQL"
          f" {pg:.3f} s, {pg / sq:.2f}x")
    print(f"  round trips a change on PostgreSQL (counted on the wire): {trips:.2f}")


if __name__ == "__main__":
    main()
