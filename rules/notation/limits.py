"""The notation's limits (SPEC §5), apart from the grammar so that a reader of them loads no parser."""

import sys
from collections.abc import Iterator
from contextlib import contextmanager

MAX_LINE = 1000
MAX_DEPTH = 50
MAX_SIDES = 1_000_000
MAX_REPEAT = 100_000
MAX_NAMED_CHAIN = 5
"""A named roll may name another: at most this many names in one chain (rules/named_rolls.py)."""

RECURSION = 20_000
"""The frames a LINE's tree may need: pyparsing spends a few dozen per nesting level, and the
tree's own walkers (writing it back, rolling it, its odds) recurse at every level of a sum of
500 terms (`1+1+…`, a left-deep tree), more than Python's default 1,000."""


def room_for_depth() -> None:
    """Raise the recursion limit to RECURSION (never lower it): a parsed tree is walked after."""
    if sys.getrecursionlimit() < RECURSION:
        sys.setrecursionlimit(RECURSION)


@contextmanager
def callers_recursion_limit() -> Iterator[None]:
    """Give the caller its own recursion limit back after the work inside (which may raise it
    to RECURSION): the library face's calls, so a program that imports `rules` keeps its
    setting. The `roll` command owns its process and leaves the limit raised."""
    limit = sys.getrecursionlimit()
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)
