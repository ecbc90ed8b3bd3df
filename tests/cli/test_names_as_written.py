"""A character's name with spaces is found as written (SPEC §2): unquoted, the longest name
the campaign holds, or in single or double quotes; in a shell one-shot, in the REPL, and at
Tab (names with spaces completed as written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.base.settings import Settings
from cli.repl.next_words import Suggestion, suggest
from cli.repl.view import TableView
from rules.notation import parse, syntax
from rules.notation.name_words import joined, spaced, written
from rules.systems import get_system
from tests.support.cli import invoke
from tests.support.repl import repl

ARA = ('name = "Ara"\nsystem = "tiers"\ntier = 2\n[stats]\nbody = 14\nsense = 12\n'
       '[dice]\nbody = "d6"\n')
OLD_TOM = 'name = "Old Tom"\nsystem = "brighter"\n[stats]\nstr = "d10"\ndex = "d6"\nwil = "d6"\n'
TAM = 'name = "Tam"\nsystem = "brighter"\n[stats]\nstr = "d8"\ndex = "d6"\nwil = "d6"\n'


def goblin(name: str) -> str:
    return (f'name = "{name}"\nsystem = "tiers"\ntier = 1\nkind = "minor"\n'
            '[stats]\nbody = 10\nsense = 10\n[max]\nvigor = 3\n')


def imported(tmp_path: Path, *sheets: str) -> None:
    for i, sheet in enumerate(sheets):
        path = tmp_path / f"sheet{i}.toml"
        path.write_text(sheet, encoding="utf-8")
        code, _, err = invoke("sheet", "import", str(path))
        assert code == 0, err


@pytest.fixture()
def goblins(tmp_path: Path) -> None:
    imported(tmp_path, ARA, goblin("Goblin"), goblin("Goblin 1"), goblin("Goblin 2"))


def vigor_changes(*args: str) -> list[tuple[str, int, int]]:
    """The Vigor each change of `roll --json --as Ara ARGS…` moves: (who, before, after)."""
    code, out, err = invoke("--json", "--as", "Ara", *args)
    assert (code, err) == (0, "")
    changes = json.loads(out)["changes"]
    return [(c["character"], c["before"], c["after"]) for c in changes if c["pool"] == "vigor"]


# ---- the LINE's words: the pure join ----


def args_of(text: str, *names: str) -> tuple[syntax.Arg, ...]:
    line = parse(text)
    assert isinstance(line, syntax.CommandLine)
    return joined(line.args, spaced(names))


def test_the_longest_name_the_campaign_holds_is_one_word() -> None:
    found = args_of("attack on goblin 1 ac 11", "Goblin", "Goblin 1", "Goblin 12")
    assert [str(a) for a in found] == ["on", '"Goblin 1"', "ac", "11"]
    assert [str(a) for a in args_of("attack on Goblin ac 11", "Goblin", "Goblin 1")] == [
        "on", "Goblin", "ac", "11"]
    assert [str(a) for a in args_of("hit 2 Old   Tom", "Old Tom")] == ["2", '"Old Tom"']


def test_a_quoted_word_is_one_name_never_joined_to_its_neighbours() -> None:
    single = args_of("attack on 'Goblin 1' ac 11", "Goblin 1")
    double = args_of('attack on "Goblin 1" ac 11', "Goblin 1")
    assert single == double == args_of("attack on Goblin 1 ac 11", "Goblin 1")
    assert [str(a) for a in args_of('attack on "Goblin" 1', "Goblin 1")] == ["on", "Goblin", "1"]
    assert [str(a) for a in args_of("save str vs str of O'Hara the Bold", "O'Hara the Bold")][
        -1] == '"O\'Hara the Bold"'


def test_a_name_is_written_bare_where_a_line_reads_it_back() -> None:
    assert [written(n) for n in ("Goblin 1", "Old Tom", "O'Hara", "Dr. Who", "Mira")] == [
        "Goblin 1", "Old Tom", '"O\'Hara"', '"Dr. Who"', "Mira"]


# ---- from a shell ----


def test_a_one_shot_finds_a_name_with_spaces_unquoted_and_quoted(goblins: None) -> None:
    code, out, err = invoke("--as", "Ara", "attack", "on", "Goblin", "1", "ac", "11", "stat",
                            "body", "--rolled", "10,1")
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        "attack on Goblin 1 ac 11 stat body → 10+2 = 12 vs 11 · hit · 1 damage",
        "Goblin 1 · Vigor 3 → 2 (attack)"]
    assert vigor_changes("attack on 'Goblin 2' ac 11 stat body", "--rolled", "10,1") == [
        ("Goblin 2", 3, 2)]
    assert vigor_changes('attack on "goblin 2" ac 11 stat body', "--rolled", "10,1") == [
        ("Goblin 2", 2, 1)]
    # the shell took the quotes: one word with a space
    assert vigor_changes("attack", "on", "Goblin 2", "ac", "11", "stat", "body",
                         "--rolled", "10,1") == [("Goblin 2", 1, 0)]


def test_the_longest_name_wins_and_a_shorter_one_is_still_found(goblins: None) -> None:
    assert vigor_changes("attack on Goblin ac 11 stat body", "--rolled", "10,1") == [
        ("Goblin", 3, 2)]
    assert vigor_changes("attack on Goblin 1 ac 11 stat body", "--rolled", "10,1") == [
        ("Goblin 1", 3, 2)]


def test_a_name_the_campaign_lacks_is_not_joined(goblins: None) -> None:
    code, out, err = invoke("--as", "Ara", "attack on Goblin 7 ac 11 stat body", "--rolled",
                            "10,1")
    assert (code, out) == (2, "")
    assert err.startswith("roll: error: attack: unexpected '7' (attack ac N|on NAME")


def test_another_games_name_readers_share_it(tmp_path: Path) -> None:
    imported(tmp_path, TAM, OLD_TOM)
    assert invoke("--as", "Tam", "save str vs str of Old Tom", "--rolled", "5,7") == (
        0, "save str vs str of Old Tom → 5 > 7 · fail\nOld Tom's STR d10 rolled 7\n", "")
    assert invoke("--as", "Tam", "hit 2 old tom") == (
        0, "hit 2 old tom → Grit takes 2, no Direct Damage\nOld Tom · Grit 3 → 1 (hit)\n", "")


def test_sheet_commands_take_a_name_with_spaces_unquoted(tmp_path: Path) -> None:
    imported(tmp_path, TAM, OLD_TOM)
    code, out, err = invoke("sheet", "show", "Old", "Tom")
    assert (code, err, out.splitlines()[0]) == (0, "", "Old Tom · Brighter Worlds")
    code, out, _ = invoke("sheet", "export", "old", "tom")
    assert (code, out.splitlines()[0]) == (0, 'name = "Old Tom"')
    assert invoke("sheet", "rm", "Old", "Tom", "--yes") == (
        0, "removed Old Tom (undo brings it back)\n", "")


def test_a_name_beyond_ascii_is_found_unquoted(tmp_path: Path) -> None:
    """`hurt 1 on Zoë` and `foe add Ölaf`: a name in any script, bare, as an ASCII one is
    (it needed quotes, and said `expected the end of the line, found 'ë'`)."""
    imported(tmp_path, 'name = "Zoë"\nsystem = "generic"\n[max]\nhp = 10\n',
             'name = "Björn Ærinsson"\nsystem = "generic"\n[max]\nhp = 8\n[pools]\nhp = 5\n')
    assert invoke("hurt 1 on Zoë") == (0, "hurt 1 on Zoë → HP 9\nZoë · HP 10 → 9 (hurt)\n", "")
    assert invoke("--as", "Zoë", "heal", "2", "on", "björn", "ærinsson") == (
        0, "heal 2 on björn ærinsson → HP 7\nBjörn Ærinsson · HP 5 → 7 (heal)\n", "")
    assert invoke("-s", "macchiato", "foe add Ölaf hp=3") == (
        0, "foe add Ölaf hp=3 → Ölaf joins the fight at encounter start\n"
           "Ölaf · joins the campaign (foe add)\n", "")
    assert invoke("hurt 1 on Zoé") == (2, "", "roll: error: no character named 'Zoé' in this"
                                              " campaign (did you mean 'Zoë'? known: Björn"
                                              " Ærinsson, Zoë, Ölaf)\n")


# ---- in the REPL ----


def test_the_repl_finds_names_as_written(goblins: None) -> None:
    keys = ("as Ara\r"
            "attack on Goblin 1 ac 11 stat body\r"
            "attack on 'Goblin 2' ac 11 stat body\r"
            "sheet show Goblin 1\r"
            "as Goblin 2\r"
            "quit\r")
    status, out, err = repl(keys, Settings(rolled="10,1,10,2"))
    assert (status, err) == (0, "")
    lines = [row.strip() for row in out.splitlines()]  # a 40-column pane: rows indented
    for expected in ("acting as Ara (tiers)",
                     "Goblin 1 · Vigor 3 → 2 (attack)",
                     "Goblin 2 · Vigor 3 → 1 (attack)",
                     "Goblin 1 · Tiers",
                     "Vigor: 2/3",
                     "acting as Goblin 2 (tiers)"):
        assert expected in lines, (expected, lines)


# ---- Tab ----


def view(*names: str) -> TableView:
    return TableView(get_system("tiers"), None, names)


NAMES = ("Ara", "Goblin", "Goblin 1", "Goblin 2", "O'Hara")


def named(found: list[Suggestion]) -> list[tuple[str, int]]:
    return [(s.text, s.start) for s in found if s.meta == "character"]


def test_tab_completes_a_name_with_spaces_at_each_name_place() -> None:
    assert named(suggest("attack on Gob", view(*NAMES))) == [
        ("Goblin ", -3), ("Goblin 1 ", -3), ("Goblin 2 ", -3)]
    # the words typed so far begin a longer name: the whole name replaces them
    assert named(suggest("attack on Goblin ", view(*NAMES)))[:2] == [
        ("Goblin 1 ", -7), ("Goblin 2 ", -7)]
    assert named(suggest("attack on Goblin 1", view(*NAMES))) == [("Goblin 1 ", -8)]
    assert named(suggest("-s tiers", view(*NAMES))) == []
    assert named(suggest("as Goblin ", view(*NAMES))) == [("Goblin 1", -7), ("Goblin 2", -7)]
    for sub in ("show", "rm", "export"):
        assert named(suggest(f"sheet {sub} goblin ", view(*NAMES))) == [
            ("Goblin 1", -7), ("Goblin 2", -7)]


def test_tab_in_an_open_quote_keeps_its_quote() -> None:
    assert named(suggest('attack on "Goblin ', view(*NAMES))) == [
        ('"Goblin 1" ', -8), ('"Goblin 2" ', -8)]
    assert named(suggest("attack on 'Gob", view(*NAMES))) == [
        ("'Goblin' ", -4), ("'Goblin 1' ", -4), ("'Goblin 2' ", -4)]
    assert named(suggest("attack on O'", view(*NAMES))) == [('"O\'Hara" ', -2)]


def test_champions_and_brighter_complete_names_with_spaces() -> None:
    for game, line in (("champions", "stabilize Old"), ("champions", "attack old"),
                       ("brighter", "hit 2 Old")):
        state = TableView(get_system(game), None, ("Mira", "Old Tom"))
        assert named(suggest(line, state)) == [("Old Tom ", -3)]


def test_the_repl_completer_replaces_the_words_a_name_began_with() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cli.repl.completer import RollCompleter

    typed = "attack on Goblin "
    completer = RollCompleter(lambda: view(*NAMES))
    found = [c for c in completer.get_completions(Document(typed, len(typed)), CompleteEvent())
             if c.display_meta_text == "character"]
    first = found[0]
    assert (first.text, first.start_position, first.display_text) == ("Goblin 1 ", -7, "Goblin 1")
    assert typed[: len(typed) + first.start_position] + first.text == "attack on Goblin 1 "


def test_tiers_fight_words_complete_whom_they_are_for() -> None:
    assert named(suggest("declare Gob", view(*NAMES))) == [
        ("Goblin ", -3), ("Goblin 1 ", -3), ("Goblin 2 ", -3)]
    assert named(suggest("react Goblin ", view(*NAMES)))[:2] == [
        ("Goblin 1 ", -7), ("Goblin 2 ", -7)]
    assert [s.text for s in suggest("focus s", view(*NAMES))] == ["sustain "]
