"""A table online's roles on PostgreSQL, as SQL: the GM's role, each player's (or a group's),
their grants on every table of the campaign's schema, the row-level policies that keep a
secret row for the role that wrote it and the GM, and those that let a player's role change,
act as, remove and undo only the characters it owns (`--player ana=Mira,Kell` gives them).

`roles_sql` writes the statements for the campaign as it is (its catalog, its sequences);
each is re-runnable (roles made only where missing, policies dropped and made again), so a
set-up run again, or over the README's earlier one, replaces it. A migration that adds a table
later grants it to the roles holding rights on the log (pg_schema.grant_like_log).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.errors import UsageError

ROLE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
"""A role name roll writes unquoted: lower case (as PostgreSQL folds a name), at most 63."""

ROW_RIGHTS = "SELECT, INSERT, UPDATE, DELETE"
"""What a role of the table may do to the rows of every table (the schema stays the owner's)."""

POLICIES = ("roll_gm", "roll_players_read", "roll_players_write", "roll_players_undo",
            "open_lines", "player_lines", "player_undo")
"""The policies on the log a set-up replaces: its own, and those of the README's earlier one."""

OPEN_ROW = "(result::jsonb -> 'secret') IS NULL OR rolled_by = current_user"
"""A row a player's role may read or change: not secret, or one it wrote itself."""

NOT_OTHERS = ("(character_key IS NULL OR NOT EXISTS (SELECT 1 FROM characters c WHERE"
              " c.name_key = character_key AND c.owner IS DISTINCT FROM current_user))")
"""A row of a character no other role owns (nobody's, the player's own, or one gone): what a
player's role may log, undo or keep values apart for; a character with no owner is the GM's."""

OWNED_CHARACTER_POLICIES = ("roll_gm_characters", "roll_players_sheets", "roll_players_new",
                            "roll_players_own", "roll_players_remove")
"""The policies on the characters a set-up replaces."""
VALUE_POLICIES = ("roll_gm_values", "roll_players_values_read", "roll_players_values_write")
"""The policies on a character's values kept apart (sheet_value) a set-up replaces."""


@dataclass(frozen=True, slots=True)
class TableRoles:
    """Who plays: the GM's role, the players' roles, and the group role (if any) that holds
    the players' rights (each player then a member of it)."""

    gm: str
    players: tuple[str, ...]
    group: str | None = None
    owned: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each player's characters as given (`--player ana=Mira,Kell`): (role, names)."""

    @classmethod
    def named(cls, gm: str, given: Sequence[str], group: str | None = None) -> TableRoles:
        """The roles as typed (`ana`, or `ana=Mira,Kell` with the characters it owns),
        checked (UsageError naming a bad one)."""
        players, owned = [], []
        for word in given:
            role, _, names = word.partition("=")
            players.append(role.strip())
            listed = tuple(n.strip() for n in names.split(",") if n.strip())
            if listed:
                owned.append((role.strip(), listed))
        for name in (gm, *players, *([group] if group else [])):
            if not ROLE_NAME.fullmatch(name):
                raise UsageError(f"campaign roles: {name!r} is not a role name roll writes"
                                 " (lower-case letters, digits and _, at most 63)")
        if not players:
            raise UsageError("campaign roles needs at least one --player NAME")
        if gm in players or (group is not None and group in (gm, *players)):
            raise UsageError("campaign roles: the GM, each player and the group are"
                             " different roles")
        return cls(gm, tuple(dict.fromkeys(players)), group, tuple(owned))

    @property
    def holders(self) -> tuple[str, ...]:
        """The roles the players' rights and policies are given to."""
        return (self.group,) if self.group else self.players

    def everyone(self) -> tuple[str, ...]:
        """Every role of the table, the GM first."""
        return (self.gm, *self.players, *([self.group] if self.group else []))


@dataclass(frozen=True, slots=True)
class CampaignDatabase:
    """What the SQL is written for: the database, its schema, its owner, its tables (the
    catalog, with the schema-version table) and the sequences of their identity columns."""

    database: str
    schema: str
    owner: str
    tables: tuple[str, ...]
    sequences: tuple[str, ...]
    version: int


def read_campaign(db: Any) -> CampaignDatabase:
    """The campaign's database as it is now (a psycopg connection to it)."""
    from cli.store.pg_schema import VERSION_TABLE, pg_version

    database, schema, owner = db.execute(
        "SELECT current_database(), current_schema(),"
        " (SELECT tableowner FROM pg_tables WHERE schemaname = current_schema()"
        "  AND tablename = 'log')").fetchone()  # fmt: skip
    tables = [r[0] for r in db.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
    ).fetchall()]
    sequences = [r[0] for r in db.execute(
        "SELECT pg_get_serial_sequence(quote_ident(t.relname), a.attname)"
        " FROM pg_attribute a JOIN pg_class t ON t.oid = a.attrelid"
        " WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r'"
        " AND a.attnum > 0 AND NOT a.attisdropped"
        " AND pg_get_serial_sequence(quote_ident(t.relname), a.attname) IS NOT NULL"
        " ORDER BY 1").fetchall()]  # fmt: skip
    version = pg_version(db) or 0
    listed = tuple(t for t in tables if t != VERSION_TABLE)
    return CampaignDatabase(database, schema, owner or "", listed, tuple(sequences), version)


def _ident(name: str) -> str:
    """A name as SQL writes it: bare where that reads back the same, else quoted."""
    if ROLE_NAME.fullmatch(name):
        return name
    return '"' + name.replace('"', '""') + '"'


def _literal(text: str) -> str:
    """A string as an SQL literal."""
    return "'" + text.replace("'", "''") + "'"


def _make_roles(roles: TableRoles, owner: str) -> list[str]:
    """Each role made where missing (NOLOGIN: the server's superuser gives a login its
    password), and each player a member of the group."""
    out = []
    for name in roles.everyone():
        if name == owner:
            continue
        out.append(f"DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname ="
                   f" {_literal(name)}) THEN CREATE ROLE {name} NOLOGIN; END IF; END $$;")
    if roles.group:
        out.extend(f"GRANT {roles.group} TO {player};" for player in roles.players)
    return out


def _grants(campaign: CampaignDatabase, to: Sequence[str]) -> list[str]:
    """The rights a role of the table needs: connect, the schema, the rows of every table,
    the schema-version row (the campaign's write lock), the log's ids."""
    from cli.store.pg_schema import VERSION_TABLE

    who = ", ".join(to)
    tables = ", ".join(_ident(t) for t in campaign.tables)
    out = [f"GRANT CONNECT ON DATABASE {_ident(campaign.database)} TO {who};",
           f"GRANT USAGE ON SCHEMA {_ident(campaign.schema)} TO {who};",
           f"GRANT {ROW_RIGHTS} ON {tables} TO {who};",
           f"GRANT SELECT, UPDATE ON {VERSION_TABLE} TO {who};  -- its row is the write lock"]
    if campaign.sequences:
        sequences = ", ".join(campaign.sequences)
        out.append(f"GRANT USAGE, SELECT ON SEQUENCE {sequences} TO {who};")
    return out


def _policies(roles: TableRoles, owner: str) -> list[str]:
    """Row-level security on the log: the GM reads and writes every row, a player's role the
    rows that are not secret and those it wrote (a secret of its own), and writes as itself."""
    players = ", ".join(roles.holders)
    out = ["ALTER TABLE log ENABLE ROW LEVEL SECURITY;"]
    out.extend(f"DROP POLICY IF EXISTS {name} ON log;" for name in POLICIES)
    if roles.gm != owner:  # (the owner is not held by the policies)
        out.append(f"CREATE POLICY roll_gm ON log FOR ALL TO {roles.gm}"
                   " USING (true) WITH CHECK (true);")
    out += [
        f"CREATE POLICY roll_players_read ON log FOR SELECT TO {players} USING ({OPEN_ROW});",
        f"CREATE POLICY roll_players_write ON log FOR INSERT TO {players}"
        f" WITH CHECK (rolled_by = current_user AND {NOT_OTHERS});",
        f"CREATE POLICY roll_players_undo ON log FOR UPDATE TO {players}"
        f" USING (({OPEN_ROW}) AND {NOT_OTHERS});",
    ]
    return out


def _owner_policies(roles: TableRoles, owner: str) -> list[str]:
    """Row-level security on the characters and their values apart: every role reads every
    sheet; a player's role makes characters as its own, and changes or removes only those it
    owns (it cannot give one away); the GM's role everything."""
    players = ", ".join(roles.holders)
    mine = "owner = current_user"
    out = ["ALTER TABLE characters ENABLE ROW LEVEL SECURITY;",
           "ALTER TABLE sheet_value ENABLE ROW LEVEL SECURITY;"]
    out += [f"DROP POLICY IF EXISTS {name} ON characters;" for name in OWNED_CHARACTER_POLICIES]
    out += [f"DROP POLICY IF EXISTS {name} ON sheet_value;" for name in VALUE_POLICIES]
    if roles.gm != owner:
        out += [f"CREATE POLICY roll_gm_characters ON characters FOR ALL TO {roles.gm}"
                " USING (true) WITH CHECK (true);",
                f"CREATE POLICY roll_gm_values ON sheet_value FOR ALL TO {roles.gm}"
                " USING (true) WITH CHECK (true);"]
    return out + [
        f"CREATE POLICY roll_players_sheets ON characters FOR SELECT TO {players} USING (true);",
        f"CREATE POLICY roll_players_new ON characters FOR INSERT TO {players}"
        f" WITH CHECK ({mine});",
        f"CREATE POLICY roll_players_own ON characters FOR UPDATE TO {players}"
        f" USING ({mine}) WITH CHECK ({mine});",
        f"CREATE POLICY roll_players_remove ON characters FOR DELETE TO {players}"
        f" USING ({mine});",
        f"CREATE POLICY roll_players_values_read ON sheet_value FOR SELECT TO {players}"
        " USING (true);",
        f"CREATE POLICY roll_players_values_write ON sheet_value FOR ALL TO {players}"
        f" USING ({NOT_OTHERS}) WITH CHECK ({NOT_OTHERS});",
    ]


def _owners_given(roles: TableRoles) -> list[str]:
    """Each character given with `--player ROLE=NAME,…` made that role's."""
    return [f"UPDATE characters SET owner = {_literal(role)} WHERE name_key IN"
            f" ({', '.join(_literal(n.lower()) for n in names)});"
            for role, names in roles.owned]


def roles_sql(campaign: CampaignDatabase, roles: TableRoles) -> list[str]:
    """The statements that set up the table's roles on `campaign`, in order (re-runnable)."""
    rights = [r for r in (roles.gm,) if r != campaign.owner]
    return [*_make_roles(roles, campaign.owner), *(_grants(campaign, rights) if rights else []),
            *_grants(campaign, roles.holders), *_policies(roles, campaign.owner),
            *_owner_policies(roles, campaign.owner), *_owners_given(roles)]


def script(campaign: CampaignDatabase, roles: TableRoles, where: str) -> str:
    """The statements as a script to read (or to pipe into psql as the owner)."""
    head = (f"-- roll campaign roles: the table's roles for {where} (schema"
            f" {campaign.version}), run as its owner {campaign.owner}; safe to run again")
    return "\n".join([head, "BEGIN;", *roles_sql(campaign, roles), "COMMIT;"]) + "\n"


def apply_roles(db: Any, campaign: CampaignDatabase, roles: TableRoles) -> None:
    """Run the set-up in one transaction as the campaign's owner (UsageError, nothing done,
    when this login is not the owner, or a role is missing that it may not create)."""
    me, creates, superuser = db.execute(
        "SELECT current_user, rolcreaterole OR rolsuper, rolsuper FROM pg_roles"
        " WHERE rolname = current_user").fetchone()  # fmt: skip
    if me != campaign.owner and not superuser:
        raise UsageError(f"campaign roles --apply runs as the campaign's owner"
                         f" ({campaign.owner}), not {me}; nothing changed")
    missing = [name for name in roles.everyone() if db.execute(
        "SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is None]
    if missing and not creates:
        raise UsageError(f"no role {', '.join(missing)} on the server, and {me} may not create"
                         " roles: its superuser makes each first (CREATE ROLE NAME LOGIN"
                         " PASSWORD '…'); nothing changed")
    unknown = [name for _, names in roles.owned for name in names if db.execute(
        "SELECT 1 FROM characters WHERE name_key = %s", (name.lower(),)).fetchone() is None]
    if unknown:
        raise UsageError(f"campaign roles: no character named {', '.join(unknown)} in the"
                         " campaign to give (roll sheet import first); nothing changed")
    with db.transaction():
        for statement in roles_sql(campaign, roles):
            db.execute(statement)
