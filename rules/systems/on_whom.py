"""`on NAME`: whom a command harms, heals or tests (SPEC §9, every game the same way). A
command that lands on someone (`hurt 3 on Goblin 1`, `heal 2 on Sera`, Brighter's and
Vagabond's `hit … on Bram`) is resolved as that combatant's, so the change goes to its pools
by its game's rules (its armour, wounds, Grit, Vigor); an attack reads the target itself."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.errors import UsageError
from rules.notation import syntax

if TYPE_CHECKING:
    from rules.campaign import Character
    from rules.table_state import TableState

ON = "on"
"""The word before whom a command lands on."""


def on_whom(table: TableState, game: str, line: syntax.CommandLine
            ) -> tuple[Character | None, syntax.CommandLine]:
    """The character of `game` that `on NAME` names (a name of several words is one word by
    now: Context.named) and the LINE without those two words; (None, line) when it names
    none."""
    for at, arg in enumerate(line.args):
        if not (isinstance(arg, syntax.Word) and not arg.quoted and arg.text.lower() == ON):
            continue
        name = line.args[at + 1] if at + 1 < len(line.args) else None
        if not isinstance(name, syntax.Word):
            raise UsageError(f"{line.word}: on needs whom: {line.word} … on NAME")
        who = table.character(name.text)  # an unknown name: its error names the known
        if who.system != game:
            raise UsageError(f"{who.name} is a {who.system} character: {line.word} … on NAME"
                             f" takes a {game} one")
        return who, replace(line, args=line.args[:at] + line.args[at + 2:])
    return None, line


def lands_on(table: TableState, game: str, line: syntax.CommandLine
             ) -> tuple[TableState, syntax.CommandLine]:
    """A command that lands on whom it names: the table with that character acting (else as
    it is), and the LINE without `on NAME`."""
    who, rest = on_whom(table, game, line)
    if who is None:
        return table, line
    return replace(table, active=who), rest
