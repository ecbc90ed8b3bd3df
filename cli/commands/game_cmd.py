"""`roll game …`: the campaign's own games, from game files (import, list, export, rm)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from cli.base.completion import imported_game
from cli.base.environment import Environment
from cli.base.group import WholeHelpGroup
from cli.base.options import CAMPAIGN_OPTIONS, with_settings
from cli.base.safe import shown
from cli.base.settings import Settings
from cli.store.campaign_access import campaign_of, campaign_transaction
from rules.errors import RollError, RuleError, UsageError

GAME_HELP = "Your own games, kept in the campaign: import FILE.toml, list, export, rm."
game_app = typer.Typer(cls=WholeHelpGroup, help=GAME_HELP, no_args_is_help=True)


@game_app.callback(help=GAME_HELP)
@with_settings(*CAMPAIGN_OPTIONS)
def game_options(env: Environment, settings: Settings) -> None:
    """Options given before `game`'s own command (`roll --json game list`)."""


@game_app.command("import")
@with_settings(*CAMPAIGN_OPTIONS)
def game_import(
    env: Environment,
    settings: Settings,
    file: Annotated[str, typer.Argument(help="a game file, FILE.toml; - is stdin")],
) -> None:
    """Add (or replace) a game; a bad file is one error naming its key and line."""
    from cli.line.games import read_game_file

    game, text = read_game_file(file, origin="campaign")
    with campaign_of(settings, create_for=env).transaction() as tx:
        replaced = tx.put_game(game.id, text)
    commands = ", ".join(game.extra_commands())
    verb = "replaced" if replaced else "imported"
    if settings.json:
        env.json({"input": f"game import {file}", "kind": "game", "name": game.id,
                  "title": game.title, "replaced": replaced, "commands": list(game.extra_commands())})
        return
    env.out(shown(f"{verb} game {game.id} ({game.title}): {commands}"))
    env.out(f"play it with -s {game.id}; roll help {game.id} says how")


@game_app.command("list")
@with_settings(*CAMPAIGN_OPTIONS)
def game_list(env: Environment, settings: Settings) -> None:
    """The campaign's games: name, title, commands."""
    from rules.systems.gamefile.reader import read_game

    with campaign_transaction(settings, readonly=True) as tx:
        games = tx.games()
    items: list[dict[str, Any]] = []
    for name, text in games.items():
        try:
            game = read_game(text, f"game {name}", "campaign")
        except RollError as err:  # a row written by hand or by an older roll: named, not fatal
            items.append({"name": name, "error": str(err)})
            continue
        items.append({"name": name, "title": game.title,
                      "commands": [c.word for c in game.commands]})
    if settings.json:  # one object whatever the count (SPEC §3)
        env.json({"input": "game list", "kind": "games", "items": items})
        return
    if not items:
        env.out("no games yet (roll game import FILE.toml adds one)")
    for item in items:
        said = (f"can't be read: {item['error']}" if "error" in item
                else f"{item['title']} · {', '.join(item['commands'])}")
        env.out(shown(f"{item['name']} · {said}"))


@game_app.command("export")
@with_settings(*CAMPAIGN_OPTIONS)
def game_export(
    env: Environment,
    settings: Settings,
    name: Annotated[str, typer.Argument(help="the game", click_type=imported_game())],
) -> None:
    """Print a game's file as imported (it re-imports to the same game)."""
    from cli.base.safe import toml_safe

    with campaign_transaction(settings, readonly=True) as tx:
        stored = tx.game_row_name(name)
        text = None if stored is None else tx.game_text(stored)
        known = tx.game_names() if text is None else []
    if text is None:
        raise UsageError(f"no game named {name!r} in this campaign (known:"
                         f" {', '.join(known) or 'none yet'})")
    if settings.json:
        env.json({"input": f"game export {name}", "kind": "game", "name": stored,
                  "text": text})
        return
    env.out(toml_safe(text), end="" if text.endswith("\n") else "\n")


@game_app.command("rm")
@with_settings(*CAMPAIGN_OPTIONS)
def game_rm(
    env: Environment,
    settings: Settings,
    name: Annotated[str, typer.Argument(help="the game", click_type=imported_game())],
) -> None:
    """Remove a game from the campaign (refused while a character plays it)."""
    with campaign_transaction(settings) as tx:
        key = tx.game_row_name(name) or name.strip()  # the row as stored: `Old` planted by hand
        players = [who for who, system in tx.roster() if system in (key, key.lower())]
        if players:
            raise RuleError(f"{', '.join(players)} play{'s' if len(players) == 1 else ''}"
                            f" {shown(key)}: remove or move them first (roll sheet rm NAME)")
        key = tx.remove_game(key)
    from rules.systems import SYSTEMS

    if SYSTEMS.origin(key.lower()) == "campaign":  # listed by the id its file gives
        SYSTEMS.drop(key.lower())  # a REPL that removed it plays it no more
    if settings.json:
        env.json({"input": f"game rm {name}", "kind": "game", "name": key, "removed": True})
        return
    env.out(f"removed game {shown(key)}")


def register(app: typer.Typer) -> None:
    app.add_typer(game_app, name="game")
