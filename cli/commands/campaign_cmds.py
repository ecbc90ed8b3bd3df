"""`roll sheet …`, `roll log`, `roll undo`: the campaign's characters and history."""

from __future__ import annotations

import json as jsonlib
import shutil
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.completion import character_name
from cli.env import Environment
from cli.options import CAMPAIGN_OPTIONS, fail, with_settings
from cli.render.text import change_line, value_text
from cli.runner import Settings
from rules.campaign import Character
from rules.describe import pool_title
from rules.errors import RollError, UsageError
from rules.systems import get_system

if TYPE_CHECKING:
    from cli.store import Campaign

SHEET_HELP = "Characters: import, export, show, list, rm."
sheet_app = typer.Typer(help=SHEET_HELP, no_args_is_help=True)


@sheet_app.callback(help=SHEET_HELP)
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_options(settings: Settings) -> None:
    """Options given before `sheet`'s own command (`roll --campaign PATH sheet list`)."""


def _campaign(settings: Settings) -> Campaign:
    from cli.store import Campaign

    return Campaign(settings.campaign_path())


def pane_width() -> int:
    """The terminal's width (COLUMNS first), so a sheet or the log fits a narrow side pane."""
    return max(shutil.get_terminal_size((80, 24)).columns, 20)


def _wrapped(items: list[str], width: int, indent: str = "  ") -> list[str]:
    """Items joined by two spaces in lines of at most `width`, never splitting an item."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 2 + len(item) <= width:
            lines[-1] += "  " + item
        else:
            lines.append(indent + item)
    return lines


def _fill(text: str, width: int, indent: str = "  ", more: str = "    ") -> list[str]:
    """A long line wrapped at spaces, later lines indented by `more`."""
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more,
                         break_long_words=False, break_on_hyphens=False) or [indent]


@sheet_app.command("import")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_import(
    settings: Settings,
    file: Annotated[Path, typer.Argument(help="a TOML sheet")],
) -> None:
    """Add or replace a character from a TOML sheet."""
    from cli.sheets import load_sheet

    env = Environment()
    try:
        sheet = load_sheet(file)
        with _campaign(settings).transaction() as tx:
            tx.put_character(sheet)
    except RollError as error:
        fail(env, error)
    typer.echo(f"imported {sheet['name']} ({sheet['system']})")


@sheet_app.command("export")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_export(
    settings: Settings,
    name: Annotated[str, typer.Argument(help="character name", click_type=character_name())],
) -> None:
    """Print a character's sheet as TOML, current pools included."""
    from cli.sheets import dump_sheet

    env = Environment()
    try:
        with _campaign(settings).transaction() as tx:
            character = tx.character(name)
    except RollError as error:
        fail(env, error)
    typer.echo(dump_sheet(character), nl=False)


def show_lines(character: Character, width: int = 80) -> list[str]:
    """A sheet for a pane `width` columns wide: stats, pools with maxima, risk dice, flags."""
    system = get_system(character.system)
    lines = [f"{character.name} · {system.title}"]
    for key in ("level", "tier", "class", "kind", "armor", "guard"):
        if key in character.sheet:
            lines.append(f"  {key}: {character.sheet[key]}")
    if character.stats:
        lines += _wrapped([f"{k} {v}" for k, v in character.stats.items()], width)
    if character.trained:
        lines += _fill("trained: " + ", ".join(sorted(character.trained)), width)
    for pool in system.all_pools(character):
        top = system.pool_max(character, pool)
        try:
            now: int | None = system.pool_value(character, pool)
        except RollError:
            now = None
        lines.append(f"  {pool.title}: {value_text(now)}" + (f"/{top}" if top is not None else ""))
    for name, die in character.risk.items():
        lines.append(f"  {name}: {die}")
    if character.flags:
        lines += _fill("flags: " + ", ".join(sorted(pool_title(f) for f in character.flags)), width)
    return lines


@sheet_app.command("show")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_show(
    settings: Settings,
    name: Annotated[
        str | None,
        typer.Argument(help="character (default: the active one)", click_type=character_name()),
    ] = None,
) -> None:
    """Stats, pools with maxima, flags."""
    env = Environment()
    try:
        with _campaign(settings).transaction() as tx:
            who = name or settings.character or tx.get_active()
            if who is None:
                raise UsageError("sheet show needs a NAME (or an active character: --as NAME)")
            character = tx.character(who)
    except RollError as error:
        fail(env, error)
    if settings.json:
        typer.echo(jsonlib.dumps({"name": character.name, "system": character.system,
                                  "sheet": dict(character.sheet)}, ensure_ascii=False))
        return
    typer.echo("\n".join(show_lines(character, pane_width())))


@sheet_app.command("list")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_list(
    settings: Settings,
) -> None:
    """The campaign's characters."""
    env = Environment()
    try:
        with _campaign(settings).transaction() as tx:
            characters = tx.characters()
            active = tx.get_active()
    except RollError as error:
        fail(env, error)
    for c in characters:
        if settings.json:
            typer.echo(jsonlib.dumps({"name": c.name, "system": c.system}, ensure_ascii=False))
        else:
            mark = "*" if active and c.name.lower() == active.lower() else " "
            typer.echo(f"{mark} {c.name:<16} {c.system}")


@sheet_app.command("rm")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_rm(
    settings: Settings,
    name: Annotated[str, typer.Argument(help="character name", click_type=character_name())],
) -> None:
    """Remove a character."""
    env = Environment()
    try:
        with _campaign(settings).transaction() as tx:
            character = tx.character(name)
            tx.remove_character(character.name)
    except RollError as error:
        fail(env, error)
    typer.echo(f"removed {character.name}")


@with_settings(*CAMPAIGN_OPTIONS)
def log_command(
    settings: Settings,
    n: Annotated[int, typer.Option("-n", help="how many entries")] = 10,
) -> None:
    """Recent LINEs with their outcome and changes."""
    env = Environment()
    try:
        if n < 1:
            raise UsageError("log -n takes a number ≥ 1")
        with _campaign(settings).transaction() as tx:
            entries = tx.log(n)
    except RollError as error:
        fail(env, error)
    width = pane_width()
    for entry in entries:
        if settings.json:
            typer.echo(jsonlib.dumps(dict(entry.result), ensure_ascii=False))
            continue
        undone = " (undone)" if entry.undone else ""
        text = str(entry.result.get("text", entry.input)).split("\n")[0]
        for line in _fill(f"#{entry.id} {text}{undone}", width, indent="", more="   "):
            typer.echo(line)
        for change in entry.changes:
            for line in _fill(change_line(change, entry.system), width, indent="   ",
                              more="     "):
                typer.echo(line)


@with_settings(*CAMPAIGN_OPTIONS)
def undo_command(settings: Settings) -> None:
    """Revert the most recent change-set (refused if its pools changed since)."""
    env = Environment()
    try:
        with _campaign(settings).transaction() as tx:
            entry = tx.undo()
            logged = tx.log(1)[0]  # the "undo" row, a §3 object like every logged LINE
    except RollError as error:
        fail(env, error)
    if settings.json:
        typer.echo(jsonlib.dumps(dict(logged.result), ensure_ascii=False))
        return
    typer.echo(f"undid #{entry.id}: {entry.input}")
    for change in entry.changes:
        typer.echo("   " + change_line(type(change)(change.character, change.pool, change.after,
                                                     change.before, "undo", change.kind),
                                        entry.system))


def register(app: typer.Typer) -> None:
    app.add_typer(sheet_app, name="sheet")
    app.command("log")(log_command)
    app.command("undo")(undo_command)
