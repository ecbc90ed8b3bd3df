"""Which front end words a message's hints (rules/errors.py): the `roll` command's options and
subcommands, unless a front end with other words (the REPL) says its own while it runs."""

from __future__ import annotations

from contextvars import ContextVar

from rules.errors import Wording, command_words

_WORDING: ContextVar[Wording] = ContextVar("wording", default=command_words)


def wording() -> Wording:
    """How the hints of the errors shown now are worded."""
    return _WORDING.get()


class speaking:  # noqa: N801  (used as `with speaking(words):`, as a function would be)
    """While a front end runs: its errors' hints in `words`."""

    __slots__ = ("token", "words")

    def __init__(self, words: Wording) -> None:
        self.words = words

    def __enter__(self) -> None:
        self.token = _WORDING.set(self.words)

    def __exit__(self, *_: object) -> None:
        _WORDING.reset(self.token)
