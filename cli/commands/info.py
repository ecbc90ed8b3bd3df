"""`roll systems` and `roll help [TOPIC]`: what roll knows, without a campaign."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.base.completion import help_topic
from cli.base.environment import Environment
from cli.base.options import with_settings
from cli.base.settings import Settings


@with_settings("campaign", "json")
def systems_command(env: Environment, settings: Settings) -> None:
    """List the game systems and where each comes from (built-in, campaign, file, package)."""
    from cli.base.safe import shown
    from cli.line.games import every_game
    from cli.store.where import where_of

    listed = every_game(where_of(settings))
    if settings.json:  # one answer, the same from a shell and from a batch line (SPEC §3)
        items: list[dict[str, str]] = [
            {"id": s.id, "title": s.title, "seed": s.seed, "origin": origin}
            for s, origin in listed.games]
        items += [{"id": name, "title": "", "seed": "", "origin": origin, "error": wrong}
                  for name, origin, wrong in listed.unreadable]
        env.json({"input": "systems", "kind": "systems", "items": items})
        return
    for system, origin in listed.games:
        seed = f" ({system.seed})" if system.seed else ""
        came = "" if origin == "built-in" else f" · {origin}"
        env.out(shown(f"{system.id:<10} {system.title}{seed}{came}"))  # fits a 40-column pane
    for name, origin, wrong in listed.unreadable:
        env.out(shown(f"{name:<10} can't be read · {origin}: {wrong}"))


@with_settings("campaign", "system", "json")
def help_command(
    env: Environment,
    settings: Settings,
    topic: Annotated[str | None, typer.Argument(
        help="a topic (notation, sheets, config, …) or a game; none: the topics and commands",
        click_type=help_topic())] = None,
) -> None:
    """Help on a TOPIC: notation, or a system id (`roll -s tiers help` is `roll help tiers`)."""
    from cli.render.help_pages import help_text

    chosen = topic if topic is not None else settings.system
    if chosen is not None:
        from cli.line.games import game_topic
        from cli.store.where import where_of

        chosen = game_topic(chosen, where_of(settings))
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
