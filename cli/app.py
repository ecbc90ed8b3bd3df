"""The Typer app: `roll [OPTIONS] LINE...` and its subcommands."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Annotated, Any

import click
import typer
from click.exceptions import NoArgsIsHelpError
from typer.core import TyperGroup

from cli.env import Environment, ExitStatus
from cli.runner import Runner, Settings, worst
from rules.errors import RollError, UsageError

EXAMPLES = """\
\b
Examples:
  roll 4d6kh3                   keep the highest three of 4d6
  roll 6x 4d6kh3                a stat array
  roll 'd20+5 vs 15'            pass or fail against 15
  roll --json --seed 7 3d6      reproducible, machine-readable
  roll -s vagabond check dex=5 trained
  roll odds 4d6kh3              the exact distribution
  roll                          open the REPL (or read LINEs from a pipe)
"""

LINE_HELP = """\
roll: a dice roller and tabletop-rules REPL.

\b
  roll [OPTIONS] LINE...   a dice expression or a system command
  roll [OPTIONS]           the REPL on a terminal; one LINE per line from a pipe
  roll help notation       the dice notation; `roll help SYSTEM` for a game

\b
Options of a LINE (before or after it):
  -s, --system NAME   game system (env ROLL_SYSTEM; default: the character's)
  -a, --as NAME       act as this character of the campaign
  --campaign PATH     the campaign database (env ROLL_CAMPAIGN)
  --seed INT          reproducible dice
  --rolled FACES      use these faces (comma-separated, in roll order)
  -n, --times N       evaluate the LINE N times
  --json              one JSON object per LINE (JSON Lines)
  -q, --quiet         only the total (or the outcome word)
  --exit-code         exit 1 when the outcome is fail/miss
  --no-color          plain text (also NO_COLOR, or when not a terminal)
  --version           the version
"""

SUBCOMMANDS = ("odds", "sheet", "log", "undo", "systems", "help", "completion", "repl")
VALUE_OPTIONS = frozenset(
    {"-s", "--system", "-a", "--as", "--campaign", "--seed", "--rolled", "-n", "--times", "--width"}
)


class LineGroup(TyperGroup):
    """A group whose default command is a LINE: a first word that is no subcommand starts one."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] in ("--help", "-h") and len(args) == 1:
            return super().parse_args(ctx, args)
        # words after `--` are the LINE's, even those that look like options (`-- --d6`)
        ctx.meta[LITERAL_WORDS] = len(args) - args.index("--") - 1 if "--" in args else 0
        return super().parse_args(ctx, route(args))


LITERAL_WORDS = "roll.literal_words"


def unknown_option(words: list[str]) -> str | None:
    """The first word before `--` that looks like a long option (`--jsn`): a typo, not a LINE."""
    ctx = click.get_current_context(silent=True)
    literal = ctx.find_root().meta.get(LITERAL_WORDS, 0) if ctx is not None else 0
    checked = words[: len(words) - literal] if literal else words
    return next((w for w in checked if re.match(r"--[a-z]", w, re.IGNORECASE)), None)


def route(args: list[str]) -> list[str]:
    """Put the subcommand first (options may come before it), or `line` when there is none."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg.startswith("-") and len(arg) > 1:
            i += 2 if arg in VALUE_OPTIONS else 1
            continue
        if arg in SUBCOMMANDS:
            return [arg, *args[:i], *args[i + 1 :]]
        break
    return ["line", *args]


app = typer.Typer(
    cls=LineGroup,
    add_completion=False,
    no_args_is_help=False,
    invoke_without_command=False,
    help=LINE_HELP,
    epilog=EXAMPLES,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

SystemOpt = Annotated[
    str | None, typer.Option("-s", "--system", help="game system (env ROLL_SYSTEM)")
]
AsOpt = Annotated[str | None, typer.Option("-a", "--as", help="act as this character")]
CampaignOpt = Annotated[
    Path | None, typer.Option("--campaign", help="campaign database (env ROLL_CAMPAIGN)")
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="reproducible dice")]
RolledOpt = Annotated[
    str | None, typer.Option("--rolled", help="use these faces, comma-separated, in roll order")
]
TimesOpt = Annotated[int, typer.Option("-n", "--times", help="evaluate the LINE N times")]
JsonOpt = Annotated[bool, typer.Option("--json", help="JSON Lines output")]
QuietOpt = Annotated[bool, typer.Option("-q", "--quiet", help="only the total or outcome")]
ExitOpt = Annotated[
    bool, typer.Option("--exit-code", help="exit 1 when the outcome is fail/miss")
]
NoColorOpt = Annotated[bool, typer.Option("--no-color", help="plain text")]


def _version(value: bool) -> None:
    if value:
        from cli.version import version_line

        typer.echo(version_line())
        raise typer.Exit(0)


VersionOpt = Annotated[
    bool,
    typer.Option("--version", callback=_version, is_eager=True, help="show the version"),
]


def settings_from(**kw: Any) -> Settings:
    return Settings(
        system=kw.get("system"),
        character=kw.get("as_"),
        campaign=kw.get("campaign"),
        seed=kw.get("seed"),
        rolled=kw.get("rolled"),
        times=kw.get("times", 1),
        json=kw.get("json", False),
        quiet=kw.get("quiet", False),
        exit_code=kw.get("exit_code", False),
        no_color=kw.get("no_color", False),
    )


def fail(env: Environment, error: RollError, line: str | None = None) -> None:
    from cli.render.text import error_text

    env.stderr.write(error_text(line, error) + "\n")
    env.stderr.flush()
    raise typer.Exit(error.exit_status)


# an unknown "option" inside a LINE is a word of it (`hurt -3`): the LINE's parser judges it
@app.command(
    "line",
    hidden=True,
    context_settings={"allow_interspersed_args": True, "ignore_unknown_options": True},
)
def line_command(
    words: Annotated[list[str] | None, typer.Argument(help="the LINE", show_default=False)] = None,
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
    version: VersionOpt = False,
) -> None:
    """Roll a LINE: dice notation or a system command."""
    env = Environment()
    settings = settings_from(**locals())
    try:
        runner = Runner(settings, env)
        unknown = unknown_option(words or [])
        if unknown is not None:
            raise UsageError(f"no such option: {unknown} (a LINE that starts with '-' goes"
                             " after --: roll -- -1+d6)")
    except RollError as error:
        if settings.json:  # JSON mode reports every error on stdout too (SPEC §3)
            from cli.render.json import dumps, error_to_json

            env.stdout.write(dumps(error_to_json(" ".join(words or []), error)) + "\n")
        fail(env, error)
    if words:
        # the first word may hold a whole LINE (`roll 'd20+5 vs 15'`); a later one with spaces
        # is one name (`roll attack "Old Tom"`)
        text = " ".join([words[0], *(shell_word(w) for w in words[1:])])
        runner.one_shot = True
        from cli.dispatch import run_any

        status = run_any(runner, text)  # `roll 'odds 4d6'` works as it does in a pipe
        status = worst(status, runner.finish())
        raise typer.Exit(status)
    if env.stdin_isatty:
        from cli.repl.session import run_repl

        raise typer.Exit(run_repl(settings, env))
    raise typer.Exit(run_batch(runner, env))


def shell_word(word: str) -> str:
    """A word the shell passed as one (`"Old Tom"`), quoted again so the LINE reads it as one."""
    if not any(ch.isspace() for ch in word) or (word.startswith('"') and word.endswith('"')):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def run_batch(runner: Runner, env: Environment) -> int:
    """One LINE per input line; keeps going after a bad line; the worst status wins."""
    from cli.dispatch import run_any

    status = int(ExitStatus.OK)
    for raw in env.stdin:
        text = raw.lstrip("\ufeff").strip()  # a file saved with a byte-order mark
        if not text or text.startswith("#"):
            continue
        status = worst(status, run_any(runner, text))
    return worst(status, runner.finish())


@app.command("systems")
def systems_command(json: JsonOpt = False) -> None:
    """List the game systems."""
    from rules.systems import SYSTEMS

    for system in SYSTEMS.values():
        if json:
            import json as jsonlib

            typer.echo(jsonlib.dumps({"id": system.id, "title": system.title, "seed": system.seed}))
        else:
            seed = f" ({system.seed})" if system.seed else ""
            typer.echo(f"{system.id:<10} {system.title}{seed}")  # fits a 40-column pane


@app.command("help")
def help_command(topic: Annotated[str | None, typer.Argument()] = None) -> None:
    """Help on a TOPIC: notation, or a system id."""
    from cli.help import help_text

    env = Environment()
    try:
        typer.echo(help_text(topic))
    except RollError as error:
        fail(env, error)


def register_subcommands() -> None:
    """Subcommands that live in their own modules."""
    from cli.commands import register

    register(app)


def main_app(argv: list[str] | None = None) -> None:
    args = argv if argv is not None else sys.argv[1:]
    if route(args)[0] != "line" or "--help" in args or "-h" in args:
        register_subcommands()  # a plain LINE needs none of them: start-up time
    command = typer.main.get_command(app)
    try:
        status = command.main(args=args, prog_name="roll", standalone_mode=False)
    except NoArgsIsHelpError as exc:  # `roll sheet` alone: show what it can do
        sys.stdout.write(exc.format_message() + "\n")
        sys.exit(0)
    except click.UsageError as exc:  # an unknown option, a missing argument: bad input too
        sys.stderr.write(f"roll: error: {exc.format_message()}\n")
        sys.exit(int(ExitStatus.BAD_INPUT))
    except click.Abort:
        sys.stderr.write("\n")
        sys.exit(int(ExitStatus.INTERRUPTED))
    sys.exit(status if isinstance(status, int) else 0)
