"""Entry point of `roll`: lazy imports, Ctrl-C → 130, and never a traceback."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from cli.app import main_app

        main_app()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)


if __name__ == "__main__":
    main()
