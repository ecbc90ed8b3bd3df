"""Marks a syntax error before Enter: the message, and the cursor on the bad character."""

from __future__ import annotations

from dataclasses import dataclass

from prompt_toolkit.application import get_app
from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError, Validator

from cli.repl.vocabulary import REPL_WORDS, SUBCOMMAND_WORDS
from rules.errors import NotationError, RollError
from rules.notation import parse


@dataclass(frozen=True)
class Problem:
    """Why a line cannot run, and where (0-based index into the line)."""

    message: str
    index: int
    expected: str = ""

    def brief(self, width: int) -> str:
        """One line for the validation bar: `col 4: expected …`, cut to the pane's width."""
        what = f"expected {self.expected}" if self.expected else self.message
        text = f"col {self.index + 1}: {what}"
        return text if len(text) <= width else text[: max(width - 1, 1)] + "…"


def problem(text: str) -> Problem | None:
    """The syntax error of a LINE (also after `odds`); None when it parses or is no LINE."""
    stripped = text.strip()
    if not stripped:
        return None  # an empty line repeats the last one
    first = stripped.split(None, 1)[0]
    low = first.lower()
    offset = 0
    if low == "odds":
        offset = text.index(first) + len(first)
        if not text[offset:].strip():
            return None  # `odds` alone: let the subcommand say what it needs
    elif low in REPL_WORDS or low in SUBCOMMAND_WORDS or low == "completion":
        return None  # their own words, checked when they run
    body = text[offset:]
    try:
        parse(body)
    except NotationError as error:
        index = min(offset + max(error.column - 1, 0), len(text))
        return Problem(error.message, index, error.expected)
    except RollError as error:
        return Problem(error.message, len(text))
    return None


class LineValidator(Validator):
    """Refuses Enter on a LINE that does not parse: the cursor jumps to the bad character."""

    def validate(self, document: Document) -> None:
        found = problem(document.text)
        if found is not None:
            width = get_app().output.get_size().columns
            raise ValidationError(cursor_position=found.index, message=found.brief(width))
