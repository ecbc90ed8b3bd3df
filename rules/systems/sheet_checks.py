"""Sheet validation every system shares: names, known keys, stats in range, pools in 0..max."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.campaign import Character
from rules.errors import RollError, SheetError, UsageError
from rules.limits import MAX_NAME, MAX_NUMBER, MAX_SHEET_NESTING

if TYPE_CHECKING:
    from rules.systems.protocol import System
    from rules.systems.sheet_terms import Pool

BASE_FIELDS = {
    "name", "system", "stats", "skills", "max", "pools", "risk", "flags", "notes", "rolls",
}


def sheet_name(name: object) -> str:
    """A character's name as stored: a non-empty string without control characters (a newline
    would forge a line of the log, an escape sequence reach another player's terminal), NFC
    normalized so that `Zoë` typed composed or decomposed is one name; spaces around dropped."""
    if not isinstance(name, str) or not name.strip():
        raise SheetError("sheet key 'name' must be a non-empty string")
    if len(name.strip()) > MAX_NAME:
        raise SheetError(f"sheet key 'name' is {len(name.strip()):,} characters long: a name"
                         f" has at most {MAX_NAME}")
    bad = next((c for c in name if _control(c)), None)
    if bad is not None:
        raise SheetError(f"sheet key 'name' may not hold a control character ({_code(bad)} at"
                         f" position {name.index(bad) + 1}): a name is one line of text")
    import unicodedata

    hidden = hidden_at(name)
    if hidden is not None:
        raise SheetError(f"sheet key 'name' may not hold an invisible character"
                         f" ({_code(name[hidden])} at position {hidden + 1}): two names that"
                         " look the same would be two characters")
    return unicodedata.normalize("NFC", name.strip())


JOINERS = frozenset("\u200c\u200d")
"""Invisible characters a name may hold between two characters beyond ASCII: the zero-width
(non-)joiners emoji sequences (`👩‍🚀`) and some scripts need; `Mi‍ra` is refused."""


def hidden_at(text: str) -> int | None:
    """The index of the first character of `text` a reader never sees (Unicode's
    Default_Ignorable_Code_Point: rules/ignorable.py), else None. Two are allowed where a
    script or an emoji needs them: a joiner between two characters beyond ASCII, a variation
    selector right after one (`❤️`); after `Mira` either is a second, lookalike Mira."""
    if text.isascii():
        return None
    from rules.ignorable import default_ignorable, variation_selector

    def shows(c: str) -> bool:  # a character beyond ASCII that is seen
        return not c.isascii() and not default_ignorable(c)

    for index, c in enumerate(text):
        if not default_ignorable(c):
            continue
        before = text[index - 1] if index else "a"
        after = text[index + 1] if index + 1 < len(text) else "a"
        if variation_selector(c) and shows(before):
            continue
        if c in JOINERS and (shows(before) or variation_selector(before)) and shows(after):
            continue
        return index
    return None


def _check_key_text(where: str, key: str) -> None:
    """A key (a pool's, a stat's) holds no control and no invisible character: `h͏p` would be a
    second pool that reads as `hp`."""
    bad = next((i for i, c in enumerate(key) if _control(c)), None)
    if bad is None:
        bad = hidden_at(key)
    if bad is not None:
        raise SheetError(f"sheet key '{where}' may not hold a control or invisible character"
                         f" ({_code(key[bad])} at position {bad + 1})")


def _control(c: str) -> bool:
    code = ord(c)
    return code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code <= 0xDFFF or c in _SEPARATORS


_SEPARATORS = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Line and paragraph separators, bidirectional embeddings, overrides and isolates."""


def _code(c: str) -> str:
    return {"\n": "a newline", "\r": "a carriage return", "\t": "a tab",
            "\x1b": "ESC"}.get(c, f"U+{ord(c):04X}")


def validate_common(system: System, data: Mapping[str, Any]) -> dict[str, Any]:
    """The checks every system shares: names, known keys, stats in range, pools in 0..max."""
    sheet = dict(data)
    name = sheet_name(sheet.get("name"))
    _check_numbers(sheet, "")
    for section in ("stats", "max", "pools", "risk"):
        for key in _table(sheet, section):
            _check_key_text(f"{section}.{key}", str(key))
    allowed = BASE_FIELDS | set(system.fields) | system.sections
    for key in sheet:
        if key not in allowed:
            raise SheetError(
                f"sheet key '{key}' is not a {system.id} key (allowed: {', '.join(sorted(allowed))})"
            )
    for key, (kind, lo, hi) in system.fields.items():
        if key in sheet:
            _check_value(f"'{key}'", sheet[key], kind, lo, hi)
    stats = _table(sheet, "stats")
    if system.stats:
        normalized: dict[str, Any] = {}
        keys: dict[str, str] = {}
        for key, value in stats.items():
            stat = system.stat(key)
            if stat is None:
                names = ", ".join(s.name for s in system.stats)
                raise SheetError(f"sheet key 'stats.{key}' is not a {system.id} stat ({names})")
            if stat.kind == "score":
                _check_value(f"'stats.{stat.name}'", value, int, stat.lo, stat.hi)
            elif not isinstance(value, str):
                raise SheetError(f"sheet key 'stats.{stat.name}' must be a die such as \"d8\"")
            _once(keys, stat.name, key, "stats", f"the {system.id} stat {stat.name}")
            keys[stat.name] = key
            normalized[stat.name] = value
        sheet["stats"] = normalized
    else:
        seen: dict[str, str] = {}
        for key, value in stats.items():
            _once(seen, key.lower(), key, "stats", "one stat (keys ignore case)")
            seen[key.lower()] = key
            _check_value(f"'stats.{key}'", value, int, None, None)
    skills = _table(sheet, "skills")
    trained = skills.get("trained", [])
    if not isinstance(trained, list) or not all(isinstance(s, str) for s in trained):
        raise SheetError("sheet key 'skills.trained' must be a list of skill names")
    maxima: dict[str, str] = {}
    for key, value in _table(sheet, "max").items():
        _once(maxima, key.lower(), key, "max", "one pool (keys ignore case)")
        maxima[key.lower()] = key
        _check_value(f"'max.{key}'", value, int, 0, None)
    flags = sheet.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise SheetError("sheet key 'flags' must be a list of words")
    if "rolls" in sheet:
        sheet["rolls"] = check_sheet_rolls(system, _table(sheet, "rolls"))
    sheet["name"] = name
    check_pools(system, sheet)
    sheet["system"] = system.id
    return sheet


def check_pools(system: System, sheet: Mapping[str, Any]) -> None:
    """Pools on a sheet are whole numbers from 0 to their maximum."""
    character = Character(str(sheet["name"]), system.id, sheet)
    given: dict[str, str] = {}
    for key, value in _table(sheet, "pools").items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise SheetError(f"sheet key 'pools.{key}' must be a whole number, not {_short(value)}")
        _check_size(f"'pools.{key}'", value)
        pool = _known_pool(system, sheet, key)
        _once(given, pool.name, key, "pools", f"the pool {pool.name}")
        given[pool.name] = key
        top = system.pool_max(character, pool)
        if value < 0 or (top is not None and value > top):
            raise SheetError(f"sheet key 'pools.{key}' must be {span_words(0, top)}, not"
                             f" {value:,}")


def _once(seen: Mapping[str, str], meaning: str, key: str, section: str, what: str) -> None:
    """A SheetError when a key of `[section]` means what an earlier one did (`dexterity` and
    `dex`, `hp` and `HP`): naming both, and what they mean."""
    if meaning in seen:
        first = seen[meaning]
        raise SheetError(f"sheet keys '{section}.{first}' and '{section}.{key}' both give"
                         f" {what}: give it once")


def _known_pool(system: System, sheet: Mapping[str, Any], key: str) -> Pool:
    """The pool a `[pools]` key names: one of the game's, or one the sheet's `[max]` gives;
    anything else (a typo such as `lcuk`) is a SheetError with the game's did-you-mean."""
    rules_only = {k: v for k, v in sheet.items() if k != "pools"}  # `lcuk` may not name itself
    if key.lower() in system.sheet_pools:
        rules_only["pools"] = {key.lower(): 0}
    try:
        return system.pool(key, Character(str(sheet["name"]), system.id, rules_only))
    except UsageError as exc:
        raise SheetError(f"sheet key 'pools.{key}': {exc.message}") from None


def check_sheet_rolls(system: System, rolls: Mapping[str, Any]) -> dict[str, str]:
    """A sheet's `[rolls]`: named rolls that shadow no word of `system` nor of the notation
    (see rules.named_rolls; the front end checks its own words: cli/store/sheet_files.py)."""
    from rules.named_rolls import check_rolls, reserved_words  # here: a game's module loads without it

    try:
        return check_rolls(rolls, reserved_words({system.id: system.commands()}))
    except RollError as exc:
        raise SheetError(f"sheet key 'rolls': {exc.message}") from None


def _table(sheet: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = sheet.get(key, {})
    if not isinstance(value, Mapping):
        raise SheetError(f"sheet key '{key}' must be a table ([{key}])")
    return value


def _check_value(where: str, value: Any, kind: type, lo: int | None, hi: int | None) -> None:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SheetError(f"sheet key {where} must be a whole number, not {_short(value)}")
    if kind is int:
        _check_size(where, value)
    if kind is str and not isinstance(value, str):
        raise SheetError(f"sheet key {where} must be a string, not {_short(value)}")
    if kind is int and ((lo is not None and value < lo) or (hi is not None and value > hi)):
        raise SheetError(f"sheet key {where} must be {span_words(lo, hi)}, not {value:,}")


def span_words(lo: int | None, hi: int | None) -> str:
    """A range as a player says it: `from 1 to 5`, `0 or more`, `10 or less`."""
    if lo is not None and hi is not None:
        return f"from {lo:,} to {hi:,}"
    if lo is not None:
        return f"{lo:,} or more"
    return f"{hi:,} or less" if hi is not None else "any whole number"


def _check_size(where: str, value: int) -> None:
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise SheetError(f"sheet key {where} must be {span_words(-MAX_NUMBER, MAX_NUMBER)},"
                         f" not {_short(value)}")


def _short(value: Any) -> str:
    """A value an error echoes, in words (a sheet may hold anything): a number, the text in
    quotes cut to 40 characters, or what kind of TOML value it is."""
    import datetime

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**4000 else 4000
        return f"{value:,}" if digits <= 30 else f"a number of {digits:,} digits"
    if isinstance(value, float):
        return f"{value:g} (a fraction)" if value == value else "nan"
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        kind = ("a date and time" if isinstance(value, datetime.datetime)
                else "a date" if isinstance(value, datetime.date) else "a time of day")
        return f"{kind} ({value.isoformat()})"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _check_numbers(value: Any, where: str, depth: int = 0) -> None:
    """Every whole number anywhere in the sheet (a stat, a mod, a pool, an item in a list) is
    within ±MAX_NUMBER: a key's own range is checked after, with its own words; tables and
    lists nest at most MAX_SHEET_NESTING deep."""
    if depth > MAX_SHEET_NESTING and isinstance(value, Mapping | list):
        raise SheetError(f"sheet key '{where}' nests tables or lists more than {MAX_SHEET_NESTING} deep")
    if isinstance(value, Mapping):
        for key, inner in value.items():
            _check_numbers(inner, f"{where}.{key}" if where else str(key), depth + 1)
    elif isinstance(value, list):
        for index, inner in enumerate(value, start=1):
            _check_numbers(inner, f"{where}[{index}]", depth + 1)
    elif isinstance(value, int) and not isinstance(value, bool):
        _check_size(f"'{where}'", value)
