"""What a campaign's size costs a game's pool change, in every game: 1,000 `gain luck 1` for
Mira in one batch process, in a campaign of one character and of 1,000, on SQLite.

Run: .venv/bin/python bench/campaign_games.py [--games vagabond,...] [--reps 3] [--size 1000]

Each game's Mira (and its 999 others, of the same game: a fight's foes, a town's folk) has a
`luck` pool with a room of 10^9; the batch process is timed whole (start included, byte code
cached), the sizes taking turns, best of --reps. A game whose rule read every character for
each change (Vagabond's death check, once) shows here as a ratio well over 1.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cli.store import campaign_where, open_campaign  # noqa: E402
from rules.systems import get_system  # noqa: E402

ROLL = [sys.executable, "-c", "import sys; from cli.__main__ import main; sys.argv[0] = 'roll';"
        " main()"]
ROOM = {"max": {"luck": 10**9}, "pools": {"luck": 0}}
SHEETS: dict[str, dict[str, Any]] = {
    "generic": {},
    "vagabond": {"level": 2, "stats": {"might": 4, "dexterity": 5, "awareness": 3, "reason": 3,
                                       "presence": 3, "luck": 3}},
    "macchiato": {"stats": {"strength": 12, "dexterity": 9}},
    "champions": {"kind": "champion", "house": "Red", "guard": 13, "armor": 1,
                  "stats": {"might": 3, "insight": 1, "presence": 2}},
    "tiers": {"tier": 2, "armor": "medium",
              "stats": {"body": 14, "mind": 10, "sense": 12, "heart": 13, "cunning": 8, "fate": 11},
              "dice": {"body": "d6", "mind": "0", "sense": "d4", "heart": "d6", "cunning": "-d4",
                       "fate": "d8"}},
    "brighter": {"armor": 1, "stats": {"str": "d8", "dex": "d6", "wil": "d4"},
                 "max": {"str": "d10", "dex": "d8", "wil": "d6"}},
}  # fmt: skip


def sheet(game: str, name: str) -> dict[str, Any]:
    data = {"name": name, "system": game, **SHEETS[game]}
    data["max"] = {**data.get("max", {}), **ROOM["max"]}
    data["pools"] = {**data.get("pools", {}), **ROOM["pools"]}
    return get_system(game).validate_sheet(data)


def build(where: Path, game: str, characters: int) -> None:
    store = open_campaign(campaign_where(str(where)))
    with store.transaction() as tx:
        for i in range(characters):
            tx.put_character(sheet(game, "Mira" if i == 0 else f"Npc{i:05d}"))
    store.close()


def batch(where: Path, changes: int) -> float:
    env = {k: v for k, v in os.environ.items()  # as a user's Python runs: byte code cached
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
    env |= {"ROLL_CAMPAIGN": str(where), "ROLL_AS": "Mira"}
    start = time.perf_counter()
    done = subprocess.run([*ROLL, "-q"], input="gain luck 1\n" * changes, env=env, text=True,
                          capture_output=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(done.stderr[:500])
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(SHEETS))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--changes", type=int, default=1000)
    args = parser.parse_args()
    print(f"| game | 1 character | {args.size:,} characters | ratio |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games.split(","):
            small, large = Path(tmp) / f"{game}-1.db", Path(tmp) / f"{game}-{args.size}.db"
            build(small, game, 1)
            build(large, game, args.size)
            times: dict[Path, list[float]] = {small: [], large: []}
            for _ in range(args.reps):  # the sizes taking turns
                for where in (small, large):
                    times[where].append(batch(where, args.changes))
            a, b = min(times[small]), min(times[large])
            print(f"| {game} | {a * 1000:,.0f} ms | {b * 1000:,.0f} ms | {b / a:.2f}× |",
                  flush=True)


if __name__ == "__main__":
    main()
