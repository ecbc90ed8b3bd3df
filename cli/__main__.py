"""Entry point of `roll`: lazy imports, Ctrl-C → 130, and never a traceback."""

from __future__ import annotations

import sys
from typing import NoReturn


def run(args: list[str]) -> NoReturn:
    """`roll ARGS`: a plain LINE or batch without Click or Typer (cli/entry/fast_argv.py), anything else
    through the Typer app; exits with the status."""
    from cli.entry import fast_argv

    args = _as_text(args)
    status = fast_argv.main(args)
    if status is not None:
        sys.exit(status)
    from cli.entry.app import main_app

    main_app(args)


def _as_text(args: list[str]) -> list[str]:
    """The arguments as text: NFC (so `Zoë` typed either way names one character); an argument
    holding bytes that are not UTF-8 (Python keeps them as lone surrogates) is refused."""
    if all(arg.isascii() for arg in args):
        return args
    import unicodedata

    from cli.base.safe import as_text, not_utf8

    for number, arg in enumerate(args, start=1):
        bad = not_utf8(arg, f"argument {number}")
        if bad is not None:
            from cli.base.environment import ExitStatus
            from rules.errors import UsageError

            if "--json" in args:
                from cli.base.error_layout import error_to_json
                from cli.base.safe import dumps

                line = " ".join(as_text(a) for a in args)
                sys.stdout.write(dumps(error_to_json(line, UsageError(bad))) + "\n")
                sys.stdout.flush()
            sys.stderr.write(f"roll: error: {bad}\n")
            sys.exit(int(ExitStatus.BAD_INPUT))
    return [arg if arg.isascii() else unicodedata.normalize("NFC", arg) for arg in args]


def main() -> None:
    for stream in (sys.stdout, sys.stderr):  # a lone surrogate from stored data: U+FFFD, no crash
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
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
