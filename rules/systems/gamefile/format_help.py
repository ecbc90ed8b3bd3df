"""`roll help games`: the game file format, key by key, with a whole game (docs/games/pbta.toml)."""

from __future__ import annotations

from rules.helptext import Topic, topic

FORMAT = """\
Your own game: a game file (TOML; nothing in it runs)
  ⟨roll game import FILE.toml⟩   keep it in the campaign (list, export, rm)
  ⟨roll -s ./FILE.toml LINE⟩     play a file without importing it
  help, odds, sheets (system = "NAME"), pools, log, undo, named rolls,
  {stat}, encounters and secret rolls: as for the built-in games.
[game]       name (one lower-case word, no built-in game's), title, health (the
             pool hurt/heal use), initiative (dice for encounter start, "d20")
[stats]      NAME = { abbrev = "coo", min = -3, max = 3 }
             (die = true: dice "d4".."d12", as Brighter Worlds)
[skills]     NAME = { stat = "agility", min = 0, max = 5 }
[pools]      NAME = { max = 6 | "a formula" | "sheet", start = 0 }
             "sheet": the sheet's [max]; start: where an omitted one is
[commands.WORD]  what a LINE `WORD …` throws and how the dice become an outcome
  uses       "stat", "skill", "stat+skill" or "none": what the LINE names
  dice, die  formulas: how many dice, of how many sides
  read       "sum", "highest", "lowest" (keep = N of them) or "successes"
             (success = 6: a die at or over it counts)
  add        a formula added to the total ("stat")
  target     a formula ("dr", "stat / 2"); compare ">=" ">" "<=" "<"
             outcomes = ["pass", "fail"]
  levels     [{ target = "stat / 5", outcome = "extreme" }, …]: better passes,
             tried first, best first, by the same compare
  degrees    { every = 4, name = "raise" }: one for every 4 over
  bands      [{ range = "6-", outcome = "miss" }, { range = "7-9", … }, "10+"]:
             every total in exactly one band
  against    { dice = "foes", die = 10, compare = ">" }: the total against each
             die of another set; each it beats is a hit (then target, bands)
  zero       "fail" (no roll) or "lowest-of-2": what zero or fewer dice do
  crit       { faces = [20] }, { faces = [6], count = 2, among = "all" } or
             { doubles = true }; outcome = "critical" replaces the outcome
  fumble     the same
  inputs     { dr = 12, rating = "ask" }: NAME=N words (a default, or asked for)
  plus       +N / -N adds to the "total" or to the "dice"
  effects    [{ on = "miss", pool = "xp", gain = 1 }] (spend = N; "crit"),
             { on = "fail", stat = "str", step = "down" } (a die stat steps)
[commands.WORD.words]  its words: adv = { dice = 1, keep = "highest" },
             forward = { add = 1 }, push = { push = true } (each die under
             success thrown once more), hard = { target = 2 }; a word may
             cost: push = { dice = 1, gain = { stress = 2 } } (or spend)
Formulas: whole numbers, stats (or their abbreviations), `stat`, `skill` and
  inputs with + - * / and ( ); / rounds down (a half: stat / 2).
Checked when read: an unknown key, a formula naming nothing, bands that leave a
  total uncovered or overlap, a loop of pool maxima, an effect no roll reaches,
  sizes past the limits, a name of roll's or a built-in game's: one error naming
  the file, the key and its line; nothing is imported.
A whole game (docs/games/pbta.toml; more: blades, yearzero, morkborg):
"""


def games_topic(example: str) -> Topic:
    """The topic, closing with the whole example game's file."""
    shown = "\n".join(f"  {line}" if line else "" for line in example.splitlines())
    return topic(FORMAT + shown + "\n")
