"""`roll fair` and `roll luck`: the log's dice tested against fair dice, and each
character's results against their LINEs' exact odds (rules/trust/)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.base.environment import Environment
from cli.base.options import CAMPAIGN_OPTIONS, with_settings
from cli.base.settings import Settings
from cli.store.campaign_access import campaign_transaction
from rules.campaign import LogEntry
from rules.errors import RollError, UsageError
from rules.record import LINE
from rules.trust.fair import DRAWN, PHYSICAL, FaceTest, face_test, sides_of
from rules.trust.luck import Luck, luck_of

if TYPE_CHECKING:
    from cli.store import CampaignView

SINCE_HELP = "30m, 2h, 1d or an ISO time: this session's rolls only"


def _start(since: str | None) -> str | None:
    from cli.render.log import since_time

    return None if since is None else since_time(since, datetime.now(UTC))


def faces_by_die(entries: Sequence[LogEntry], only: int | None = None
                 ) -> dict[tuple[int, str], list[int]]:
    """Every numbered die the LINEs threw, by (sides, physical or drawn), in log order."""
    out: dict[tuple[int, str], list[int]] = defaultdict(list)
    for entry in entries:
        if entry.record.act != LINE:
            continue  # a reveal, an undo, a marker: no dice of their own
        source = PHYSICAL if entry.record.physical else DRAWN
        for die in entry.record.dice:
            sides = sides_of(die.die)
            if sides is not None and (only is None or sides == only):
                out[(sides, source)].append(die.face)
    return out


def fair_tests(entries: Sequence[LogEntry], only: int | None = None) -> list[FaceTest]:
    """A test per die size and source, the smaller dice first, the physical before the drawn."""
    faces = faces_by_die(entries, only)
    return [face_test(f"d{sides}", source, faces[(sides, source)])
            for sides, source in sorted(faces, key=lambda k: (k[0], k[1] != PHYSICAL))]


def fair_json(test: FaceTest) -> dict[str, Any]:
    """One die's test as SPEC §11's `roll fair --json` lists it."""
    return {"die": test.die, "source": test.source, "rolls": test.rolls,
            "counts": {str(face): n for face, n in enumerate(test.counts, start=1)},
            "chi2": test.chi2, "df": test.df, "p": test.p, "verdict": test.verdict}


@with_settings(*CAMPAIGN_OPTIONS)
def fair_command(
    env: Environment,
    settings: Settings,
    die: Annotated[str | None, typer.Argument(
        help="one die size (d6, d20); every size when left out", metavar="[dN]")] = None,
    since: Annotated[str | None, typer.Option("--since", help=SINCE_HELP)] = None,
) -> None:
    """Are the dice fair? Each die size's faces in the log (--as NAME: that character's),
    physical apart from drawn, with a chi-square test and its verdict in words."""
    only = None
    if die is not None:
        only = sides_of(die.strip().lower())
        if only is None:
            raise UsageError(f"fair takes a numbered die such as d20, not {die!r}")
    start = _start(since)
    with campaign_transaction(settings, readonly=True) as tx:
        entries = tx.history((), settings.acting(), start)
    tests = fair_tests(entries, only)
    if settings.json:
        env.json({"kind": "fair", "dice": [fair_json(t) for t in tests]})
        return
    from cli.render.trust_text import fair_lines

    env.out("\n".join(fair_lines(tests, env.width())))


def priced(tx: CampaignView, name: str, system_id: str, text: str) -> dict[int, Fraction] | None:
    """The exact distribution of a character's logged LINE, read against their sheet as it is
    now; None where it has none (a pool command, a reroll, a character gone)."""
    from rules.dice.evaluate import Roller
    from rules.dice.source import RandomSource
    from rules.notation import parse
    from rules.systems import Context, get_system

    try:
        line = parse(text)
        if line.repeat != 1:
            return None
        system = get_system(system_id)
        table = tx.table(name)
        odds = system.odds(line, Context(system, table, Roller(RandomSource(0)), text))
    except (RollError, ValueError, KeyError):
        return None
    return dict(odds.distribution)


def luck_table(tx: CampaignView, entries: Sequence[LogEntry]) -> list[Luck]:
    """Each character's luck over the LINEs of theirs that have a total and exact odds; each
    distinct LINE priced once."""
    lines: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for entry in entries:
        record = entry.record
        if record.act == LINE and record.character and record.total is not None:
            lines[(record.character, record.system, record.expanded or record.input)].append(
                record.total)
    results: dict[str, list[tuple[dict[int, Fraction], int]]] = defaultdict(list)
    for (name, system_id, text), totals in lines.items():
        distribution = priced(tx, name, system_id, text)
        if distribution is not None:
            results[name] += [(distribution, total) for total in totals]
    return [luck_of(name, results[name]) for name in sorted(results, key=str.lower)]


@with_settings(*CAMPAIGN_OPTIONS)
def luck_command(
    env: Environment,
    settings: Settings,
    since: Annotated[str | None, typer.Option("--since", help=SINCE_HELP)] = None,
) -> None:
    """Who rolls above their odds: each character's mean percentile of their results against
    each LINE's exact distribution, with the p-value of fair dice landing that far from 50."""
    start = _start(since)
    with campaign_transaction(settings, readonly=True) as tx:
        lucks = luck_table(tx, tx.history((), settings.acting(), start))
    if settings.json:
        env.json({"kind": "luck", "characters": [luck.to_json() for luck in lucks]})
        return
    from cli.render.trust_text import luck_lines

    env.out("\n".join(luck_lines(lucks, env.width())))


def register(app: typer.Typer) -> None:
    app.command("fair")(fair_command)
    app.command("luck")(luck_command)
