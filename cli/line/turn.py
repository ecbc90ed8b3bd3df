"""Who a LINE acts as in a running encounter when nobody was chosen (no `--as`, no ROLL_AS,
no `as` in the REPL): the combatant whose turn it is, said so before the result. The REPL and
a one-shot from a shell share it, deciding it in the LINE's own transaction (cli/line/resolving.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rules.encounter import FIELD
from rules.errors import RollError, UsageError

if TYPE_CHECKING:  # a LINE's tree loads with the first LINE: the REPL's first prompt needs none
    from cli.base.settings import Settings
    from rules.encounter.turn_order import Encounter
    from rules.notation import syntax
    from rules.systems import System
    from rules.table_state import TableState

ITS_OWN = frozenset({"encounter", "foe", "next", "delay", "pin"})
"""The encounter's own words: they act as nobody in particular."""


def running(party: Mapping[str, Any]) -> tuple[Encounter, Any] | None:
    """The encounter in the party's sheet and its game's rules, or None."""
    text = party.get(FIELD)
    if not isinstance(text, str) or not text:
        return None  # no fight: the encounter's modules stay unloaded
    from rules.encounter.turn_order import Encounter

    try:
        enc = Encounter.load(text)
        from rules.encounter.games import rules_of
        from rules.systems import get_system

        return enc, rules_of(get_system(enc.system))
    except (RollError, ValueError, KeyError, TypeError):
        return None


def fight_system(party: Mapping[str, Any]) -> str | None:
    """The game of the running encounter (what a LINE plays when no game is chosen and nobody
    acts), or None outside a fight."""
    if not party.get(FIELD):
        return None  # no fight: the encounter's modules stay unloaded
    found = running(party)
    return None if found is None else found[0].system


def turn_actor(party: Mapping[str, Any], line: syntax.Line | RollError | None,
               chosen: str | None = None) -> str | None:
    """Who a LINE without `--as` acts as in a fight: the combatant whose turn it is, for a
    command of the fight's game (`chosen`: the game the LINE was given, `-s`) that needs a
    character; None for plain dice, a command with its own values inline (`check dex=4`), a
    LINE of another game, the encounter's own words, a Group's or a House's turn, or no fight.
    `line` None asks whose turn a command would act as (the pane's toolbar)."""
    if line is not None and not needs_a_character(line):
        return None
    found = running(party)
    if found is None:
        return None
    enc, rules = found
    if chosen not in (None, enc.system):
        return None  # another game's LINE beside the fight: nobody acts
    if line is not None and gives_its_values(line, enc.system):
        return None
    actor: str | None = rules.actor(enc)
    return actor


def turn_holder(tx: Any, line: syntax.Line | RollError, settings: Settings, say: bool,
                pick: Callable[[Settings, TableState], System]
                ) -> tuple[str, TableState, System, str | None] | None:
    """The turn's holder a LINE with nobody chosen acts as, read in its transaction `tx`: its
    name, table and system (`pick`: cli/line/plan.py's pick_system), and the `its turn` note
    to say once the LINE is resolved (`say`: text output; never a refused LINE's); None when
    it acts as nobody."""
    party = tx.party()
    if not party.get(FIELD):
        return None
    taker = turn_actor(party, line, settings.system_id())
    found = None if taker is None else tx.find_character(taker)
    if found is None:
        return None
    table = tx.table(found.name)
    system = pick(settings, table)
    # `react Goblin 2` acts for whom it names (Context.acting_for): unsaid
    unsaid = names_whom(line, system, table, found.name) or not say or (
        settings.json or settings.quiet)
    return found.name, table, system, None if unsaid else acting_note(found.name)


def needs_a_character(line: syntax.Line | RollError) -> bool:
    """Whether a LINE is a command that may need an acting character: not plain dice, not
    one of the encounter's own words (the GM's: they act as nobody)."""
    from rules.notation.command_nodes import CommandLine

    return isinstance(line, CommandLine) and line.word.lower() not in ITS_OWN


def fight_word(line: syntax.CommandLine) -> bool:
    """Whether a command is one of the words that run a fight (`next`, `foe add` …)."""
    return line.word.lower() in ITS_OWN


def gives_its_values(line: syntax.Line | RollError, system_id: str) -> bool:
    """Whether a command gives one of its game's stats inline (`check dex=4`): it rolls for
    nobody, with those values."""
    from rules.notation.command_nodes import CommandLine, KeyValue

    if not isinstance(line, CommandLine):
        return False
    from rules.systems import get_system

    system = get_system(system_id)
    return any(isinstance(arg, KeyValue) and system.stat(arg.key) is not None
               for arg in line.args)


def names_whom(line: syntax.Line | RollError, system: System, table: TableState,
               taker: str) -> bool:
    """Whether a LINE that would act as whose turn it is (`taker`'s) names whom it acts for
    first (`react Goblin 2`: System.acts_for), so no `its turn` note is said; a word made on
    another's turn (`react`) that names nobody is refused, asking who."""
    # `hurt 3 on Goblin 1` is the holder's action on Goblin 1 (the log's): its note is said
    from rules.notation.command_nodes import CommandLine, Word

    if not isinstance(line, CommandLine) or line.word not in system.acts_for:
        return False
    from rules.notation.name_words import first_words, spaced, with_names

    words = first_words(line)
    named = with_names(line, spaced(table.names_beginning(words))) if words else line
    first = named.args[0] if named.args else None
    if isinstance(first, Word) and first.text.lower() in table.characters:
        return True
    asked = system.on_others_turns.get(line.word)
    if asked is not None and not line.args:
        raise UsageError(asked.format(taker=taker))
    return False


def acting_note(actor: str) -> str:
    """What is said before the result of a LINE that acts as whose turn it is."""
    return f"(as {actor}: its turn)"


def out_of_the_fight(tx: Any, party: Mapping[str, Any]) -> tuple[str, ...]:
    """The combatants of the running encounter who take no turn (dead, defeated), read in
    the view's transaction `tx` (a CampaignView) so the pane's `next:` never names one; ()
    outside a fight (nothing more is read)."""
    found = running(party)
    if found is None:
        return ()
    from rules.encounter.rules import OUT_OF_THE_FIGHT

    gone = []
    for name in found[0].names():
        who = tx.find_character(name)
        if who is not None and any(f in who.flags for f in OUT_OF_THE_FIGHT):
            gone.append(name)
    return tuple(gone)
