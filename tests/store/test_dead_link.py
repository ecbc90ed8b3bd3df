"""A PostgreSQL link that dies while roll waits for an answer (the server's machine gone, the
network cut) is found and said in one line, rather than a LINE waiting for the kernel's two
hours: two network namespaces joined by a veth pair, the server in one, roll's connection in the
other, and the server's end of the link taken down while a statement runs, so every packet is
lost (cli/store/postgres.py `link_checks`; the checks made short here). Needs root and `ip`
(as CI has); skipped elsewhere."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.support.paths import ROOT_DIR
from tests.support.pg_server import SUPERUSER, Server, unavailable

pytestmark = pytest.mark.slow

CLIENT = """
import sys, time
import cli.store.postgres as P
from cli.store.where import campaign_where
P.LINK_CHECKS = {"keepalives": 1, "keepalives_idle": 1, "keepalives_interval": 1,
                 "keepalives_count": 2}
P.TCP_USER_TIMEOUT_MS = 3000
where = campaign_where(sys.argv[1])
db = P.connect(where)
print("connected", flush=True)
started = time.monotonic()
try:
    db.execute("SELECT pg_sleep(20)")
    print("answered")
except Exception as exc:
    print(f"{time.monotonic() - started:.1f}", P.store_error(where, exc))
"""


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.fixture
def two_machines() -> Iterator[tuple[str, str, str]]:
    """(the client's namespace, the server's, the server's address), joined by a veth pair."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("needs root and ip(8) for network namespaces")
    pid = os.getpid()  # each xdist worker its own names and subnet
    tag = f"{pid % 100_000}"
    client, server, net = f"rc{tag}", f"rs{tag}", f"10.{pid % 250 + 1}.{pid // 250 % 250 + 1}"
    try:
        _ip("netns", "add", client)
        _ip("netns", "add", server)
        _ip("link", "add", f"c{tag}", "type", "veth", "peer", "name", f"s{tag}")
        _ip("link", "set", f"c{tag}", "netns", client)
        _ip("link", "set", f"s{tag}", "netns", server)
        for space, end, host in ((client, f"c{tag}", 1), (server, f"s{tag}", 2)):
            _ip("netns", "exec", space, "ip", "addr", "add", f"{net}.{host}/24", "dev", end)
            _ip("netns", "exec", space, "ip", "link", "set", end, "up")
    except (subprocess.CalledProcessError, OSError) as exc:
        for space in (client, server):
            subprocess.run(["ip", "netns", "del", space], capture_output=True)
        pytest.skip(f"no network namespaces here: {exc}")
    try:
        yield client, server, f"{net}.2"
    finally:
        for space in (client, server):
            subprocess.run(["ip", "netns", "del", space], capture_output=True)


def test_a_link_that_dies_while_roll_waits_is_said_in_seconds(
        two_machines: tuple[str, str, str]) -> None:
    if unavailable() is not None:
        pytest.skip(str(unavailable()))
    client, server_space, address = two_machines
    server = Server(host=address, netns=server_space)
    server.start()
    try:
        child = subprocess.Popen(
            ["ip", "netns", "exec", client, sys.executable, "-c", CLIENT,
             f"postgresql://{SUPERUSER}@{address}:{server.port}/postgres"],
            stdout=subprocess.PIPE, text=True, cwd=ROOT_DIR)
        assert child.stdout is not None
        assert child.stdout.readline() == "connected\n"
        time.sleep(0.5)  # the statement is on its way
        _ip("netns", "exec", server_space, "ip", "link", "set", f"s{client[2:]}", "down")
        try:
            out, _ = child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            pytest.fail("roll still waited on the dead link after 30 s")
    finally:
        server.stop()
    seconds, said = out.strip().split(" ", 1)
    assert said == (f"campaign postgresql://{SUPERUSER}@{address}:{server.port}/postgres is"
                    " unreachable")
    assert float(seconds) < 15  # the checks made short: some 3 to 5 s; without them, hours

