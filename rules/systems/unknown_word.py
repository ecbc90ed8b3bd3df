"""The error of a word a game lacks: its own spelling of another tool's word, the games that
have it, the nearest word; loaded only when a LINE's word is unknown."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from rules.errors import Do, Hint, Part, UsageError

if TYPE_CHECKING:
    from rules.campaign import Character
    from rules.notation.command_nodes import CommandLine


def unknown_command(game: str, games: Mapping[str, Collection[str]], line: CommandLine,
                    active: Character | None = None) -> UsageError:
    """A word the game `game` lacks (`games`: every game's command words, by id); the hint
    names the games that have it, but suggests `-s` only when no character acts (a character
    plays one game: issue 14)."""
    commands = games[game]
    owners = [g for g, words in games.items() if line.word in words]
    from rules.did_you_mean import GAME_NAMES, command_habit

    ours = command_habit(game, line.word)
    if ours is not None:  # the game's own word first, before another game's system
        spelled = " ".join([ours, *map(str, line.args)])
        return UsageError(f"{GAME_NAMES[game]} calls it {ours}: {spelled}", hint=spelled)
    elsewhere = None if owners else _no_command(line, commands)
    if elsewhere is not None:
        return elsewhere
    if owners and active is not None:
        known = ", ".join(sorted(commands))
        return UsageError(
            f"'{line.word}' is a {' / '.join(owners)} command, and {active.name} is a"
            f" {active.system} character ({game} commands: {known})"
        )
    if owners:
        return UsageError((f"'{line.word}' is a {' / '.join(owners)} command; ",
                           Hint(Do.CHOOSE_SYSTEM, owners[0])))
    from rules.did_you_mean import closest

    near = closest(line.word, sorted(commands))
    if near is not None:
        return UsageError(f"unknown word '{line.word}': not dice, nor a {game} command"
                          f" (did you mean '{near}'?)")
    theirs = sorted({c for words in games.values() for c in words})
    near = closest(line.word, theirs)
    if near is not None:
        owners = [g for g, words in games.items() if near in words]
        how: Part = Hint(Do.CHOOSE_SYSTEM, owners[0]) if active is None else (
            f"{active.name} is a {active.system} character")
        return UsageError((f"unknown word '{line.word}': did you mean '{near}'? (a"
                           f" {' / '.join(owners)} command; ", how, ")"))
    known = ", ".join(sorted(commands))
    return UsageError(f"unknown word '{line.word}': not dice, nor a {game} command ({known})")


def _no_command(line: CommandLine, commands: Collection[str]) -> UsageError | None:
    """A word no game has that means something elsewhere: a word of the REPL's prompt (here is
    a batch or a shell), a bot's word alone, a question about roll itself (`version`), another
    tool's words for running a fight (`end turn`, `start combat`, `init next`), a repeat
    with its x first (`x6 4d6kh3`); else None."""
    from rules.did_you_mean import fight_habit, other_place, repeat_first, repl_word_here
    from rules.notation.bot import alone

    fight = fight_habit(line.word, [str(a) for a in line.args], commands)
    if fight is not None:
        return UsageError(fight[0], hint=fight[1])

    outside = repl_word_here(line.word, str(line.args[0]) if line.args else "")
    if outside is not None:  # the REPL reads its words before any LINE
        return UsageError(outside[0], hint=outside[1])
    if not line.args and alone(line.word) is not None:
        return UsageError(str(alone(line.word)))
    asks = None if line.args else other_place(line.word)
    if asks is not None:  # `roll version`, `roll sheets`
        return UsageError(asks[0], hint=asks[1])
    typed = line.shown.split(None, 1)  # the LINE as typed: its dice as they were written
    repeat = repeat_first(line.word, typed[1] if len(typed) == 2 and line.args else "")
    return None if repeat is None else UsageError(repeat[0], hint=repeat[1])
