"""The options every command shares, declared once, and the Settings they build.

Commands import this module (never `cli.entry.app`): `@with_settings(*LINE_OPTIONS)` adds the named
options to a command and hands it one `settings: Settings` built from them.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Annotated, Any, NoReturn

import click
import typer
from typer.models import ArgumentInfo

from cli.base.answer import TextAnswer
from cli.base.argv import WORDS
from cli.base.completion import character_name, system_name
from cli.base.environment import Environment, Stopped
from cli.base.settings import Settings
from rules.errors import RollError, UsageError


def _version(value: bool) -> None:
    if value:
        from cli.base.version import version_line

        line = version_line()
        if _json_given():  # eager: read before --json is, so from the words given
            from cli.base.safe import dumps

            line = dumps({"input": "--version", "kind": "version",
                          "version": line.removeprefix("roll "), "text": line})
        typer.echo(line)
        raise typer.Exit(0)


def _json_given() -> bool:
    """Whether `--json` is among the words `roll` was given, before any `--`."""
    from cli.base.argv import run_arguments

    given = run_arguments()
    return "--json" in given[: given.index("--") if "--" in given else len(given)]


SystemOpt = Annotated[str | None, typer.Option(
    *WORDS["system"], click_type=system_name(),
    help="game system (env ROLL_SYSTEM; default: the character's)",
)]  # fmt: skip
AsOpt = Annotated[str | None, typer.Option(
    *WORDS["as_"], click_type=character_name(), help="act as this character of the campaign",
)]  # fmt: skip
CampaignOpt = Annotated[str | None, typer.Option(
    *WORDS["campaign"], metavar="PATH", help="the campaign database: a file or a postgresql:// URL"
    " (env ROLL_CAMPAIGN)",
)]  # fmt: skip
SeedOpt = Annotated[int | None, typer.Option(*WORDS["seed"], metavar="INT", help="reproducible dice")]
RolledOpt = Annotated[str | None, typer.Option(
    *WORDS["rolled"], metavar="FACES", help="use these faces (comma-separated, in roll order)",
)]  # fmt: skip
TimesOpt = Annotated[int, typer.Option(
    *WORDS["times"], metavar="N", show_default=False, help="evaluate the LINE N times",
)]  # fmt: skip
JsonOpt = Annotated[bool, typer.Option(*WORDS["json"], help="one JSON object per LINE (JSON Lines)")]
QuietOpt = Annotated[bool, typer.Option(*WORDS["quiet"], help="only the total (or the outcome word)")]
ExitOpt = Annotated[bool, typer.Option(*WORDS["exit_code"], help="exit 1 when the outcome is fail/miss")]
NoColorOpt = Annotated[bool, typer.Option(
    *WORDS["no_color"], help="plain text (also NO_COLOR, or when not a terminal)",
)]  # fmt: skip
ColorOpt = Annotated[str | None, typer.Option(
    *WORDS["color"], metavar="WHEN", help="auto (a terminal, unless NO_COLOR), always (also"
    " FORCE_COLOR, CLICOLOR_FORCE: | less -R) or never (env ROLL_COLOR)",
)]  # fmt: skip
VersionOpt = Annotated[bool, typer.Option(
    "--version", callback=_version, is_eager=True, help="the version",
)]  # fmt: skip


def _declared(
    system: SystemOpt = None,
    as_: AsOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    rolled: RolledOpt = None,
    times: TimesOpt = 1,
    json: JsonOpt = False,
    quiet: QuietOpt = False,
    exit_code: ExitOpt = False,
    no_color: NoColorOpt = False,
    color: ColorOpt = None,
) -> None:
    """Every shared option once, in the order help lists them."""


SHARED = {
    name: param.replace(kind=inspect.Parameter.KEYWORD_ONLY)
    for name, param in inspect.signature(_declared, eval_str=True).parameters.items()
}
LINE_OPTIONS = tuple(SHARED)
"""What a LINE takes (SPEC §2)."""
CAMPAIGN_OPTIONS = ("campaign", "json", "system", "as_", "no_color", "color")
"""What the campaign's commands take: sheet, log, undo (and odds, completion)."""


def _given_before(name: str, value: Any) -> Any:
    """An option left at its default here, else as given before the command (`--json sheet list`)."""
    ctx = click.get_current_context(silent=True)
    if value != SHARED[name].default or ctx is None:
        return value
    at = ctx.parent
    while at is not None:
        if at.params.get(name, SHARED[name].default) != SHARED[name].default:
            return at.params[name]
        at = at.parent
    return value


def _is_argument(param: inspect.Parameter) -> bool:
    return any(isinstance(m, ArgumentInfo) for m in getattr(param.annotation, "__metadata__", ()))


@dataclass(frozen=True, slots=True)
class Invocation:
    """A subcommand run from a batch line or the REPL (cli/commands/subcommand.py): the runner's settings,
    which the options typed on the line add to, and the Environment its output goes through;
    `worded`: how the caller words an error (the REPL: an outage in one short line)."""

    settings: Settings
    env: Environment
    worded: Callable[[RollError], RollError] | None = None

    def settings_with(self, given: dict[str, Any]) -> Settings:
        """The settings, with the shared options typed on the line (those not left at their
        defaults) put over them."""
        typed = {("character" if name == "as_" else name): value for name, value in given.items()
                 if value != SHARED[name].default}
        return replace(self.settings, **typed) if typed else self.settings


def _invocation() -> Invocation | None:
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.find_object(Invocation)


Body = Callable[..., int | None]
"""A command's body: called with `env` (an Environment) and `settings`, and its own words;
returns its exit status (None: 0), or raises the RollError that stops it."""


def with_settings(*names: str, gathered: bool = True) -> Callable[[Body], Body]:
    """Add the shared options `names` to a command whose body receives them as `settings`,
    with the Environment every output goes through as `env`: the Typer command reads the
    options, makes the Settings and calls the body. A batch line or the REPL calls the same
    body with its own settings and Environment (an `Invocation`: cli/commands/subcommand.py). Under
    `--json` a one-shot's text is `gathered` into one object (cli/base/answer.py), as a
    batch line's is; a LINE's runner and the REPL print their own."""

    def decorate(func: Body) -> Body:
        signature = inspect.signature(func, eval_str=True).parameters
        own = [
            p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
            for p in signature.values()
            if p.name not in ("settings", "env")
        ]
        arguments = [p for p in own if _is_argument(p)]
        options = [p for p in own if not _is_argument(p)]
        params = [*arguments, *(SHARED[name] for name in names), *options]

        @functools.wraps(func)
        def command(**kw: Any) -> int | None:
            given = {name: _given_before(name, kw.pop(name)) for name in names}
            called = _invocation()
            if called is not None:  # a batch line or the REPL (cli/commands/subcommand.py): it gets the
                settings = called.settings_with(given)  # status, or Stopped once reported
                env = called.env
                if settings.json and not env.as_json:  # `--json` typed on the line itself
                    env = replace(env, as_json=True)
                try:
                    return func(env=env, settings=settings, **kw)
                except RollError as error:
                    said = error if called.worded is None else called.worded(error)
                    raise Stopped(env.error(said)) from None
            from cli.base.argv import command_line

            line = command_line()  # the one-shot's LINE, which its errors are said with
            env = Environment(as_json=_json_wanted() or bool(given.get("json")),
                              line=line)
            if env.as_json and gathered:
                env = TextAnswer(env)
            try:
                status = func(env=env, settings=Settings.from_options(**given), **kw)
            except Stopped as stop:
                raise typer.Exit(stop.status) from None
            except RollError as error:
                fail(env, error)
            finally:
                if isinstance(env, TextAnswer):
                    env.answer(line)
            if status:
                raise typer.Exit(status)
            return None

        command.__dict__["__signature__"] = inspect.Signature(params)  # what Typer reads
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate


def fail(env: Environment, error: RollError, line: str | None = None) -> NoReturn:
    """Report a RollError as `roll: error: …` and exit with its status; under `--json` the
    error object goes to stdout too (SPEC §3), so a script reads an answer for every command."""
    env.as_json = env.as_json or _json_wanted()
    raise typer.Exit(env.error(error, line))


def _json_wanted() -> bool:
    """Whether the command being run, or a command above it, was given `--json`."""
    at = click.get_current_context(silent=True)
    while at is not None:
        if at.params.get("json"):
            return True
        at = at.parent
    return False


LITERAL_WORDS = "roll.literal_words"
"""ctx.meta key: how many words came after `--` (a LINE's own, even `--d6`)."""


def refuse_unknown_option(words: list[str], before: str = "") -> None:
    """Refuse a LINE whose word looks like a long option (`--jsn`): another tool's counting
    option says the `-n` line that works (`--repeat 3 d20`, cli/base/option_habits.py), any
    other that a LINE starting with '-' goes after `--` (`before`: the command's words, `odds
    `)."""
    unknown = unknown_option(words)
    if unknown is None:
        return
    from cli.base.option_habits import line_habit

    habit = None if before else line_habit(unknown, words)  # `odds` has no -n
    if habit is not None:
        raise habit
    raise UsageError(f"no such option: {unknown} (a LINE that starts with '-' goes after --:"
                     f" roll {before}-- -1+d6)")


def unknown_option(words: list[str]) -> str | None:
    """The first word before `--` that looks like a long option (`--jsn`): a typo, not a LINE."""
    ctx = click.get_current_context(silent=True)
    literal = ctx.find_root().meta.get(LITERAL_WORDS, 0) if ctx is not None else 0
    checked = words[: len(words) - literal] if literal else words
    return next((w for w in checked if re.match(r"--[a-z]", w, re.IGNORECASE)), None)
