"""What a game's rules say of a sheet's stats and pools: finding one by its word, a pool's maximum
and current value, what a rest restores. Every System is one (rules/systems/protocol.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.errors import UsageError

if TYPE_CHECKING:
    from rules.campaign import Character
    from rules.resolution import Change
    from rules.systems.sheet_terms import Pool, Stat


class SheetRules:
    """A game's stats and pools (class attributes a System declares), read against a sheet."""

    id: str
    """The game's id (each System names its own)."""
    stats: tuple[Stat, ...] = ()
    pools: tuple[Pool, ...] = ()
    sheet_pools: frozenset[str] = frozenset()
    """Pools a sheet may hold beyond `pools` and its `[max]`, with no maximum (a Druid's
    attunement in tiers); any other `[pools]` key is refused (rules/systems/sheet_checks.py)."""

    def stat(self, word: str) -> Stat | None:
        low = word.lower()
        for s in self.stats:
            if low in (s.name, s.abbrev):
                return s
        return None

    def pool(self, word: str, character: Character | None = None) -> Pool:
        low = word.lower()
        for p in self.pools:
            if low == p.name:
                return p
        if character is not None and (low in character.maxima or low in character.pools):
            from rules.systems.sheet_terms import sheet_pool

            return sheet_pool(low)
        from rules.did_you_mean import closest

        known = [p.name for p in self.pools]
        if character is not None:
            known += [str(k) for k in (*character.maxima, *character.pools)]
        near = closest(low, known)
        names = ", ".join(p.name for p in self.pools) or "the sheet's [max] pools"
        hint = f"did you mean {near!r}?" if near else f"pools: {names}"
        raise UsageError(f"no pool {word!r} in {self.id} ({hint})")

    def pool_max(self, character: Character, pool: Pool) -> int | None:
        """A pool's maximum: from the rules, else the sheet's `[max]` table, else None (OPEN)."""
        if pool.maximum is not None:
            value = pool.maximum(character)
            if value is not None:
                return value
        given = character.maxima.get(pool.name)
        return int(given) if isinstance(given, int) else None

    def pool_value(self, character: Character, pool: Pool) -> int:
        """A pool's current value; an omitted pool starts at its maximum."""
        current = character.pools.get(pool.name)
        if isinstance(current, int):
            return current
        top = self.pool_max(character, pool)
        if top is None:
            from rules.systems.on_whom import is_foe

            where = (f"as the foe is added: foe add {character.name} … {pool.name}=N"
                     if is_foe(character) else f"on the sheet: [max] {pool.name} = N")
            raise UsageError(f"{character.name} has no {pool.title} maximum: the rules leave it"
                             f" OPEN, so give it {where}")
        return top

    def rest_changes(self, character: Character) -> list[Change]:
        """What `rest` restores: by default every pool with a known maximum, to its maximum."""
        from rules.resolution import Change

        changes = []
        for pool in self.all_pools(character):
            top = self.pool_max(character, pool)
            if top is None:
                continue
            now = self.pool_value(character, pool)
            if now != top:
                changes.append(Change(character.name, pool.name, now, top, "rest"))
        return changes

    def sheet_extras(self, character: Character) -> tuple[tuple[str, Any, str], ...]:
        """What `sheet show` tells beyond fields, stats and pools, each as (JSON key, JSON value,
        text line): Vagabond's Item Slots."""
        return ()

    def all_pools(self, character: Character) -> list[Pool]:
        from rules.systems.sheet_terms import sheet_pool

        pools = list(self.pools)
        known = {p.name for p in pools}
        for name in list(character.maxima) + list(character.pools):
            if name not in known:
                known.add(name)
                pools.append(sheet_pool(name))
        return pools
