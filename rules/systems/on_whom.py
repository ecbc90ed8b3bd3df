"""`on NAME`: whom a command harms, heals or tests (SPEC §9, every game the same way). A
command that lands on someone (`hurt 3 on Goblin 1`, `heal 2 on Sera`, Brighter's and
Vagabond's `hit … on Bram`) is resolved as that combatant's, so the change goes to its pools
by its game's rules (its armour, wounds, Grit, Vigor); an attack reads the target itself."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypeGuard

from rules.errors import UsageError
from rules.notation.command_nodes import CommandLine, Word

if TYPE_CHECKING:
    from rules.campaign import Character
    from rules.resolution import Resolution
    from rules.table_state import TableState

ON = "on"
"""The word before whom a command lands on."""


def on_whom(table: TableState, game: str, line: CommandLine
            ) -> tuple[Character | None, CommandLine]:
    """The character of `game` that `on NAME` names (a name of several words is one word by
    now: Context.named) and the LINE without those two words; (None, line) when it names
    none."""
    for at, arg in enumerate(line.args):
        if not (isinstance(arg, Word) and not arg.quoted and arg.text.lower() == ON):
            continue
        name = line.args[at + 1] if at + 1 < len(line.args) else None
        if not isinstance(name, Word):
            raise UsageError(f"{line.word}: on needs whom: {line.word} … on NAME")
        who = table.character(name.text)  # an unknown name: its error names the known
        if who.system != game:  # another game's (its fight's): -s plays that game
            kind = "foe" if FOE_FLAG in who.flags else "character"
            raise UsageError(f"{who.name} is a {who.system} {kind}: {line.word} … on NAME"
                             f" takes a {game} one (-s {who.system} {line.word} … on"
                             f" {who.name})")
        return who, replace(line, args=line.args[:at] + line.args[at + 2:])
    return None, line


def lands_on(table: TableState, game: str, line: CommandLine
             ) -> tuple[TableState, CommandLine]:
    """A command that lands on whom it names: the table with that character acting (else as
    it is), and the LINE without `on NAME`."""
    who, rest = on_whom(table, game, line)
    if who is None:
        return table, line
    return replace(table, active=who), rest


FOE_FLAG = "foe"
"""A foe's flag (rules/encounter/rules.py FOE), read here without importing the encounter."""


def acted_on(res: Resolution, actor: Character | None, target: Character) -> Resolution:
    """A result resolved as the target's made the actor's action ON the target: `hurt 3 on
    Goblin 1` is logged as who acts (the turn's holder, `as`, `-a`; JSON `character`), `on`
    whom it landed. A roll the target made (`hit 2d6 on Bram block`: Bram's save) stays its
    own, so its Luck may Fluke it, `by` whom it was made to roll, and says whose in the
    headline."""
    extra = (*res.extra, ("on", target.name))
    by = None if actor is None else actor.name
    if res.outcome is None:
        return replace(res, character=by, extra=extra)
    if not any(key == "whose" for key, _ in res.extra):
        extra += (("whose", f"{target.name}'s {res.kind}"),)
    return replace(res, extra=(*extra, ("by", by)))


def is_foe(who: Character | None) -> TypeGuard[Character]:
    """Whether `who` is a foe (made by `foe add`, flagged so)."""
    return who is not None and FOE_FLAG in who.flags


def whose(res: Resolution, actor: Character | None, landed: Character | None,
          roller: Character | None) -> Resolution:
    """Who acted and on whom (`hurt 3 on Goblin 1`: the actor's action on Goblin 1), and
    whose roll it was where another's (a foe's, a target's) headline says so."""
    if landed is not None and landed is not actor:
        return acted_on(res, actor, landed)
    return whose_roll(res, roller)


def whose_roll(res: Resolution, roller: Character | None) -> Resolution:
    """A foe's roll (`-a Wolf save str`, the Wolf's turn, `as Wolf`) says whose it was in the
    headline (`Wolf's save: fail · 3`), as every roll another makes does (`acted_on`)."""
    if roller is None or res.outcome is None or FOE_FLAG not in roller.flags:
        return res
    if any(key == "whose" for key, _ in res.extra):
        return res
    return replace(res, extra=(*res.extra, ("whose", f"{roller.name}'s {res.kind}")))
