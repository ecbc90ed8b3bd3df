"""A real PostgreSQL server for the tests: initdb in a temporary directory, a free local port.

As root (CI), the server runs as the `postgres` (else `nobody`) user, since initdb refuses root.
`unavailable()` says why none can start here; with ROLL_TEST_POSTGRES=required (CI) the tests
fail instead of skipping.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

REQUIRED = os.environ.get("ROLL_TEST_POSTGRES") == "required"
SUPERUSER = "roll"


def server_bin() -> Path | None:
    """The directory of initdb and pg_ctl: the Debian package's newest, else the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def unavailable() -> str | None:
    """Why no server can be started (None: it can)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    if server_bin() is None:
        return "no PostgreSQL server binaries (initdb): apt-get install postgresql"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _runner_user() -> pwd.struct_passwd | None:
    """The user the server runs as when we are root; None when we are not."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root with neither a postgres nor a nobody user")


class Server:
    """One PostgreSQL cluster on 127.0.0.1:port (trust authentication, local only); or on
    `host` in network namespace `netns` (tests/store/test_dead_link.py), trusting its subnet."""

    def __init__(self, durable: bool = False, host: str = "127.0.0.1",
                 netns: str | None = None) -> None:
        binary = server_bin()
        assert binary is not None
        self.bin = binary
        self.user = _runner_user()
        self.dir = Path(tempfile.mkdtemp(prefix="roll-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self._names = itertools.count(1)
        self.durable = durable  # False (tests): no fsync, as nothing outlives the session
        self.host = host
        self.netns = netns
        if self.user is not None:
            os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user.pw_name, "--", *command]
        if self.netns is not None:
            command = ["ip", "netns", "exec", self.netns, *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)}: {done.stdout}{done.stderr}")

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                  "--no-sync", "-E", "UTF8", "--locale=C")
        if self.host != "127.0.0.1":  # a namespace of its own: its subnet's clients
            with open(self.data / "pg_hba.conf", "a") as hba:
                hba.write("host all all samenet trust\n")
        self.resume()

    def resume(self) -> None:
        """Start the (initialised) server again, on the same port: the campaigns are there."""
        options = f"-h {self.host} -p {self.port} -k {self.dir} -c max_connections=60"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-o", options,
                  "-w", "-t", "60", "start")

    def halt(self) -> None:
        """Stop the server as a network outage would look to its clients (connections
        dropped, nothing answers), keeping its data for `resume`."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@{self.host}:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        import psycopg

        name = f"campaign_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)
