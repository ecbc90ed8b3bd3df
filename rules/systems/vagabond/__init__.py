"""Vagabond: the rules of seed 000 (../shared/seeds/000_*.txt), one module per concern.

`system.py` registers the commands; `help.py` is `roll help vagabond`; `odds.py` prices what rolls.
"""
