"""The REPL's pure parts: suggest(), the Completer on a Document, lexer, validator, toolbar."""

from __future__ import annotations

from typing import Any

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cli.render.layout import reflow as fit
from cli.repl.completer import RollCompleter
from cli.repl.lexer import marked, tokens
from cli.repl.next_words import Suggestion, suggest
from cli.repl.physical import PhysicalSource, faces_text, read_face
from cli.repl.toolbar import toolbar_text, wrap
from cli.repl.validator import Problem, problem
from cli.repl.view import TableView
from rules.campaign import Character
from rules.errors import ScriptError
from rules.notation.syntax import Die, std_die
from rules.systems import get_system

MIRA: dict[str, Any] = {
    "name": "Mira", "system": "vagabond", "level": 2,
    "stats": {"might": 4, "dexterity": 5, "awareness": 3, "reason": 3, "presence": 3, "luck": 3},
    "skills": {"trained": ["finesse"]}, "max": {"mana": 6}, "pools": {"luck": 2},
    "risk": {"torches": "Δ6"}, "flags": ["vulnerable"],
}  # fmt: skip


def view(system: str = "vagabond", acting: bool = True) -> TableView:
    mira = Character("Mira", "vagabond", MIRA) if acting else None
    return TableView(get_system(system), mira, ("Mira", "Old Tom"), {"risk": {"lantern": "Δ8"}})


def texts(found: list[Suggestion]) -> list[str]:
    return [s.text for s in found]


# ---- suggest() ----


def test_a_command_word_completes_with_its_space() -> None:
    assert suggest("chec", view()) == [Suggestion("check ", -4, "check", "vagabond command")]


def test_first_words_are_repl_words_subcommands_and_the_systems_commands() -> None:
    found = texts(suggest("", view()))
    for word in ("use ", "as ", "physical ", "quit ", "odds ", "sheet ", "undo ", "check ",
                 "save ", "spend ", "rest "):
        assert word in found
    assert "risk " not in found  # a macchiato word
    assert "risk " in texts(suggest("", view("macchiato", acting=False)))


def test_stats_and_skills_follow_check() -> None:
    found = suggest("check de", view())
    assert texts(found) == ["dexterity ", "dex ", "detect "]
    assert [s.meta for s in found] == ["stat", "dexterity", "skill (awareness)"]
    assert "trained " in texts(suggest("check dex ", view()))
    assert texts(suggest("check dex fa", view())) == ["favor "]


def test_pools_follow_spend_and_risk_names_follow_risk() -> None:
    assert texts(suggest("spend ", view())) == ["hp ", "luck ", "mana ", "fatigue "]
    found = suggest("risk ", view("macchiato"))
    assert texts(found) == ["add ", "list ", "lantern ", "torches "]
    assert found[2].meta == "risk Δ8"


def test_character_names_follow_as_and_sheet_show() -> None:
    # a name with spaces is offered as written: a LINE finds it unquoted (SPEC §2)
    assert texts(suggest("as ", view())) == ["Mira", "Old Tom", "none"]
    assert suggest("as o", view()) == [Suggestion("Old Tom", -1, "Old Tom", "character")]
    assert suggest('as "Ol', view()) == [Suggestion('"Old Tom"', -3, '"Old Tom"', "character")]
    assert texts(suggest("sheet show m", view())) == ["Mira"]
    assert texts(suggest("sheet sh", view())) == ["show "]


def test_system_ids_topics_and_switches() -> None:
    assert texts(suggest("use ma", view())) == ["macchiato"]
    assert texts(suggest("help n", view())) == ["notation"]
    assert texts(suggest("physical o", view())) == ["on", "off"]
    assert texts(suggest("use vagabond ", view())) == []


def test_notation_modifiers_after_a_dice_term() -> None:
    assert texts(suggest("4d6k", view())) == ["kh", "kl"]
    assert suggest("4d6k", view())[0] == Suggestion("kh", -1, "kh", "keep highest N")
    assert texts(suggest("4d6kh3d", view())) == ["dh", "dl"]
    assert texts(suggest("3d6!", view())) == ["!!", "!p"]
    assert len(suggest("d20", view())) == 14
    assert texts(suggest("odds 2d20k", view())) == ["kh", "kl"]
    assert suggest("4d6+", view()) != suggest("4d6", view())  # a new term starts after `+`


def test_adv_dis_vs_after_a_dice_expression() -> None:
    assert texts(suggest("d20+5 ", view())) == ["adv ", "dis ", "vs "]
    assert texts(suggest("d20 adv ", view())) == ["vs "]
    assert texts(suggest("d20 vs 12 ", view())) == []
    assert texts(suggest("odds 3d6 v", view())) == ["vs "]


def test_odds_completes_the_line_after_it() -> None:
    assert texts(suggest("odds chec", view())) == ["check "]
    assert "use " not in texts(suggest("odds ", view()))


# ---- the Completer adapter ----


def completions(text: str) -> list[tuple[str, int, str]]:
    completer = RollCompleter(lambda: view())
    found = completer.get_completions(Document(text, len(text)), CompleteEvent(True))
    return [(c.text, c.start_position, c.display_text) for c in found]


def test_the_completer_yields_the_suggestions() -> None:
    assert completions("chec") == [("check ", -4, "check")]
    assert completions("4d6d") == [("dh", -1, "dh"), ("dl", -1, "dl")]


def test_the_completer_completes_paths_after_sheet_import(tmp_path: Any, monkeypatch: Any) -> None:
    (tmp_path / "mira.toml").write_text("")
    monkeypatch.chdir(tmp_path)
    assert completions("sheet import mi") == [("ra.toml", 0, "mira.toml")]
    (tmp_path / "bram.toml").write_text("")
    assert completions("sheet import mira.toml br") == [("am.toml", 0, "bram.toml")]


# ---- lexer, validator ----


def test_the_lexer_marks_dice_modifiers_and_words() -> None:
    assert tokens("4d6kh3+2 vs 15 # ok") == [
        ("class:dice", "4d6"), ("class:modifier", "kh3"), ("class:operator", "+"),
        ("class:number", "2"), ("", " "), ("class:keyword", "vs"), ("", " "),
        ("class:number", "15"), ("", " "), ("class:comment", "# ok"),
    ]  # fmt: skip
    assert tokens("check dex +luck") == [
        ("class:command", "check"), ("", " "), ("class:word", "dex"), ("", " "),
        ("class:word", "+luck"),
    ]  # fmt: skip
    assert tokens("6x Δ8 [torch]")[0] == ("class:keyword", "6x")
    for text in ("d20+f", "2d20kh1>=5 ", 'as "Old Tom"', "x&", "{4d6, 3d8}kh1", "d{1,2}s"):
        assert "".join(piece for _, piece in tokens(text)) == text


def test_the_live_check_colours_from_the_bad_character_on() -> None:
    found = problem("d20+")
    assert found == Problem("expected a term, found the end of the line", 4, "a term")
    found = problem("odds 2d6+*3")
    assert found is not None and found.index == 9
    assert marked("odds 2d6+*3")[-3:] == [("class:operator", "+"), ("class:error", "*"),
                                          ("class:error", "3")]
    assert marked("1d4y") == [("class:dice", "1d4"), ("class:error", "y")]  # 1d4x explodes
    for fine in ("", "2d6", "check dex", "use vagabond", "as Old Tom", "sheet import ~/x.toml",
                 "help notation", "odds", "quit", "?", "again", "!!"):
        assert problem(fine) is None


# ---- toolbar ----


def test_the_toolbar_shows_pools_maxima_risk_dice_and_flags_in_40_columns() -> None:
    text = toolbar_text(view(), 40)  # at most two rows, the name first: the rest is counted
    assert text == (
        "Mira:  HP 8/8  Luck 2/3  Mana 6/6\n"
        "Fatigue 0/5  torches Δ6  Vulnerable  +1"
    )
    assert toolbar_text(view(), 80) == (
        "Mira:  HP 8/8  Luck 2/3  Mana 6/6  Fatigue 0/5  torches Δ6  Vulnerable\n"
        "party lantern Δ8"
    )
    assert toolbar_text(view(), 24) == (  # a word is never cut (no `Fati`)
        "Mira:  HP 8/8  Luck 2/3\nMana 6/6  +4"
    )
    assert all(len(line) <= 40 for line in text.splitlines())
    assert toolbar_text(view(acting=False), 40, physical=True) == (
        "vagabond · nobody acts (as NAME)\nparty lantern Δ8  physical dice"
    )
    assert wrap(["a" * 50, "b"], 40) == ["a" * 50, "b"]
    problem = TableView(get_system("generic"), problem="campaign unreadable: " + "x" * 40)
    assert toolbar_text(problem, 40) == (
        "generic · nobody acts (as NAME)\n! campaign unreadable: xxxxxxxxxxxxxxxx…"
    )  # an item is never broken over two rows: a long one is cut


def test_the_tiers_toolbar_keeps_the_name_and_whole_words_at_40_columns() -> None:
    from tests.support.tiers import kell

    kell_sheet = {**kell(), "flags": ["in-combat", "exhausted"]}
    tiers = TableView(get_system("tiers"), Character("Kell", "tiers", kell_sheet), ("Kell",))
    assert toolbar_text(tiers, 40) == (
        "Kell:  Vigor 2/2  Vit 5/5  Wounds 0/3\n"
        "Stam 4/4  Fate 3/3  Exhausted  In combat"  # idle Earned 0, Destiny 0 give way
    )
    assert toolbar_text(tiers, 80) == (
        "Kell:  Vigor 2/2  Vitality 5/5  Wounds 0/3  Stamina 4/4  Fate 3/3  Earned 0\n"
        "Destiny 0  Exhausted  In combat"
    )
    macchiato = TableView(get_system("macchiato"), Character("Bob", "macchiato", {
        "name": "Bob", "system": "macchiato", "stats": {"str": 12},
        "flags": ["free-advantage-spent"]}))
    assert "Free advantage spent" in toolbar_text(macchiato, 80)
    assert "Free-advantage" not in toolbar_text(macchiato, 40)


def test_prompts_name_system_and_character() -> None:
    assert view().prompt == "vagabond·mira> "
    assert view(acting=False).prompt == "vagabond> "
    assert TableView(get_system("generic")).prompt == "roll> "


# ---- physical dice, help fitting ----


def hand(*answers: str) -> tuple[PhysicalSource, list[str], list[str]]:
    """A physical-dice source that answers `answers` in turn: (source, asked, told)."""
    given = iter(answers)
    asked: list[str] = []
    told: list[str] = []

    def ask(message: str) -> str:
        asked.append(message)
        return next(given)

    return PhysicalSource(ask, told.append), asked, told


def test_physical_dice_ask_and_re_ask() -> None:
    source, asked, told = hand("7", "x", "4")
    assert source.throw(std_die(6), "Favor") == 4
    assert asked == ["d6 for Favor: "] * 3
    assert told == ["'7' is no face: the d6 shows 1–6", "'x' is no face: the d6 shows 1–6"]


def test_one_answer_fills_the_next_dice_in_order_and_a_bad_face_names_its_die() -> None:
    source, asked, told = hand("6 5", "9 1", "2,4 3")
    assert source.throw_many(std_die(6), 4, "4d6kh3") == [6, 5, 2, 4]
    assert asked == ["d6 1/4 for 4d6kh3: ", "d6 3/4 for 4d6kh3: ", "d6 3/4 for 4d6kh3: "]
    assert told == ["'9' is no face: the d6 3/4 shows 1–6 (dropped 1)"]
    assert source.left_over() == ["3"] and source.left_over() == []
    source.replay()  # the LINE again, from a campaign that changed: the same faces, no asking
    assert source.throw_many(std_die(6), 4, "4d6kh3") == [6, 5, 2, 4]
    assert len(asked) == 3


def test_physical_dice_faces_and_cancelling() -> None:
    fate = Die("fate", 3)
    assert [read_face(t, fate) for t in ("+", "-", "0", "1", "2")] == [1, -1, 0, 1, None]
    assert read_face("00", Die("percent", 100)) == 100
    assert faces_text(Die("custom", 4, (1, 1, 2, 3))) == "1, 2 or 3"

    def cancel(message: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(ScriptError, match="physical roll cancelled: no face for the d8"):
        PhysicalSource(cancel, print).throw_many(std_die(8), 2, "damage")


def test_help_is_fitted_to_a_narrow_pane() -> None:
    wide = "  khN kN klN dhN dlN dN         keep/drop highest/lowest (4d6d1 drops the lowest)"
    assert fit(wide, 40).splitlines() == [
        "  khN kN klN dhN dlN dN",
        "      keep/drop highest/lowest (4d6d1",
        "      drops the lowest)",
    ]
    assert fit("short", 40) == "short"


def test_a_name_with_a_quote_is_offered_quoted_so_it_reads_back() -> None:
    # a bare O'Hara would open a quote for `as`, `sheet show` (shlex) at the prompt
    state = TableView(get_system("generic"), None, ("O'Hara", 'Zoë "Z" Ash'))
    assert texts(suggest("as o", state)) == ['"O\'Hara"']
    assert texts(suggest("sheet show z", state)) == ['"Zoë \\"Z\\" Ash"']
    import shlex

    from rules.notation import parse

    for text in texts(suggest("as ", state))[:2]:
        name = shlex.split(text)[0]
        assert name in state.names
        line = parse(f"hit 3 {text}")
        assert line.args[-1].text == name  # type: ignore[union-attr]


def test_a_name_inside_a_line_ends_with_its_space() -> None:
    # more words follow a target (`attack "Old Tom" weapon heavy`), as after a stat
    state = view("champions", acting=False)
    assert texts(suggest("attack o", state)) == ["on ", "Old Tom "]  # `on`: SPEC §9's whom
    assert texts(suggest("as o", state)) == ["Old Tom"]  # nothing follows `as NAME`


def test_a_description_broken_at_80_columns_is_rewrapped_whole() -> None:
    text = ("  check STAT task N\n"
            "        rolls [modifier + Tier]d6 (negative modifier: Tier dice, 6s only);\n"
            "        5+ succeeds\n"
            "  buyout S      spend S Stamina\n"
            "Pools: vigor (Tier + Heart mod, min 0, − armour)")
    assert fit(text, 40).splitlines() == [
        "  check STAT task N",
        "      rolls [modifier + Tier]d6",
        "      (negative modifier: Tier dice, 6s",
        "      only); 5+ succeeds",
        "  buyout S      spend S Stamina",
        "Pools: vigor (Tier + Heart mod, min 0, −",
        "  armour)",
    ]


def test_spend_offers_only_the_pools_the_acting_hero_has() -> None:
    fighter = {key: value for key, value in MIRA.items() if key != "max"}  # no [max] mana
    bram = TableView(get_system("vagabond"), Character("Bram", "vagabond", fighter), ("Bram",))
    assert texts(suggest("spend ", bram)) == ["hp ", "luck ", "fatigue "]
    assert texts(suggest("spend ", view())) == ["hp ", "luck ", "mana ", "fatigue "]


def test_names_follow_on_after_every_command_that_lands_on_someone() -> None:
    fight = TableView(get_system("macchiato"), None, ("Pip", "Goblin 1", "Goblin 2"))
    assert texts(suggest("hurt 3 ", fight)) == ["on "]
    assert texts(suggest("hurt 3 on ", fight)) == ["Pip ", "Goblin 1 ", "Goblin 2 "]
    assert suggest("heal 2 on gob", fight) == [
        Suggestion("Goblin 1 ", -3, "Goblin 1", "character"),
        Suggestion("Goblin 2 ", -3, "Goblin 2", "character")]
    assert texts(suggest("hurt 3 on Goblin ", fight)) == ["Goblin 1 ", "Goblin 2 "]
    assert texts(suggest("hit d6 on O", view())) == ["Old Tom "]
    assert texts(suggest("attack on ", view("champions", acting=False))) == ["Mira ", "Old Tom "]
