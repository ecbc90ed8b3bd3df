"""`roll systems` and `roll help [TOPIC]`: what roll knows, without a campaign."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.completion import help_topic
from cli.env import Environment
from cli.options import JsonOpt, fail, with_settings
from cli.runner import Settings
from rules.errors import RollError


def systems_command(json: JsonOpt = False) -> None:
    """List the game systems."""
    from rules.systems import SYSTEMS

    for system in SYSTEMS.values():
        if json:
            import json as jsonlib

            typer.echo(jsonlib.dumps({"id": system.id, "title": system.title, "seed": system.seed}))
        else:
            seed = f" ({system.seed})" if system.seed else ""
            typer.echo(f"{system.id:<10} {system.title}{seed}")  # fits a 40-column pane


@with_settings("system")
def help_command(
    settings: Settings,
    topic: Annotated[str | None, typer.Argument(click_type=help_topic())] = None,
) -> None:
    """Help on a TOPIC: notation, or a system id (`roll -s tiers help` is `roll help tiers`)."""
    from cli.help import help_text
    from cli.render.layout import output_width, reflow

    try:
        typer.echo(reflow(help_text(topic if topic is not None else settings.system),
                          output_width()))
    except RollError as error:
        fail(Environment(), error)


def register(app: typer.Typer) -> None:
    app.command("systems")(systems_command)
    app.command("help")(help_command)
