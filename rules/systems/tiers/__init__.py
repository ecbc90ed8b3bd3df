"""Tiers, the Tier-based d20 system: seed 003 (../shared/seeds/003_*.txt), one module per concern.

`system.py` registers the commands; `help.py` is `roll help tiers`; `odds.py` prices what rolls.
"""
