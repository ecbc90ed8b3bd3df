"""Ctrl-C ends `roll` with status 130 and a bare new line, even when a library fails while the
interrupt unwinds it (psycopg cancelling a query on a connection the server has ended raised a
TypeError inside the KeyboardInterrupt: `roll log -f` printed a traceback)."""

from __future__ import annotations

from typing import NoReturn

import pytest

import cli.__main__ as entry


def failing_while_interrupted(args: list[str]) -> NoReturn:
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt:
        raise TypeError("an integer is required") from None  # `from None` hides, keeps __context__


def test_an_error_raised_while_ctrl_c_unwinds_is_the_ctrl_c(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(entry, "run", failing_while_interrupted)
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == 130
    assert capsys.readouterr() == ("", "\n")


def test_ctrl_c_itself_is_130(monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(args: list[str]) -> NoReturn:
        raise KeyboardInterrupt

    monkeypatch.setattr(entry, "run", interrupted)
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == 130
    assert capsys.readouterr() == ("", "\n")


def test_an_error_of_its_own_is_not_taken_for_an_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(args: list[str]) -> NoReturn:
        try:
            raise ValueError("first")
        except ValueError:
            raise TypeError("second") from None

    monkeypatch.setattr(entry, "run", failing)
    with pytest.raises(TypeError, match="second"):
        entry.main()
    assert entry.after_interrupt(TypeError()) is False
