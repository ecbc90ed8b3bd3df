"""Shell completion through Click: what each parameter completes, and the scripts Click writes.

A shell calls `roll` back at Tab time with `_ROLL_COMPLETE=bash_complete` (zsh_complete,
fish_complete); Click parses the words typed so far and asks the parameter under the cursor.
What a Tab reads beyond the words typed (the campaign's names, rolls and tables, a LINE's next
words: the REPL's own `suggest_line`) comes from a `TabWords` the start-up hands in as the
completion's context object (cli/entry/tab_words.py), since what reads them sits above this
layer; everything heavier is imported only when a Tab asks for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable

import click
from click.shell_completion import (
    BashComplete,
    CompletionItem,
    FishComplete,
    ShellComplete,
    ZshComplete,
)

from cli.base.argv import COMPLETE_VAR

SHELL_NAMES = ("bash", "zsh", "fish")
_BASH_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,/:@%^")


def given_at_tab(ctx: click.Context, name: str) -> Any:
    """An option typed so far, on this command or the one before it (`roll --as X sheet show`)."""
    at: click.Context | None = ctx
    while at is not None:
        if at.params.get(name) is not None:
            return at.params[name]
        at = at.parent
    return None


class Suggested(Protocol):
    """One completion of a LINE: `text` replaces the last `-start` characters before the cursor."""

    @property
    def text(self) -> str: ...
    @property
    def start(self) -> int: ...


@runtime_checkable
class TabWords(Protocol):
    """What a Tab completes from, as the options typed so far see the campaign: its characters'
    `names`, its named `rolls`, its `tables`, its imported `games`, and a LINE's `next_words`
    after `typed`."""

    def names(self, ctx: click.Context) -> Iterable[str]: ...
    def rolls(self, ctx: click.Context) -> Iterable[str]: ...
    def tables(self, ctx: click.Context) -> Iterable[str]: ...
    def games(self, ctx: click.Context) -> Iterable[str]: ...
    def next_words(self, typed: str, ctx: click.Context) -> Iterable[Suggested]: ...


def _tab_words(ctx: click.Context) -> TabWords | None:
    """The TabWords the start-up handed in (none outside a Tab: nothing to complete from)."""
    return ctx.obj if isinstance(ctx.obj, TabWords) else None


def _campaign_words(kind: str) -> Callable[[click.Context], Iterable[str]]:
    def words(ctx: click.Context) -> Iterable[str]:
        tab = _tab_words(ctx)
        return () if tab is None else getattr(tab, kind)(ctx)  # names, rolls, tables or games

    return words


def _starting(words: list[str], incomplete: str) -> list[CompletionItem]:
    low = incomplete.lower()
    return [CompletionItem(w) for w in words if w.lower().startswith(low)]


class Completing(click.ParamType[str, str]):
    """A text parameter whose values a shell can complete; the value itself is taken as typed."""

    def __init__(self, metavar: str, words: Callable[[click.Context], Iterable[str]]) -> None:
        self.name = metavar
        self.words = words

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        return value

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        try:
            return _starting(list(self.words(ctx)), incomplete)
        except Exception:  # a Tab never prints an error: a damaged campaign completes nothing
            return []


def _system_ids(ctx: click.Context) -> list[str]:
    """The games listed (the built-in ones), then the campaign's imported ones."""
    from rules.systems import SYSTEMS

    listed = list(SYSTEMS)
    try:
        imported = list(_campaign_words("games")(ctx))
    except Exception:  # a damaged campaign still completes the built-in games
        imported = []
    return listed + [name for name in imported if name not in listed]


def system_name() -> Completing:
    """A game system's id: a built-in game or one the campaign imported."""
    return Completing("name", _system_ids)


def imported_game() -> Completing:
    """A game the campaign imported (`roll game export|rm NAME`)."""
    return Completing("name", _campaign_words("games"))


def character_name() -> Completing:
    """A character of the campaign (read at Tab time; a missing campaign is not created)."""
    return Completing("name", _campaign_words("names"))


def help_topic() -> Completing:
    """A help topic: the notation, tables, or a system."""
    return Completing("topic", lambda ctx: ["notation", "tables", *_system_ids(ctx),
                                            "encounter"])


def alias_name() -> Completing:
    """A named roll of the campaign (or of the acting character's sheet)."""
    return Completing("name", _campaign_words("rolls"))


def table_name() -> Completing:
    """A rollable table of the campaign."""
    return Completing("table", _campaign_words("tables"))


def shell_name() -> Completing:
    """A shell Click writes a completion script for."""
    return Completing("shell", lambda ctx: SHELL_NAMES)


class LineWord(Completing):
    """A word of a LINE: the REPL's `suggest_line` finishes the last one (a space: it is done)."""

    def __init__(self, first_words: tuple[str, ...] = ()) -> None:
        super().__init__("line", lambda ctx: ())
        self.first_words = first_words  # what may also start it: the subcommands, at the root

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        from cli.base.shell_words import completed_text

        before = [str(w) for w in ctx.params.get(param.name or "", None) or ()]
        typed = completed_text([*before, ""]) + incomplete
        tab = _tab_words(ctx)
        try:
            found = list(tab.next_words(typed, ctx)) if tab is not None else []
        except Exception:
            return []
        words = []
        for s in found:
            if -s.start <= len(incomplete):
                words.append(CompletionItem(incomplete[: len(incomplete) + s.start] + s.text))
                continue
            # a name begun in earlier words (`attack Old T`): a shell replaces only the word
            # under Tab, so it is offered the rest of the name
            earlier = typed[len(typed) + s.start : len(typed) - len(incomplete)]
            if s.text.lower().startswith(earlier.lower()):
                words.append(CompletionItem(s.text[len(earlier):]))
        if not before:
            words += [CompletionItem(w + " ") for w in self.first_words if w.startswith(incomplete)]
        return words


def bash_word(value: str) -> str:
    """`"Old Tom" ` → `\\"Old\\ Tom\\" `: shell text for a word, a finishing space kept bare."""
    body = value.rstrip(" ")
    quoted = "".join(ch if ch in _BASH_SAFE else "\\" + ch for ch in body)
    return quoted + value[len(body) :]


def on_screen(item: CompletionItem, finished: bool = True) -> CompletionItem:
    """A completion as a shell's menu shows it: a name's control, C1 and bidi characters made
    visible (cli/base/safe.py), as every other output shows data, since the shell prints the
    menu on the terminal; `finished` False drops the finishing space the shell adds itself."""
    from cli.base.safe import shown

    value = item.value if finished else item.value.rstrip(" ")
    body = value.rstrip(" ")
    return CompletionItem(shown(body) + value[len(body):], item.type,
                          help=None if item.help is None else shown(item.help))


class RollBash(BashComplete):
    """Click's bash completion, its words quoted for the shell (names with spaces)."""

    def format_completion(self, item: CompletionItem) -> str:
        # Click's script reads each line with `read` (which eats one level of backslashes)
        value = bash_word(on_screen(item).value)
        return f"{item.type},{value.replace(chr(92), chr(92) * 2)}"


class RollZsh(ZshComplete):
    """Click's zsh completion; zsh quotes the words and adds the finishing space itself."""

    def format_completion(self, item: CompletionItem) -> str:
        return super().format_completion(on_screen(item, finished=False))


class RollFish(FishComplete):
    """Click's fish completion; fish adds the finishing space itself."""

    def format_completion(self, item: CompletionItem) -> str:
        return super().format_completion(on_screen(item, finished=False))


SHELLS: dict[str, type[ShellComplete]] = {
    "bash": RollBash, "zsh": RollZsh, "fish": RollFish,
}  # fmt: skip


def typed_words(instruction: str) -> list[str]:
    """The words before the cursor of a Tab (`_ROLL_COMPLETE`'s value says which shell's
    variables hold them), as the shell's Click class reads them; [] for a script's request."""
    shell, _, asked = instruction.partition("_")
    flavour = SHELLS.get(shell)
    if flavour is None or asked != "complete":
        return []
    return flavour(click.Command("roll"), {}, "roll", COMPLETE_VAR).get_completion_args()[0]


def answer(command: click.Command, instruction: str, tab: TabWords) -> int:
    """A shell's call back at Tab time: `instruction` is `_ROLL_COMPLETE`'s value, SHELL_complete
    (the words for the line in COMP_WORDS / COMP_CWORD) or SHELL_source (the script), as
    Click's protocol has it; through Click's public ShellComplete classes (roll's flavour of
    each), with `tab` what the words are completed from. The status: 0, or 1 for a shell or
    instruction Click's protocol does not know."""
    shell, _, asked = instruction.partition("_")
    flavour = SHELLS.get(shell)
    if flavour is None or asked not in ("complete", "source"):
        return 1
    completing = flavour(command, {"obj": tab}, "roll", COMPLETE_VAR)
    click.echo(completing.complete() if asked == "complete" else completing.source())
    return 0


def script(command: click.Command, shell: str) -> str:
    """The completion script Click generates for `roll` in `shell`."""
    return SHELLS[shell](command, {}, "roll", COMPLETE_VAR).source()
