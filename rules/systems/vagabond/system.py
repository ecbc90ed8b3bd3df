"""Vagabond (seed 000): d20 ≥ 20 − Stat (×2 trained), Favor/Hinder, Crits and Luck, Saves."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.campaign import Character
from rules.errors import SheetError
from rules.resolution import Change, Resolution
from rules.systems.protocol import CommandFn, Context, OddsFn, System
from rules.systems.sheet_terms import Pool, Stat
from rules.systems.vagabond.death import can_kill, dead_among, deaths, refuse_dead
from rules.systems.vagabond.names import ARMOR_RANGE, SKILLS, find_skill

if TYPE_CHECKING:  # a LINE's tree loads with its parse: the game's module (a toolbar) needs none
    from rules.exact import Odds
    from rules.notation import syntax

STATS = (
    Stat("might", "mit", 2, 7),
    Stat("dexterity", "dex", 2, 7),
    Stat("awareness", "awr", 2, 7),
    Stat("reason", "rsn", 2, 7),
    Stat("presence", "prs", 2, 7),
    Stat("luck", "luk", 2, 7),
)


def _stat(character: Character, name: str) -> int | None:
    value = character.stats.get(name)
    return value if isinstance(value, int) else None


def _hp_max(character: Character) -> int | None:
    might = _stat(character, "might")
    level = character.field("level", 1)
    return might * level if might is not None and isinstance(level, int) else None


class Vagabond(System):
    """Vagabond: Heroes roll d20 against Difficulties baked into their Stats."""

    id = "vagabond"
    title = "Vagabond"
    seed = "000"
    favor_atoms = True
    lands_on = frozenset({"hurt", "heal", "hit"})  # `hit 2d6 on Bram block`
    examples = (
        "check dex=5 trained",
        "check dex=5 trained favor hinder favor",
        "save reflex dex=5 awr=3",
        "d20+f vs 12",
        "odds check dex=7",
        "cast damage +2 sphere enlarge=1 class=wizard level=3 rsn=5",
        "odds cast damage +2 class=wizard level=3 rsn=5",
    )
    stats = STATS
    pools = (
        Pool("hp", "HP", _hp_max, "Might × Level"),
        Pool("luck", "Luck", lambda c: _stat(c, "luck"), "the Luck stat"),
        Pool("mana", "Mana", None, "from the sheet's [max] table"),
        Pool("fatigue", "Fatigue", lambda c: 5, "0–5; 5 is death"),
    )
    fields = {"level": (int, 1, 10), "armor": (int, *ARMOR_RANGE), "class": (str, None, None),
              "xp": (int, 0, None)}
    sections = frozenset({"items"})

    def extra_commands(self) -> dict[str, CommandFn]:
        # imported at the first command: a dice LINE, or the REPL's first prompt, needs none
        from rules.systems.vagabond.checks import block, check, dodge, save
        from rules.systems.vagabond.combat import attack, hit
        from rules.systems.vagabond.fluke import fluke
        from rules.systems.vagabond.items import item
        from rules.systems.vagabond.magic import cast
        from rules.systems.vagabond.party import (
            breather,
            level_up,
            shift,
            status,
            victim,
            xp,
        )

        return {
            "check": check,
            "save": save,
            "block": block,
            "dodge": dodge,
            "fluke": fluke,
            "attack": attack,
            "hit": hit,
            "cast": cast,
            "status": status,
            "breather": breather,
            "victim": victim,
            "xp": xp,
            "level": level_up,
            "shift": shift,
            "item": item,
        }

    def resolve(self, line: syntax.Line, ctx: Context) -> Resolution:
        """A LINE as every system resolves it, but a dead Hero does nothing that needs life, and
        a LINE that takes a Hero to 0 HP or 5 Fatigue marks them Dead (000:L75)."""
        import rules.notation.expr_nodes  # loaded by the LINE's parse

        if not isinstance(line, rules.notation.expr_nodes.RollLine):
            refuse_dead(ctx.table.active, line.word)
        res = super().resolve(line, ctx)
        if not can_kill(res.changes):
            return res  # the roster is read only when a change can kill (a pool change rarely)
        more, notes = deaths(res.changes, dead_among(ctx.table, res.changes))
        if not more:
            return res
        return replace(res, changes=(*res.changes, *more), notes=(*res.notes, *notes))

    def validate_sheet(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The common checks, known trained Skills; an omitted Fatigue is written down as 0 (not its
        maximum, 5)."""
        sheet = super().validate_sheet(data)
        for skill in sheet.get("skills", {}).get("trained", []):
            if find_skill(skill) is None:  # a typo would leave a Skill untrained without a word
                raise SheetError(f"sheet key 'skills.trained': '{skill}' is not a Vagabond Skill"
                                 f" ({', '.join(SKILLS)})")
        pools = dict(sheet.get("pools", {}))
        pools.setdefault("fatigue", 0)
        sheet["pools"] = pools
        from rules.systems.vagabond.items import check_items  # at import: no dice LINE needs it

        check_items(sheet)  # 000, 07: "you can't carry more than 8 + Might Item Slots"
        return sheet

    def sheet_extras(self, character: Character) -> tuple[tuple[str, Any, str], ...]:
        """The Item Slots: 8 + Might, and what the items and Fatigue fill (000, 07)."""
        from rules.systems.vagabond.items import slot_state, slots_text

        return (("item_slots", slot_state(character), slots_text(character)),)

    def odds_commands(self) -> dict[str, OddsFn]:
        from rules.systems.vagabond.odds import odds_hooks

        return odds_hooks()

    def pool_value(self, character: Character, pool: Pool) -> int:
        """An omitted pool starts at its maximum, except Fatigue, which starts at 0."""
        if pool.name == "fatigue" and not isinstance(character.pools.get("fatigue"), int):
            return 0
        return super().pool_value(character, pool)

    def rest_changes(self, character: Character) -> list[Change]:
        from rules.systems.vagabond.party import rest_changes

        return rest_changes(self, character)

    def resolve_roll(self, line: syntax.RollLine, ctx: Context) -> Resolution:
        """A dice LINE such as `d20+f vs 12`: its `f`/`h` atoms roll one net d6 at most, and a
        lone d20 showing 20 is marked as a Crit."""
        from rules.systems.vagabond.check_roll import one_aid_die

        expr, aid_note = one_aid_die(line.expr)
        res = super().resolve_roll(replace(line, expr=expr), ctx)
        if aid_note:
            res = replace(res, notes=(*res.notes, aid_note))
        d20s = [i for i, t in enumerate(res.throws) if t.die == "d20"]
        if len(d20s) != 1:
            return res
        index = d20s[0]
        crit = res.throws[index].face == 20 and res.throws[index].kept
        notes = res.notes + (("Crit: the unmodified 20",) if crit else ())
        return replace(res, crit=crit, notes=notes, extra=(*res.extra, ("check_die", index)))

    def odds(self, line: syntax.Line, ctx: Context) -> Odds:
        """Exact odds; a dice LINE's `f`/`h` atoms are netted to one d6 as when it is rolled."""
        from rules.notation.expr_nodes import RollLine

        if isinstance(line, RollLine):
            from rules.systems.vagabond.check_roll import one_aid_die

            line = replace(line, expr=one_aid_die(line.expr)[0])
        return super().odds(line, ctx)

    def completion_words(self, command: str) -> tuple[str, ...]:
        """Words the REPL offers after a command, beyond SPEC's."""
        return {
            "shift": ("new",),
            "item": ("add", "drop", "list"),
            "fluke": ("d20", "d6", "damage", "favor", "hinder"),
        }.get(command, ())

    def sheet_form(self) -> str:
        from rules.systems.vagabond.sheet_form import FORM

        return FORM

    def help_template(self) -> str:
        from rules.systems.vagabond.help import HELP
        from rules.systems.vagabond.names import title
        from rules.systems.vagabond.odds import odds_table
        from rules.systems.vagabond.vocabulary import STATUSES

        statuses = "\n".join(f"  {title(s.name)}: {s.effect}" for s in STATUSES.values())
        return HELP + statuses + "\n  (a GM's own Status: status add custom:NAME, kept as a flag"\
            " with no automatic effect; any other word is an error)\n" + odds_table()


SYSTEM = Vagabond()
