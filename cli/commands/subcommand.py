"""A subcommand run from a batch line or the REPL (`undo`, `sheet show`): its group built for its
word, its own options read by Click, its answer one JSON object under --json."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from cli.base.environment import Environment, ExitStatus, Stopped
from cli.base.safe import shown_lines
from cli.base.settings import Settings
from rules.did_you_mean import said_once
from rules.errors import RollError, UsageError

if TYPE_CHECKING:
    import click

    from cli.base.options import Invocation
    from cli.line.runner import Runner


@cache
def batch_group(word: str) -> click.Command:
    """A group with the subcommand `word` that a batch line or the REPL runs, as `roll` itself
    would; built once per word, and only with that word's commands."""
    import typer

    from cli.base.group import LineGroup
    from cli.commands import register_batch

    app = typer.Typer(cls=LineGroup, add_completion=False, rich_markup_mode=None,
                      context_settings={"help_option_names": ["-h", "--help"]})
    register_batch(app, word)
    return typer.main.get_group(app)  # a group even when it has one command


def run_subcommand(words: list[str], runner: Runner, text: str = "",
                   given: Settings | None = None, line: str | None = None,
                   number: int | None = None) -> int:
    """Run a subcommand's words: its body is called with the line's settings (`given`, else the
    runner's; and the options typed after the subcommand) and an Environment that answers the
    `line` (the batch's input line `number`: its errors say so); under --json its answer is
    exactly one JSON object (SPEC §3), gathered by the Environment it writes to."""
    import click

    from cli.base.options import Invocation

    settings = inherited(given or runner.settings)
    env = runner.env if line is None else replace(runner.env, line=line, line_number=number)
    if settings.json:
        env = OneAnswer(env)  # errors as JSON too
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
            from cli.base.error_layout import error_to_json

            env.json(error_to_json(shown, UsageError(message), number))
        from cli.base.error_layout import ErrorLines

        env.say_error(ErrorLines(f"roll: error: {shown_lines(message)}"))
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

    from cli.base.argv import VALUE_OPTIONS

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
    """A subcommand's output under --json, gathered into one JSON object (SPEC §3): a listing's
    items as `items` whatever their count (`sheet list`, `log`), else the object it printed when
    it printed one, else its objects as `items`, else its text (`help`)."""

    def __init__(self, env: Environment) -> None:
        super().__init__(env.stdin, env.stdout, env.stderr, env.confirm, holding=env.holding,
                         as_json=True, columns=env.columns, line=env.line,
                         line_number=env.line_number)
        self.target = env
        self.objects: list[dict[str, Any]] = []
        self.printed: list[str | dict[str, Any]] = []
        self.listed: str | None = None
        """The kind of the listing the subcommand printed, if it printed one."""

    def out(self, text: str, end: str = "\n") -> None:
        self.printed.append(text + end)

    def json(self, obj: Mapping[str, Any]) -> None:
        self.objects.append(dict(obj))
        self.printed.append(self.objects[-1])

    def listing(self, kind: str, items: Iterable[Mapping[str, Any]]) -> None:
        self.listed = kind
        for item in items:
            self.json(item)

    def answer(self, text: str, kind: str) -> None:
        """Print the one object: what the subcommand printed, as the docstring above says."""
        from cli.base.safe import dumps

        if self.listed is not None and len(self.objects) == len(self.printed):
            self.target.json({"input": text, "kind": self.listed, "items": self.objects})
            return
        if len(self.printed) == 1 and self.objects:
            self.target.json(self.objects[0])
            return
        if len(self.objects) == len(self.printed):
            self.target.json({"input": text, "kind": kind.lower(), "items": self.objects})
            return
        said = "".join(p if isinstance(p, str) else dumps(p) + "\n" for p in self.printed)
        self.target.json({"input": text, "kind": kind.lower(), "text": said.rstrip("\n")})
