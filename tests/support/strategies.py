"""Hypothesis strategies that mirror the grammar: they build syntax trees, not strings."""

from __future__ import annotations

from hypothesis import strategies as st

from rules.notation import syntax

ops = st.sampled_from(["=", ">", ">=", "<", "<="])
compares = st.builds(syntax.Compare, ops, st.integers(-3, 30))

dice_kinds = st.one_of(
    st.integers(1, 120).map(syntax.std_die),
    st.just(syntax.FATE),
    st.just(syntax.PERCENT),
    st.lists(st.integers(-5, 12), min_size=1, max_size=6).map(
        lambda faces: syntax.Die("custom", len(faces), tuple(faces))
    ),
    st.sampled_from([4, 6, 8, 10, 12]).map(lambda n: syntax.Die("risk", n)),
)

modifiers = st.one_of(
    st.builds(
        lambda when, sp: syntax.Reroll(when, once=sp == "ro", spelling=sp),
        compares,
        st.sampled_from(["r", "rr", "ro"]),
    ),
    st.builds(syntax.Explode, st.sampled_from(["!", "!!", "!p"]), st.none() | compares),
    st.builds(syntax.Clamp, st.sampled_from(["min", "max"]), st.integers(0, 20)),
    st.builds(syntax.Keep, st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 9)),
    st.builds(syntax.CountSuccesses, compares),
    st.builds(syntax.CountFailures, compares),
    st.sampled_from([syntax.Sort(False, "s"), syntax.Sort(False, "sa"), syntax.Sort(True, "sd")]),
)

group_modifiers = st.one_of(
    st.builds(syntax.Keep, st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 9)),
    st.builds(syntax.CountSuccesses, compares),
    st.builds(syntax.CountFailures, compares),
    st.sampled_from([syntax.Sort(False, "s"), syntax.Sort(True, "sd")]),
)


def _mods(strategy: st.SearchStrategy[syntax.Modifier]) -> st.SearchStrategy[tuple[syntax.Modifier, ...]]:
    # one sort per term; explosions of one style (`!5!6`), and never two bare `!` (`!!` is
    # compounding); the parser keeps modifiers in acting order
    def first_only(ms: list[syntax.Modifier]) -> tuple[syntax.Modifier, ...]:
        out: list[syntax.Modifier] = []
        for m in ms:
            if isinstance(m, syntax.Sort) and any(type(x) is type(m) for x in out):
                continue
            if isinstance(m, syntax.Explode) and any(
                isinstance(x, syntax.Explode) and (x.style != m.style or x.when is m.when is None)
                for x in out
            ):
                continue
            out.append(m)
        return syntax.in_stage_order(tuple(out))

    return st.lists(strategy, max_size=4).map(first_only)


dice = st.one_of(
    st.builds(syntax.Dice, st.integers(0, 20), dice_kinds, _mods(modifiers)),
    st.sampled_from(["adv", "dis"]).map(lambda a: syntax.advantaged(syntax.Dice(1, syntax.D20), a)),  # type: ignore[arg-type]
)
labels = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=10).map(
    str.strip
).filter(bool)


def expressions(max_leaves: int = 12) -> st.SearchStrategy[syntax.Expr]:
    atoms: st.SearchStrategy[syntax.Expr] = st.one_of(
        st.integers(0, 10_000).map(syntax.Num),
        dice,
        st.booleans().map(syntax.Aid),
    )

    def extend(inner: st.SearchStrategy[syntax.Expr]) -> st.SearchStrategy[syntax.Expr]:
        atom_like = st.one_of(
            st.builds(syntax.Group, st.lists(inner, min_size=1, max_size=3).map(tuple),
                      _mods(group_modifiers)),
            st.builds(syntax.Call, st.sampled_from(["floor", "ceil", "round", "abs"]),
                      inner.map(lambda e: (e,))),
            st.builds(syntax.Call, st.sampled_from(["min", "max"]),
                      st.lists(inner, min_size=2, max_size=3).map(tuple)),
        )
        return st.one_of(
            atom_like,
            st.builds(syntax.BinOp, st.sampled_from(["+", "-", "*", "/"]), inner, inner),
            st.builds(syntax.Neg, inner),
            st.builds(syntax.Labeled, st.one_of(atoms, atom_like), labels),
        )

    return st.recursive(atoms, extend, max_leaves=max_leaves)


roll_lines = st.builds(
    syntax.RollLine,
    expressions(),
    st.none(),  # the parser gives a LINE's `adv` to its d20 term (`d20 adv + 5`)
    st.none() | st.integers(-50, 50),
    st.integers(1, 50),
)


# ---- the forms other tools' players bring (keep/drop with no count is `kh1` in the tree) ----

caps = st.none() | st.integers(0, 4)
new_modifiers = st.one_of(
    modifiers,
    st.builds(syntax.Explode, st.sampled_from(["!", "!!", "!p"]), st.none() | compares, caps),
    st.builds(syntax.Crit, st.sampled_from(["cs", "cf"]), compares),
    st.builds(syntax.CountTwice, compares),
)


def legal(mods: tuple[syntax.Modifier, ...]) -> tuple[syntax.Modifier, ...]:
    """As the grammar allows: one cap per term, and `t` only after a success point."""
    out: list[syntax.Modifier] = []
    cap: int | None = None
    for m in mods:
        if isinstance(m, syntax.Explode) and m.cap is not None:
            if cap is not None and m.cap != cap:
                continue
            cap = m.cap
        if isinstance(m, syntax.CountTwice) and not any(
                isinstance(x, syntax.CountSuccesses) for x in mods):
            continue
        out.append(m)
    return tuple(out)


new_dice = st.builds(syntax.Dice, st.integers(0, 12), dice_kinds, _mods(new_modifiers).map(legal))
new_lines = st.builds(
    syntax.RollLine,
    new_dice,
    st.none(),
    st.none() | st.integers(-50, 50),
    st.integers(1, 50),
    st.none(),
    st.sampled_from([">=", ">", "<=", "<", "="]),
).map(lambda line: line if line.target is not None or line.target_op == ">=" else
      syntax.RollLine(line.expr, repeat=line.repeat))
"""LINEs of the new forms: caps, crit/fumble ranges, `t`, compares of the total."""


# ---- other tools' spellings (avrae, Dice Maiden) and ours for them: (theirs, ours) ----

_counts = st.integers(1, 9).map(str)
_faces = st.integers(1, 6).map(str)
_gaps = st.sampled_from([" ", "  "])
_keep_spellings = st.one_of(
    st.builds(lambda gap, n: (f"{gap}kh{n}", f"kh{n}"), _gaps, _counts),
    st.builds(lambda gap, n: (f"{gap}dl{n}", f"dl{n}"), _gaps, _counts),
    st.builds(lambda gap, n: (f"{gap}keep {n}", f"kh{n}"), _gaps, _counts),
    st.builds(lambda gap, n: (f"{gap}keep lowest {n}", f"kl{n}"), _gaps, _counts),
    st.builds(lambda gap, n: (f"{gap}drop {n}", f"dl{n}"), _gaps, _counts),
    st.builds(lambda gap, n: (f"{gap}drop highest {n}", f"dh{n}"), _gaps, _counts),
    st.builds(lambda n: (f"pl{n}", f"dl{n}"), _counts),
    st.builds(lambda n: (f"ph{n}", f"dh{n}"), _counts),
)
_other_spellings = st.one_of(
    st.builds(lambda v: (f"mi{v}", f"min{v}"), _faces),
    st.builds(lambda v: (f"ma{v}", f"max{v}"), _faces),
    st.builds(lambda gap, f: (f"{gap}r{f}", f"r{f}"), _gaps | st.just(""), _faces),
    st.builds(lambda gap, f: (f"{gap}cs{f}", f"cs{f}"), _gaps | st.just(""), _faces),
)
_explosion_spellings = st.one_of(
    st.builds(lambda f: (f"e{f}", f"!{f}"), st.integers(2, 6).map(str)),
    st.builds(lambda f: (f"ie{f}", f"x{f}"), st.integers(2, 6).map(str)),
    st.builds(lambda f: (f"e>={f}", f"!>={f}"), st.integers(2, 6).map(str)),
    st.builds(lambda f: (f"ra{f}", f"xo{f}"), _faces),
)
_line_ends = st.sampled_from([
    ("", ""),
    (" + d20 advantage", " + d20 adv"),
    (" + d20 disadvantage", " + d20 dis"),
    (" + 5vs15", " + 5 vs 15"),
    ("vs12", " vs 12"),
])


def _habit_line(count: int, sides: int, mods: list[tuple[str, str]],
                end: tuple[str, str]) -> tuple[str, str]:
    head = f"{count}d{sides}"
    return (head + "".join(t for t, _ in mods) + end[0], head + "".join(o for _, o in mods) + end[1])


habit_spellings = st.builds(
    _habit_line,
    st.integers(1, 8),
    st.sampled_from([6, 8, 10, 12]),
    st.lists(st.one_of(_keep_spellings, _other_spellings), max_size=2)
    .flatmap(lambda ms: st.one_of(st.just(ms), _explosion_spellings.map(lambda e: [e, *ms]))),
    _line_ends,
)
"""A dice term in other tools' spellings and the same in ours (`4d6 keep 3`, `4d6kh3`)."""
