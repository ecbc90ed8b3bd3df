"""`roll help [TOPIC]`: the notation, and each system's commands, written once as parts
(rules/helptext.py) that each front end words: `help_text` is the shell's wording, the REPL's
is cli/repl/speech.py's."""

from __future__ import annotations

from collections.abc import Callable

from rules.errors import UsageError
from rules.helptext import Examples, Topic, shell_text, topic
from rules.notation.habits import habits_text
from rules.systems import SYSTEMS
from rules.tables.help import TABLES_TOPIC

NOTATION_TOPIC = topic("""\
Dice notation (every system; case-insensitive, spaces allowed between terms and
around compares)
  NdX dX d% dF NdF d{1,1,2,3}   dice, percentile, Fate, custom faces
  + - * / ( )                   arithmetic; / rounds down at the end
  floor() ceil() round() abs() min(a,b) max(a,b)
                                round: a half goes up (toward +infinity):
                                round(5/2) = 3, round(-5/2) = -2
  khN kN klN dhN dlN dN         keep/drop highest/lowest (4d6d1 drops the lowest)
  kh kl dh dl k                 no count is 1: 2d20kh = 2d20kh1, 4d6dh = 4d6dh1
                                (4d6kh0 keeps none: its total is 0)
  !  !>=5  !!  !p               explode, on a compare point, compound, penetrate
  x  x>=5  x10  xo              Foundry's: x is !, x10 explodes on 10 (a number
                                after x is a face, not a cap); xo explodes once
  !cap3  x>=5cap2  !!cap2       at most 3 (2) explosion dice per die; xo = !cap1
  1d6!5!6                       two points of one kind combine: explode on 5 or 6
  r1  r<3  rr1  ro<3            reroll while it matches; reroll once
                                (shown 1↻4: the 1 rerolled into a 4; a dropped
                                die is ~~2~~)
  minN maxN                     clamp each face
  >=5 >4 =6 <2   f1 f<2         count successes; subtract failures
  t10  t>=9                     a success on such a face counts twice
                                (Exalted: 10d10>=7t10)
  cs>=19 cs19 cs>19 cf<=2 cf1   crit / fumble range of any die: a kept die on
                                such a face marks the LINE crit / fumble
  s sa sd                       sort the dice shown
  {e1, e2}kh1                   a group: modifiers act on the members' totals
  Nx EXPR                       repeat N times (same as -n N); with a target it
                                closes with a count: 4 of 6 pass
  EXPR vs N    EXPR >= N        pass if the total is at least N; also > N,
                                <= N (roll-under), < N, = N: 1d20+5>=15
                                (a compare right after dice counts successes:
                                10d6 >= 5 is 10d6>=5)
  d20 adv / d20 dis             advantage: 2d20kh1 / 2d20kl1, after any one die
                                (d20 adv + 5, d6 dis); at the end of a LINE it
                                goes to the first d20, before or after vs N
                                (d20+5 adv vs 15, d20+5 vs 15 adv); adv and dis
                                together cancel: one d20
  {might} {hp}                  the acting character's stat or pool (⟨--as NAME⟩);
                                {might:3} when nobody acts
  1d8 [slashing]   # comment    labels (subtotals in JSON); a comment names the roll
  Δ8 (or delta8)                a risk die (Macchiato Monsters)
  d20+f  d20+h                  Vagabond's Favor (+d6) and Hinder (−d6), ⟨with -s vagabond⟩
Typed signs read as ASCII: − – — as -, × as *, full-width digits (NFKC).
A name with spaces is written as it is, unquoted (attack on Goblin 1: the
  longest name the campaign holds, Goblin 1 before Goblin), or in quotes
  ('Goblin 1' or "Goblin 1"); Tab completes it.
Modifiers act in this order whatever order they are written in:
  reroll, explode, clamp, keep/drop, count, sort.
Examples: 4d6kh3 · 2d20kl1+3 · 8d10>=8f1 · 3d6!! · {4d6, 3d8}kh1 · 6x 4d6kh3
  1d20cs>=19+5 · 5d10x10 · 4d6xokh3 · 10d10>=7t10 · 6x d20+5 vs 15
""" + habits_text() + "\n")
NOTATION = shell_text(NOTATION_TOPIC)
"""`roll help notation` as the `roll` command shows it."""

def _sheets_help() -> Topic:
    from rules.systems.sheet_help import sheets_topic

    return sheets_topic()


def _config_help() -> Topic:
    from cli.base.config import config_path

    return topic(f"""\
The config file: {config_path()}
(ROLL_CONFIG names another): read only when it is there; TOML, strings:
  campaign = "PATH"   the campaign: a file or a postgresql:// URL
  system = "NAME"     the game when no character says, as -s takes it: a game
                      of roll systems, the campaign's, or a game file ./x.toml
  as = "NAME"         who acts when nobody is named
  color = "WHEN"      auto, always or never (roll help: --color)
Settings come from, first to last: the command line (--campaign, -s, --as,
--color), the environment (ROLL_CAMPAIGN, ROLL_SYSTEM, ROLL_AS, ROLL_COLOR),
this file, then the defaults. A key it does not know, or a bad value, is an
error that names the file, the line and the key.
""")


def _encounter_help() -> Topic:
    from rules.encounter.help import TOPIC

    return TOPIC


TOPICS: dict[str, Topic | Callable[[], Topic]] = {"notation": NOTATION_TOPIC,
                                                  "tables": TABLES_TOPIC}
def _games_help() -> Topic:
    from rules.systems.gamefile.example import PBTA
    from rules.systems.gamefile.format_help import games_topic

    return games_topic(PBTA)


LATER_TOPICS: dict[str, Topic | Callable[[], Topic]] = {"sheets": _sheets_help,
                                                        "encounter": _encounter_help,
                                                        "games": _games_help,
                                                        "config": _config_help}
"""Topics listed after the systems."""

OVERVIEW = """\
roll help TOPIC — topics: notation, tables, {systems}, sheets, encounter, games, config

Commands:
  roll LINE            a dice expression or a system command
  roll odds LINE       the exact distribution of a LINE
  roll sheet new GAME NAME        a sheet to fill in (roll help sheets)
  roll sheet import|export|show|list|rm|owner    characters (TOML sheets)
  roll log | undo      the campaign's history
  roll secret LINE | reveal ID | log verify    sealed rolls, checked later
  roll fair [dN] | luck    are the dice fair? who rolls above the odds?
  roll campaign copy SRC DST      a campaign, between a file and PostgreSQL
  roll campaign roles --gm NAME --player NAME[=CHARACTER,…]…   roles online
  roll alias add|rm|list          named rolls for the campaign
  roll table NAME | import|list|rm    rollable tables
  roll systems         the game systems
  roll                 the REPL on a terminal; LINEs from a pipe otherwise

A name with spaces is written as it is: roll attack on Goblin 1, roll sheet show
Old Tom (the longest name the campaign holds), or in quotes: 'Goblin 1'.

A piped or REPL line may begin with -s NAME, --as NAME, --rolled FACES
or -n N: that line's own options (`-s vagabond check dex=5`).

--seed INT: the same dice for the same INT and LINEs, on every machine; each
  integer its own series (--seed -7 never throws --seed 7's dice).

--json: an object per LINE; with a target, "compare" says how the outcome came
  of it: ">=" (vs N), ">" (roll higher), "<=" or "<" (roll-under: 9 ≤ 14). In
  a batch a list (sheet list, alias list, table list, log) is one object,
  {{"input", "kind", "items": […]}}, whatever the count.
"""
"""`roll help` alone (the REPL's own `help` says its words instead: cli/repl/repl.py)."""


def help_text(topic: str | None) -> str:
    """The text of a help topic as the `roll` command shows it; no topic lists the topics."""
    if topic is None:
        return OVERVIEW.format(systems=", ".join(SYSTEMS))
    return shell_text(help_topic(topic))


TOPIC_WORDS = {"color": "config", "colour": "config", "settings": "config", "fight": "encounter",
               "fights": "encounter", "combat": "encounter", "initiative": "encounter",
               "foes": "encounter", "sheet": "sheets", "character": "sheets", "dice": "notation",
               "syntax": "notation", "game": "games", "table": "tables"}
"""Other words a user asks help about, each the topic that answers it (`help colour`: the
config file's `color` key and the --color option are in `help config`)."""


def help_topic(topic: str) -> Topic:
    """A help topic's parts (text, and the commands in it), for a front end to word."""
    key = topic.strip().lower()
    key = TOPIC_WORDS.get(key, key)
    if key in TOPICS or key in LATER_TOPICS:
        found = TOPICS.get(key) or LATER_TOPICS[key]
        return found if isinstance(found, tuple) else found()
    if key in SYSTEMS:
        system = SYSTEMS[key]
        parts = [*system.help_topic()]
        if isinstance(parts[-1], str):
            parts[-1] = parts[-1].rstrip("\n")
        if system.id != "generic":
            from cli.render.layout import wrap
            from rules.encounter.games import rules_of

            said = f"Encounters (roll help encounter): {rules_of(system).help()}"
            parts.append("\n" + "\n".join(wrap(said, 78, hanging="  ")))
        if system.examples:
            chosen = None if system.id == "generic" else system.id
            parts += ["\n", Examples(chosen, tuple(system.examples))]
        return tuple(parts)
    from rules.did_you_mean import closest

    near = closest(topic, [*TOPICS, *SYSTEMS, *LATER_TOPICS])
    hint = f"did you mean {near!r}?" if near else f"topics: {', '.join([*TOPICS, *SYSTEMS, *LATER_TOPICS])}"
    raise UsageError(f"no help topic {topic!r} ({hint})")
