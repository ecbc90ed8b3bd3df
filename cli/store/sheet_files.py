"""TOML character sheets: read and validate one against its system, write one back out."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from cli.base.safe import toml_safe
from rules.campaign import Character
from rules.errors import SheetError, UsageError
from rules.systems import get_system

# tomli_w writes every array one item a line; a short list of plain values reads better inline
_FLAT_ARRAY = re.compile(r"= \[\n((?:    [^\n\[\]{}]+,\n)+)\]$", re.MULTILINE)
_ITEM = re.compile(r"^    (.+),$", re.MULTILINE)


def load_sheet(path: Path) -> dict[str, Any]:
    """Read a TOML sheet and validate it against its system; the normalized sheet.

    A missing or unreadable file is a UsageError; broken TOML (with its line and column) or a
    sheet that does not fit its system is a SheetError naming the file and the key.
    """
    from cli.base.input_files import read_text

    path = Path(path)
    return parse_sheet(read_text(path, "sheet", SheetError), str(path))


def parse_sheet(text: str, where: str) -> dict[str, Any]:
    """A TOML sheet's text, validated; `where` (a path, or "stdin") prefixes its errors."""
    try:
        data = tomllib.loads(text)
    except ValueError as exc:  # a TOMLDecodeError, or int() refusing 4,300+ digits
        raise SheetError(f"{where}: broken TOML: {exc}") from None
    except RecursionError:
        raise SheetError(f"{where}: broken TOML: arrays or tables nested too deep") from None
    try:
        return validate_sheet(data)
    except SheetError as exc:
        raise SheetError(f"{where}: {exc.message}") from None


def validate_sheet(data: Mapping[str, Any]) -> dict[str, Any]:
    """Check a sheet dict against the system it names; the normalized sheet, or SheetError."""
    for key in ("name", "system"):
        if key not in data:
            raise SheetError(f"sheet key '{key}' is missing (every sheet needs name and system)")
    system_id = data["system"]
    if not isinstance(system_id, str):
        raise SheetError(f"sheet key 'system' must be a system id such as \"generic\", not {system_id!r}")
    try:
        system = get_system(system_id)
    except UsageError as exc:
        raise SheetError(f"sheet key 'system': {exc.message}") from None
    sheet = system.validate_sheet(data)
    rolls = sheet.get("rolls")
    if isinstance(rolls, Mapping):  # the system checked them against its words; these are roll's
        from cli.base.argv import FRONT_WORDS
        from rules.named_rolls import check_front_words

        try:
            check_front_words(rolls, FRONT_WORDS)
        except UsageError as exc:
            raise SheetError(f"sheet key 'rolls': {exc.message}") from None
    return sheet


def dump_sheet(character: Character) -> str:
    """The character as a TOML sheet, current pools included, that `load_sheet` reads back."""
    from cli.store.sheet_state import exported_sheet

    sheet: dict[str, Any] = {"name": character.name, "system": character.system}
    sheet.update((k, v) for k, v in exported_sheet(character).items() if k not in sheet)
    if "flags" in sheet:
        sheet["flags"] = [str(f) for f in sheet["flags"]]
    text = tomli_w.dumps(_without_none(sheet))
    text = _FLAT_ARRAY.sub(lambda m: "= [" + ", ".join(_ITEM.findall(m.group(1))) + "]", text)
    return toml_safe(text)


def _without_none(value: Any) -> Any:
    """The value with every None dropped (TOML has no null: an absent key means unset)."""
    if isinstance(value, Mapping):
        return {str(k): _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_without_none(v) for v in value if v is not None]
    return value
