"""The notation's limits (SPEC §5), apart from the grammar so that a reader of them loads no parser."""

MAX_LINE = 1000
MAX_DEPTH = 50
MAX_SIDES = 1_000_000
MAX_REPEAT = 100_000
MAX_NAMED_CHAIN = 5
"""A named roll may name another: at most this many names in one chain (rules/named.py)."""
