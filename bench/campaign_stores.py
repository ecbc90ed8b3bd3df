"""The campaign on SQLite against PostgreSQL: a 1,000-change batch, and 6 writers at once.

Run: .venv/bin/python bench/campaign_stores.py [--reps N]   (needs the `postgres` extra and the
PostgreSQL server binaries: it starts its own server, with fsync on, in a temporary directory)

1. one batch process: 1,000 `gain luck 1` LINEs as Mira (a transaction and a log row each);
2. six processes at once, each 48 `gain luck 1` LINEs as Mira (all contending for one lock).
Every time includes the process start. Best of N, the stores taking turns.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.pg_server import Server, unavailable  # noqa: E402

ROLL = [sys.executable, "-c", "import sys; from cli.__main__ import main; sys.argv[0] = 'roll';"
        " main()"]
SHEET = 'name = "Mira"\nsystem = "generic"\n[max]\nluck = 100000\n[pools]\nluck = 0\n'


def roll(env: dict[str, str], *args: str, text: str = "") -> subprocess.Popen[str]:
    child = subprocess.Popen([*ROLL, *args], env=env, stdin=subprocess.PIPE, text=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert child.stdin is not None
    child.stdin.write(text)
    child.stdin.close()
    return child


def finished(children: list[subprocess.Popen[str]]) -> None:
    for child in children:
        if child.wait() != 0:
            raise SystemExit(f"roll failed: {child.stderr.read() if child.stderr else ''}")


def fresh(where: str, folder: Path, env: dict[str, str]) -> dict[str, str]:
    """A campaign with Mira at `where`; the environment that points at it, acting as her."""
    env = env | {"ROLL_CAMPAIGN": where, "ROLL_AS": "Mira"}
    sheet = folder / "mira.toml"
    sheet.write_text(SHEET)
    finished([roll(env, "sheet", "import", str(sheet))])
    return env


def batch(env: dict[str, str]) -> float:
    start = time.perf_counter()
    finished([roll(env, "-q", text="gain luck 1\n" * 1_000)])
    return time.perf_counter() - start


def writers(env: dict[str, str]) -> float:
    start = time.perf_counter()
    finished([roll(env, "-q", text="gain luck 1\n" * 48) for _ in range(6)])
    return time.perf_counter() - start


def luck(env: dict[str, str]) -> int:
    done = subprocess.run([*ROLL, "sheet", "show", "Mira", "--json"], env=env, check=True,
                          capture_output=True, text=True)
    return int(json.loads(done.stdout)["pools"]["luck"]["current"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=3)
    reps = parser.parse_args().reps
    reason = unavailable()
    if reason:
        raise SystemExit(f"no PostgreSQL server: {reason}")
    base = {k: v for k, v in os.environ.items() if k not in ("ROLL_AS", "ROLL_SYSTEM")}
    server = Server(durable=True)
    server.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            best = {(s, b): float("inf") for s in ("sqlite", "postgres")
                    for b in ("batch", "writers")}
            for rep in range(reps):
                for store in ("sqlite", "postgres"):
                    folder = Path(tmp) / f"{store}{rep}"
                    folder.mkdir()
                    where = (str(folder / "campaign.sqlite3") if store == "sqlite"
                             else server.new_database())
                    env = fresh(where, folder, base)
                    best[store, "batch"] = min(best[store, "batch"], batch(env))
                    best[store, "writers"] = min(best[store, "writers"], writers(env))
                    assert luck(env) == 1_000 + 6 * 48, "a change was lost"
    finally:
        server.stop()
    print(f"campaign stores, process start included (best of {reps}, taking turns)")
    for bench, what in (("batch", "1,000 gain luck 1, one batch process"),
                        ("writers", "6 processes × 48 gain luck 1 at once")):
        sq, pg = best["sqlite", bench], best["postgres", bench]
        print(f"  {what:<40} SQLite {sq:7.3f} s   PostgreSQL {pg:7.3f} s   {pg / sq:5.2f}×")


if __name__ == "__main__":
    main()
