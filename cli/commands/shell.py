"""`roll repl` and `roll completion SHELL`: the REPL on demand, and shell completion scripts."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.app import (
    AsOpt,
    CampaignOpt,
    JsonOpt,
    NoColorOpt,
    QuietOpt,
    RolledOpt,
    SeedOpt,
    SystemOpt,
    fail,
    settings_from,
)
from cli.env import Environment, ExitStatus
from cli.runner import Settings
from rules.errors import UsageError

_REGISTERED: set[int] = set()


def repl_command(
    system: SystemOpt = None,
    as_: AsOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    rolled: RolledOpt = None,
    json: JsonOpt = False,
    quiet: QuietOpt = False,
    no_color: NoColorOpt = False,
) -> None:
    """Open the REPL (what `roll` alone does on a terminal)."""
    env = Environment()
    settings = settings_from(
        system=system, as_=as_, campaign=campaign, seed=seed, rolled=rolled, json=json,
        quiet=quiet, no_color=no_color,
    )  # fmt: skip
    if not env.stdin_isatty:
        fail(env, UsageError("roll repl needs a terminal; pipe LINEs to `roll` instead"))
    from cli.repl.session import run_repl

    raise typer.Exit(run_repl(settings, env))


WordsOpt = Annotated[
    str | None,
    typer.Option("--words", hidden=True, help="print words for a completion script: characters"),
]
CompleteOpt = Annotated[
    str | None,
    typer.Option("--complete", hidden=True, help="print completions of a LINE typed so far"),
]


def completion_command(
    shell: Annotated[str | None, typer.Argument(help="bash, zsh or fish")] = None,
    words: WordsOpt = None,
    complete: CompleteOpt = None,
    system: SystemOpt = None,
    as_: AsOpt = None,
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    no_color: NoColorOpt = False,
) -> None:
    """Print the completion script for SHELL (bash, zsh or fish); see completions/README.md."""
    settings = settings_from(system=system, as_=as_, campaign=campaign)
    if words is not None or complete is not None:
        # called by a completion script at Tab time: print what fits, never an error
        try:
            lines = word_list(words, settings) if words is not None else line_words(
                complete or "", settings
            )
        except Exception:
            lines = []
        for line in lines:
            typer.echo(line)
        raise typer.Exit(int(ExitStatus.OK))
    from cli.commands.completion_scripts import SCRIPTS, script

    chosen = (shell or "").lower()
    if chosen not in SCRIPTS:
        given = "" if shell is None else f", not {shell!r}"
        fail(Environment(), UsageError(f"completion takes a SHELL: {', '.join(SCRIPTS)}{given}"))
    typer.echo(script(chosen), nl=False)


def word_list(kind: str, settings: Settings) -> list[str]:
    """`--words characters`: the campaign's character names, one per line."""
    from cli.repl.state import ViewReader

    if kind != "characters":
        return []
    reader = ViewReader(settings)
    try:
        return list(reader.read().names)
    finally:
        reader.close()


def line_words(text: str, settings: Settings) -> list[str]:
    """`--complete TEXT`: each way to finish TEXT's last word (a trailing space: word done)."""
    from cli.repl.state import ViewReader
    from cli.repl.suggest import suggest_line

    reader = ViewReader(settings)
    try:
        view = reader.read()
    finally:
        reader.close()
    fragment = "" if not text or text[-1].isspace() else text.split()[-1]
    out = []
    for s in suggest_line(text, view):
        kept = fragment[: len(fragment) + s.start] if s.start else fragment
        out.append(kept + s.text)
    return out


def register(app: typer.Typer) -> None:
    """Add `repl` and `completion` to the app (once)."""
    if id(app) in _REGISTERED:
        return
    _REGISTERED.add(id(app))
    app.command("repl")(repl_command)
    app.command("completion")(completion_command)
