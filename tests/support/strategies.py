"""Hypothesis strategies that mirror the grammar: they build syntax trees, not strings."""

from __future__ import annotations

from hypothesis import strategies as st

from rules.notation import ast

ops = st.sampled_from(["=", ">", ">=", "<", "<="])
compares = st.builds(ast.Compare, ops, st.integers(-3, 30))

dice_kinds = st.one_of(
    st.integers(1, 120).map(ast.std_die),
    st.just(ast.FATE),
    st.just(ast.PERCENT),
    st.lists(st.integers(-5, 12), min_size=1, max_size=6).map(
        lambda faces: ast.Die("custom", len(faces), tuple(faces))
    ),
    st.sampled_from([4, 6, 8, 10, 12]).map(lambda n: ast.Die("risk", n)),
)

modifiers = st.one_of(
    st.builds(
        lambda when, sp: ast.Reroll(when, once=sp == "ro", spelling=sp),
        compares,
        st.sampled_from(["r", "rr", "ro"]),
    ),
    st.builds(ast.Explode, st.sampled_from(["!", "!!", "!p"]), st.none() | compares),
    st.builds(ast.Clamp, st.sampled_from(["min", "max"]), st.integers(0, 20)),
    st.builds(ast.Keep, st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 9)),
    st.builds(ast.CountSuccesses, compares),
    st.builds(ast.CountFailures, compares),
    st.sampled_from([ast.Sort(False, "s"), ast.Sort(False, "sa"), ast.Sort(True, "sd")]),
)

group_modifiers = st.one_of(
    st.builds(ast.Keep, st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 9)),
    st.builds(ast.CountSuccesses, compares),
    st.builds(ast.CountFailures, compares),
    st.sampled_from([ast.Sort(False, "s"), ast.Sort(True, "sd")]),
)


def _mods(strategy: st.SearchStrategy[ast.Modifier]) -> st.SearchStrategy[tuple[ast.Modifier, ...]]:
    # one sort per term; explosions of one style (`!5!6`), and never two bare `!` (`!!` is
    # compounding); the parser keeps modifiers in acting order
    def first_only(ms: list[ast.Modifier]) -> tuple[ast.Modifier, ...]:
        out: list[ast.Modifier] = []
        for m in ms:
            if isinstance(m, ast.Sort) and any(type(x) is type(m) for x in out):
                continue
            if isinstance(m, ast.Explode) and any(
                isinstance(x, ast.Explode) and (x.style != m.style or x.when is m.when is None)
                for x in out
            ):
                continue
            out.append(m)
        return ast.in_stage_order(tuple(out))

    return st.lists(strategy, max_size=4).map(first_only)


dice = st.one_of(
    st.builds(ast.Dice, st.integers(0, 20), dice_kinds, _mods(modifiers)),
    st.sampled_from(["adv", "dis"]).map(lambda a: ast.advantaged(ast.Dice(1, ast.D20), a)),  # type: ignore[arg-type]
)
labels = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=10).map(
    str.strip
).filter(bool)


def expressions(max_leaves: int = 12) -> st.SearchStrategy[ast.Expr]:
    atoms: st.SearchStrategy[ast.Expr] = st.one_of(
        st.integers(0, 10_000).map(ast.Num),
        dice,
        st.booleans().map(ast.Aid),
    )

    def extend(inner: st.SearchStrategy[ast.Expr]) -> st.SearchStrategy[ast.Expr]:
        atom_like = st.one_of(
            st.builds(ast.Group, st.lists(inner, min_size=1, max_size=3).map(tuple),
                      _mods(group_modifiers)),
            st.builds(ast.Call, st.sampled_from(["floor", "ceil", "round", "abs"]),
                      inner.map(lambda e: (e,))),
            st.builds(ast.Call, st.sampled_from(["min", "max"]),
                      st.lists(inner, min_size=2, max_size=3).map(tuple)),
        )
        return st.one_of(
            atom_like,
            st.builds(ast.BinOp, st.sampled_from(["+", "-", "*", "/"]), inner, inner),
            st.builds(ast.Neg, inner),
            st.builds(ast.Labeled, st.one_of(atoms, atom_like), labels),
        )

    return st.recursive(atoms, extend, max_leaves=max_leaves)


roll_lines = st.builds(
    ast.RollLine,
    expressions(),
    st.none(),  # the parser gives a LINE's `adv` to its d20 term (`d20 adv + 5`)
    st.none() | st.integers(-50, 50),
    st.integers(1, 50),
)


# ---- the forms other tools' players bring (keep/drop with no count is `kh1` in the tree) ----

caps = st.none() | st.integers(0, 4)
new_modifiers = st.one_of(
    modifiers,
    st.builds(ast.Explode, st.sampled_from(["!", "!!", "!p"]), st.none() | compares, caps),
    st.builds(ast.Crit, st.sampled_from(["cs", "cf"]), compares),
    st.builds(ast.CountTwice, compares),
)


def legal(mods: tuple[ast.Modifier, ...]) -> tuple[ast.Modifier, ...]:
    """As the grammar allows: one cap per term, and `t` only after a success point."""
    out: list[ast.Modifier] = []
    cap: int | None = None
    for m in mods:
        if isinstance(m, ast.Explode) and m.cap is not None:
            if cap is not None and m.cap != cap:
                continue
            cap = m.cap
        if isinstance(m, ast.CountTwice) and not any(
                isinstance(x, ast.CountSuccesses) for x in mods):
            continue
        out.append(m)
    return tuple(out)


new_dice = st.builds(ast.Dice, st.integers(0, 12), dice_kinds, _mods(new_modifiers).map(legal))
new_lines = st.builds(
    ast.RollLine,
    new_dice,
    st.none(),
    st.none() | st.integers(-50, 50),
    st.integers(1, 50),
    st.none(),
    st.sampled_from([">=", ">", "<=", "<", "="]),
).map(lambda line: line if line.target is not None or line.target_op == ">=" else
      ast.RollLine(line.expr, repeat=line.repeat))
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
