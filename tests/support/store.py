"""Shared helpers of the store tests: Mira's stored sheet, and a campaign file as schema version 1
wrote it (with Mira in it) for the migrations to meet."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

MIRA: dict[str, Any] = {
    "name": "Mira",
    "system": "vagabond",
    "level": 2,
    "stats": {"might": 4, "luck": 4},
    "pools": {"luck": 2, "hp": 8},
    "flags": [],
}

V1_FIXTURE = [  # the schema as version 1 wrote it, with a little data
    "CREATE TABLE characters (name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
    " system TEXT NOT NULL, sheet TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL)",
    "CREATE TABLE party (id INTEGER PRIMARY KEY CHECK (id = 1), sheet TEXT NOT NULL)",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL,"
    " input TEXT NOT NULL, character TEXT, system TEXT NOT NULL, kind TEXT NOT NULL,"
    " result TEXT NOT NULL, changes TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0,"
    " undoes INTEGER REFERENCES log (id))",
    f"INSERT INTO characters VALUES ('Mira', 'mira', 'vagabond', '{json.dumps(MIRA)}', 't', 't')",
    "INSERT INTO settings VALUES ('active', 'Mira')",
    "INSERT INTO log (time, input, character, system, kind, result, changes) VALUES"
    " ('t', 'check dex', 'Mira', 'vagabond', 'check', '{\"input\": \"check dex\"}', '[]')",
    "PRAGMA user_version = 1",
]


def version_1_campaign(path: Path) -> Path:
    """A campaign file as schema version 1 wrote it (V1_FIXTURE), for the migrations to meet."""
    db = sqlite3.connect(path)
    for sql in V1_FIXTURE:
        db.execute(sql)
    db.commit()
    db.close()
    return path
