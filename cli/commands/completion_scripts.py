"""Shell completion scripts (bash, zsh, fish) generated from the Typer app's commands and options.

Static words (subcommands, options, system ids, help topics) are written into the script; the
campaign's character names and the words of a LINE are asked from `roll` itself at Tab time
(`roll completion --words characters`, `roll completion --complete TEXT`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cli.commands.completion_templates import BASH, FISH, ZSH

NAME_OPTIONS = ("-a", "--as")
SYSTEM_OPTIONS = ("-s", "--system")
FILE_OPTIONS = ("--campaign",)
PASSED_ON = SYSTEM_OPTIONS + NAME_OPTIONS + FILE_OPTIONS
"""Options a script hands on to `roll completion` so it reads the right campaign and system."""


@dataclass(frozen=True)
class CompletionSpec:
    """What the scripts complete, read from the app: everything but the campaign's names."""

    subcommands: tuple[str, ...]
    options: Mapping[str, tuple[str, ...]]  # "" (a LINE), "log", "sheet show", …
    value_options: tuple[str, ...]
    sheet_commands: tuple[str, ...]
    name_commands: tuple[str, ...]  # sheet commands whose argument is a character
    systems: tuple[str, ...]
    topics: tuple[str, ...]
    shells: tuple[str, ...]

    @property
    def other_value_options(self) -> tuple[str, ...]:
        return tuple(o for o in self.value_options if o not in PASSED_ON)


def _options(command: Any) -> tuple[str, ...]:
    out: list[str] = ["-h", "--help"]
    for param in command.params:
        if getattr(param, "param_type_name", "") == "option" and not getattr(param, "hidden", 0):
            out += [o for o in param.opts if o != "--version"] + list(param.secondary_opts)
    return tuple(sorted(set(out), key=lambda o: (o.lstrip("-"), o)))


def spec_from_app() -> CompletionSpec:
    """Walk the registered Typer app (every subcommand module included)."""
    from typer.main import get_command

    from cli.app import SUBCOMMANDS, app, register_subcommands
    from cli.commands.shell import register
    from cli.repl.vocabulary import SHELLS
    from rules.systems import SYSTEMS

    register_subcommands()
    register(app)
    root: Any = get_command(app)
    line = root.commands["line"]
    options: dict[str, tuple[str, ...]] = {"": _options(line)}
    values: set[str] = set()
    sheet_commands: tuple[str, ...] = ()
    name_commands: list[str] = []
    for name in SUBCOMMANDS:
        command = root.commands.get(name)
        options[name] = _options(command) if command is not None else options[""]
        for sub_name, sub in sorted(getattr(command, "commands", {}).items()):
            options[f"{name} {sub_name}"] = _options(sub)
            if name == "sheet":
                sheet_commands += (sub_name,)
                if any(p.name == "name" for p in sub.params):
                    name_commands.append(sub_name)
    for command in _walk(root):
        for param in command.params:
            if getattr(param, "param_type_name", "") == "option" and not param.is_flag:
                values.update(param.opts)
    values.discard("--words")
    values.discard("--complete")
    return CompletionSpec(
        subcommands=tuple(SUBCOMMANDS),
        options=options,
        value_options=tuple(sorted(values)),
        sheet_commands=sheet_commands,
        name_commands=tuple(name_commands),
        systems=tuple(SYSTEMS),
        topics=("notation", *SYSTEMS),
        shells=SHELLS,
    )


def _walk(command: Any) -> list[Any]:
    found = [command]
    for sub in getattr(command, "commands", {}).values():
        found += _walk(sub)
    return found


HEADER = """\
{comment} {shell} completion for roll (roll-rules), generated from the app by
{comment} completions/generate.py: do not edit; `roll completion {shell}` prints the same text.
{comment} Character names and the words of a LINE come from roll itself at Tab time:
{comment}   roll completion --words characters      roll completion --complete TEXT
"""


def _words(items: tuple[str, ...]) -> str:
    return " ".join(items)


def _bash_cases(spec: CompletionSpec, indent: str) -> str:
    lines = []
    for path, opts in spec.options.items():
        if path:
            lines.append(f"{indent}'{path}') echo '{_words(opts)}' ;;")
    lines.append(f"{indent}*) echo '{_words(spec.options[''])}' ;;")
    return "\n".join(lines)


def bash_script(spec: CompletionSpec) -> str:
    """The bash script: `complete -F _roll roll`."""
    text = HEADER.format(comment="#", shell="bash") + BASH
    return _fill(text, spec, _bash_cases(spec, " " * 8))


def zsh_script(spec: CompletionSpec) -> str:
    """The zsh script: `_roll`, for a directory on $fpath or sourced after compinit."""
    text = "#compdef roll\n" + HEADER.format(comment="#", shell="zsh") + ZSH
    return _fill(text, spec, _bash_cases(spec, " " * 8))


def fish_script(spec: CompletionSpec) -> str:
    """The fish script: one function that prints what fits at the cursor."""
    cases = []
    for path, opts in spec.options.items():
        if path:
            cases.append(f"        case '{path}'\n            echo {_words(opts)}")
    cases.append(f"        case '*'\n            echo {_words(spec.options[''])}")
    text = HEADER.format(comment="#", shell="fish") + FISH
    return _fill(text, spec, "\n".join(cases))


def _fill(text: str, spec: CompletionSpec, option_cases: str) -> str:
    marks = {
        "@@SUBCOMMANDS@@": _words(spec.subcommands),
        "@@SYSTEMS@@": _words(spec.systems),
        "@@TOPICS@@": _words(spec.topics),
        "@@SHELLS@@": _words(spec.shells),
        "@@SHEET_COMMANDS@@": _words(spec.sheet_commands),
        "@@NAME_COMMANDS@@": "|".join(spec.name_commands) or "''",
        "@@NAME_COMMANDS_WORDS@@": _words(spec.name_commands),
        "@@PASSED_ON@@": "|".join(PASSED_ON),
        "@@PASSED_ON_WORDS@@": _words(PASSED_ON),
        "@@OTHER_VALUE_OPTIONS@@": "|".join(spec.other_value_options) or "''",
        "@@OTHER_VALUE_OPTIONS_WORDS@@": _words(spec.other_value_options),
        "@@OPTION_CASES@@": option_cases,
    }
    for mark, value in marks.items():
        text = text.replace(mark, value)
    return text


SCRIPTS: Mapping[str, Callable[[CompletionSpec], str]] = {
    "bash": bash_script,
    "zsh": zsh_script,
    "fish": fish_script,
}


def script(shell: str) -> str:
    """The completion script for `shell`, generated from the app as it is now."""
    return SCRIPTS[shell](spec_from_app())
