"""A table online on the test server: a campaign database owned by its GM's login, and the
players' logins (tests/store/test_table_online.py, tests/store/test_secret_commitment.py)."""

from __future__ import annotations

import itertools
import os
from typing import Any

from tests.support.cli import invoke

_NAMES = itertools.count(1)


class Table:
    """A campaign database owned by its GM's login, and the players' logins, on the server."""

    def __init__(self, server: Any, players: tuple[str, ...] = ("ana", "bo")) -> None:
        import psycopg

        n = f"{os.getpid()}_{next(_NAMES)}"
        self.server = server
        self.gm = f"gm_{n}"
        self.players = tuple(f"{p}_{n}" for p in players)
        self.database = f"table_{n}"
        with psycopg.connect(server.url(), autocommit=True) as db:
            for role in (self.gm, *self.players):
                db.execute(f"CREATE ROLE {role} LOGIN")
            db.execute(f"CREATE DATABASE {self.database} OWNER {self.gm}")

    def url(self, role: str, database: str | None = None) -> str:
        return f"postgresql://{role}@127.0.0.1:{self.server.port}/{database or self.database}"

    def roll(self, role: str, *args: str, code: int = 0) -> str:
        done = invoke("--campaign", self.url(role), *args)
        assert done[0] == code, done
        return done[1]

    def roles(self, *extra: str, plays: str = "") -> list[str]:
        """`campaign roles` for the table; `plays`: the characters the first player owns."""
        owned = [f"{self.players[0]}={plays}" if plays else self.players[0], *self.players[1:]]
        return ["campaign", "roles", "--gm", self.gm,
                *[w for p in owned for w in ("--player", p)], *extra]

    def every_table(self, role: str, database: str | None = None) -> str:
        """Every row of every table of the campaign, as `role` reads it (as psql would)."""
        import psycopg

        with psycopg.connect(self.url(role, database), autocommit=True) as db:
            tables = [r[0] for r in db.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()]
            assert {"log", "characters", "touch", "party", "roll_schema"} <= set(tables)
            return "\n".join(f"{t}: {db.execute(f'SELECT * FROM {t}').fetchall()!r}"
                             for t in sorted(tables))
