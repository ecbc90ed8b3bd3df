"""The man page: man/roll.1 is what `python man/manpage.py` writes from the Click tree
the help prints, and the wheel installs it as share/man/man1/roll.1."""

from __future__ import annotations

import tomllib

from man.manpage import man_page
from tests.support.paths import ROOT_DIR

PAGE = ROOT_DIR / "man" / "roll.1"


def test_the_checked_in_page_is_the_one_the_help_tree_makes() -> None:
    # after a change of a command's help: python man/manpage.py > man/roll.1
    assert PAGE.read_text(encoding="utf-8") == man_page()


def test_the_page_has_every_command_and_every_option_of_a_line() -> None:
    page = man_page()
    for words in ("roll sheet new", "roll sheet import", "roll odds", "roll log", "roll undo",
                  "roll help", "roll systems", "roll alias add", "roll table", "roll repl"):
        assert f".SS\n\\fB{words}" in page, words
    for option in ("-s, --system", "-a, --as", "--campaign", "--seed", "--rolled",
                   "-n, --times", "--json", "-q, --quiet", "--exit-code", "--no-color", "--color"):
        assert f".TP\n\\fB{option}\\fR" in page, option
    assert page.startswith('.TH ROLL 1 "" "roll-rules" "User Commands"\n.SH NAME\n')
    assert "\\fBROLL_CONFIG\\fR" in page and ".SH EXIT STATUS\n0 done;" in page


def test_the_wheel_installs_the_page_where_man_finds_it() -> None:
    project = tomllib.loads((ROOT_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["setuptools"]["data-files"] == {"share/man/man1": ["man/roll.1"]}
    manifest = (ROOT_DIR / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "include man/roll.1 man/manpage.py" in manifest


def test_the_page_gives_each_argument_its_help() -> None:
    page = man_page()
    assert (".SS\n\\fBroll sheet import\\fR FILE...\n") in page
    assert ".TP\n\\fIFILE...\\fR\nTOML sheets (a party: *.toml), or - for stdin\n" in page
    assert ".SS\n\\fBroll game rm\\fR NAME\n" in page
    assert ".TP\n\\fI[TOPIC]\\fR\na topic (notation, sheets, config, …) or a game; none: the" in page
