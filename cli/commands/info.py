"""`roll systems` and `roll help [TOPIC]`: what roll knows, without a campaign."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.base.completion import help_topic
from cli.base.environment import Environment
from cli.base.options import with_settings
from cli.base.settings import Settings


@with_settings("json")
def systems_command(env: Environment, settings: Settings) -> None:
    """List the game systems."""
    from rules.systems import SYSTEMS

    if settings.json:  # one answer, the same from a shell and from a batch line (SPEC §3)
        items = [{"id": s.id, "title": s.title, "seed": s.seed} for s in SYSTEMS.values()]
        env.json({"input": "systems", "kind": "systems", "items": items})
        return
    for system in SYSTEMS.values():
        seed = f" ({system.seed})" if system.seed else ""
        env.out(f"{system.id:<10} {system.title}{seed}")  # fits a 40-column pane


@with_settings("system", "json")
def help_command(
    env: Environment,
    settings: Settings,
    topic: Annotated[str | None, typer.Argument(click_type=help_topic())] = None,
) -> None:
    """Help on a TOPIC: notation, or a system id (`roll -s tiers help` is `roll help tiers`)."""
    from cli.render.help_pages import help_text

    chosen = topic if topic is not None else settings.system
    text = help_text(chosen)
    if settings.json:  # the text unwrapped: a script's reader wraps it
        env.json({"input": "help" if topic is None else f"help {topic}", "kind": "help",
                  "topic": None if chosen is None else chosen.strip().lower(), "text": text})
        return
    from cli.render.layout import reflow

    env.out(reflow(text, env.width()))


def register(app: typer.Typer) -> None:
    app.command("systems")(systems_command)
    app.command("help")(help_command)
