"""Encounters: rounds, turns, initiative and foes, kept by each game's own rules (pure).

The package itself loads none of its modules: a party sheet with no fight in it (every
toolbar of a REPL outside one) is told apart by FIELD alone.
"""

FIELD = "encounter"
"""The party field that holds the encounter while one runs."""
