"""Run any input line in batch mode or the REPL: a subcommand (`odds …`, `undo`) or a LINE."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from cli.entry.argv import SUBCOMMANDS
from cli.entry.environment import Environment, ExitStatus, Stopped
from cli.entry.settings import Settings
from cli.line.bot_word import without_bot_word
from cli.line.runner import Runner
from cli.render.safe import shown_lines
from rules.did_you_mean import said_once
from rules.errors import NotationError, RollError, UsageError

if TYPE_CHECKING:
    import click

    from cli.entry.options import Invocation
    from rules.dice.source import DiceSource

SUBCOMMAND_WORDS = frozenset(SUBCOMMANDS) - {"repl"}
"""What a batch line or the REPL may start with to run a subcommand."""
LINE_TAKING = frozenset({"odds"})
"""Subcommands whose words are a LINE."""


def subcommand_of(text: str) -> list[str] | None:
    """The words of `text` when it starts with a subcommand, else None.

    The text after `odds` is its LINE (`odds {1d6, -1d4}kh1`), its words read as a shell
    passes them and joined by spaces, as the one-shot `roll odds 'd20+5' 'vs 15'` reads them
    (quotes group words and go); only a LINE that starts with `-` is read as options and
    needs `--` (`odds --at-least -- -1+d6`).
    """
    words = text.split(None, 1)
    if not words or words[0].lower() not in SUBCOMMAND_WORDS:
        return None  # a LINE: the common case, kept cheap
    first, rest = words[0], words[1:]
    import shlex

    if first.lower() in LINE_TAKING and rest and not rest[0].startswith("-"):
        from cli.entry.shell_words import line_text

        try:
            return [first, "--", line_text(shlex.split(rest[0]))]
        except ValueError:  # quotes that do not pair are no quoting (`# Ara's shot`)
            return [first, "--", rest[0].strip()]
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise NotationError(f"unbalanced quotes: {exc}", text, len(text), "") from None


@cache
def batch_group(word: str) -> click.Command:
    """A group with the subcommand `word` that a batch line or the REPL runs, as `roll` itself
    would; built once per word, and only with that word's commands."""
    import typer

    from cli.commands import register_batch
    from cli.entry.group import LineGroup

    app = typer.Typer(cls=LineGroup, add_completion=False, rich_markup_mode=None,
                      context_settings={"help_option_names": ["-h", "--help"]})
    register_batch(app, word)
    return typer.main.get_group(app)  # a group even when it has one command


def run_subcommand(words: list[str], runner: Runner, text: str = "",
                   given: Settings | None = None) -> int:
    """Run a subcommand's words: its body is called with the line's settings (`given`, else the
    runner's; and the options typed after the subcommand) and an Environment; under --json its
    answer is exactly one JSON object (SPEC §3), gathered by the Environment it writes to."""
    import click

    from cli.entry.options import Invocation

    settings = inherited(given or runner.settings)
    env = OneAnswer(runner.env) if settings.json else runner.env  # OneAnswer: errors as JSON
    shown = text or " ".join(words)
    try:
        status = _invoke(words, Invocation(settings, env, runner.outage_error))
    except Stopped as stop:
        status = stop.status
    except RollError as error:
        status = env.error(runner.outage_error(error))
    except click.ClickException as exc:  # a usage error of the subcommand's own words
        message = said_once(exc.format_message())
        if settings.json:  # every input line answers with one JSON object
            from cli.render.json import error_to_json

            env.json(error_to_json(shown, UsageError(message)))
        env.err(f"roll: error: {shown_lines(message)}")
        status = int(ExitStatus.BAD_INPUT)
    except click.Abort:
        status = int(ExitStatus.INTERRUPTED)
    except SystemExit as exc:
        status = int(exc.code or 0)
    finally:
        if isinstance(env, OneAnswer):
            env.answer(shown, words[0])
    return status


def inherited(settings: Settings) -> Settings:
    """What a subcommand run from a batch line or the REPL takes of the runner's settings: who
    acts, the system, the campaign, JSON, colour (not the LINE's dice or repeats)."""
    return Settings(system=settings.system, character=settings.character,
                    campaign=settings.campaign, json=settings.json, no_color=settings.no_color,
                    color=settings.color, env_system=settings.env_system, env_as=settings.env_as,
                    configured=settings.configured)


def _invoke(words: list[str], invocation: Invocation) -> int:
    """The subcommand's own option parser reads the words typed; its body runs with the
    invocation's settings and Environment. `--help` is the command's help, through it too."""
    command = batch_group(words[0].lower())
    end = words.index("--") if "--" in words else len(words)
    if {"--help", "-h"} & set(words[:end]):
        invocation.env.out(help_of(command, words[:end]))
        return 0
    result = command.main(args=words, prog_name="roll", standalone_mode=False, obj=invocation)
    return int(result or 0)


def help_of(group: click.Command, words: list[str]) -> str:
    """The help of the (sub)command the words name (`sheet show --help`), as Click words it."""
    import click

    from cli.entry.argv import VALUE_OPTIONS

    ctx = click.Context(group, info_name="roll", **group.context_settings)
    command = group
    skip = False
    for word in words:
        if skip or word.startswith("-"):
            skip = not skip and word in VALUE_OPTIONS
            continue
        sub = command.get_command(ctx, word) if isinstance(command, click.Group) else None
        if sub is None:
            break
        command = sub
        ctx = click.Context(sub, info_name=word, parent=ctx, **sub.context_settings)
    return command.get_help(ctx)


class OneAnswer(Environment):
    """A subcommand's output under --json, gathered into one JSON object (SPEC §3): the object
    it printed when it printed one, else its objects as `items` (`systems`, `sheet list`), else
    its text (`help`)."""

    def __init__(self, env: Environment) -> None:
        super().__init__(env.stdin, env.stdout, env.stderr, env.confirm, holding=env.holding,
                         as_json=True, columns=env.columns)
        self.target = env
        self.objects: list[dict[str, Any]] = []
        self.printed: list[str | dict[str, Any]] = []

    def out(self, text: str, end: str = "\n") -> None:
        self.printed.append(text + end)

    def json(self, obj: Mapping[str, Any]) -> None:
        self.objects.append(dict(obj))
        self.printed.append(self.objects[-1])

    def answer(self, text: str, kind: str) -> None:
        """Print the one object: what the subcommand printed, as the docstring above says."""
        from cli.render.json import dumps

        if len(self.printed) == 1 and self.objects:
            self.target.json(self.objects[0])
            return
        if len(self.objects) == len(self.printed):
            self.target.json({"input": text, "kind": kind.lower(), "items": self.objects})
            return
        said = "".join(p if isinstance(p, str) else dumps(p) + "\n" for p in self.printed)
        self.target.json({"input": text, "kind": kind.lower(), "text": said.rstrip("\n")})


def table_target(words: list[str]) -> str | None:
    """The table that `table NAME` (a batch line, or at the REPL) rolls on; None for the
    other `table` commands."""
    if len(words) == 2 and words[0].lower() == "table" and not words[1].startswith("-"):
        from cli.line.table_rolls import TABLE_WORDS

        return None if words[1].lower() in TABLE_WORDS else words[1]
    return None


def run_any(runner: Runner, text: str, settings: Settings | None = None,
            source: DiceSource | None = None, turns: bool = False, typed: bool = False) -> int:
    """Run a batch line or a REPL line under `settings` (the process's when None) and its own
    LINE options, if it begins with some (cli/line/own_options.py: for that line alone);
    `typed`: a line as typed into a batch, whose quotes a shell has not read yet."""
    settings = settings or runner.settings
    text = without_bot_word(runner, text)
    if text[:1] == "-":
        from cli.line.own_options import line_options

        try:
            read = line_options(text, settings)
        except RollError as error:
            return runner.report(text, error, settings)
        if read is not None:
            text, settings = read.text, read.settings
            source = read.source or source
    try:
        words = subcommand_of(text)
    except RollError as error:
        return runner.report(text, error, settings)
    if words is not None and table_target(words) is not None:
        from cli.line.table_rolls import run_table  # the line's dice: --rolled, --seed, physical dice

        return run_table(runner, str(table_target(words)), text,
                         runner.line_run(settings, source))
    if words is not None and bare_odds(words):
        from cli.line.odds_line import show_odds  # no option to read: no command to build

        return show_odds(runner, words[2], run=runner.line_run(settings, source, turns=turns))
    if words is not None:
        return run_subcommand(words, runner, text, settings)
    return runner.run(shell_read(text) if typed else text, settings, source, turns)


def shell_read(text: str) -> str:
    """A batch LINE's quotes read as a shell reads them, as `roll 'd20+5 vs 15'` and an `odds`
    line have them read: `'4d6kh3'` is 4d6kh3, `attack on 'Goblin 1'` the name unquoted (found as
    written); quotes that do not pair (`# Ara's shot`) are no quoting, kept as typed."""
    if "'" not in text and '"' not in text:
        return text
    import shlex

    from cli.entry.shell_words import line_text

    try:
        return line_text(shlex.split(text))
    except ValueError:
        return text


def bare_odds(words: list[str]) -> bool:
    """Whether the words are `odds -- LINE` (subcommand_of's shape for `odds LINE` with no
    option), for any LINE but a table's (`odds table NAME` is the command's own)."""
    if len(words) != 3 or words[0].lower() != "odds" or words[1] != "--":
        return False
    from cli.line.odds_line import odds_table

    return odds_table(words[2]) is None
