"""`roll alias …`: the campaign's named rolls (add, rm, list, export, import).

A campaign is shared by characters of every game, and `-s` may change the game of any LINE,
so an alias may shadow no command word of any system (`reserved_words()` of them all); a
sheet's `[rolls]` are checked against its own system only.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection
from pathlib import Path
from typing import Annotated, Any

import typer

from cli.base.completion import alias_name
from cli.base.environment import Environment
from cli.base.group import WholeHelpGroup
from cli.base.options import CAMPAIGN_OPTIONS, with_settings
from cli.base.safe import shown
from cli.base.settings import Settings
from cli.store.campaign_access import campaign_of, campaign_transaction
from rules.errors import UsageError

ALIAS_HELP = "Named rolls for the whole campaign: add, rm, list, export, import."
alias_app = typer.Typer(cls=WholeHelpGroup, help=ALIAS_HELP, no_args_is_help=True)
LINE_WORDS = {"allow_interspersed_args": True, "ignore_unknown_options": True}


@alias_app.callback(help=ALIAS_HELP)
@with_settings(*CAMPAIGN_OPTIONS)
def alias_options(env: Environment, settings: Settings) -> None:
    """Options given before `alias`'s own command (`roll --campaign PATH alias list`)."""


def checked(aliases: dict[str, str], stored: Collection[str] = ()) -> dict[str, str]:
    """The campaign's aliases after a change: names free in every system, no loop, not too
    deep (the `stored` ones are not parsed again)."""
    from cli.line.named import reserved
    from rules.named_rolls import check_rolls

    return check_rolls(aliases, reserved(None), stored)


@alias_app.command("add", context_settings=LINE_WORDS)
@with_settings(*CAMPAIGN_OPTIONS)
def alias_add(
    env: Environment,
    settings: Settings,
    name: Annotated[str, typer.Argument(help="one word", show_default=False)],
    words: Annotated[list[str], typer.Argument(help="the LINE it stands for", show_default=False)],
) -> None:
    """Add (or replace) a named roll: `roll alias add longsword attack melee 1d8+3`."""
    from cli.base.shell_words import line_text

    line = line_text(words).strip()
    checked({name: line})  # a bad alias creates no campaign
    with campaign_transaction(settings, create_for=env) as tx:
        # Only the rolls a chain through the new one touches are read and judged (the others
        # were judged when added), so one more costs the same among 10 or 10,000 (issue 41).
        from cli.line.named import reserved
        from rules.named_rolls import chain_reach, check_name

        key = name.strip().lower()
        for word in tx.aliases_named(reserved(None).keys()):
            check_name(word, reserved(None), stored=True)  # a stored roll a new system shadows
        touched = chain_reach(key, line, tx.aliases_named, tx.aliases_mentioning)
        before = tx.aliases_named(touched | {key})
        aliases = checked({**before, name: line}, stored=before.keys() - {name})
        replaced = tx.put_alias(key, aliases[key])
    env.out(shown(f"{'replaced' if replaced else 'added'} alias {key} → {aliases[key]}"))


@alias_app.command("rm")
@with_settings(*CAMPAIGN_OPTIONS)
def alias_rm(
    env: Environment,
    settings: Settings,
    name: Annotated[str, typer.Argument(help="the alias", click_type=alias_name())],
) -> None:
    """Remove a named roll of the campaign."""
    with campaign_transaction(settings) as tx:
        line = tx.remove_alias(name)
    env.out(shown(f"removed alias {name.strip().lower()} (it was {line})"))


@alias_app.command("list")
@with_settings(*CAMPAIGN_OPTIONS)
def alias_list(env: Environment, settings: Settings) -> None:
    """The campaign's named rolls; with somebody acting, their sheet's `[rolls]` too (which
    win over an alias of the same name)."""
    from cli.line.named import sheet_rolls

    acting = settings.acting()
    with campaign_transaction(settings, readonly=True) as tx:
        aliases = tx.aliases()
        character = tx.character(acting) if acting is not None else None
    rows: list[tuple[str, str, str | None]] = [(n, line, None) for n, line in aliases.items()]
    if character is not None:
        rows += [(n, line, character.name) for n, line in sheet_rolls(character).items()]
    if settings.json:
        env.listing("aliases", ({"name": name, "line": line, "character": owner}
                                for name, line, owner in rows))
        return
    for name, line, owner in rows:
        env.out(shown(f"{name} → {line}" + (f"  ({owner})" if owner else "")))


@alias_app.command("export")
@with_settings(*CAMPAIGN_OPTIONS)
def alias_export(env: Environment, settings: Settings) -> None:
    """Print the campaign's named rolls as TOML (`[aliases]`), for `alias import`."""
    import tomli_w

    from cli.base.safe import toml_safe

    with campaign_transaction(settings, readonly=True) as tx:
        aliases = tx.aliases()
    env.out(toml_safe(tomli_w.dumps({"aliases": aliases})), end="")


@alias_app.command("import")
@with_settings(*CAMPAIGN_OPTIONS)
def alias_import(
    env: Environment,
    settings: Settings,
    file: Annotated[str, typer.Argument(help="TOML with an [aliases] table; - is stdin")],
) -> None:
    """Add the named rolls of a TOML file's `[aliases]` (replacing those of the same names)."""
    given = _aliases_in(file)
    checked(given)  # bad aliases create no campaign
    with campaign_of(settings, create_for=env).transaction() as tx:
        before = tx.aliases()
        merged = checked({**before, **given}, stored=before.keys() - given.keys())
        for name in checked(given):
            tx.put_alias(name, merged[name])
    env.out(f"imported {len(given)} alias{'es' if len(given) != 1 else ''}")


def _aliases_in(file: str) -> dict[str, Any]:
    """The `[aliases]` table of a TOML file (or stdin)."""
    from cli.base.input_files import read_text

    text = read_text(Path(file), "aliases")
    try:
        data = tomllib.loads(text)
    except ValueError as exc:  # a TOMLDecodeError, or int() refusing 4,300+ digits
        raise UsageError(f"{file}: broken TOML: {exc}") from None
    except RecursionError:
        raise UsageError(f"{file}: broken TOML: arrays or tables nested too deep") from None
    aliases = data.get("aliases")
    if not isinstance(aliases, dict) or set(data) != {"aliases"}:
        raise UsageError(f"{file}: expected one [aliases] table of NAME = \"LINE\"")
    return aliases


def register(app: typer.Typer) -> None:
    app.add_typer(alias_app, name="alias")
