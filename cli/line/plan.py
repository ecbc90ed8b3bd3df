"""What a LINE is before it rolls, worked out without the campaign: its tree (parsed once), how
many times it runs, the system that resolves it, and the options it runs under (one LineRun)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from rules.dice.budget import check_dice_limit
from rules.errors import LimitError, NotationError, RollError, UsageError
from rules.limits import MAX_REPEAT
from rules.notation import parse
from rules.notation.expr_nodes import RollLine
from rules.systems import SYSTEMS, System, get_system

if TYPE_CHECKING:  # a command's words: a dice LINE never loads them
    from cli.base.settings import Settings
    from rules.dice.source import DiceSource
    from rules.named_rolls import Expansion
    from rules.notation.command_nodes import Line
    from rules.table_state import TableState

@dataclass(frozen=True, slots=True)
class LineRun:
    """One LINE's run: the options it runs under, the dice it throws, whether it is the GM's
    secret (cli/line/secret.py), whether any LINE of it (not only a command) acts as whose turn it is
    when nobody was chosen (the REPL, a fight on: cli/line/turn.py), and whether `--rolled` faces
    it leaves are its error (a one-shot's, or a line's own faces)."""

    settings: Settings
    source: DiceSource
    secret: bool = False
    turns: bool = False
    checks_faces: bool = False

    def acting(self) -> str | None:
        """Who was chosen to act (the turn's combatant is decided in the LINE's transaction)."""
        return self.settings.acting()

    @property
    def physical(self) -> bool:
        """Whether its faces are a person's (`--rolled`, `physical on`), not drawn."""
        return not getattr(self.source, "drawn", False)

    def may_take_turn(self, line: Line | RollError) -> bool:
        """Whether the LINE may act as whose turn it is: nobody chosen, and a command (plain
        dice never do: SPEC §9). `--as ""` on a command line is nobody, chosen; the REPL's
        `as -` in a fight (`turns`) is nobody until a command follows the turn."""
        if self.acting() is not None or isinstance(line, (RollLine, RollError)):
            return False
        return self.turns or self.settings.character is None


class DiceOnlyPlan(NamedTuple):
    """A plain dice LINE, ready to roll: its system, its tree once, how many times."""

    system: System
    line: Line
    times: int


def parsed(text: str) -> Line | RollError:
    """The LINE's tree, parsed once for all that reads it (the plan, the named-roll lookup, the
    system), or why it does not parse (a name's LINE may parse only once expanded:
    `strike ac=12 {x}`)."""
    try:
        return parse(text)
    except RollError as error:
        return error


def parse_expanded(named: Expansion) -> Line:
    """Parse a named roll's expansion; a syntax error names it (its caret would point into
    text that was never typed)."""
    try:
        return parse(named.line)
    except NotationError as exc:
        raise UsageError((f"{named.describe()}: ", *exc.parts)) from None


def repeats(line: Line, settings: Settings) -> tuple[Line, int]:
    """The LINE once (no `Nx`) and how many times it runs (`Nx` × `-n`), refused at once when
    the repeats would pass the limits."""
    times = line.repeat * settings.times
    if times > MAX_REPEAT:
        raise LimitError(f"a LINE repeats at most {MAX_REPEAT:,} times (Nx × -n)")
    if times > 1 and isinstance(line, RollLine):
        # repeats stream out as they are made: refused before the first, not at the one that
        # passes; a LINE run once is refused by its Budget as it throws, before it is shown
        check_dice_limit(line.expr, times)
    return (line if line.repeat == 1 else replace(line, repeat=1)), times


def needs_campaign(line: Line, acting: str | None, secret: bool) -> bool:
    """System commands, an acting character and a secret LINE (it is logged) need the
    campaign; other plain dice never do."""
    return not isinstance(line, RollLine) or acting is not None or secret


def reads_campaign(line: Line | RollError, run: LineRun) -> bool:
    """Whether a LINE (its roll or its odds) reads the campaign whatever its name: a command,
    somebody acting, a secret, or a LINE that may act as whose turn it is; one that does not
    parse reads it only for somebody acting (a name's LINE may parse only once expanded)."""
    if isinstance(line, RollError):
        return run.acting() is not None or run.may_take_turn(line)
    return needs_campaign(line, run.acting(), run.secret) or run.may_take_turn(line)


def pick_system(settings: Settings, table: TableState | None) -> System:
    """The system that resolves the LINE: `-s` (which must be the acting character's), else the
    acting character's, else a running fight's, else generic."""
    chosen = settings.system_id()
    if chosen:
        if chosen not in SYSTEMS:  # a game file, or a game the campaign imported
            from cli.line.games import configured_game, look_for_games
            from cli.store.where import where_of

            look_for_games(where_of(settings))
            configured_game(settings)  # ROLL_SYSTEM's or the config file's: its error says which
        system = get_system(chosen)
        if table is not None and table.active is not None and table.active.system != system.id:
            raise UsageError(
                f"{table.active.name} is a {table.active.system} character, not {system.id}"
            )
        return system
    if table is not None and table.active is not None:
        return get_system(table.active.system)
    if table is not None:  # nobody acts and no game is chosen: a running fight's game
        from cli.line.turn import fight_system

        fight = fight_system(table.party)
        if fight is not None:
            return get_system(fight)
    return SYSTEMS["generic"]  # the registry's own id, not a typed one to match (get_system)


@cache
def nobody() -> TableState:
    """The table of a LINE that reads no campaign: nobody acts, nothing is known (made at the
    first such LINE: a REPL's first prompt makes none)."""
    from rules.table_state import TableState

    return TableState()


def dice_only(line: Line | RollError, run: LineRun) -> DiceOnlyPlan | None:
    """What a plain dice LINE with nobody acting needs (None for anything else: a command, a
    name, somebody acting, a secret, a LINE that does not parse; plain dice in a fight act as
    nobody). Worked out at every LINE: its tree comes from parse, and the rest is a few steps."""
    if not isinstance(line, RollLine) or run.secret or run.acting() is not None:
        return None
    single, times = repeats(line, run.settings)
    return DiceOnlyPlan(pick_system(run.settings, None), single, times)


def reach_warnings(line: Line | RollError, text: str) -> list[str]:
    """The warnings of a LINE (its roll or its odds) that counts successes on a target no face
    of its die reaches (`3d6 >= 10`: rules/dice/reach.py, loaded only for a LINE that compares)."""
    if not isinstance(line, RollLine) or not ("<" in text or ">" in text or "=" in text):
        return []
    from rules.dice.reach import out_of_reach

    return out_of_reach(line)
