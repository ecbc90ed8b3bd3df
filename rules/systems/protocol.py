"""The System protocol every game implements: its stats, pools, commands and the Context they read."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from rules.errors import Do, Hint, Part, UsageError
from rules.systems.sheet_rules import SheetRules

if TYPE_CHECKING:  # a LINE's tree loads with its parse: a game's module (a toolbar) needs none
    from rules.campaign import Character
    from rules.dice.evaluate import Roller
    from rules.dice.results import Roll, Throw
    from rules.exact.result import Odds
    from rules.helptext import Topic
    from rules.notation.command_nodes import CommandLine, Line
    from rules.notation.expr_nodes import RollLine
    from rules.resolution import Change, Resolution, Summary
    from rules.said import Said
    from rules.table_state import TableState


@dataclass(slots=True)
class Context:
    """What a command may use: its system, the campaign's table, the roller, and the input."""

    system: System
    table: TableState
    roller: Roller
    input: str

    @property
    def active(self) -> Character:
        """The acting character, or a clear error saying how to choose one."""
        if self.table.active is None:
            if self.table.names():  # the campaign holds some: choose one, import none
                raise UsageError(("this needs a character: ", Hint(Do.ACT_AS_ONE)))
            raise UsageError(
                ("this needs a character: ", Hint(Do.ACT_AS_ONE), ", after ",
                 Hint(Do.RUN, "sheet import FILE.toml"))
            )
        return self.table.active

    @property
    def name(self) -> str | None:
        return self.table.active.name if self.table.active else None

    def named(self, line: CommandLine) -> CommandLine:
        """The LINE with each name of several words the campaign holds as one word, written
        unquoted (`attack on Goblin 1`, the longest name winning) or quoted (SPEC §2)."""
        from rules.notation.name_words import first_words, spaced, with_names

        words = first_words(line)
        if not words:
            return line  # no two words side by side: no name to join, no names read
        return with_names(line, spaced(self.table.names_beginning(words)))

    def acting_for(self, line: CommandLine) -> tuple[Context, CommandLine]:
        """A LINE that names whom it acts for first (`declare Ogre`, `react Goblin 2`: a foe's
        words where it is nobody's turn) as that character's, without the name; else as is."""
        from rules.notation.command_nodes import Word

        first = line.args[0] if line.args else None
        if not isinstance(first, Word):
            return self, line
        who = self.table.characters.get(first.text.lower())
        if who is None:
            return self, line
        table = replace(self.table, active=who)
        return replace(self, table=table), replace(line, args=line.args[1:])

    def resolution(self, kind: str, summary: Summary, *, total: int | None = None,
                   target: int | None = None, compare: str = ">=",
                   outcome: str | None = None, crit: bool = False,
                   fumble: bool = False, successes: int | None = None,
                   changes: tuple[Change, ...] = (), notes: tuple[str, ...] = (),
                   extra: tuple[tuple[str, Any], ...] = (), rolls: tuple[Roll, ...] = ()
                   ) -> Resolution:
        """A Resolution for this LINE: who acts, with the throws made so far; `summary` may be a
        function that writes it, called only if the summary is read (Resolution.summary);
        `compare` says how the outcome came from the target (≥ unless the game says otherwise),
        and is kept only where there is a target.

        The fields a command gives are named here, and the Resolution is made from every field
        in the order the class declares them: a class called with keywords has them gathered in
        a dictionary and unpacked again, ~1.4 µs a result with seventeen (Python 3.11), the most
        of a plain LINE's cost after its dice. tests/games/test_context.py holds each keyword to
        its field."""
        # at the first LINE (a REPL's prompt needs none); the module, not `from rules.resolution
        # import Resolution`: in Python 3.11 that form costs ~0.6 µs at every call (it looks for
        # the module's `__path__`, and a module without one words an AttributeError to drop)
        import rules.resolution

        return rules.resolution.Resolution(  # every field, in its order: see the docstring
            self.input,  # input
            self.system.id,  # system
            kind,  # kind
            summary,  # said
            self.name,  # character
            total,  # total
            target,  # target
            None if target is None else compare,  # compare
            outcome,  # outcome
            crit,  # crit
            fumble,  # fumble
            successes,  # successes
            self.roller.throws,  # throws
            changes,  # changes
            notes,  # notes
            extra,  # extra
            rolls,  # rolls
            self.roller,  # trail
        )


# the command LINE's node by name: a dice LINE never makes the classes of a command's words
CommandFn = Callable[[Context, "CommandLine"], "Resolution"]
OddsFn = Callable[[Context, "CommandLine"], "Odds"]


class Shared(NamedTuple):
    """What every game shares that lives beside the protocol, wired in by the registry
    (rules/systems/__init__.py), so that this module imports none of them: the other games
    (an unknown word's hint names the games that have it), the pool commands and the sheet
    checks (each loaded when first asked for: a dice LINE needs neither)."""

    systems: Mapping[str, System]
    commands: Callable[[], Mapping[str, CommandFn]]
    check_sheet: Callable[[System, Mapping[str, Any]], dict[str, Any]]


class System(SheetRules):
    """A game system: its stats, pools and commands; resolves LINEs into Resolutions.

    Subclasses declare `stats`, `pools`, `fields` and add commands in `extra_commands()`; what
    the rules say of a sheet's stats and pools is SheetRules' (rules/systems/sheet_rules.py).
    """

    id = "generic"
    title = "Generic dice"
    seed = ""
    health = "hp"
    fields: Mapping[str, tuple[type, int | None, int | None]] = {}
    sections: frozenset[str] = frozenset()
    examples: tuple[str, ...] = ()
    """LINEs that need no character, shown by `roll help SYSTEM` and run by the tests."""
    shared: ClassVar[Shared]
    """Set once by the registry (rules/systems/__init__.py)."""
    favor_atoms = False
    """Whether dice LINEs may use the `f`/`h` Favor and Hinder atoms (Vagabond's)."""
    acts_for: frozenset[str] = frozenset()
    """Command words that may name whom they act for first (Tiers' `declare Ogre`): a fight's
    words said for a foe where it is nobody's turn (Context.acting_for)."""
    lands_on: frozenset[str] = frozenset({"hurt", "heal"})
    """Command words that land on whom `on NAME` names, resolved as that character's
    (rules/systems/on_whom.py): `hurt 3 on Goblin 1`."""
    on_others_turns: Mapping[str, str] = {}
    """Words made on another's turn (Tiers' `react`): what one naming nobody on `{taker}`'s is told."""
    natural_d20 = False
    """Whether a natural 20 or 1 of a plain LINE's one kept d20 marks crit or fumble (`natural`)."""
    risk_atoms = False
    """Whether dice LINEs may use the `Δ8` risk die (Macchiato's): elsewhere one is refused."""
    initiative: str | None = None
    """The dice an encounter's order is rolled with when the GM names none (a game file's
    `initiative`); None: the game's own order, else the GM's (rules/encounter/games.py)."""

    # ---- resolving ----

    def commands(self) -> dict[str, CommandFn]:
        """The pool commands every game shares (rules/systems/pools.py), then its own."""
        table = dict(self.shared.commands())
        table.update(self.extra_commands())
        return table

    def extra_commands(self) -> dict[str, CommandFn]:
        return {}

    def resolve(self, line: Line, ctx: Context) -> Resolution:
        """Resolve one evaluation of a LINE; its text shows the LINE without `Nx` or comment."""
        given = ctx.input
        shown = line.shown or given.strip()  # the tree says what the text shows
        if shown != given:  # most LINEs have no `Nx` or comment: no copy at every repeat
            ctx = replace(ctx, input=shown)
        import rules.notation.expr_nodes  # loaded by the LINE's parse; the module, as resolution()

        if isinstance(line, rules.notation.expr_nodes.RollLine):
            res = self.resolve_roll(line, ctx)
        else:
            handler = self.commands().get(line.word)
            if handler is None:
                from rules.systems.unknown_word import unknown_command

                raise unknown_command(self.id, self.command_words(), line, ctx.table.active)
            named = ctx.named(line)
            actor = landed = ctx.table.active
            if line.word in self.acts_for:
                ctx, named = ctx.acting_for(named)
                actor = ctx.table.active  # `declare Ogre`: the Ogre acts
            elif line.word in self.lands_on:
                ctx, named = self._landing(ctx, named)
                landed = ctx.table.active
            res = handler(ctx, named)
            from rules.systems.on_whom import is_foe, whose

            if landed is not actor or is_foe(ctx.table.active):  # who acted, on whom, whose
                res = whose(res, actor, landed, ctx.table.active)
        comment = line.comment or None  # read once, from the tree: renderers show it
        if res.input == given and res.comment == comment:
            return res
        return replace(res, input=given, comment=comment)  # JSON keeps the input as given

    def odds(self, line: Line, ctx: Context) -> Odds:
        """Exact odds of a LINE (a `rules.exact.Odds`): dice through the notation engine,
        commands through the hook their system declares in `odds_commands()`."""
        import rules.notation.expr_nodes  # loaded by the LINE's parse

        if isinstance(line, rules.notation.expr_nodes.RollLine):
            from rules.exact.engine import line_odds

            self.check_atoms(line, ctx)
            return line_odds(line, natural=self.natural_d20)
        if line.word not in self.commands():
            from rules.systems.unknown_word import unknown_command

            raise unknown_command(self.id, self.command_words(), line, ctx.table.active)
        hook = self.odds_commands().get(line.word)
        if hook is None:
            raise UsageError(f"no odds for '{line.word}' in {self.id}: it has no outcome to price")
        named = ctx.named(line)
        if line.word in self.lands_on:  # `odds hit 2d6 on Bram block`: priced as Bram's
            ctx, named = self._landing(ctx, named)
        return hook(ctx, named)

    def _landing(self, ctx: Context, line: CommandLine) -> tuple[Context, CommandLine]:
        """A command that lands on whom `on NAME` names, as that character's."""
        from rules.systems.on_whom import lands_on

        table, line = lands_on(ctx.table, self.id, line)
        return (ctx if table is ctx.table else replace(ctx, table=table)), line

    def command_words(self) -> dict[str, Collection[str]]:
        """Every game's command words by id, this one's as it plays (an unknown word's error)."""
        words: dict[str, Collection[str]] = {
            s.id: s.commands() for s in self.shared.systems.values()}
        words[self.id] = self.commands()
        return words

    def odds_commands(self) -> dict[str, OddsFn]:
        """Odds hooks by command word, next to the commands they price."""
        return {}

    def resolve_roll(self, line: RollLine, ctx: Context) -> Resolution:
        """A plain dice expression: total, and pass/fail with `vs N`."""
        self.check_atoms(line, ctx)
        expr = line.expr
        if line.advantage is not None:  # `d20 adv`: the advantage module loads at the first
            from rules.notation.advantage import with_advantage

            expr = with_advantage(line.expr, line.advantage)
        roll = ctx.roller.roll(expr)
        shown, target = ctx.input.strip(), line.target
        outcome = None
        if target is not None:
            outcome = "pass" if line.passes(roll.total) else "fail"
        natural = self.natural(roll.throws)
        crit, fumble = natural == "crit", natural == "fumble"
        if line.ranged:  # a `cs`/`cf` range of the LINE decides; the system's rule the rest
            ranged_crit, ranged_fumble = roll.marked()
            crit = crit if ranged_crit is None else ranged_crit
            fumble = fumble if ranged_fumble is None else ranged_fumble

        def summary() -> Said:  # written only if read: `-q` shows the total alone
            from rules.roll_parts import roll_parts

            if outcome is None and not (crit or fumble):
                return f"{shown} → " + roll_parts(roll)
            from rules.goal import against  # a target or a crit's mark: plain dice need neither
            from rules.said import OutcomeWord, built, marks

            return built((f"{shown} → ", roll_parts(roll),
                          *(() if outcome is None else (
                              f" {against(line.target_op, target or 0)} · ", OutcomeWord(outcome))),
                          marks(crit, fumble)))

        return ctx.resolution(
            "roll",
            summary,
            total=roll.total,
            target=target,
            compare=line.target_op,
            outcome=outcome,
            crit=crit,
            fumble=fumble,
            successes=roll.successes,
            rolls=(roll,),
        )

    def check_atoms(self, line: RollLine, ctx: Context) -> None:
        """Another game's atoms are refused, naming the game that owns them (`Δ8` outside
        Macchiato would roll a plain d8 without a word: a player means the risk die)."""
        if not self.favor_atoms and line.aided:
            who = ctx.table.active
            where: tuple[Part, ...] = (Hint(Do.USE_SYSTEM, "vagabond"), " (or +d6 / -d6)") if (
                who is None) else (f"{who.name} is a {who.system} character: write +d6 / -d6",)
            raise UsageError(("f and h are Vagabond's Favor and Hinder dice: ", *where))
        risky = None if self.risk_atoms else line.risk_die
        if risky is not None:
            who = ctx.table.active
            sides = risky.die.sides
            where = (Hint(Do.USE_SYSTEM, "macchiato"), f" (or d{sides} for a plain die)") if (
                who is None) else (f"{who.name} is a {who.system} character: write d{sides}",)
            raise UsageError((f"Δ{sides} is a Macchiato Monsters risk die: ", *where))

    def natural(self, throws: tuple[Throw, ...]) -> str | None:
        """What a plain dice LINE's throws mark besides its total (`crit`, `fumble`): nothing
        unless the system says (the generic one marks a natural d20)."""
        return None

    # ---- sheets, stats and pools ----

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check a sheet against this system and return it normalized; SheetError names the key."""
        return self.shared.check_sheet(self, data)  # rules/systems/sheet_checks.py

    def glance_words(self, character: Character) -> tuple[str, ...]:
        """What the pane shows beside the pools (SPEC §9): Brighter Worlds' current dice."""
        return ()

    def help_template(self) -> str:
        """This game's `roll help` topic, written once as a template (rules/helptext.py)."""
        return f"{self.title} (`⟨-s {self.id}⟩`)"

    def sheet_form(self) -> str:
        """The sheet `roll sheet new` prints for this game, NAME where the name goes (TOML)."""
        from rules.systems.generic_form import FORM

        return FORM.replace('system = "generic"', f'system = "{self.id}"')

    def help_topic(self) -> Topic:
        """This game's help topic as parts, for each front end to word."""
        from rules.helptext import topic

        return topic(self.help_template())

    def help(self) -> str:
        """This game's help topic as the `roll` command words it."""
        from rules.helptext import shell_text

        return shell_text(self.help_topic())

    def words(self) -> list[str]:
        """Words the REPL completes for this system: commands, stats, pools."""
        out = list(self.commands())
        for s in self.stats:
            out += [s.name, s.abbrev]
        out += [p.name for p in self.pools]
        return out


def shown_input(text: str) -> str:
    """The LINE as its result line shows it: no `Nx` prefix (each result is one), no comment
    (the parser's `shown`, as the grammar read it: `1d20−2` shows `1d20-2`; a LINE that does not
    parse, as typed)."""
    from rules.errors import RollError
    from rules.notation import parse

    try:
        return parse(text).shown or text.strip()
    except RollError:
        return text.strip()
