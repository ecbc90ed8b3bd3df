"""Reading a file that a command imports (a table, aliases, a sheet): UTF-8 text, or stdin for
`-`; only a regular file, and at most MAX_FILE_BYTES of it."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from rules.errors import RollError, UsageError

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file a command reads (a sheet, a table, aliases): 4 MiB, far above any real one;
`/dev/zero` or a runaway generator stops here instead of filling the memory."""


def read_text(path: Path, what: str, damaged: type[RollError] = UsageError) -> str:
    """A UTF-8 file's text (`-` is stdin; an editor's BOM is dropped); a missing or unreadable
    file, a FIFO or a device, or one over MAX_FILE_BYTES is a UsageError naming it as a `what`
    file, bytes that are not UTF-8 a `damaged`."""
    if str(path) == "-":
        from cli.base.position import stdin_is_the_batchs

        if stdin_is_the_batchs():
            raise UsageError(f"- reads stdin, which is this batch's own input: give a {what} FILE")
        raw = _read_stdin()
        where = "stdin"
    else:
        raw = _read_file(path, what)
        where = str(path)
    if len(raw) > MAX_FILE_BYTES:
        raise UsageError(f"{where}: too large; {what} files are read up to"
                         f" {MAX_FILE_BYTES // 1024 // 1024} MiB")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise damaged(f"{where}: not UTF-8 text (bad byte at offset {exc.start})") from None


def _read_stdin() -> bytes:
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes below it (a test's StringIO)
        return sys.stdin.read(MAX_FILE_BYTES + 1).encode("utf-8", "surrogateescape")
    data: bytes = stream.read(MAX_FILE_BYTES + 1)
    return data


def _read_file(path: Path, what: str) -> bytes:
    """At most MAX_FILE_BYTES + 1 bytes of a regular file: the kind is checked before opening,
    and the open never waits (O_NONBLOCK: a FIFO swapped in between is refused, not waited on)."""
    try:
        kind = os.stat(path).st_mode
        if stat.S_ISDIR(kind):
            raise UsageError(f"{path} is a directory, not a {what} file")
        if not stat.S_ISREG(kind):
            raise UsageError(f"{path} is not a regular file (a FIFO, a device or a socket):"
                             f" {what} files are read from regular files only")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise UsageError(f"no {what} file {path}") from None
    except OSError as exc:
        raise UsageError(f"cannot read the {what} {str(path)[:80]}: {exc.strerror}") from None
    except ValueError:  # a NUL byte in the path
        raise UsageError(f"no {what} file {str(path)!r}: a path holds no NUL byte") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UsageError(f"{path} is not a regular file: {what} files are read from"
                             " regular files only")
        with os.fdopen(fd, "rb", closefd=False) as stream:
            return stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read the {what} {path}: {exc.strerror}") from None
    finally:
        os.close(fd)
