"""Brighter Worlds: the rules of seed 004 (../shared/seeds/004_*.txt), one module per concern.

`system.py` registers the commands; `help.py` is `roll help brighter`; `odds.py` prices what rolls.
"""
