"""Entry point of `roll`: the recursion limit a LINE needs, lazy imports, Ctrl-C → 130, and never a
traceback."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from rules.errors import RollError


def run(args: list[str]) -> NoReturn:
    """`roll ARGS`: a plain LINE or batch without Click or Typer (cli/entry/fast_argv.py), anything else
    through the Typer app; exits with the status."""
    from cli.entry import fast_argv
    from rules.errors import RollError

    args = _as_text(args)
    try:
        status = fast_argv.main(args)
        if status is not None:
            sys.exit(status)
        from cli.entry.app import main_app

        main_app(args)
    except RollError as error:  # read before any command could report it: ROLL_AS's bytes
        _refuse(args, error)


def _refuse(args: list[str], error: RollError) -> NoReturn:
    """Report an error found before a command runs (`roll: error: …`, and its JSON object on
    stdout under --json, `input` the LINE alone) and exit with its status."""
    if "--json" in args:
        from cli.base.argv import line_of
        from cli.base.error_layout import error_to_json
        from cli.base.safe import as_text, dumps

        line = line_of([as_text(arg) for arg in args])
        sys.stdout.write(dumps(error_to_json(line, error)) + "\n")
        sys.stdout.flush()
    from cli.base.safe import shown_lines

    sys.stderr.write(f"roll: error: {shown_lines(error.message)}\n")
    sys.exit(error.exit_status)


def _as_text(args: list[str]) -> list[str]:
    """The arguments as text: UTF-8 under any locale (cli/base/os_text.py), NFC (so `Zoë`
    typed either way names one character); an argument holding bytes that are text in no way
    (Python keeps them as lone surrogates) is refused."""
    if all(arg.isascii() for arg in args):
        return args
    import unicodedata

    from cli.base.os_text import os_text
    from cli.base.safe import not_utf8

    texts = [os_text(arg) for arg in args]
    for number, (arg, text) in enumerate(zip(args, texts, strict=True), start=1):
        if text is None:
            from rules.errors import UsageError

            bad = not_utf8(arg, f"argument {number}") or f"argument {number} is not UTF-8 text"
            _refuse([a if t is None else t for a, t in zip(args, texts, strict=True)],
                    UsageError(bad))
    return [t if t.isascii() else unicodedata.normalize("NFC", t) for t in texts if t is not None]


ASCII_NAMES = frozenset({"ascii", "ansi_x3.4-1968", "us-ascii", "646"})
"""What Python calls the C and POSIX locales' encoding."""


def main() -> None:
    from rules.limits import RECURSION

    # a LINE's tree may be 500 levels deep (a sum of 500 terms): `roll` owns its process
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION))
    for stream in (sys.stdout, sys.stderr):  # a lone surrogate from stored data: U+FFFD, no crash
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # under the C locale (PYTHONUTF8=0) text goes out as UTF-8, as Python's UTF-8 mode
            # writes it there: ASCII would turn `Zoë` in a JSON line into `Zo?`
            ascii_only = (getattr(stream, "encoding", "") or "").lower() in ASCII_NAMES
            reconfigure(errors="replace", **({"encoding": "utf-8"} if ascii_only else {}))
    try:
        run(sys.argv[1:])
    except KeyboardInterrupt:
        interrupted()
    except BrokenPipeError:
        sys.exit(0)
    except Exception as error:
        if not after_interrupt(error):
            raise
        interrupted()  # a library that failed while a Ctrl-C unwound it: still the Ctrl-C


def interrupted() -> NoReturn:
    """Ctrl-C: a new line (the prompt starts in column 0) and status 130, as a shell expects."""
    sys.stderr.write("\n")
    sys.exit(130)


def after_interrupt(error: BaseException) -> bool:
    """Whether `error` was raised while a KeyboardInterrupt was being handled (psycopg, cancelling
    a query on Ctrl-C, may itself fail with a TypeError on a connection the server has ended)."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__context__
    return False


if __name__ == "__main__":
    main()
