"""Entry point of `roll`: lazy imports, Ctrl-C → 130, and never a traceback."""

from __future__ import annotations

import gc
import sys
from typing import NoReturn

GC_THRESHOLD = 50_000
"""Container objects made between two collections of the youngest generation (Python's: 700)."""


def run(args: list[str]) -> NoReturn:
    """`roll ARGS`: a plain LINE or batch without Click or Typer (cli/plain.py), anything else
    through the Typer app; exits with the status."""
    from cli import plain

    status = plain.main(args)
    if status is not None:
        sys.exit(status)
    from cli.app import main_app

    main_app(args)


def main() -> None:
    # A roll lives briefly and its results hold no cycles: with Python's default threshold,
    # half of `roll -n 30000 3d6` went to the collector scanning the results kept so far.
    gc.set_threshold(GC_THRESHOLD)
    try:
        import cli.plain  # noqa: F401  (what a plain LINE needs, before the freeze)

        gc.freeze()  # what the imports built lives as long as the process: never scan it again
        run(sys.argv[1:])
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    finally:
        # what was loaded since (the grammar and pyparsing at the first parse, a subcommand's
        # modules) is not scanned by the collection Python makes at exit either
        gc.freeze()


if __name__ == "__main__":
    main()
