"""The man page roll.1, written from the same Click tree `roll --help` prints (every command,
its arguments and options with their help): `python man/manpage.py` prints it; man/roll.1 is
its output, shipped in the wheel (share/man/man1) and held current by tests/house/test_manpage.py
and .ci/run. A build tool beside the page, not in cli/: only cli/__main__.py imports the app."""

from __future__ import annotations

import click

from cli.entry.app import ABOUT, app, register_subcommands

SEE_ALSO = ("roll help notation · roll help sheets · roll help config · roll help encounter ·"
            " roll help GAME (generic vagabond macchiato champions tiers brighter)")


def _roff(text: str) -> str:
    """Text as roff reads it: backslashes doubled, a line's leading dot or quote escaped."""
    lines = text.replace("\\", "\\e").splitlines()
    return "\n".join("\\&" + line if line[:1] in (".", "'") else line for line in lines)


def _arguments(command: click.Command, ctx: click.Context) -> list[str]:
    """An `.TP` paragraph for each argument of `command`, as its help gives it."""
    out: list[str] = []
    for param in command.params:
        if isinstance(param, click.Argument) and param.help:
            out += [".TP", f"\\fI{_roff(param.make_metavar(ctx))}\\fR", _roff(param.help)]
    return out


def _options(command: click.Command, shared: frozenset[str] = frozenset()) -> list[str]:
    """An `.TP` paragraph for each option of `command` but the `shared` ones (under OPTIONS),
    as its help gives it."""
    out: list[str] = []
    for param in command.params:
        if not isinstance(param, click.Option) or param.hidden or param.name in shared:
            continue
        words = ", ".join(param.opts + param.secondary_opts)
        metavar = "" if param.is_flag else f" {param.metavar or param.type.name.upper()}"
        out += [".TP", f"\\fB{_roff(words)}\\fR{_roff(metavar)}", _roff(param.help or "")]
    return out


def _commands(group: click.Group, ctx: click.Context, prefix: str) -> list[str]:
    """A subsection for each command under `group`, its groups' commands in turn; the options
    every LINE takes are under OPTIONS, once."""
    from cli.base.options import SHARED
    out: list[str] = []
    for name in sorted(group.list_commands(ctx)):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        words = f"{prefix} {name}"
        if isinstance(command, click.Group):
            out += _commands(command, ctx, words)
            continue
        usage = " ".join(p.make_metavar(ctx) for p in command.params if isinstance(p, click.Argument))
        out += [".SS", f"\\fB{_roff(words)}\\fR {_roff(usage)}".rstrip(),
                _roff((command.help or "").strip()), *_arguments(command, ctx),
                *_options(command, frozenset(SHARED))]
    return out


def man_page() -> str:
    """roll.1, from the app's Click tree (no version in it: the page is the same for each)."""
    import typer

    register_subcommands()
    root = typer.main.get_command(app)
    ctx = click.Context(root, info_name="roll")
    line = root.get_command(ctx, "line") if isinstance(root, click.Group) else None
    parts = [
        '.TH ROLL 1 "" "roll-rules" "User Commands"',
        ".SH NAME", "roll \\- " + _roff(ABOUT.removeprefix("roll: ").rstrip(".")),
        ".SH SYNOPSIS",
        "\\fBroll\\fR [\\fIOPTIONS\\fR] \\fILINE\\fR...", ".br",
        "\\fBroll\\fR [\\fIOPTIONS\\fR] (a REPL on a terminal; LINEs from a pipe otherwise)", ".br",
        "\\fBroll\\fR \\fICOMMAND\\fR ...",
        ".SH DESCRIPTION",
        "A LINE is a dice expression (4d6kh3, d20+5 vs 15) or a game system's command"
        " (check dex trained). roll help lists the help topics.",
        ".SH OPTIONS", *(_options(line) if line is not None else []),
        ".SH COMMANDS",
        *(_commands(root, ctx, "roll") if isinstance(root, click.Group) else []),
        ".SH ENVIRONMENT",
        ".TP", "\\fBROLL_CAMPAIGN\\fR, \\fBROLL_SYSTEM\\fR, \\fBROLL_AS\\fR, \\fBROLL_COLOR\\fR",
        "the settings --campaign, --system, --as and --color give, under the command line",
        ".TP", "\\fBROLL_CONFIG\\fR", "another config file than the user config dir's config.toml",
        ".TP", "\\fBNO_COLOR\\fR, \\fBFORCE_COLOR\\fR, \\fBCLICOLOR_FORCE\\fR",
        "colour off, or on in a pipe, under --color auto",
        ".SH FILES", ".TP", "\\fIconfig.toml\\fR",
        "in the user config dir: campaign, system, as, color (roll help config)",
        ".SH EXIT STATUS",
        "0 done; 1 a rule refused the action; 2 bad input; 130 interrupted.",
        ".SH SEE ALSO", _roff(SEE_ALSO),
    ]
    return "\n".join(part for part in parts if part) + "\n"


if __name__ == "__main__":
    print(man_page(), end="")
