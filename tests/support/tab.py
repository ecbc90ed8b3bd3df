"""A Tab as a shell asks for it (Click's protocol) and as the REPL's menu shows it."""

from __future__ import annotations

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cli.base.settings import Settings
from cli.repl.completer import RollCompleter
from cli.repl.view import ViewReader
from tests.support.cli import ENTRY, RUNNER


def shell(flavour: str, typed: str) -> str:
    """What `roll` answers a `flavour` shell's Tab after `typed` (exit 0, nothing on stderr)."""
    words = typed.split(" ")
    # Click's protocol: bash and zsh give the word's index, fish the word itself
    env = {"_ROLL_COMPLETE": f"{flavour}_complete", "COMP_WORDS": typed,
           "COMP_CWORD": words[-1] if flavour == "fish" else str(len(words) - 1)}
    result = RUNNER.invoke(ENTRY, [], env=env, prog_name="roll")
    assert result.exit_code == 0 and result.stderr == ""
    return result.stdout


def completions(typed: str) -> list[tuple[str, str]]:
    """The REPL's menu for `typed`: each completion's text and meta text."""
    reader = ViewReader(Settings())
    try:
        completer = RollCompleter(reader.read)
        found = list(completer.get_completions(Document(typed, len(typed)), CompleteEvent()))
    finally:
        reader.close()
    return [(c.display_text, c.display_meta_text) for c in found]
