"""The pieces of a dice term that need no parser: its patterns, its modifiers from a match,
and the checks of a term's modifiers (one explosion style, one cap, `t` after a success point).

The grammar (rules/notation/grammar.py) builds its pyparsing elements from these patterns; the
caret of a mixed explosion reads the term again with them (`1d6!!5!6`: under the `!`).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from rules.limits import MAX_SIDES
from rules.notation import syntax

FLAGS = re.IGNORECASE | re.ASCII  # `\d` is 0-9 only: `٣d6` is no dice (`２d6` is, by NFKC first)
CMP = r"(?P<op>>=|<=|>|<|=)?(?P<val>-?\d+)"


def compare(op: str | None, val: str) -> syntax.Compare:
    return syntax.Compare(op or "=", int(val))  # type: ignore[arg-type]


class Refusal(Exception):
    """Raised by a parse action for input that parses but breaks a rule of the notation."""

    def __init__(self, loc: int, message: str) -> None:
        super().__init__(message)
        self.loc = loc
        self.message = message


def die_from(text: str, loc: int) -> syntax.Die:
    low = text.lower()
    if low in ("%",):
        return syntax.PERCENT
    if low == "f":
        return syntax.FATE
    if low.startswith("{"):
        body = low[1:-1].strip()
        if not body:
            raise Refusal(loc, "a custom die needs at least one face: d{1,2,3}")
        try:
            faces = tuple(int(part) for part in body.split(","))
        except ValueError:
            raise Refusal(
                loc, "custom faces are whole numbers separated by commas: d{1,1,2,3}"
            ) from None
        return syntax.Die("custom", len(faces), faces)
    sides = int(low)
    if sides > MAX_SIDES:
        raise Refusal(loc, f"a die has at most {MAX_SIDES:,} sides")
    return syntax.std_die(sides)


# `dF` may be followed by modifiers (4dFkh2) but is not the start of a word (dfoo)
FATE_END = (r"(?=(?:kh|kl|dh|dl|ph|pl|k|d|ro|rr|ra|r|min|max|mi|ma|sa|sd|s|f|xo|x|ie|e|cs|cf|t)?"
             r"(?:[^a-z0-9_]|$|-?\d))")
DICE_PATTERN = r"(?P<count>\d+)?d(?P<die>\d+|%|f" + FATE_END + r"|\{[^{}]*\})"
RISK_PATTERN = r"(?P<count>\d+)?(?:Δ|δ|delta)(?P<sides>\d+)"
SPACED = (
    # avrae's and Dice Maiden's habit: a space before a modifier (`4d6 kh3`, `d20 cs19`,
    # `4d6 keep 3`); only a modifier with its number (or a bare keep or drop), so that
    # `d20 dis` and a command's next word (`2d6 dex`) stay what they are
    r"(?:\s+(?=(?:kh|kl|dh|dl|ph|pl)(?:\d|(?![a-z0-9_]))"
    r"|(?:k|rr|ro|r|ra|cs|cf|e|ie|!!|!p|!|mi|ma|min|max)(?:[<>]=?|=)?\d"
    r"|(?:keep|drop)\s+(?:(?:highest|lowest)\s+)?\d))?"
)
MODIFIER_PATTERN = SPACED + "(?:" + (
    # `4d6 keep 3` (avrae's word: kh3), `keep lowest 1`, `drop 1`, `drop highest 1`
    r"(?:(?P<wkeep>keep|drop)\s+(?:(?P<wside>highest|lowest)\s+)?(?P<wn>\d+))"
    # a keep or drop without its count keeps or drops one (`2d20kh`, as Foundry and Roll20)
    # (`k` alone is `kh1`, as Foundry's; `d` always has its count: `4d6d` could be a die begun)
    # avrae's selectors that keep or drop by face (`k>3`, `p1`) mean another thing here
    r"|(?P<selector>(?:k|p)(?:[<>]=?|=)-?\d+|p\d+)"
    # avrae's `ph`/`pl` drop (`4d6pl1` is dl1)
    r"|(?P<keep>kh|kl|dh|dl|ph|pl)(?P<n>\d+)?|(?P<keep1>k)(?P<n1>\d+)?|(?P<drop1>d)(?P<dn>\d+)"
    r"|(?P<reroll>ro|rr|r)" + CMP.replace("op>", "rop>").replace("val>", "rval>")
    # a bare number after `!` is a compare point, but a sign never is: `1d6!-1` subtracts;
    # Foundry's `x` is `!` and `xo` explodes once; `cap3` after either caps the explosions;
    # avrae's `e6` (explode on 6) and `ra6` (reroll and add once: explode once on 6)
    # and Dice Maiden's `ie6` (explode on 6, again and again)
    + r"|(?P<explode>!!|!p|!|xo|x|ie(?=[<>=\d])|e(?=[<>=\d])|ra(?=[<>=\d]))"
    r"(?:(?P<eop>>=|<=|>|<|=)(?P<eval>-?\d+)|(?P<ebare>\d+))?"
    r"(?:cap(?P<cap>\d+))?"
    # avrae's `mi2`/`ma5` are min2/max5
    r"|(?P<clamp>min|max|mi|ma)(?P<cval>-?\d+)"
    r"|(?P<crit>cs|cf)(?P<csop>>=|<=|>|<|=)?(?P<csval>-?\d+)"
    r"|f(?:(?P<fop>>=|<=|>|<|=)?(?P<fval>-?\d+))"
    r"|t(?:(?P<top>>=|<=|>|<|=)?(?P<tval>-?\d+))"
    r"|(?P<sort>sa|sd|s)(?![a-z0-9_])"
    # spaces around a compare are allowed (`10d6 >= 5`)
    r"|\s*(?P<sop>>=|<=|>|<|=)\s*(?P<sval>-?\d+)"
) + ")"


OTHER_EXPLOSIONS = {"e": "x", "ie": "x", "ra": "xo"}
"""avrae's `e` (explode), Dice Maiden's `ie` (explode again and again), avrae's `ra` (reroll
and add one: explode once) as Foundry's `x` and `xo`."""
CLAMPS: dict[str, Literal["min", "max"]] = {"min": "min", "max": "max", "mi": "min", "ma": "max"}
"""avrae's `mi`/`ma` are `min`/`max`."""
AVRAE_DROPS = {"ph": "dh", "pl": "dl"}
"""avrae's `p` (drop) with its side: `4d6pl1` drops the lowest."""


class Selector(Exception):
    """avrae's keep or drop by face (`k>3`, `p1`): refused with what to write instead."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def message(self) -> str:
        """What the refusal says: what avrae's spelling means, and what to write here."""
        low = self.text.lower()
        if low.startswith("k"):
            return (f"avrae's {low} keeps dice by their face, which roll does not: keep the"
                    f" highest N with khN (4d6kh3), or count the faces with {low[1:]} (4d6{low[1:]})")
        face = low[1:].lstrip("=")
        return (f"avrae's {low} drops dice by their face, which roll does not: drop the lowest"
                f" with dl1 (4d6dl1), or reroll those faces with r{face} (4d6r{face})")


def modifier_of(m: dict[str, Any]) -> syntax.Modifier:
    if m.get("wkeep"):
        side = (m.get("wside") or "").lower()
        keep = m["wkeep"].lower() == "keep"
        op: Literal["kh", "kl", "dh", "dl"] = (
            ("kl" if side == "lowest" else "kh") if keep else ("dh" if side == "highest" else "dl"))
        return syntax.Keep(op, int(m["wn"]))
    if m.get("keep"):
        n = int(m["n"]) if m.get("n") is not None else 1
        spelling = m["keep"].lower()
        return syntax.Keep(AVRAE_DROPS.get(spelling, spelling), n)
    if m.get("selector"):
        raise Selector(m["selector"])
    if m.get("keep1"):
        return syntax.Keep("kh", int(m["n1"]) if m.get("n1") is not None else 1)
    if m.get("drop1"):
        return syntax.Keep("dl", int(m["dn"]))
    if m.get("reroll"):
        spelling = m["reroll"].lower()
        return syntax.Reroll(compare(m.get("rop"), m["rval"]), once=spelling == "ro", spelling=spelling)
    if m.get("explode"):
        spelling = m["explode"].lower()
        spelling = OTHER_EXPLOSIONS.get(spelling, spelling)
        style = "!" if spelling in ("x", "xo") else spelling
        when = None
        if m.get("eval") is not None:
            when = compare(m["eop"], m["eval"])
        elif m.get("ebare") is not None:
            when = compare(None, m["ebare"])
        cap = int(m["cap"]) if m.get("cap") is not None else None
        if spelling == "xo":
            cap = 1 if cap is None else min(cap, 1)
        return syntax.Explode(style, when, cap)  # type: ignore[arg-type]
    if m.get("clamp"):
        return syntax.Clamp(CLAMPS[m["clamp"].lower()], int(m["cval"]))
    if m.get("crit"):
        return syntax.Crit(m["crit"].lower(), compare(m.get("csop"), m["csval"]))
    if m.get("fval") is not None:
        return syntax.CountFailures(compare(m.get("fop"), m["fval"]))
    if m.get("tval") is not None:
        return syntax.CountTwice(compare(m.get("top"), m["tval"]))
    if m.get("sort"):
        spelling = m["sort"].lower()
        return syntax.Sort(descending=spelling == "sd", spelling=spelling)
    return syntax.CountSuccesses(compare(m["sop"], m["sval"]))


def term_mods(loc: int, items: Any, text: str = "") -> tuple[syntax.Modifier, ...]:
    """A dice term's modifiers in acting order; its explosions must share one style (the
    caret goes under the first explosion of another style: `1d6!!5!6`)."""
    written = flatten(items)
    mods = syntax.in_stage_order(written)
    explodes = [m for m in written if isinstance(m, syntax.Explode)]
    if len({m.style for m in explodes}) > 1:
        raise Refusal(other_style_at(text, loc, explodes), syntax.mixed_explosions(explodes))
    caps = [m for m in mods if isinstance(m, syntax.Explode) and m.cap is not None]
    if caps and len({m.cap for m in caps}) > 1:
        raise Refusal(loc, "one term has one explosion cap: "
                       + " and ".join(str(m) for m in caps) + " give two")
    twice = any(isinstance(m, syntax.CountTwice) for m in mods)
    if twice and not any(isinstance(m, syntax.CountSuccesses) for m in mods):
        raise Refusal(loc, "t counts a success twice: give a success point first, as in "
                       "10d10>=7t10 (Dice Maiden's t7 counts the faces of 7 or more: here"
                       " 10d10>=7)")
    return mods


def other_style_at(text: str, loc: int, explodes: list[syntax.Explode]) -> int:
    """Where the first explosion whose style differs from the first one's is written: the
    term's modifiers read again, one by one, from its head at `loc`."""
    head = HEAD_RE.match(text, loc)
    if head is None:
        return loc
    first, pos = explodes[0].style, head.end()
    while (found := MODIFIER_RE.match(text, pos)) is not None and found.end() > pos:
        mod = modifier_of(found.groupdict())
        if isinstance(mod, syntax.Explode) and mod.style != first:
            return found.start() + len(found.group(0)) - len(found.group(0).lstrip())
        pos = found.end()
    return loc


HEAD_RE = re.compile(DICE_PATTERN + "|" + RISK_PATTERN.replace("?P<count>", ""), FLAGS)
MODIFIER_RE = re.compile(MODIFIER_PATTERN, FLAGS)


def flatten(items: Any) -> tuple[syntax.Modifier, ...]:
    """The modifiers of nested token lists, in order."""
    out: list[syntax.Modifier] = []
    for item in items:
        if isinstance(item, syntax.Modifier):
            out.append(item)
        else:
            out.extend(flatten(item))
    return tuple(out)


HINTS = {
    "cs": "a face or a compare point: cs20, cs>=19",
    "cf": "a face or a compare point: cf1, cf<=2",
    "t": "a face or a compare point after a success point: 10d10>=7t10",
    "r": "a face or a compare point: r1, r<3",
    "rr": "a face or a compare point: rr1, rr<3",
    "ro": "a face or a compare point: ro1, ro<3",
    "min": "a number: min2",
    "max": "a number: max5",
    "f": "a face or a compare point after a success point: 8d10>=8f1",
    "cap": "a number, right after an explosion: 1d6!cap3, 1d6x>=5cap2",
    "d": "a count: 4d6d1 drops the lowest (or dl, dh: one)",
}
"""What a modifier written without its number needs (`d20cs` → cs20, cs>=19)."""


def hint_for(text: str, loc: int) -> str | None:
    """The teaching message for a modifier at `loc` that is missing its number or its place
    (`d20cs`, `1d6cap3`), or None."""
    if loc == 0 or not (text[loc - 1].isalnum() or text[loc - 1] in "}%!"):
        return None
    match = re.match(r"([a-z]+)(\d*)", text[loc:], re.IGNORECASE)
    if match is None:
        return None
    word = match.group(1).lower()
    if word == "cap" and match.group(2):
        return f"'{match.group(0)}' caps an explosion: write it right after ! or x (1d6!cap3)"
    if word in HINTS and not match.group(2):
        return f"'{word}' needs {HINTS[word]}"
    return None
