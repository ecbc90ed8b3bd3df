"""Champions & Cohorts: the rules of seed 002 (../shared/seeds/002_*.txt), one module per concern.

`system.py` registers the commands; `help.py` is `roll help champions`; `odds.py` prices what rolls.
"""
