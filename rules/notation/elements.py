"""The grammar's elements, each built by a function named for what it reads (`_atom`, `_labeled`,
`_arithmetic`, `_roll_line`, `_command_line`), and `build`, which joins them into a LINE's grammar;
rules/notation/grammar.py reads LINEs with it."""


from __future__ import annotations

import re
from typing import Any

import pyparsing as pp

from rules.errors import UsageError
from rules.limits import MAX_SIDES
from rules.notation import syntax
from rules.notation.parts import REPEAT, WORD
from rules.notation.terms import (
    DICE_PATTERN,
    FLAGS,
    MODIFIER_PATTERN,
    RISK_PATTERN,
    Refusal,
    Selector,
    die_from,
    flatten,
    modifier_of,
    term_mods,
)


def _regex(pattern: str, name: str) -> pp.Regex:
    element = pp.Regex(pattern, flags=FLAGS)
    element.set_name(name)
    return element


# ---- dice heads ----

_DICE_HEAD = _regex(DICE_PATTERN, "dice (NdX)")
_RISK_HEAD = _regex(RISK_PATTERN, "risk die (Δ8)")

_MODIFIER = _regex(MODIFIER_PATTERN, "a dice modifier").leave_whitespace()


def _mods_action(tokens: pp.ParseResults) -> tuple[syntax.Modifier, ...]:
    return tuple(modifier_of(t) for t in tokens)


_OPENS = re.compile(r"(?:\(\s*)*")
_PLAIN_HEAD = re.compile(r"\d*d(?:\d+|%|f|\{[^{}]*\})|\d*(?:Δ|δ|delta)\d+", FLAGS)
ADVANTAGE_WORDS = r"(?:advantage|disadvantage|adv|dis)(?![a-z0-9_])"
"""`adv`/`dis`, and avrae's words for them (`1d20+5 advantage`)."""
_CLOSE_OR_WORD = re.compile(r"\s*(?:(\))|" + ADVANTAGE_WORDS + ")", FLAGS)


def _advantage_word(text: str) -> str:
    """`advantage` → `adv`, `Disadvantage` → `dis`: the tree knows the short words."""
    low = text.lower()
    return "dis" if low.startswith("dis") else "adv"


def takes_a_word(text: str, loc: int) -> bool:
    """Whether the term at `loc` may be a die with no modifiers (in brackets or not: `d20`,
    `(d20)`, `(d20 adv dis)`) followed by `adv` or `dis`: a guard, the term is then read."""
    opens = _OPENS.match(text, loc)
    depth = opens.group(0).count("(") if opens else 0
    head = _PLAIN_HEAD.match(text, opens.end() if opens else loc)
    if head is None:
        return False
    at = head.end()
    while (step := _CLOSE_OR_WORD.match(text, at)) is not None:
        if step.group(1):
            depth -= 1
            if depth < 0:
                return False
        elif depth == 0:
            return True
        at = step.end()
    return False


_BOUNDARY = pp.Regex(r"(?:(?<=\s)|(?=[\s#]|$))").leave_whitespace().suppress().set_name("a space")


class Marker:
    """A token that tags what follows the expression of a roll LINE."""

    def __init__(self, kind: str, value: Any) -> None:
        self.kind = kind
        self.value = value


def build() -> pp.ParserElement:
    """The grammar of a whole LINE: `[Nx]`, a dice LINE or a command LINE, `[# comment]`."""
    expr = pp.Forward()
    expr.set_name("a dice expression")
    advantage = _regex(ADVANTAGE_WORDS, "adv or dis").set_parse_action(
        lambda t: _advantage_word(t[0]))
    mods = _modifiers()
    labeled = _labeled(_atom(expr, mods), advantage)
    expr <<= _arithmetic(labeled)
    repeat = _regex(REPEAT, "Nx").set_parse_action(
        lambda s, loc, t: Marker("repeat", (int(t[0][:-1]), loc + len(t[0])))
    )
    comment = pp.Regex(r"#.*").set_name("a comment")
    comment.set_parse_action(lambda s, loc, t: Marker("comment", (t[0][1:].strip(), loc)))
    return (
        pp.Optional(repeat)
        + (_roll_line(expr, advantage) | _command_line(expr))
        + pp.Optional(comment)
        + pp.StringEnd().set_name("the end of the line")
    )


def _modifier_action(s: str, loc: int, t: pp.ParseResults) -> list[syntax.Modifier]:
    try:
        return [modifier_of(t.as_dict())]
    except Selector as exc:
        raise Refusal(loc + len(t[0]) - len(t[0].lstrip()), exc.message()) from None


def _modifiers() -> pp.ParserElement:
    """A dice term's or a group's modifiers, as written (`kh3!>=5`)."""
    modifier = _MODIFIER.copy()
    modifier.set_parse_action(_modifier_action)
    return pp.Group(pp.ZeroOrMore(modifier), aslist=True)


def _dice_action(s: str, loc: int, t: pp.ParseResults) -> syntax.Dice:
    head = t[0]
    count = int(head["count"]) if head.get("count") else 1
    return syntax.Dice(count, die_from(head["die"], loc), term_mods(loc, t[1], s))


def _risk_action(s: str, loc: int, t: pp.ParseResults) -> syntax.Dice:
    head = t[0]
    sides = int(head["sides"])
    if sides > MAX_SIDES:
        raise Refusal(loc, f"a die has at most {MAX_SIDES:,} sides")
    count = int(head["count"]) if head.get("count") else 1
    return syntax.Dice(count, syntax.Die("risk", sides), term_mods(loc, t[1], s))


def _group_action(t: pp.ParseResults) -> syntax.Group:
    return syntax.Group(tuple(t[0]), syntax.in_stage_order(flatten(t[1])))


def _atom(expr: pp.Forward, mods: pp.ParserElement) -> pp.ParserElement:
    """One term: a call, dice, a risk die, a number, a group `{…}`, `(…)`, or `f`/`h`."""
    dice_head = _DICE_HEAD.copy().set_parse_action(lambda t: [t.as_dict()])
    risk_head = _RISK_HEAD.copy().set_parse_action(lambda t: [t.as_dict()])
    dice = (dice_head + mods).set_parse_action(_dice_action).set_name("dice (NdX)")
    risk = (risk_head + mods).set_parse_action(_risk_action).set_name("risk die (Δ8)")
    # `d20+5vs15`: a number may run into `vs` (avrae's players glue them)
    number = _regex(r"\d+(?:(?=vs(?![a-z_]))|(?![a-z0-9_]))", "a number").set_parse_action(
        lambda t: syntax.Num(int(t[0]))
    )
    aid = _regex(r"[fh](?![a-z0-9_(])", "f or h").set_parse_action(
        lambda t: syntax.Aid(t[0].lower() == "f")
    )
    lpar, rpar = pp.Suppress("("), pp.Suppress(")").set_name("')'")
    comma = pp.Suppress(",").set_name("','")
    fn1 = _regex(r"(?:floor|ceil|round|abs)(?=\s*\()", "a function")
    fn2 = _regex(r"(?:min|max)(?=\s*\()", "a function")
    call = (
        (fn1 + lpar - expr + rpar) | (fn2 + lpar - expr + pp.OneOrMore(comma - expr) + rpar)
    ).set_parse_action(lambda t: syntax.Call(t[0].lower(), tuple(t[1:])))
    call.set_name("a function call")
    group = (
        pp.Group(pp.Suppress("{") - pp.DelimitedList(expr) + pp.Suppress("}").set_name("'}'"), aslist=True)
        + mods
    ).set_parse_action(_group_action).set_name("a group {…}")
    paren = lpar - expr + rpar
    return (call | dice | risk | number | group | paren | aid).set_name("a term")


def _d20_advantage(s: str, loc: int, t: pp.ParseResults) -> syntax.Expr:
    if not syntax.is_bare_die(t[0]):
        raise pp.ParseException(s, loc, "adv or dis after one die")  # the LINE's, then
    word = syntax.combined(t[1:])
    return t[0] if word is None else syntax.advantaged(t[0], word)


def _labeled(atom: pp.ParserElement, advantage: pp.ParserElement) -> pp.ParserElement:
    """A term with its `adv`/`dis` and its `[label]`, if it has them."""
    # `d20 adv + 5`, `Δ8 adv`: adv and dis belong to the one die they follow; `d20 adv dis`
    # cancels to the one die. Only where the term's text can be such a die followed by a word
    # (`takes_a_word`) is it read as one before it is read as itself: reading every term twice
    # made a nested LINE's time double at each bracket
    word_follows = pp.Empty().add_condition(lambda s, loc, t: takes_a_word(s, loc))
    with_advantage = (word_follows + atom + pp.OneOrMore(advantage)).set_parse_action(
        _d20_advantage)
    label = pp.QuotedString("[", end_quote_char="]").set_name("a [label]")
    return ((with_advantage | atom) + pp.Optional(label)).set_parse_action(
        lambda t: syntax.Labeled(t[0], t[1].strip()) if len(t) > 1 else t[0]
    )


def _fold(t: pp.ParseResults) -> syntax.Expr:
    items = list(t[0])
    node: syntax.Expr = items[0]
    for i in range(1, len(items), 2):
        node = syntax.BinOp(items[i], node, items[i + 1])
    return node


def _arithmetic(labeled: pp.ParserElement) -> pp.ParserElement:
    """Terms under unary minus, `* /` and `+ -`, folded to the left."""
    unary = pp.Forward()
    unary <<= (pp.Suppress("-") + unary).set_parse_action(lambda t: syntax.Neg(t[0])) | labeled
    unary.set_name("a term")
    mul_op = pp.one_of("* /").set_name("an operator")
    # `+luck` after dice in a command is a word, not an addition: `+` before a word that cannot
    # start a term is no operator
    add_op = _regex(
        r"[+-](?!\s*(?!d[f%\d{]|delta\d|floor|ceil|round|abs|min|max)[a-z_]{2,})", "an operator"
    )
    term = pp.Group(unary + pp.ZeroOrMore(mul_op - unary), aslist=True).set_parse_action(_fold)
    term.set_name("a term")
    return pp.Group(term + pp.ZeroOrMore(add_op - term), aslist=True).set_parse_action(_fold)


def _roll_action(t: pp.ParseResults) -> syntax.RollLine:
    marks = [m for m in t[1:] if isinstance(m, Marker)]
    expr = t[0]
    words = [m.value for m in marks if m.kind == "adv"]
    if words:
        # `d20 + 5 adv`: at the end of the LINE it goes to the first plain d20; `adv`
        # and `dis` cancel, the same word twice is once
        word = syntax.combined(w for w, _, _ in words)
        first, loc, typed = words[0]
        try:
            expr = syntax.with_advantage(expr, word) if word else cancelled(expr, loc)
        except UsageError:
            raise Refusal(loc, syntax.no_d20_for(first, expr, typed)) from None
    goal = next((m.value for m in marks if m.kind == "vs"), None)
    if goal is None:
        return syntax.RollLine(expr)
    return syntax.RollLine(expr, target=goal[1], target_op=goal[0])


def _roll_line(expr: pp.Forward, advantage: pp.ParserElement) -> pp.ParserElement:
    """A dice LINE: the expression, then `vs N` or a compare, and `adv`/`dis`, in either order."""
    signed = _regex(r"[+-]?\d+", "a number")
    line_advantage = advantage.copy().set_parse_action(
        lambda s, loc, t: Marker("adv", (_advantage_word(t[0]), loc, t[0]))
    )
    vs = (_regex(r"vs(?![a-z_])", "'vs'").suppress() - signed).set_parse_action(
        lambda t: Marker("vs", (">=", int(t[0])))
    )
    # `1d20+5>=15`: a compare after the expression (not right after a dice term, whose own
    # success count it is) compares the total
    goal = _regex(r"(?P<op>>=|<=|>|<|=)\s*(?P<val>[+-]?\d+)", "a compare").set_parse_action(
        lambda t: Marker("vs", (t["op"], int(t["val"])))
    )
    # `vs N` and a trailing `adv`/`dis` in either order: `d20+5 vs 15 adv`
    return (
        expr + pp.ZeroOrMore(line_advantage) + pp.Optional(vs | goal)
        + pp.ZeroOrMore(line_advantage)
    ).set_parse_action(_roll_action)


def _command_action(s: str, loc: int, t: pp.ParseResults) -> syntax.CommandLine:
    return syntax.CommandLine(t[0].lower(), tuple(t[1:]), column=loc + 1)


def _command_line(expr: pp.Forward) -> pp.ParserElement:
    """A command LINE: its word, then words, quoted names, key=value and dice arguments."""
    # `custom:frobbed` is one word: a GM's own name after a `custom:` prefix (Vagabond Statuses)
    word = pp.Regex(rf"\+?{WORD}(?::{WORD})?|\+[0-9]+(?:d[0-9]+)?(?![a-z0-9_])",
                    flags=re.IGNORECASE).set_name("a word")
    word.set_parse_action(lambda t: syntax.Word(t[0]))
    # a name in double or single quotes is one word (`"Goblin 1"`, `'Old Tom'`); a bare word
    # may hold an apostrophe (`O'Hara`), so a single quote opens a name only where a word starts
    quoted = (pp.QuotedString('"', esc_char="\\") | pp.QuotedString("'", esc_char="\\"))
    quoted.set_parse_action(lambda t: syntax.Word(t[0], quoted=True)).set_name("a quoted name")
    key_value = _regex(r"(?P<key>[a-z_][a-z0-9_\-]*)=(?P<value>[^\s#]+)", "key=value")
    key_value.set_parse_action(lambda t: syntax.KeyValue(t["key"].lower(), t["value"]))
    expr_arg = expr.copy().set_parse_action(lambda t: syntax.ExprArg(t[0]))
    # an expression argument must end at a word boundary, so `dodge` is never `d` + junk
    arg = (key_value | (expr_arg + _BOUNDARY) | word | quoted)
    arg.set_name("a word, number or dice")
    command_word = _regex(r"[a-z_][a-z0-9_\-]*", "a command")
    return (command_word + pp.ZeroOrMore(arg)).set_parse_action(_command_action)


def cancelled(expr: syntax.Expr, loc: int) -> syntax.Expr:
    """`d20 adv dis` at the end of a LINE: the words cancel, and the LINE needs its d20 still."""
    if not any(isinstance(n, syntax.Dice) and n.die == syntax.D20 for n in syntax.walk(expr)):
        raise Refusal(loc, "'adv' and 'dis' need a d20 in the line (try: d20 adv)")
    return expr
