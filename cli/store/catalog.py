"""The campaign's named rolls and rollable tables (schema 4), read and written in a transaction."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rules.errors import UsageError


class NamedRows:
    """`alias` and `rolltable` rows; mixed into the store's Transaction, which gives `execute`."""

    def execute(self, template: str, args: Sequence[Any] = (), write: bool = False) -> Any:
        raise NotImplementedError

    def _json(self, text: object, what: str, shape: type) -> Any:
        raise NotImplementedError

    def aliases(self) -> dict[str, str]:
        """The campaign's named rolls (`roll alias add`), name → LINE, by name."""
        return dict(self.execute("SELECT name, line FROM alias ORDER BY name").fetchall())

    def aliases_named(self, names: Collection[str]) -> dict[str, str]:
        """These named rolls (those stored of them), name → LINE, in `aliases()`'s order."""
        if not names:
            return {}
        marks = ", ".join("{p}" for _ in names)
        return dict(self.execute(f"SELECT name, line FROM alias WHERE name IN ({marks})"
                                 " ORDER BY name", tuple(names)).fetchall())

    def aliases_mentioning(self, word: str) -> dict[str, str]:
        """The named rolls whose LINE may start with `word` (a name): every one whose text holds
        it in any case, or a KELVIN SIGN, which Python lower-cases to k and SQL may not."""
        rows = self.execute("SELECT name, line FROM alias WHERE lower(line) LIKE {p}"
                            " OR line LIKE {p}", (f"%{word}%", "%\u212a%")).fetchall()
        return dict(rows)

    def put_alias(self, name: str, line: str) -> bool:
        """Store a named roll (already checked); True if it replaced one of the same name."""
        key = name.lower()
        old = self.execute("SELECT 1 FROM alias WHERE name = {p}", (key,)).fetchone()
        self.execute("INSERT INTO alias (name, line) VALUES ({p}, {p})"
                 " ON CONFLICT (name) DO UPDATE SET line = excluded.line", (key, line), True)
        return old is not None

    def remove_alias(self, name: str) -> str:
        """Remove a named roll, returning its LINE; UsageError naming the known ones if none."""
        key = name.strip().lower()
        row = self.execute("SELECT line FROM alias WHERE name = {p}", (key,)).fetchone()
        if row is None:
            known = ", ".join(self.aliases()) or "none yet"
            raise UsageError(f"no alias named {name!r} in this campaign (known: {known})")
        self.execute("DELETE FROM alias WHERE name = {p}", (key,), True)
        return str(row[0])

    def tables(self) -> dict[str, dict[str, Any]]:
        """Every imported table's data (as `RollTable.to_data` gives it), by name."""
        rows = self.execute("SELECT name, data FROM rolltable ORDER BY name").fetchall()
        return {name: self._json(data, f"table {name!r}", dict) for name, data in rows}

    def table_names(self) -> list[str]:
        """The imported tables' names, in order (completion reads only these)."""
        return [name for (name,) in self.execute("SELECT name FROM rolltable ORDER BY name")]

    def table_data(self, name: str) -> dict[str, Any] | None:
        """One imported table's data, or None."""
        sql = "SELECT data FROM rolltable WHERE name = {p}"
        row = self.execute(sql, (name.strip().lower(),)).fetchone()
        return None if row is None else dict(self._json(row[0], f"table {name!r}", dict))

    def put_table(self, name: str, data: Mapping[str, Any]) -> bool:
        """Store a table's data (already checked); True if it replaced one of the same name."""
        key = name.lower()
        old = self.execute("SELECT 1 FROM rolltable WHERE name = {p}", (key,)).fetchone()
        text = json.dumps(data, ensure_ascii=False)
        self.execute("INSERT INTO rolltable (name, data) VALUES ({p}, {p})"
                 " ON CONFLICT (name) DO UPDATE SET data = excluded.data", (key, text), True)
        return old is not None

    def remove_table(self, name: str) -> None:
        """Remove an imported table; UsageError naming the known ones if there is none."""
        key = name.strip().lower()
        if self.execute("SELECT 1 FROM rolltable WHERE name = {p}", (key,)).fetchone() is None:
            known = ", ".join(self.tables()) or "none yet"
            raise UsageError(f"no table named {name!r} in this campaign (known: {known})")
        self.execute("DELETE FROM rolltable WHERE name = {p}", (key,), True)
