"""A LINE whose faces a person types (`physical on` in the REPL): read, then ask for the faces,
then write in a short transaction of its own whose `before` checks refuse anything changed
meanwhile (a person's time is never spent holding the campaign's write lock)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cli.line.plan import LineRun, needs_campaign, nobody, pick_system, repeats
from rules.dice.budget import Budget
from rules.dice.evaluate import Roller
from rules.errors import RollError
from rules.notation import ast
from rules.resolution import Resolution

if TYPE_CHECKING:
    from cli.line.resolving import Resolver


def typed(resolver: Resolver, text: str, line: ast.Line | RollError, run: LineRun
          ) -> list[Resolution]:
    """Every repeat of the LINE, each read, typed and written in turn."""
    with resolver.reading() as tx:
        acting, _, _, named, text, single = resolver.read_in(tx, text, line, run)
    single, times = repeats(single, run.settings)
    budget = Budget()
    if not needs_campaign(single, acting, run.secret):
        system = pick_system(run.settings, None)
        return [resolver.resolved(system, nobody(), single, text, i == times - 1, budget, run,
                                  named) for i in range(times)]
    turn = run if acting is None or acting == run.acting() else LineRun(
        replace(run.settings, character=acting), run.source, run.secret)
    results = []
    for i in range(times):
        with resolver.reading() as tx:
            table, system = resolver.table_and_system(tx, text, single, turn)
            table = table.materialized()  # compared with the campaign after the faces
        res = resolver.judged(system, table, single, text, Roller(run.source, budget), named)
        resolver.check_faces(i == times - 1, run)
        if table.active is not None or res.changes or run.secret:
            with resolver.campaign().transaction() as tx:
                now, system = resolver.table_and_system(tx, text, single, turn)
                from cli.render.meanwhile import meanwhile, moved

                if moved(table, now):  # the faces stay; the LINE reads the new state
                    for line_text in meanwhile(table, now, system):
                        resolver.out(line_text)
                    getattr(run.source, "replay", lambda: None)()
                    res = resolver.judged(system, now, single, text, Roller(run.source, budget), named)
                resolver.record(tx, res, run.secret, run.physical)
        results.append(res)
    return results
