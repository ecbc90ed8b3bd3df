"""Write completions/roll.bash, roll.zsh and roll.fish from the app as it is now.

Run `python completions/generate.py` after adding a subcommand or an option;
`--check` only compares (exit 1 when a committed script is stale).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from cli.commands.completion_scripts import SCRIPTS, spec_from_app  # noqa: E402


def main(argv: list[str]) -> int:
    check = "--check" in argv
    spec = spec_from_app()
    stale = []
    for shell, render in SCRIPTS.items():
        path = HERE / f"roll.{shell}"
        text = render(spec)
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
