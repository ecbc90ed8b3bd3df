"""`roll table …`: rollable tables (import, list, rm, export), and `roll table NAME` rolls one."""

from __future__ import annotations

from typing import Annotated

import click
import typer
from click.shell_completion import CompletionItem

from cli.base.completion import table_name
from cli.base.environment import Environment
from cli.base.group import WholeHelpGroup
from cli.base.options import CAMPAIGN_OPTIONS, with_settings
from cli.base.safe import shown
from cli.base.settings import Settings
from cli.line.runner import Runner, worst
from cli.store.campaign_access import campaign_of, campaign_transaction
from rules.errors import UsageError

TABLE_HELP = "Rollable tables: roll table NAME (or FILE); import, list, rm, export."
ROLL = "_roll"
"""The hidden command `roll table NAME` runs (no table is called this: names start with a letter)."""
ROLL_OPTIONS = (*CAMPAIGN_OPTIONS, "seed", "rolled", "times", "quiet")


class TableGroup(WholeHelpGroup):
    """`roll table NAME`: a first word that is none of the group's commands names a table."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return ROLL, self.commands[ROLL], args
        return super().resolve_command(ctx, args)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        """The group's commands, then the campaign's tables (`roll table en<Tab>`)."""
        tables = table_name().shell_complete(ctx, self.commands[ROLL].params[0], incomplete)
        return [*super().shell_complete(ctx, incomplete), *tables]


table_app = typer.Typer(cls=TableGroup, help=TABLE_HELP, no_args_is_help=True,
                        subcommand_metavar="NAME | FILE | COMMAND [ARGS]...")


@table_app.callback(help=TABLE_HELP)
@with_settings(*ROLL_OPTIONS)
def table_options(env: Environment, settings: Settings) -> None:
    """Options given before `table`'s own command (`roll --json table encounters`)."""


@table_app.command(ROLL, hidden=True)
@with_settings(*ROLL_OPTIONS)
def table_roll_command(
    env: Environment,
    settings: Settings,
    target: Annotated[str, typer.Argument(help="a table's name, or a file",
                                          click_type=table_name())],
) -> int:
    """Roll on a table: prints the row, its inline rolls and nested tables done."""
    from cli.line.table_rolls import run_table

    runner = Runner(settings, env, one_shot=True)
    return worst(run_table(runner, target), runner.finish())


@table_app.command("import")
@with_settings(*CAMPAIGN_OPTIONS)
def table_import(
    env: Environment,
    settings: Settings,
    file: Annotated[str, typer.Argument(help="FILE.toml or FILE.csv; - is stdin")],
    name: Annotated[str | None, typer.Option("--name", help="the table's name")] = None,
) -> None:
    """Add (or replace) a table; a bad table is an error naming the row."""
    from cli.line.table_rolls import check_table_name, read_table

    table = check_table_name(read_table(file, name=name))
    with campaign_of(settings, create_for=env).transaction() as tx:
        replaced = tx.put_table(table.name, table.to_data())
        missing = sorted(ref for ref in table.references()
                         if ref != table.name and tx.table_data(ref) is None)
    rows = len(table.rows)
    env.out(f"{'replaced' if replaced else 'imported'} table {shown(table.name)}"
            f" ({table.die}, {rows} row{'s' if rows != 1 else ''})")
    for ref in missing:
        env.out(f"note: it rolls on table '{shown(ref)}', not in this campaign yet")


@table_app.command("list")
@with_settings(*CAMPAIGN_OPTIONS)
def table_list(env: Environment, settings: Settings) -> None:
    """The campaign's tables: name, die, rows, title."""
    with campaign_transaction(settings, readonly=True) as tx:
        tables = tx.tables()
    listed = []
    for name, data in tables.items():
        rows = data.get("rows", [])
        die = data.get("roll") or f"d{sum(int(r.get('weight', 1)) for r in rows)}"
        listed.append((name, die, len(rows), str(data.get("title", ""))))
    if settings.json:
        env.listing("tables", ({"name": name, "roll": die, "rows": rows, "title": title or None}
                               for name, die, rows, title in listed))
        return
    for name, die, rows, title in listed:
        env.out(shown(f"{name} · {die} · {rows} rows" + (f" · {title}" if title else "")))


@table_app.command("rm")
@with_settings(*CAMPAIGN_OPTIONS)
def table_rm(
    env: Environment,
    settings: Settings,
    name: Annotated[str, typer.Argument(help="the table", click_type=table_name())],
) -> None:
    """Remove a table from the campaign."""
    with campaign_transaction(settings) as tx:
        tx.remove_table(name)
    env.out(f"removed table {shown(name.strip().lower())}")


@table_app.command("export")
@with_settings(*CAMPAIGN_OPTIONS)
def table_export(
    env: Environment,
    settings: Settings,
    name: Annotated[str, typer.Argument(help="the table", click_type=table_name())],
) -> None:
    """Print a table as TOML (re-imports to the same table)."""
    import tomli_w

    from cli.base.safe import toml_safe
    from cli.line.table_rolls import Tables

    tables = Tables(Runner(settings, env))
    with tables.reading(needed=True):
        table = tables.lookup(name.strip().lower())
    if table is None:
        raise UsageError(f"no table named {name!r} in this campaign")
    env.out(toml_safe(tomli_w.dumps(table.to_data())), end="")


def register(app: typer.Typer) -> None:
    app.add_typer(table_app, name="table")
