"""A PostgreSQL link that dies while roll waits for an answer (the server's machine gone, the
network cut) is found and said in one line, rather than a LINE waiting for the kernel's two
hours: two network namespaces joined by a veth pair, the server in one, roll's connection in the
other, and the server's end of the link taken down while a statement runs, so every packet is
lost (cli/store/postgres.py `link_checks`; the checks made short here). Needs root and `ip`
(as CI has); skipped elsewhere. How long it takes is bench/dead_link.py's."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.support.paths import ROOT_DIR
from tests.support.pg_server import Server, unavailable
from tests.support.two_machines import Machines, NoNamespaces, two_machines

pytestmark = pytest.mark.slow

HANG_S = 120
"""When the test calls the LINE hung: without the checks it waits for the kernel's hours (the
statement's answer is lost); with them, made short here, it is told in seconds."""

CLIENT = """
import sys
import cli.store.postgres as P
from cli.store.where import campaign_where
P.LINK_CHECKS = {"keepalives": 1, "keepalives_idle": 1, "keepalives_interval": 1,
                 "keepalives_count": 2}
P.TCP_USER_TIMEOUT_MS = 3000
where = campaign_where(sys.argv[1])
db = P.connect(where)
print("connected", flush=True)
try:
    db.execute("SELECT pg_sleep(20)")
    print("answered")
except Exception as exc:
    print(P.store_error(where, exc))
"""


@pytest.fixture
def machines() -> Iterator[Machines]:
    """Two machines on one link (tests/support/two_machines.py), or the test is skipped."""
    try:
        with two_machines() as made:
            yield made
    except NoNamespaces as why:
        pytest.skip(str(why))


def test_a_link_that_dies_while_roll_waits_is_said_not_waited_for(
        machines: Machines) -> None:
    if unavailable() is not None:
        pytest.skip(str(unavailable()))
    address = machines.address
    server = Server(host=address, netns=machines.server)
    server.start()
    try:
        child = subprocess.Popen(
            machines.in_client(sys.executable, "-c", CLIENT, server.url()),
            stdout=subprocess.PIPE, text=True, cwd=ROOT_DIR)
        assert child.stdout is not None
        assert child.stdout.readline() == "connected\n"
        time.sleep(0.5)  # the statement is on its way
        machines.cut()
        try:  # a guard against a hang, not a measure: bench/dead_link.py times it
            out, _ = child.communicate(timeout=HANG_S)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            pytest.fail(f"roll still waited on the dead link after {HANG_S} s")
    finally:
        server.stop()
    assert out.strip() == f"campaign {server.url()} is unreachable"  # not "answered": the link was found dead

