"""`roll sheet …`, `roll log`, `roll undo`: the campaign's characters and history."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from cli.base.bounds import in_range, storable
from cli.base.completion import character_name, system_name
from cli.base.environment import Environment
from cli.base.group import WholeHelpGroup
from cli.base.options import CAMPAIGN_OPTIONS, with_settings
from cli.base.safe import shown, shown_all
from cli.base.settings import Settings
from cli.base.wrapping import wrap_lines
from cli.render.change_groups import grouped, is_fight
from cli.render.text import change_line, value_text
from cli.store.campaign_access import campaign_of, campaign_transaction
from cli.store.where import where_of
from rules.campaign import Character
from rules.errors import Do, Hint, RollError, RuleError, UsageError
from rules.roll_parts import pool_title
from rules.systems import get_system

SHEET_HELP = "Characters: new, import, export, show, list, rm."
sheet_app = typer.Typer(cls=WholeHelpGroup, help=SHEET_HELP, no_args_is_help=True)


@sheet_app.callback(help=SHEET_HELP)
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_options(env: Environment, settings: Settings) -> None:
    """Options given before `sheet`'s own command (`roll --campaign PATH sheet list`)."""


def _wrapped(items: list[str], width: int) -> list[str]:
    """Items joined by two spaces in lines of at most `width`, never splitting an item."""
    from cli.render.layout import wrap_items

    return wrap_items(items, width, hanging="", sep="  ", indent="  ")


def _fill(text: str, width: int, indent: str = "  ", more: str = "    ") -> list[str]:
    """A long line wrapped at words, later lines indented by `more`."""
    from cli.render.layout import wrap

    return wrap(text, width, indent, hanging=more[len(indent):])


@sheet_app.command("import")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_import(
    env: Environment,
    settings: Settings,
    files: Annotated[list[str], typer.Argument(
        help="TOML sheets (a party: *.toml), or - for stdin", metavar="FILE...")],  # str: click's
    # Path type stats the name itself, and a NUL byte in it would raise ValueError there
    reset: Annotated[bool, typer.Option("--reset", help="current pools from the sheet")] = False,
) -> None:
    """Add characters from TOML sheets, or replace them keeping their current pools: every
    sheet or, when one is refused, none."""
    from cli.line.games import look_for_games
    from cli.store.sheet_state import kept_pools

    look_for_games(where_of(settings))  # a sheet of a game the campaign imported
    sheets = [read_sheet(Path(file)) for file in files]  # all read and checked before a write
    one_file_each(sheets, files)
    said: list[str] = []
    with campaign_of(settings, create_for=env).transaction() as tx:
        for sheet in sheets:
            how = ""
            old = tx.find_character(sheet["name"])
            if old is not None and not reset:
                sheet, how = kept_pools(old, sheet), ", current pools kept (--reset: the sheet's)"
            elif old is not None:
                how = ", pools reset from the sheet"
            tx.put_character(sheet)
            said.append(f"{'replaced' if how else 'imported'} {shown(sheet['name'])}"
                        f" ({sheet['system']}){how}")
    for line in said:
        env.out(line)


def one_file_each(sheets: list[dict[str, Any]], files: list[str]) -> None:
    """Two of the files are one character (names match in any case): which one is meant is
    the player's to say, so nothing is imported."""
    seen: dict[str, str] = {}
    for sheet, file in zip(sheets, files, strict=True):
        key = sheet["name"].strip().lower()
        if key in seen:
            raise UsageError(f"{sheet['name']} is in both {seen[key]} and {file}: import one of"
                             " them; nothing changed")
        seen[key] = file


@sheet_app.command("new")
@with_settings("json")
def sheet_new(
    env: Environment,
    settings: Settings,
    game: Annotated[str, typer.Argument(help="the game (roll systems)", metavar="GAME",
                                        click_type=system_name())],
    name: Annotated[list[str], typer.Argument(help="the character's name (spaces allowed)",
                                              metavar="NAME")],
) -> None:
    """Print a sheet to fill in for GAME (every field its commands read, each with a comment),
    that `roll sheet import` takes as it is: roll sheet new vagabond Mira > mira.toml"""
    import json  # a JSON string is a TOML basic string: the name with its quotes escaped

    from rules.systems.sheet_checks import sheet_name

    system = get_system(game)
    written = sheet_name(" ".join(name))  # refused now, not at the import
    env.out(system.sheet_form().replace("NAME", json.dumps(written, ensure_ascii=False), 1), end="")


@sheet_app.command("export")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_export(
    env: Environment,
    settings: Settings,
    name: Annotated[list[str], typer.Argument(
        help="character name (spaces allowed)", metavar="NAME", click_type=character_name())],
) -> None:
    """Print a character's sheet as TOML, current pools included."""
    from cli.store.sheet_files import dump_sheet

    with campaign_transaction(settings, readonly=True) as tx:
        character = tx.character(" ".join(name))
    env.out(dump_sheet(character), end="")


def show_lines(character: Character, width: int = 80) -> list[str]:
    """A sheet for a pane `width` columns wide: stats, pools with maxima, risk dice, flags."""
    system = get_system(character.system)
    lines = [f"{character.name} · {system.title}"]
    shown = ("level", "tier", "class", "kind", "armor", "guard", *system.fields, "xp")
    for key in dict.fromkeys(shown):  # and the system's own: XP, a Med Flag, a Guard bonus …
        if key in character.sheet:
            lines.append(f"  {key}: {character.sheet[key]}")
    if character.stats:
        tops = character.maxima  # a stat's own maximum (Brighter Worlds' top die)
        lines += _wrapped([f"{k} {v}" + (f" (max {tops[k]})" if k in tops else "")
                           for k, v in character.stats.items()], width)
    if character.trained:
        lines += _fill("trained: " + ", ".join(sorted(character.trained)), width)
    for pool in system.all_pools(character):
        top = system.pool_max(character, pool)
        try:
            now: int | None = system.pool_value(character, pool)
        except RollError:
            now = None
        lines.append(f"  {pool.title}: {value_text(now)}" + (f"/{top}" if top is not None else ""))
    for _, _, shown_line in system.sheet_extras(character):  # Vagabond's Item Slots
        lines += _fill(shown_line, width)
    for name, die in character.risk.items():
        lines.append(f"  {name}: {die}")
    if character.flags:
        lines += _fill("flags: " + ", ".join(sorted(pool_title(f) for f in character.flags)), width)
    rolls = character.section("rolls")
    if rolls:
        lines.append("  rolls:")
        lines += [line for name, body in rolls.items() for line in _fill(f"{name} → {body}", width,
                                                                          "    ", "      ")]
    return lines


@sheet_app.command("show")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_show(
    env: Environment,
    settings: Settings,
    name: Annotated[
        list[str] | None,
        typer.Argument(help="character (default: who acts)", metavar="[NAME]",
                       click_type=character_name()),
    ] = None,
) -> None:
    """Stats, pools with maxima, flags."""
    with campaign_transaction(settings, readonly=True) as tx:
        who = " ".join(name or ()) or settings.acting()
        if who is None:  # in a fight, whose turn it is (as a command would act: SPEC §9)
            from cli.line.turn import turn_actor

            who = turn_actor(tx.party(), None, settings.system_id())
        if who is None:
            raise UsageError(("sheet show needs a NAME (or somebody acting: ", Hint(Do.NAME_ACTOR),
                              " or ROLL_AS)"))
        character = tx.character(who)
    if settings.json:
        from cli.store.sheet_state import full_state

        env.json(full_state(character))
        return
    env.out("\n".join(shown_all(show_lines(character, env.width()))))


@sheet_app.command("list")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_list(env: Environment, settings: Settings) -> None:
    """The campaign's characters."""
    with campaign_transaction(settings, readonly=True) as tx:
        roster = tx.roster()  # names and systems only: quick with 10,000 characters
    active = settings.acting()
    if settings.json:
        env.listing("characters", ({"name": name, "system": system} for name, system in roster))
        return
    lines = []
    for name, system in roster:
        mark = "*" if active and name.lower() == active.lower() else " "
        lines.append(f"{mark} {shown(name):<16} {shown(system)}")
    if lines:
        env.out("\n".join(lines))


@sheet_app.command("rm")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_rm(
    env: Environment,
    settings: Settings,
    name: Annotated[list[str], typer.Argument(
        help="character name (spaces allowed)", metavar="NAME", click_type=character_name())],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="remove without asking")] = False,
) -> None:
    """Remove a character (asks first; `undo` brings it back with its pools); with --json,
    print the logged removal as `roll log --json` shows it."""
    store = campaign_of(settings)
    with store.transaction(readonly=True) as tx:
        character = tx.character(" ".join(name))
    if not yes:
        confirm_removal(env, character.name)
    with store.transaction() as tx:
        tx.remove_character(character.name, f"sheet rm {character.name}")
        logged = tx.log(1)[0] if settings.json else None  # the removal's log entry
    if logged is not None:  # its §3 object, as `roll log --json` shows it (and undo's)
        from cli.render.log import log_json

        env.json(log_json(logged))
        return
    env.out(f"removed {shown(character.name)} (undo brings it back)")


@sheet_app.command("owner")
@with_settings(*CAMPAIGN_OPTIONS)
def sheet_owner(
    env: Environment,
    settings: Settings,
    words: Annotated[list[str], typer.Argument(
        help="the character, then the role that plays it", metavar="NAME ROLE")],
) -> None:
    """Give a character to a player's role (the GM only; a postgresql:// campaign): only that
    role (and the GM's) changes it, acts as it, removes or undoes it."""
    from cli.store import CampaignURL, where_of

    if len(words) < 2:
        raise UsageError("sheet owner needs a NAME and a ROLE: sheet owner Mira ana")
    name, role = " ".join(words[:-1]), words[-1]
    if not isinstance(where_of(settings), CampaignURL):
        raise UsageError(f"sheet owner is for a postgresql:// campaign, not"
                         f" {where_of(settings)}: a file enforces no owners")
    with campaign_transaction(settings) as tx:
        character = tx.character(name)
        tx.give(character.name, role)
    env.out(f"{shown(character.name)} is {shown(role)}'s now")


def read_sheet(file: Path) -> dict[str, Any]:
    """The sheet in `file`, or on stdin for `-` (`cat mira.toml | roll sheet import -`)."""
    from cli.base.input_files import read_text
    from cli.store.sheet_files import load_sheet, parse_sheet

    if str(file) != "-":
        return load_sheet(file)
    return parse_sheet(read_text(file, "sheet"), "stdin")


def confirm_removal(env: Environment, name: str) -> None:
    """Ask on a terminal; elsewhere (a script, a pipe) refuse: `--yes` says it is meant."""
    if not (env.stdin_isatty and env.stdout_isatty):
        raise UsageError(f"sheet rm {name} asks first: add --yes to remove without a terminal")
    if not env.confirm(f"remove {shown(name)} from this campaign?"):
        raise RuleError(f"kept {name}; nothing changed")


@with_settings(*CAMPAIGN_OPTIONS)
def log_command(
    env: Environment,
    settings: Settings,
    verify: Annotated[str | None, typer.Argument(
        help="verify: check every revealed secret roll against its commitment",
        metavar="[verify]")] = None,
    n: Annotated[int, typer.Option("-n", help="how many entries")] = 10,
    since: Annotated[str | None, typer.Option("--since", help="30m, 2h, 1d or an ISO time")] = None,
    follow: Annotated[bool, typer.Option(
        "-f", "--follow", help="then print each new entry as any client writes it (Ctrl-C ends)",
    )] = False,
) -> int | None:
    """Recent entries: id, when, who, LINE, outcome, changes (--as NAME: that character's);
    `log verify` checks every revealed secret roll against its commitment."""
    if verify is not None:
        if verify.lower() != "verify":
            raise UsageError(f"log takes `verify` or options only, not {verify!r}")
        from cli.commands.reveal_cmd import verify_log

        return verify_log(env, settings)
    from datetime import UTC, datetime

    from cli.commands.log_follow import entry_printer
    from cli.commands.log_follow import follow as follow_log
    from cli.render.log import since_time
    from cli.store.follow import watch

    now = datetime.now(UTC)
    if n < 1:
        raise UsageError("log -n takes a number ≥ 1")
    in_range(n, "log -n")
    start = None if since is None else since_time(since, now)
    from cli.line.secret import Viewer, recent_shown
    from cli.store import CampaignURL

    store = campaign_of(settings)
    viewer = Viewer.of(on_server=isinstance(store.path, CampaignURL))
    watcher = watch(store.path) if follow else None  # before reading: no write is missed
    with store.transaction(readonly=True) as tx:
        newest = tx.log(1)
        entries = recent_shown(lambda k: tx.log(k, settings.acting(), start), n, viewer)
    emit = entry_printer(env, settings.json, env.width())
    if settings.json:  # a listing: one object in a batch, whatever the count (SPEC §3)
        from cli.render.log import log_json

        env.listing("log", map(log_json, entries))
    else:
        for entry in entries:
            emit(entry)
    if watcher is not None:
        follow_log(store, watcher, newest[0].id if newest else 0, settings.acting(), emit,
                   env.err, viewer)
    return None


@with_settings(*CAMPAIGN_OPTIONS)
def undo_command(
    env: Environment,
    settings: Settings,
    nth: Annotated[int, typer.Argument(help="the Nth most recent change-set")] = 1,
    id_: Annotated[int | None, typer.Option("--id", help="the log entry with this id")] = None,
) -> None:
    """Revert the acting character's most recent change-set (the campaign's when nobody acts);
    refused if its pools moved since."""
    with campaign_transaction(settings) as tx:
        storable(nth, "undo N")
        if id_ is not None:
            storable(id_, "undo --id")
        entry = tx.undo(settings.acting(), nth, id_)
        logged = tx.log(1)[0]  # the "undo" row, a §3 object like every logged LINE
    from cli.line.secret import Viewer
    from cli.store import CampaignURL, where_of

    what = entry.input
    if entry.record.secret and not Viewer.of(isinstance(where_of(settings), CampaignURL)).gm:
        what = "a secret roll"  # a file's display rule: undone, and still secret
        logged = replace(logged, record=replace(logged.record, text=f"undo {what}"))
    if settings.json:
        from cli.render.log import log_json

        env.json(log_json(logged))
        return
    lines = [shown(f"undid #{entry.id} ({entry.character or 'nobody'}): {what}")]
    if logged.record.restored is not None:
        lines.append(f"   {shown(logged.record.restored)} is back, with its pools")
    said = grouped(logged.changes, entry.system) if is_fight(logged.changes) else [
        change_line(change, entry.system) for change in logged.changes]
    lines += ["   " + shown(line) for line in said]
    # at words to a pane or terminal, as every result is (a pipe gets them as written)
    on_screen = env.columns is not None or env.stdout_isatty
    env.out(wrap_lines(lines, env.width() if on_screen else None))


def register(app: typer.Typer) -> None:
    app.add_typer(sheet_app, name="sheet")
    app.command("log")(log_command)
    app.command("undo")(undo_command)
