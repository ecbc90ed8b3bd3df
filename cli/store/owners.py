"""Whose character it is, on PostgreSQL: a player's role changes, acts as, removes and undoes
only the characters it owns (the server's row-level security holds it: cli/store/roles.py);
this asks first, so a refusal names the owner and nothing is written.

A role is a player's where the campaign's player policies name it (or a group it is in); the
GM's role, the campaign's owner and a file's reader are refused nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.errors import RuleError

PLAYS = (
    "EXISTS (SELECT 1 FROM pg_policies p"
    "  WHERE p.schemaname = current_schema() AND p.tablename = 'log'"
    "  AND p.policyname = 'roll_players_read' AND EXISTS (SELECT 1 FROM unnest(p.roles) r"
    "  WHERE r <> 'public' AND pg_has_role(current_user, r, 'MEMBER')))"
    " AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)"
    " AND (SELECT tableowner FROM pg_tables WHERE schemaname = current_schema()"
    "  AND tablename = 'log') <> current_user"
)
"""Whether the asker plays: a role the players' policies hold, and neither a superuser nor
the campaign's owner (whom no policy holds, as a superuser is a member of every role)."""

PLAYS_NOW = f"SELECT {PLAYS}"
"""Whether the asker plays: asked once a connection (the GM's pays no more for owners)."""

ASK = "SELECT c.owner, current_user FROM (SELECT 1) one" \
      " LEFT JOIN characters c ON c.name_key = {p}"
"""The character's owner and who asks (one round trip)."""

OWN = f"SELECT name FROM characters WHERE owner = current_user AND {PLAYS} ORDER BY name_key"
"""A player's own characters, by name (none for the GM: every character is theirs to play)."""


class Login:
    """What a store knows of its connection's login between transactions: whether it plays
    (None until asked: once a connection)."""

    def __init__(self) -> None:
        self.plays: bool | None = None


def plays(execute: Callable[[str, Any], Any]) -> bool:
    """Whether this login plays (else it is the GM's, or the owner's, or no table's)."""
    return bool(execute(PLAYS_NOW, ()).fetchone()[0])


def check_owner(execute: Callable[[str, Any], Any], name: str) -> None:
    """RuleError naming the owner when a player's role would change someone else's
    character `name` (the GM's when it has no owner yet); nothing when it may."""
    owner, me = execute(ASK, (name.strip().lower(),)).fetchone()
    if owner == me:
        return
    whose = f"{owner}'s" if owner is not None else "the GM's"
    raise RuleError(f"{name} is {whose} character, not {me}'s: only its owner or the GM"
                    " changes it or acts as it; nothing changed")


def set_owner(execute: Callable[[str, Any], Any], name: str, role: str) -> None:
    """Give character `name` to `role` (the GM's word): RuleError when a player asks, or when
    there is no such role."""
    from cli.store.roles import ROLE_NAME

    _, me = execute(ASK, (name.strip().lower(),)).fetchone()
    if plays(execute):
        raise RuleError(f"only the GM gives a character to a player, not {me}; nothing changed")
    if not ROLE_NAME.fullmatch(role) or execute(
            "SELECT 1 FROM pg_roles WHERE rolname = {p}", (role,)).fetchone() is None:
        raise RuleError(f"no role {role!r} on the server (roll campaign roles --player"
                        f" {role} makes it); nothing changed")
    execute("UPDATE characters SET owner = {p} WHERE name_key = {p}", (role, name.strip().lower()))
