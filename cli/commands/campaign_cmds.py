"""`roll sheet …`, `roll log`, `roll undo`: the campaign's characters and history."""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import Annotated

import typer

from cli.app import AsOpt, CampaignOpt, JsonOpt, NoColorOpt, SystemOpt, fail, settings_from
from cli.env import Environment
from cli.render.text import change_line, value_text
from rules.campaign import Character
from rules.describe import pool_title
from rules.errors import RollError, UsageError
from rules.systems import get_system

sheet_app = typer.Typer(help="Characters: import, export, show, list, rm.", no_args_is_help=True)


def _campaign(campaign: Path | None):  # type: ignore[no-untyped-def]
    from cli.store import Campaign

    return Campaign(settings_from(campaign=campaign).campaign_path())


@sheet_app.command("import")
def sheet_import(
    file: Annotated[Path, typer.Argument(help="a TOML sheet")],
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    system: SystemOpt = None,
    as_: AsOpt = None,
    no_color: NoColorOpt = False,
) -> None:
    """Add or replace a character from a TOML sheet."""
    from cli.sheets import load_sheet

    env = Environment()
    try:
        sheet = load_sheet(file)
        with _campaign(campaign).transaction() as tx:
            tx.put_character(sheet)
    except RollError as error:
        fail(env, error)
    typer.echo(f"imported {sheet['name']} ({sheet['system']})")


@sheet_app.command("export")
def sheet_export(
    name: Annotated[str, typer.Argument(help="character name")],
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    system: SystemOpt = None,
    as_: AsOpt = None,
    no_color: NoColorOpt = False,
) -> None:
    """Print a character's sheet as TOML, current pools included."""
    from cli.sheets import dump_sheet

    env = Environment()
    try:
        with _campaign(campaign).transaction() as tx:
            character = tx.character(name)
    except RollError as error:
        fail(env, error)
    typer.echo(dump_sheet(character), nl=False)


def show_lines(character: Character) -> list[str]:
    """A sheet for a narrow pane: stats, pools with maxima, risk dice, flags."""
    system = get_system(character.system)
    lines = [f"{character.name} · {system.title}"]
    for key in ("level", "tier", "class", "kind", "armor", "guard"):
        if key in character.sheet:
            lines.append(f"  {key}: {character.sheet[key]}")
    if character.stats:
        lines.append("  " + "  ".join(f"{k} {v}" for k, v in character.stats.items()))
    if character.trained:
        lines.append("  trained: " + ", ".join(sorted(character.trained)))
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
        lines.append("  flags: " + ", ".join(sorted(pool_title(f) for f in character.flags)))
    return lines


@sheet_app.command("show")
def sheet_show(
    name: Annotated[str | None, typer.Argument(help="character (default: the active one)")] = None,
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    system: SystemOpt = None,
    as_: AsOpt = None,
    no_color: NoColorOpt = False,
) -> None:
    """Stats, pools with maxima, flags."""
    env = Environment()
    try:
        with _campaign(campaign).transaction() as tx:
            who = name or as_ or tx.get_active()
            if who is None:
                raise UsageError("sheet show needs a NAME (or an active character: --as NAME)")
            character = tx.character(who)
    except RollError as error:
        fail(env, error)
    if json:
        typer.echo(jsonlib.dumps({"name": character.name, "system": character.system,
                                  "sheet": dict(character.sheet)}, ensure_ascii=False))
        return
    typer.echo("\n".join(show_lines(character)))


@sheet_app.command("list")
def sheet_list(
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    system: SystemOpt = None,
    as_: AsOpt = None,
    no_color: NoColorOpt = False,
) -> None:
    """The campaign's characters."""
    env = Environment()
    try:
        with _campaign(campaign).transaction() as tx:
            characters = tx.characters()
            active = tx.get_active()
    except RollError as error:
        fail(env, error)
    for c in characters:
        if json:
            typer.echo(jsonlib.dumps({"name": c.name, "system": c.system}, ensure_ascii=False))
        else:
            mark = "*" if active and c.name.lower() == active.lower() else " "
            typer.echo(f"{mark} {c.name:<16} {c.system}")


@sheet_app.command("rm")
def sheet_rm(
    name: Annotated[str, typer.Argument(help="character name")],
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    system: SystemOpt = None,
    as_: AsOpt = None,
    no_color: NoColorOpt = False,
) -> None:
    """Remove a character."""
    env = Environment()
    try:
        with _campaign(campaign).transaction() as tx:
            character = tx.character(name)
            tx.remove_character(character.name)
    except RollError as error:
        fail(env, error)
    typer.echo(f"removed {character.name}")


def log_command(
    n: Annotated[int, typer.Option("-n", help="how many entries")] = 10,
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    system: SystemOpt = None,
    as_: AsOpt = None,
    no_color: NoColorOpt = False,
) -> None:
    """Recent LINEs with their outcome and changes."""
    env = Environment()
    try:
        if n < 1:
            raise UsageError("log -n takes a number ≥ 1")
        with _campaign(campaign).transaction() as tx:
            entries = tx.log(n)
    except RollError as error:
        fail(env, error)
    for entry in entries:
        if json:
            typer.echo(jsonlib.dumps(dict(entry.result), ensure_ascii=False))
            continue
        undone = " (undone)" if entry.undone else ""
        text = str(entry.result.get("text", entry.input)).split("\n")[0]
        typer.echo(f"#{entry.id} {text}{undone}")
        for change in entry.changes:
            typer.echo(f"   {change_line(change)}")


def undo_command(
    campaign: CampaignOpt = None,
    json: JsonOpt = False,
    system: SystemOpt = None,
    as_: AsOpt = None,
    no_color: NoColorOpt = False,
) -> None:
    """Revert the most recent change-set (refused if its pools changed since)."""
    env = Environment()
    try:
        with _campaign(campaign).transaction() as tx:
            entry = tx.undo()
    except RollError as error:
        fail(env, error)
    if json:
        typer.echo(jsonlib.dumps({"kind": "undo", "input": entry.input, "changes": [
            {**c.to_json(), "before": c.after, "after": c.before} for c in entry.changes
        ]}, ensure_ascii=False))
        return
    typer.echo(f"undid #{entry.id}: {entry.input}")
    for change in entry.changes:
        typer.echo("   " + change_line(type(change)(change.character, change.pool, change.after,
                                                     change.before, "undo", change.kind)))


def register(app: typer.Typer) -> None:
    app.add_typer(sheet_app, name="sheet")
    app.command("log")(log_command)
    app.command("undo")(undo_command)
