"""Games beyond the built-in five, found where a LINE names them: a game file (`-s ./FILE.toml`)
or the campaign's imported games (`roll game import`); each read once per process, then listed
by the registry with where it came from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cli.base.settings import Settings
from cli.store import Where
from rules.errors import UsageError
from rules.systems import SYSTEMS, System


def is_game_file(name: str) -> bool:
    """Whether `-s NAME` names a game file rather than a game (`./pbta.toml`)."""
    return name.strip().lower().endswith(".toml")


def read_game_file(path: str, origin: str = "file") -> tuple[System, str]:
    """A game file's game, read and checked (errors name the file, key and line), and its text."""
    from cli.base.argv import FRONT_WORDS
    from cli.base.input_files import read_text
    from rules.systems.gamefile.reader import read_game
    from rules.systems.gamefile.system import GameSystem

    text = read_text(Path(path), "game")
    where = "stdin" if path == "-" else Path(path).name
    return GameSystem(read_game(text, where, origin, FRONT_WORDS)), text


def from_file(name: str) -> System | None:
    """The finder of game files: `-s ./pbta.toml` plays the file without importing it."""
    if not is_game_file(name):
        return None
    path = name.strip()
    loaded = _FILES.get(path)
    if loaded is not None and SYSTEMS.origin(loaded) == "file":
        return SYSTEMS[loaded]
    game, _ = read_game_file(path)
    SYSTEMS.add(game, "file")  # asked for by its file: it plays, whatever else has its name
    _FILES[path] = game.id
    return game


_FILES: dict[str, str] = {}
"""Each game file this process read, by path, to its game's id (read once per process)."""


def look_for_games(where: Where) -> None:
    """Let the registry find games in game files and in this campaign's imported games."""
    from cli.store import campaign_exists, open_campaign
    from cli.store.games_found import watch

    if from_file not in SYSTEMS.finders:
        SYSTEMS.finders.insert(0, from_file)
    watch(where, open_campaign, campaign_exists)


def configured_game(settings: Settings) -> None:
    """The game that ROLL_SYSTEM names, or else the config file's `system`, when no `-s` comes
    before them, is a game this process can play (built-in, the campaign's, a game file:
    `look_for_games` first); else one error that says where it was named (ROLL_SYSTEM; the
    config file, its key and its line), as a `-s` typed on the line needs no saying."""
    if settings.system:
        return
    from rules.systems import get_system

    if settings.env_system:
        if settings.env_system.strip().lower() not in SYSTEMS:
            try:
                get_system(settings.env_system)
            except UsageError as exc:
                raise UsageError(f"ROLL_SYSTEM: {exc.message}") from None
        return
    configured = settings.config()
    if configured.system is None or configured.system in SYSTEMS:
        return
    try:
        get_system(configured.system)
    except UsageError as exc:
        raise configured.about("system", exc) from None


def game_topic(topic: str, where: Where) -> str:
    """A help topic, or the id of the game it names that no one listed yet (a game file, a
    game of the campaign, a package's): `roll help ./pbta.toml`, `roll help pbta`."""
    from cli.render.help_pages import LATER_TOPICS, TOPICS
    from rules.systems import get_system

    key = topic.strip().lower()
    if key in TOPICS or key in LATER_TOPICS or key in SYSTEMS:
        return topic
    look_for_games(where)
    try:
        return get_system(topic).id
    except UsageError:
        return topic  # help says there is no such topic, with its hint


@dataclass(frozen=True, slots=True)
class EveryGame:
    """What `roll systems` lists: each game that plays with where it comes from, and each one
    that can't be read (a row written by hand or by an older roll) with what is wrong."""

    games: list[tuple[System, str]]
    unreadable: list[tuple[str, str, str]]
    """(name, where it comes from, what is wrong)."""


def every_game(where: Where) -> EveryGame:
    """Every game this process can play, each with where it comes from: the built-in ones,
    the campaign's, the game files read, the packages' (their entry points read now)."""
    from importlib.metadata import entry_points

    from cli.store import campaign_exists, open_campaign
    from cli.store.games_found import campaign_game
    from rules.errors import RollError
    from rules.systems import get_system

    look_for_games(where)
    stored: dict[str, str] = {}
    try:
        if campaign_exists(where):
            store = open_campaign(where, create=False)
            try:
                with store.transaction(readonly=True) as tx:
                    stored = tx.games()
            finally:
                store.close()
    except RollError:
        pass  # a campaign that cannot be opened has no games to list: the rest still are
    unreadable = []
    for name, text in stored.items():
        try:
            if name not in SYSTEMS:
                campaign_game(name, text)
        except RollError as err:  # one bad row is named, the other games are still listed
            unreadable.append((name, "campaign", str(err)))
    for point in entry_points(group="roll_rules.systems"):
        try:
            if point.name not in SYSTEMS:
                get_system(point.name)
        except RollError as err:
            unreadable.append((point.name, "package", str(err)))
    return EveryGame([(SYSTEMS[name], SYSTEMS.origin(name)) for name in SYSTEMS], unreadable)
