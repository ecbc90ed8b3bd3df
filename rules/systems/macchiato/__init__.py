"""Macchiato Monsters: the rules of seed 001 (../shared/seeds/001_*.txt), one module per concern.

`system.py` registers the commands; `help.py` is `roll help macchiato`; `odds.py` prices what rolls.
"""
