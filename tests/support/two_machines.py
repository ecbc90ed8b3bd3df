"""Two network namespaces joined by a veth pair, as two machines on one link: a PostgreSQL
server in one, roll's connection in the other, and the link cut by taking the server's end down
(every packet lost, as when a machine goes or a network is cut). Needs root and ip(8);
tests/store/test_dead_link.py and bench/dead_link.py use it."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


class NoNamespaces(Exception):
    """Why two machines cannot be made here (not root, no ip(8), no namespaces)."""


@dataclass(frozen=True)
class Machines:
    """The client's namespace, the server's, the server's address and its end of the link."""

    client: str
    server: str
    address: str
    server_end: str

    def cut(self) -> None:
        """Take the server's end of the link down: nothing passes either way any more."""
        ip("netns", "exec", self.server, "ip", "link", "set", self.server_end, "down")

    def in_client(self, *command: str) -> list[str]:
        """A command run in the client's namespace."""
        return ["ip", "netns", "exec", self.client, *command]


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@contextmanager
def two_machines() -> Iterator[Machines]:
    """Two machines on one link, each process its own names and subnet; NoNamespaces where none
    can be made; both gone after."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        raise NoNamespaces("needs root and ip(8) for network namespaces")
    pid = os.getpid()
    tag = f"{pid % 100_000}"
    client, server, net = f"rc{tag}", f"rs{tag}", f"10.{pid % 250 + 1}.{pid // 250 % 250 + 1}"
    try:
        try:
            ip("netns", "add", client)
            ip("netns", "add", server)
            ip("link", "add", f"c{tag}", "type", "veth", "peer", "name", f"s{tag}")
            ip("link", "set", f"c{tag}", "netns", client)
            ip("link", "set", f"s{tag}", "netns", server)
            for space, end, host in ((client, f"c{tag}", 1), (server, f"s{tag}", 2)):
                ip("netns", "exec", space, "ip", "addr", "add", f"{net}.{host}/24", "dev", end)
                ip("netns", "exec", space, "ip", "link", "set", end, "up")
        except (subprocess.CalledProcessError, OSError) as exc:
            raise NoNamespaces(f"no network namespaces here: {exc}") from None
        yield Machines(client, server, f"{net}.2", f"s{tag}")
    finally:
        for space in (client, server):
            subprocess.run(["ip", "netns", "del", space], capture_output=True)
