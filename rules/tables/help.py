"""The text of `roll help tables`: rollable tables, and the named rolls that sit beside them."""

from __future__ import annotations

from rules.helptext import shell_text, topic
from rules.limits import MAX_NAMED_CHAIN, MAX_NESTING

TABLES_TOPIC = topic(f"""\
Rollable tables
  ⟨roll table import FILE⟩        add a table (FILE.toml or FILE.csv;
                                - reads stdin, --name NAME names it)
  ⟨roll table list⟩               the campaign's tables
  ⟨roll table rm NAME⟩            remove one
  ⟨roll table export NAME⟩        as TOML, to import elsewhere
  ⟨roll table NAME [--json]⟩      roll on it (NAME may be a file's path)
  ⟨roll odds table NAME⟩          each row's exact probability

A table in TOML:
  name = "encounters"
  roll = "d66"                  any dice (d6, 2d6, d%, d100) or d66
  [[rows]]
  range = "11-36"               "4", "1-3", "10+"; "00" is 100 on a d%
  text = "[[2d6]] goblins"      [[dice]] is rolled, shown as its total
  [[rows]]
  range = "41-66"
  text = "fog, [[table:weather]]"   rolls on the table weather too

  d66: a tens d6 then a units d6, read 11 … 66 (digits 1–6 only).
  Ranges cover every total the die can give, once: a gap, an overlap,
  a total the die cannot give or an empty text is an error naming the
  row. No roll: rows pick by weight (weight = 3; 1 when left out),
  with one die of as many sides as the weights make (2 and 1: a d3).
  A table rolls on others at most {MAX_NESTING} deep.

A table in CSV: a header range,text or weight,text, and a first line
  "# roll = 2d6" when the ranges do not run 1…N (a dN) or 11…66 (d66):
  range,text
  1-4,"Rain, cold"
  5-6,Sun

Named rolls: a LINE's first word may name a roll
  in a sheet                    [rolls]
                                longsword = "attack melee 1d8+3"
  for the whole campaign        ⟨roll alias add NAME LINE⟩
                                ⟨roll alias rm NAME⟩, ⟨roll alias list⟩
                                ⟨roll alias export⟩, alias import FILE
  ⟨roll longsword favor⟩          attack melee 1d8+3 favor (words append)
  $1 $2 …                       the words after the name, in order
  {{name}} {{name:default}}         a name=VALUE word, else the stat
                                hit = "d20+{{bonus}} vs {{ac}}"
                                ⟨roll hit ac=15 bonus=5⟩
  A named roll may name another, {MAX_NAMED_CHAIN} deep at most; a loop is an
  error. A name is one word that no command, subcommand or dice uses;
  an alias takes no command word of any game (a campaign holds several),
  a sheet's roll none of its own game's. A sheet's roll beats an alias.
""")
"""`roll help tables`, written once (rules/helptext.py)."""
TABLES_HELP = shell_text(TABLES_TOPIC)
"""`roll help tables` as the `roll` command shows it."""
