"""Named rolls: a sheet's `[rolls]` and the campaign's aliases, expanded as text into a LINE.

`longsword = "attack melee 1d8+3"` makes `longsword favor` the LINE `attack melee 1d8+3 favor`.
A body may take the LINE's words through `$1`, `$2`… (positional words, in order) and `{name}`
(a `name=value` word, else a value the caller knows such as a stat, else `{name:default}`);
the words no placeholder took are appended. Expansion repeats on the new first word, at most
`MAX_NAMED_CHAIN` names deep, and a name that comes back is a loop.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass

from rules.errors import LimitError, NotationError, UsageError
from rules.limits import MAX_LINE, MAX_NAMED_CHAIN, MAX_NEW_NAMED
from rules.notation import parse
from rules.notation.bot import NAME_WORDS
from rules.notation.parts import LineParts, Placeholder, fill, is_name, key_value, split_line
from rules.notation.syntax import RollLine

NOTATION_WORDS = ("adv", "dis", "vs", "advantage", "disadvantage", *NAME_WORDS)
"""Words of the notation that a name would shadow (a dice bot's `r` and `roll` among them)."""


@dataclass(frozen=True, slots=True)
class Expansion:
    """A LINE before and after its named rolls: `chain` lists the names expanded, in order."""

    original: str
    line: str
    chain: tuple[str, ...] = ()

    @property
    def expanded(self) -> bool:
        """Whether the LINE's first word named a roll."""
        return bool(self.chain)

    @property
    def core(self) -> str:
        """The expanded LINE without its `Nx` and `# comment`, as a result's summary echoes it."""
        return split_line(self.line).body

    def describe(self) -> str:
        """How a result shows it: `longsword → attack melee 1d8+3 favor` (the LINE alone if none)."""
        if not self.chain:
            return self.line
        return f"{self.chain[0]} → {self.line}"


def reserved_words(
    commands: Mapping[str, Iterable[str]], words: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Words a name may not take, each with what it is: the front end's own `words` (given by
    it: `roll`'s subcommands, the REPL's words), the notation's, and the command words of
    each system in `commands` (system id → its words)."""
    reserved = dict(words or {})
    for word in NOTATION_WORDS:
        reserved.setdefault(word, "a word of the LINE notation or the REPL")
    owners: dict[str, list[str]] = {}
    for system_id, names in commands.items():
        for command in names:
            owners.setdefault(command, []).append(system_id)
    for command, ids in owners.items():
        reserved.setdefault(command, f"a {' / '.join(ids)} command")
    return reserved


def check_name(name: str, reserved: Collection[str], stored: bool = False) -> str:
    """A roll's name, lower-cased; UsageError if it is not a word, is dice, or shadows a word
    (a `stored` name was read as dice when it was added: not parsed again)."""
    low = name.strip().lower()
    if not is_name(low):
        raise UsageError(
            f"a named roll's name is one word of letters a-z, digits, - and _, starting with a letter,"
            f" not {name!r}"
        )
    if not stored and _is_dice(low):
        raise UsageError(f"'{low}' is dice notation: a named roll may not shadow it")
    if low in reserved:
        what = reserved[low] if isinstance(reserved, Mapping) else "a reserved word"
        raise UsageError(f"'{low}' is {what}: a named roll may not shadow it")
    return low


def check_front_words(rolls: Mapping[str, object], words: Mapping[str, str]) -> None:
    """A sheet's `[rolls]` (checked by its system) shadow none of the front end's own `words`
    (`roll`'s subcommands and REPL words: given by it, the domain knows no command line)."""
    for name in rolls:
        check_name(name, words)


def check_rolls(rolls: Mapping[str, object], reserved: Collection[str],
                stored: Collection[str] = ()) -> dict[str, str]:
    """Validate a table of named rolls: names (see `check_name`), non-empty string bodies,
    no name twice, no loop and no chain deeper than MAX_NAMED_CHAIN. Returns it with lower-case
    names. The names in `stored` were checked when added: one more costs one parse, not one
    for each of 10,000 aliases."""
    new = len(rolls) - sum(1 for name in rolls if name in stored) if stored else len(rolls)
    if new > MAX_NEW_NAMED:
        raise LimitError(f"at most {MAX_NEW_NAMED:,} named rolls come in at once ({new:,} given):"
                         " split them over several sheets or imports")
    out: dict[str, str] = {}
    for name, body in rolls.items():
        low = check_name(name, reserved, stored=name in stored)
        if low in out:
            raise UsageError(f"named roll '{low}' is given twice (names ignore case)")
        if not isinstance(body, str) or not body.strip():
            raise UsageError(f"named roll '{low}' must be a non-empty LINE in quotes")
        out[low] = body.strip()
    for name in out:
        _chain_of(name, out)
    return out


def expand(
    line_text: str,
    rolls: Mapping[str, str],
    reserved_words: Collection[str] = (),
    values: Mapping[str, object] | None = None,
) -> Expansion:
    """Expand the LINE's first word while it names a roll in `rolls`.

    A word in `reserved_words` is never expanded (the system's command wins). `values` fills a
    `{name}` that the LINE's words leave empty (the CLI passes the acting character's stats).
    """
    table = {k.lower(): v for k, v in rolls.items()}
    text = line_text
    repeat, body, comment = split_line(text)
    chain: list[str] = []
    while True:
        words = LineParts("", body, "").words()
        if not words:
            break
        name = words[0].lower()
        if name not in table or name in reserved_words:
            break
        _follow(chain, name)
        inner_repeat, inner, inner_comment = split_line(table[name])
        if inner_repeat and repeat:
            raise UsageError(f"'{name}' repeats ({inner_repeat}) and so does the LINE ({repeat})")
        repeat = repeat or inner_repeat
        comment = comment or inner_comment
        body = _fill(name, inner, words[1:], values or {})
        if len(body) > MAX_LINE:  # `$1 $1 $1…` bodies could otherwise grow without end
            raise LimitError(
                f"'{' → '.join(chain)}' expands past {MAX_LINE:,} characters, the most a LINE has"
            )
    if not chain:
        return Expansion(line_text, line_text)
    parts = [p for p in (repeat, body, comment) if p]
    return Expansion(line_text, " ".join(parts), tuple(chain))


def _fill(name: str, body: str, args: list[str], values: Mapping[str, object]) -> str:
    """The body with its placeholders filled from `args`; the words left over appended."""
    pairs = [key_value(w) for w in args]
    positional = [i for i, pair in enumerate(pairs) if pair is None]
    named: dict[str, tuple[int, str]] = {}
    for i, pair in enumerate(pairs):
        if pair is not None:
            named.setdefault(pair[0], (i, pair[1]))
    used: set[int] = set()
    known = {k.lower(): v for k, v in values.items()}

    def one(spot: Placeholder) -> str:
        n, key, default = spot.number, spot.key, spot.default
        if n is not None:
            if n == 0 or n > len(positional):
                raise UsageError(f"'{name}' needs a word for ${n} (word {n} after the name)")
            used.add(positional[n - 1])
            return args[positional[n - 1]]
        if _is_dice(key.lower()):
            return spot.text  # a dice group such as {d6}, not a placeholder
        low = key.lower()
        if low in named:
            index, value = named[low]
            used.add(index)
            return value
        if low in known:
            return str(known[low])
        if default is not None:
            return str(default)
        raise UsageError(f"'{name}' needs a value for {{{key}}}: give {low}=VALUE")

    filled = fill(body, one)
    rest = [w for i, w in enumerate(args) if i not in used]
    return " ".join([filled, *rest]).strip()


def chain_reach(name: str, body: str, named: Callable[[Collection[str]], Mapping[str, str]],
                mentioning: Callable[[str], Mapping[str, str]]) -> set[str]:
    """The stored names whose chain `name` → `body` can change (those leading to `name`) and
    those its own chain reads: enough for `check_rolls` to judge one more roll as it would judge
    the whole table, the others' chains having been judged when they were added."""
    ahead: list[str] = []
    words = split_line(body).words()
    nxt = words[0].lower() if words else ""
    while nxt and nxt != name and nxt not in ahead and len(ahead) <= MAX_NAMED_CHAIN:
        found = named([nxt])
        if nxt not in found:
            break
        ahead.append(nxt)
        words = split_line(found[nxt]).words()
        nxt = words[0].lower() if words else ""
    behind: set[str] = set()
    wave = {name}
    for _ in range(MAX_NAMED_CHAIN + 1):  # a stored chain is at most that deep
        step: set[str] = set()
        for target in wave:
            for other, line in mentioning(target).items():
                words = split_line(line).words()
                if words and words[0].lower() == target and other != name:
                    step.add(other)
        wave = step - behind
        behind |= wave
        if not wave:
            break
    return {*ahead, *behind}


def _chain_of(name: str, table: Mapping[str, str]) -> tuple[str, ...]:
    """The names a body's first words lead through; raises on a loop or past MAX_NAMED_CHAIN."""
    chain: list[str] = []
    _follow(chain, name)
    body = table[name]
    while True:
        words = split_line(body).words()
        nxt = words[0].lower() if words else ""
        if nxt not in table:
            return tuple(chain)
        _follow(chain, nxt)
        body = table[nxt]


def _follow(chain: list[str], name: str) -> None:
    """Add `name` to a chain of expansions; a loop or a chain past MAX_NAMED_CHAIN is an error."""
    chain.append(name)
    if chain.count(name) > 1:
        raise UsageError(f"named rolls loop: {' → '.join(chain)}")
    if len(chain) > MAX_NAMED_CHAIN:
        raise LimitError(f"named rolls nest at most {MAX_NAMED_CHAIN} deep: {' → '.join(chain)}")


def _is_dice(word: str) -> bool:
    """Whether a word reads as a dice expression (`d6`, `f`): such a word is never a name."""
    try:
        line = parse(word)
    except (NotationError, LimitError):
        return False
    return isinstance(line, RollLine)


__all__ = [
    "chain_reach",
    "NOTATION_WORDS",
    "Expansion",
    "check_name",
    "check_rolls",
    "expand",
    "reserved_words",
]
