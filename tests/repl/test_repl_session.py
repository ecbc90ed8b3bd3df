"""A real PromptSession driven through a pipe: lines, REPL words, errors, physical dice, keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.history import FileHistory, InMemoryHistory

from cli.base.settings import Settings
from cli.repl.view import ViewReader
from cli.store.sqlite import Campaign
from rules.systems import get_system
from tests.support.repl import repl

MIRA: dict[str, Any] = {
    "name": "Mira", "system": "vagabond", "level": 2,
    "stats": {"might": 4, "dexterity": 5, "awareness": 3, "reason": 3, "presence": 3, "luck": 3},
    "skills": {"trained": ["finesse"]}, "max": {"mana": 6}, "pools": {"luck": 2},
}  # fmt: skip


def add(path: Path, sheet: dict[str, Any]) -> None:
    campaign = Campaign(path)
    try:
        with campaign.transaction() as tx:
            tx.put_character(get_system(sheet["system"]).validate_sheet(sheet))
    finally:
        campaign.close()


def test_a_line_rolls_an_empty_line_does_nothing_and_again_repeats() -> None:
    # the prompt line shows the LINE: the result starts with the total, then the dice
    status, out, err = repl("2d6+1\r\ragain\r!!\rquit\r", Settings(rolled="3,4,6,6,1,1"))
    assert (status, err) == (0, "")
    assert out == "8\n  [3, 4] + 1 = 8\n13\n  [6, 6] + 1 = 13\n3\n  [1, 1] + 1 = 3\n"


def test_a_paste_runs_each_line_in_order_each_on_its_prompt_line() -> None:
    status, out, err = repl("\x1b[200~1d1\n1d0\n2d1\n3d1\x1b[201~\rquit\r")
    assert status == 0
    assert out.splitlines() == ["1", "  [1] = 1", "roll> 1d0", "roll> 2d1", "2", "  [1, 1] = 2",
                                "3", "  [1, 1, 1] = 3"]  # the last line waited for Enter
    assert err == "roll: error: a die needs at least one\n  side: 1d0\n"


def test_again_asks_before_repeating_a_line_that_is_no_pure_roll(private_campaign: Path) -> None:
    add(private_campaign, MIRA | {"pools": {"luck": 3}})
    status, out, err = repl("as mira\rspend luck\ragain\rn\r!!\ry\rquit\r")
    assert (status, err) == (0, "")
    assert out.splitlines()[1:] == [
        "Luck 2", "  Mira · Luck 3 → 2 (spend)", "not repeated",
        "Luck 1", "  Mira · Luck 2 → 1 (spend)",
    ]  # fmt: skip


def test_an_error_does_not_end_the_session() -> None:
    status, out, err = repl("1d0\rfrobnicate\r1d1\rexit\r")
    assert status == 0
    first, second = err.split("\nroll: error: ")  # each wrapped to the 40-column pane
    assert first == "roll: error: a die needs at least one\n  side: 1d0"
    assert second.startswith("unknown word 'frobnicate':\n  not dice")
    assert out == "1\n  [1] = 1\n"


def test_a_syntax_error_runs_shows_its_caret_and_stays_in_history() -> None:
    # Enter is never held: the error and its caret, then a fresh prompt (Up brings the line
    # back: tests/repl/test_screens.py shows it on a terminal)
    history = InMemoryHistory()
    status, out, err = repl("d20+\rd20\r\x04", Settings(rolled="7"), history=history)
    assert status == 0
    assert err == "roll: error: expected a term, found the\n  end of the line\n  d20+\n      ^\n"
    assert out == "7\n  [7] = 7\n"
    assert list(history.load_history_strings()) == ["d20", "d20+"]  # newest first


def test_ctrl_c_clears_the_line_and_ctrl_d_leaves() -> None:
    assert repl("2d6\x031d1\r\x04") == (0, "1\n  [1] = 1\n", "")
    assert repl("\x04") == (0, "", "")


def test_use_and_as_switch_system_and_character(private_campaign: Path) -> None:
    add(private_campaign, MIRA)
    status, out, err = repl("use vagabond\ras Mira\rspend luck\ruse macchiato\ras\rquit\r")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "system: vagabond · Vagabond",
        "acting as Mira (vagabond)",
        "Luck 1",
        "  Mira · Luck 2 → 1 (spend)",
        "Mira plays vagabond: acting as nobody",
        "system: macchiato · Macchiato Monsters",
        "acting as nobody",
    ]


def test_as_lasts_for_the_repl_and_the_next_one_never_for_the_campaign(
    private_campaign: Path,
) -> None:
    # issue 11: `as` is the REPL's own state (restored by the next REPL), never campaign-wide
    add(private_campaign, MIRA)
    add(private_campaign, {"name": "Bram", "system": "vagabond"})
    assert repl("as mira\rquit\r")[1] == "acting as Mira (vagabond)\n"
    reader = ViewReader(Settings())  # what a one-shot in another shell sees
    assert reader.read().character is None
    reader.close()
    assert repl("as\rquit\r")[1] == "acting as Mira (vagabond)\n"  # restored
    _, out, err = repl("as Nobody\ras -\ras\rquit\r")
    assert err == "roll: error: no character named 'Nobody'\n  in this campaign (known: Bram, Mira)\n"
    assert out == "acting as nobody\nacting as nobody\n"
    assert repl("as\rquit\r")[1] == "acting as nobody\n"


def test_physical_dice_ask_for_each_face(private_campaign: Path) -> None:
    status, out, err = repl("physical on\r4d6kh3+1\r9\r3 4,2\r5 6\rphysical off\rphysical\rquit\r")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "physical dice: type each face",
        "'9' is no face: the d6 1/4 shows 1–6",
        "13",
        "  [3, 4, ~~2~~, 5] + 1 = 13",
        "not used: 6 (the LINE threw fewer dice)",
        "physical dice off: rolling",
        "physical dice off (physical on|off)",
    ]


def test_physical_dice_cancelled_with_ctrl_c() -> None:
    status, out, err = repl("physical on\rd20\r\x03quit\r")
    assert status == 0
    assert err == "roll: error: physical roll cancelled: no\n  face for the d20 (1d20)\n"


def test_help_fits_a_40_column_pane() -> None:
    status, out, err = repl("help\rhelp notation\rqhelp nope\rquit\r")  # q leaves the pager
    assert status == 0
    assert out.startswith("Type any LINE (dice or a command), or:\n  use SYSTEM ")
    assert "Topics: notation · tables · generic ·\n  vagabond" in out
    assert "Dice notation" in out
    assert len(out.split("Dice notation")[1].splitlines()) == 24 - 1  # a screenful, then more
    assert all(len(line) <= 40 for line in out.splitlines())
    assert err.startswith("roll: error: no help topic 'nope'")


def test_subcommands_run_without_the_leading_roll(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = repl("systems\rquit\r")
    assert status == 0
    assert "vagabond   Vagabond (000)" in out  # through the REPL's Environment
    assert capsys.readouterr().out == ""  # never around it, on the process's stdout


def test_history_is_kept_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "history"
    repl("1d1\r2d1\rquit\r", history=FileHistory(str(path)))
    assert list(FileHistory(str(path)).load_history_strings()) == ["quit", "2d1", "1d1"]


def test_the_view_is_re_read_so_changes_from_elsewhere_show(private_campaign: Path) -> None:
    add(private_campaign, MIRA)
    reader = ViewReader(Settings(character="Mira"))
    assert reader.read().character.pools["luck"] == 2  # type: ignore[union-attr]
    add(private_campaign, MIRA | {"pools": {"luck": 0}})  # another process's change
    assert reader.current(max_age=3600).character.pools["luck"] == 2  # type: ignore[union-attr]
    assert reader.read().character.pools["luck"] == 0  # type: ignore[union-attr]
    reader.close()


def test_a_bad_option_is_reported_before_the_repl_opens() -> None:
    status, _, err = repl("quit\r", Settings(times=0))
    assert status == 2 and err.startswith("roll: error: -n/--times")


def test_an_unreadable_campaign_shows_in_the_toolbar_and_the_repl_goes_on(
    private_campaign: Path,
) -> None:
    private_campaign.write_bytes(b"this is no database" * 100)
    reader = ViewReader(Settings())
    view = reader.read()
    reader.close()
    assert view.problem is not None and "campaign" in view.problem
    status, out, err = repl("1d1\rquit\r")
    assert (status, out, err) == (0, "1\n  [1] = 1\n", "")  # plain dice never open it


def test_history_lives_in_the_user_state_dir_unless_roll_history_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli.repl.line_history import history_path, open_history

    monkeypatch.delenv("ROLL_HISTORY", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert history_path() == tmp_path / "state" / "roll-rules" / "history"
    monkeypatch.setenv("ROLL_HISTORY", str(tmp_path / "h" / "lines"))
    assert history_path() == tmp_path / "h" / "lines"
    assert isinstance(open_history(), FileHistory)
    assert (tmp_path / "h" / "lines").exists()


def test_roll_repl_needs_a_terminal() -> None:
    from tests.support.cli import invoke

    status, _, err = invoke("repl", input="1d1\n")
    assert status == 2
    assert err == "roll: error: roll repl needs a terminal; pipe LINEs to `roll` instead\n"


def test_as_takes_a_name_with_an_apostrophe(private_campaign: Path) -> None:
    add(private_campaign, {"name": "O'Hara", "system": "generic"})
    status, out, err = repl("as O'Hara\ras \"O'Hara\"\rquit\r")
    assert (status, err) == (0, "")
    assert out == "acting as O'Hara (generic)\nacting as O'Hara (generic)\n"


def test_errors_are_wrapped_at_words_to_fit_the_pane(private_campaign: Path) -> None:
    # a terminal would cut `… not dic|e, nor a …` mid-word at 40 columns
    add(private_campaign, MIRA)
    status, out, err = repl("use vagabond\rfrobnicate\rsheet show Zed\r1d0\rquit\r")
    assert status == 0
    lines = err.splitlines()
    assert lines[:2] == ["roll: error: unknown word 'frobnicate':", "  not dice, nor a vagabond command"]
    assert "roll: error: no character named 'Zed' in" in lines  # a subcommand's error too
    assert lines[-2:] == ["roll: error: a die needs at least one", "  side: 1d0"]
    assert all(len(line) <= 40 for line in lines)
    assert err.count("roll: error:") == 3


def test_again_repeats_the_last_line_not_a_subcommand(private_campaign: Path) -> None:
    # `again` after `undo` must not take back a second change-set
    add(private_campaign, MIRA | {"pools": {"luck": 3}})
    status, out, err = repl("as mira\rspend luck\rspend luck\rundo\r\ragain\ry\rquit\r")
    assert (status, err) == (0, "")
    reader = ViewReader(Settings(character="Mira"))
    luck = reader.read().character.pools["luck"]  # type: ignore[union-attr]
    reader.close()
    assert luck == 1  # 3, spent twice, one undone, the empty Enter nothing, `again` 1 again
    assert out.splitlines()[-2:] == ["Luck 1", "  Mira · Luck 2 → 1 (spend)"]


def test_an_unknown_as_is_refused_before_the_repl_opens(private_campaign: Path) -> None:
    # as for a one-shot: exit 2, rather than a REPL where every LINE fails
    status, out, err = repl("1d1\rquit\r", Settings(character="Zed"))
    assert (status, out) == (2, "")
    assert err == (f"roll: error: no campaign at {private_campaign} for Zed to act in (roll sheet"
                   " import FILE creates one)\n")
    assert not private_campaign.exists()  # nothing created
    add(private_campaign, MIRA)
    assert repl("quit\r", Settings(character="zed"))[0] == 2
    assert repl("1d1\rquit\r", Settings(character="mira"))[:2] == (0, "1\n  [1] = 1\n")


def test_roll_as_outranks_what_the_last_repl_remembered(
    private_campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    add(private_campaign, MIRA)
    add(private_campaign, {"name": "Bram", "system": "vagabond"})
    repl("as Bram\rquit\r")
    monkeypatch.setenv("ROLL_AS", "mira")
    assert repl("as\rquit\r")[1] == "acting as Mira (vagabond)\n"
    assert repl("as\rquit\r", Settings(character="Bram"))[1] == "acting as Bram (vagabond)\n"
    # `as none` in the REPL outranks ROLL_AS there, subcommands included
    status, out, err = repl("as none\rsheet show\rquit\r")
    assert (status, out) == (0, "acting as nobody\n")
    assert err.startswith("roll: error: sheet show needs a NAME")


def test_help_and_errors_speak_the_prompts_words() -> None:
    pages = " " * 9  # space: a screenful more, until the topic's end
    status, out, err = repl(f"?\rhelp tiers\r{pages}check body task 2\rquit\r",
                            Settings(system="tiers"))
    assert status == 0
    assert out.startswith("Type any LINE (dice or a command), or:\n")
    assert "roll -s" not in out and "-s tiers" not in out and "--as" not in out
    assert "Examples (after use tiers; no character\n  needed):\n  check body body=14" in out
    assert err == (
        "roll: error: this needs a Tier: give it\n"
        "  inline (tier=2) or act as a character\n"
        "  (-a NAME, or as NAME)\n"
    )


def test_a_line_typed_with_roll_in_front_keeps_its_caret_under_the_column() -> None:
    status, out, err = repl("roll 2d6+*\rquit\r")
    assert status == 0
    lines = err.splitlines()
    # `roll` in front is a dice bot's word (said once): the line is echoed whole, as typed,
    # the caret under its column there
    assert lines[0].startswith("note: 'roll' is a dice bot's command word")
    assert lines[-2:] == ["  roll 2d6+*", "           ^"]
