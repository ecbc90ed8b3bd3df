"""What a LINE is before it rolls: its tree (parsed once), a plain LINE's plan, a named roll's
expansion, how many times it runs, and the system that resolves it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from rules.dice.evaluate import check_dice_limit
from rules.errors import LimitError, NotationError, RollError, UsageError
from rules.limits import MAX_REPEAT
from rules.notation import ast, parse
from rules.systems import System, get_system

if TYPE_CHECKING:
    from cli.settings import Settings
    from cli.store import CampaignStore
    from rules.campaign import TableState
    from rules.named_rolls import Expansion

MAX_PLANS = 1024
"""Plain LINEs a process keeps worked out (Planner.plain_plan)."""


class PlainPlan(NamedTuple):
    """A plain dice LINE, ready to roll: its system, its tree once, how many times."""

    system: System
    line: ast.Line
    times: int


def parse_expanded(named: Expansion) -> ast.Line:
    """Parse a named roll's expansion; a syntax error names it (its caret would point into
    text that was never typed)."""
    try:
        return parse(named.line)
    except NotationError as exc:
        raise UsageError((f"{named.describe()}: ", *exc.parts)) from None


def commanded(line: ast.Line, text: str) -> str | None:
    """A command LINE's text (one that may act as whose turn it is: cli/turn.py), else None."""
    return text if isinstance(line, ast.CommandLine) else None


class Planner:
    """A LINE's plan under the settings: the runner's first part (cli/runner.py)."""

    settings: Settings
    secret: bool

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._plans: dict[tuple[str, str | None, str | None, int], PlainPlan] = {}
        if not 1 <= settings.times <= MAX_REPEAT:
            raise LimitError(f"-n/--times takes N from 1 to {MAX_REPEAT:,}")

    def campaign(self, create: bool = False) -> CampaignStore:
        raise NotImplementedError  # the runner opens it (cli/runner.py)

    def parsed(self, text: str) -> ast.Line | RollError:
        """The LINE's tree, parsed once for all that reads it (the plan, the named-roll
        lookup, the system), or why it does not parse (a name's LINE may parse only once
        expanded: `strike ac=12 {x}`)."""
        try:
            return parse(text)
        except RollError as error:
            return error

    def expansion(self, text: str, line: ast.Line | RollError | None = None
                  ) -> Expansion | None:
        """The LINE that `text`'s first word names (a sheet's roll or an alias: cli/named_lookup.py),
        or None. Plain dice and a command word of the system in use never open the campaign
        to look, nor does anything when there is no campaign and nobody acts."""
        if line is None:
            line = self.parsed(text)
        if isinstance(line, ast.RollLine):
            return None  # dice are never names: a plain LINE imports nothing more
        from cli.named_lookup import expand_in, first_name, never_names, reserved

        name = first_name(text, None if isinstance(line, RollError) else line)
        chosen, acting = self.settings.system_id(), self.settings.acting()
        if name is None or name in never_names() or (
            chosen is not None or acting is None
        ) and name in reserved(self.pick_system(None).id):
            return None
        if not self.campaign_exists():
            return None
        with self.campaign().transaction(readonly=True) as tx:
            found = expand_in(tx, text, acting, chosen)
        return found if found.expanded else None

    def campaign_exists(self) -> bool:
        """Whether the campaign file is there; with somebody acting, a missing one is an error
        (as is one that cannot be reached; with nobody acting that counts as none)."""
        from cli.store import CampaignUnavailable, campaign_exists

        try:
            if campaign_exists(self.settings.campaign_path()):
                return True
        except CampaignUnavailable:
            if self.settings.acting() is not None:
                raise
            return False
        if self.settings.acting() is not None:
            from cli.store import no_campaign

            raise no_campaign(self.settings.campaign_path())
        return False

    def plain_plan(self, text: str, line: ast.Line | RollError | None = None
                   ) -> PlainPlan | None:
        """What a plain dice LINE with nobody acting needs, worked out once per LINE and
        process (a batch, the REPL and `-n` roll the same few LINEs again and again): None for
        anything else (a command, a name, somebody acting, a LINE that does not parse)."""
        settings = self.settings
        key = self.plan_key(text)
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        if line is None:
            line = self.parsed(text)
        if not isinstance(line, ast.RollLine) or settings.acting() is not None:
            return None
        single, times = self.repeats(line)
        if len(self._plans) >= MAX_PLANS:
            self._plans.clear()
        plan = self._plans[key] = PlainPlan(self.pick_system(None), single, times)
        return plan

    def known_plan(self, text: str) -> PlainPlan | None:
        """The plan worked out before for this LINE under these settings, if any."""
        return self._plans.get(self.plan_key(text))

    def plan_key(self, text: str) -> tuple[str, str | None, str | None, int]:
        """A plan holds for its LINE under the settings the REPL can change."""
        settings = self.settings
        return (text, settings.character, settings.system, settings.times)

    def repeats(self, line: ast.Line) -> tuple[ast.Line, int]:
        """The LINE once (no `Nx`) and how many times it runs (`Nx` × `-n`), refused at once
        when the repeats would pass the limits."""
        times = line.repeat * self.settings.times
        if times > MAX_REPEAT:
            raise LimitError(f"a LINE repeats at most {MAX_REPEAT:,} times (Nx × -n)")
        if isinstance(line, ast.RollLine):
            check_dice_limit(line.expr, times)
        return (line if line.repeat == 1 else replace(line, repeat=1)), times

    def needs_campaign(self, line: ast.Line) -> bool:
        """System commands, an acting character and a secret LINE (it is logged) need the
        campaign; other plain dice never do."""
        return (isinstance(line, ast.CommandLine) or self.settings.acting() is not None
                or self.secret)

    def pick_system(self, table: TableState | None) -> System:
        chosen = self.settings.system_id()
        if chosen:
            system = get_system(chosen)
            if table is not None and table.active is not None and table.active.system != system.id:
                raise UsageError(
                    f"{table.active.name} is a {table.active.system} character, not {system.id}"
                )
            return system
        if table is not None and table.active is not None:
            return get_system(table.active.system)
        if table is not None:  # nobody acts and no game is chosen: a running fight's game
            from cli.turn import fight_system

            fight = fight_system(table.party)
            if fight is not None:
                return get_system(fight)
        return get_system("generic")
