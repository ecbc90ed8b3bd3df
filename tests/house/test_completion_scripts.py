"""Shell completion through Click's protocol: the committed scripts are Click's, and each
shell completes names with spaces, the words of a LINE and options through them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli.base.completion import SHELL_NAMES
from cli.store.sqlite import Campaign
from rules.systems import get_system
from tests.support.cli import ENTRY, RUNNER, invoke
from tests.support.paths import ROOT_DIR

ROOT = ROOT_DIR
COMPLETIONS = ROOT / "completions"
SHEETS: list[dict[str, Any]] = [
    {"name": "Mira", "system": "vagabond", "level": 2,
     "stats": {"might": 4, "dexterity": 5, "awareness": 3, "reason": 3, "presence": 3, "luck": 3}},
    {"name": "Old Tom", "system": "macchiato"},
]  # fmt: skip


@pytest.fixture()
def table(private_campaign: Path) -> Path:
    campaign = Campaign(private_campaign)
    with campaign.transaction() as tx:
        for sheet in SHEETS:
            tx.put_character(get_system(sheet["system"]).validate_sheet(sheet))
    campaign.close()
    return private_campaign


@pytest.fixture()
def shell_env(table: Path, tmp_path: Path) -> dict[str, str]:
    """PATH starts with a `roll` that runs this checkout's entry point."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    roll = bin_dir / "roll"
    roll.write_text(f"#!{sys.executable}\nfrom cli.__main__ import main\nmain()\n")
    roll.chmod(0o755)
    import os

    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["ROLL_CAMPAIGN"] = str(table)
    return env


def complete(typed: str) -> list[str]:
    """What roll offers for the last word of `typed` (Click's bash protocol, in-process), as the
    shell text bash inserts: `Old\\ Tom`, and a finished word with its space."""
    words = typed.split(" ")
    env = {"_ROLL_COMPLETE": "bash_complete", "COMP_WORDS": typed,
           "COMP_CWORD": str(len(words) - 1)}  # fmt: skip
    result = RUNNER.invoke(ENTRY, [], env=env, prog_name="roll")
    assert result.exit_code == 0 and result.stderr == ""
    # each line is `type,value`, read by the script with `read` (one level of backslashes)
    return [line.split(",", 1)[1].replace("\\\\", "\\") for line in result.stdout.splitlines() if line]


# ---- the scripts and the command ----


@pytest.mark.parametrize("shell", SHELL_NAMES)
def test_the_committed_script_is_what_click_generates(shell: str) -> None:
    committed = (COMPLETIONS / f"roll.{shell}").read_text(encoding="utf-8")
    assert invoke("completion", shell) == (0, committed, ""), (
        "stale: run `python completions/generate.py`"
    )
    assert f"_ROLL_COMPLETE={shell}_complete" in committed  # Click's protocol calls roll back


def test_roll_completion_prints_the_script() -> None:
    status, out, _ = invoke("completion", "bash")
    assert status == 0 and out == (COMPLETIONS / "roll.bash").read_text(encoding="utf-8")
    status, _, err = invoke("completion", "tcsh")
    assert status == 2
    assert err == "roll: error: completion takes a SHELL: bash, zsh, fish, not 'tcsh'\n"


def test_the_parameters_complete_from_the_app(table: Path) -> None:
    assert complete("roll -s ") == [
        "generic", "vagabond", "macchiato", "champions", "tiers", "brighter"]
    assert {"-s", "--system", "--as", "--campaign", "--seed", "--json", "--help"} <= set(
        complete("roll -")
    )
    assert {"--at-least", "--width", "--json"} <= set(complete("roll odds -"))
    for command in ("export", "rm", "show"):  # the sheet commands that take a character
        assert complete(f"roll sheet {command} ") == ["Mira", "Old\\ Tom"]
    assert complete("roll sheet list ") == []
    assert complete("roll --rolled ") == []  # a value option's value is no LINE word
    assert complete("roll --json ")[:2] == ["spend ", "gain "]  # a flag takes no value
    assert complete("roll help ") == ["notation", "tables", "generic", "vagabond", "macchiato",
                                      "champions", "tiers", "brighter", "encounter"]


def test_alias_and_table_names_complete(table: Path) -> None:
    campaign = Campaign(table)
    with campaign.transaction() as tx:
        tx.put_alias("longsword", "d20+5 vs 13")
        tx.put_table("encounters", {"name": "encounters", "roll": "d6",
                                    "rows": [{"range": "1-6", "text": "goblins"}]})
    campaign.close()
    assert complete("roll lon") == ["longsword "]
    assert complete("roll alias rm ") == ["longsword"]
    assert complete("roll table ") == ["import", "list", "rm", "export", "encounters"]
    assert complete("roll table e") == ["export", "encounters"]
    assert complete("roll table rm ") == ["encounters"]


def test_names_and_line_words_come_from_roll_itself(table: Path) -> None:
    assert complete("roll --as ") == ["Mira", "Old\\ Tom"]
    assert complete("roll -s vagabond chec") == ["check "]
    assert complete("roll 4d6k") == ["4d6kh", "4d6kl"]
    assert complete("roll --as Mira spend l") == ["luck "]
    assert complete("roll --as Nobody spend l") == []  # never an error at Tab time


def test_no_campaign_means_no_names(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.sqlite3")
    assert complete(f"roll --campaign {missing} --as ") == []
    assert not Path(missing).exists()


# ---- each shell through its script ----

BASH_CASES = {
    "roll -s va": ["vagabond"],
    "roll --as o": ["Old\\ Tom"],  # names from the campaign, quoted for the shell
    "roll -s vagabond chec": ["check "],  # LINE words from roll's own suggest()
    "roll sheet sh": ["show"],
    "roll sheet show ''": ["Mira", "Old\\ Tom"],
    "roll odds 4d6k": ["4d6kh", "4d6kl"],
    "roll --no-c": ["--no-color"],
    "roll help no": ["notation"],
    "roll completion ''": ["bash", "zsh", "fish"],
    "roll -n 3 ''": ["spend ", "gain ", "set ", "hurt ", "heal ", "rest ", "encounter ", "foe ",
                     "next ", "delay ", "pin ", "odds ", "sheet ",
                     "log ", "undo ", "systems ", "help ", "completion ", "repl ", "alias ",
                     "table ", "campaign ", "game ", "reveal ", "fair ", "luck "],
}  # fmt: skip


def run_shell(argv: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bash_completes_through_the_script(shell_env: dict[str, str]) -> None:
    script = f"source {COMPLETIONS / 'roll.bash'}; complete -p roll"
    assert run_shell(["bash", "--norc", "-c", script], shell_env) == (
        "complete -o nosort -F _roll_completion roll\n"
    )
    out = bash_complete(list(BASH_CASES), shell_env)
    for line, expected in zip(out, BASH_CASES.values(), strict=True):
        assert line == "".join(f"[{w}]" for w in expected)


ZSH_STUB = (
    "compdef() { :; }; compadd() { local -a offered; local w; while (( $# )); do"
    " if [[ $1 == -a ]]; then offered=(\"${(@P)2}\"); shift; fi; shift; done;"
    " for w in \"${offered[@]}\"; do printf '[%s]' \"$w\"; done };"
    " _describe() { local w; for w in \"${(@P)3}\"; do printf '[%s]' \"${w%%:*}\"; done }"
)  # prints the words offered, as `[word]` (zsh itself quotes them and adds the space)


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_completes_through_the_script(shell_env: dict[str, str]) -> None:
    cases = {
        "roll -s va": "[vagabond]",
        "roll --as m": "[Mira]",
        "roll -s vagabond chec": "[check]",
        "roll sheet s": "[show]",
        "roll help no": "[notation]",
        "roll --no-c": "[--no-color]",
        "roll --as 'Old\\ '": "[Old Tom]",  # the word as typed, unquoted for roll
        "roll --as 'Old\\ Tom' ris": "[risk]",
        "roll -s champions attack O": '["Old Tom"]',
    }
    lines = [f"source {COMPLETIONS / 'roll.zsh'}", ZSH_STUB]
    for words in cases:
        lines.append(f"words=({words}); CURRENT=${{#words}}; _roll_completion roll; echo")
    out = run_shell(["zsh", "-f", "-c", "\n".join(lines)], shell_env).splitlines()
    assert out == list(cases.values())


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_through_the_script(shell_env: dict[str, str]) -> None:
    cases = {
        "roll -s va": ["vagabond"],
        "roll --as ": ["Mira", "Old Tom"],
        "roll -s vagabond chec": ["check"],
        "roll sheet s": ["show"],
        "roll help no": ["notation"],
        "roll --no-c": ["--no-color"],
    }
    lines = [f"source {COMPLETIONS / 'roll.fish'}"]
    for words in cases:
        lines.append(f"complete -C '{words}'; echo ---")
    out = run_shell(["fish", "--no-config", "-c", "\n".join(lines)], shell_env)
    # each line is `word<TAB>description`: the words are what was offered
    found = [
        sorted(" ".join(line.split("\t")[0] for line in chunk.splitlines()).split())
        for chunk in out.split("---\n")[:-1]
    ]
    assert found == [sorted(" ".join(v).split()) for v in cases.values()]


def bash_complete(cases: list[str], env: dict[str, str]) -> list[str]:
    """Run `_roll` on each COMP_WORDS (bash syntax, the words raw as typed); `[reply]` lines."""
    lines = [f"source {COMPLETIONS / 'roll.bash'}"]
    for words in cases:
        lines.append(
            f"COMPREPLY=(); COMP_WORDS=({words}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ));"
            " _roll_completion roll;"
            ' printf "[%s]" "${COMPREPLY[@]}"; echo'
        )
    return run_shell(["bash", "--norc", "-c", "\n".join(lines)], env).splitlines()


def test_bash_reads_words_as_the_shell_passes_them(shell_env: dict[str, str]) -> None:
    # COMP_WORDS hold the words as typed: `Old\ T`, `'Old Tom'`; roll sees them unquoted
    cases = {
        r"roll --as 'Old\ '": r"[Old\ Tom]",
        "roll sheet show '\"Old T'": r"[Old\ Tom]",
        r"roll --as \"'Old Tom'\" ris": "[risk ]",  # Old Tom plays macchiato
        r"roll --as 'Old\ Tom' ris": "[risk ]",
    }
    assert bash_complete(list(cases), shell_env) == list(cases.values())


def test_bash_quotes_line_words_for_the_shell(shell_env: dict[str, str]) -> None:
    # a LINE word is inserted as shell text: `roll … attack Old\ Tom` gives roll one word,
    # the name, which the LINE reads as one; a finished word keeps its unquoted trailing space
    cases = {
        "roll -s champions attack O": r'[on ][Old\ Tom ]',  # `on NAME` (SPEC §9) or the name
        "roll d20 ''": "[adv ][dis ][vs ]",
    }
    assert bash_complete(list(cases), shell_env) == list(cases.values())


FRESH_CASES = ("roll -", "roll he", "roll help ", "roll odds -", "roll sheet ", "roll sheet show ",
               "roll log -", "roll repl -", "roll --as ", "roll -s vagabond check de",
               "roll completion ", "roll table ")


def test_a_tab_in_a_fresh_process_offers_what_the_whole_app_offers(
    table: Path, shell_env: dict[str, str]
) -> None:
    """A Tab builds only the subcommand its words are in; it offers the same words as the app
    with every subcommand built (this process's)."""
    for typed in FRESH_CASES:
        words = typed.split(" ")
        env = dict(shell_env, _ROLL_COMPLETE="bash_complete", COMP_WORDS=typed,
                   COMP_CWORD=str(len(words) - 1))
        out = run_shell(["roll"], env)
        fresh = [line.split(",", 1)[1].replace("\\\\", "\\") for line in out.splitlines() if line]
        assert fresh == complete(typed), typed


def test_a_name_with_spaces_completes_from_the_shell(table: Path) -> None:
    # offered as one shell word (`Old\ Tom`), which the LINE reads as the name; a name begun
    # in an earlier word is finished in the word under Tab
    assert complete("roll -s champions stabilize O") == ["Old\\ Tom "]
    assert complete("roll -s champions attack old T") == ["Tom "]
