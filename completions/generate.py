"""Write completions/roll.bash, roll.zsh and roll.fish: the scripts Click generates for roll.

Run `python completions/generate.py` after upgrading Click; `--check` only compares (exit 1 when
a committed script is stale). `roll completion SHELL` prints the same text.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def main(argv: list[str]) -> int:
    import typer

    from cli.base.completion import SHELL_NAMES, script
    from cli.entry.app import app, register_subcommands

    register_subcommands()
    command = typer.main.get_command(app)
    check = "--check" in argv
    stale = []
    for shell in SHELL_NAMES:
        path = HERE / f"roll.{shell}"
        text = script(command, shell)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.name)
        if not check:
            path.write_text(text, encoding="utf-8")
    verb = "stale" if check else "written"
    print(f"{verb}: {', '.join(stale)}" if stale else "up to date")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
