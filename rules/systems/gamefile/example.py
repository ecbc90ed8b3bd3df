"""The whole game `roll help games` shows: docs/games/pbta.toml, word for word (a test holds it so)."""

from __future__ import annotations

PBTA = """\
# Powered by the Apocalypse: 2d6 + a stat; 10+ strong hit, 7-9 weak hit,
# 6- miss, and a miss marks XP. forward and ongoing add 1 (+N adds N).
[game]
name = "pbta"
title = "Powered by the Apocalypse"
health = "harm"
initiative = "2d6"

[stats]
cool = { abbrev = "coo", min = -3, max = 3 }
hard = { abbrev = "har", min = -3, max = 3 }
hot = { min = -3, max = 3 }
sharp = { abbrev = "sha", min = -3, max = 3 }
weird = { abbrev = "wei", min = -3, max = 3 }

[pools]
harm = { max = 6 }
xp = { max = 5, start = 0 }

[commands.move]
help = "roll 2d6 + the stat the move names"
uses = "stat"
dice = 2
die = 6
add = "stat"
bands = [
  { range = "6-", outcome = "miss" },
  { range = "7-9", outcome = "weak hit" },
  { range = "10+", outcome = "strong hit" },
]
effects = [{ on = "miss", pool = "xp", gain = 1 }]

[commands.move.words]
forward = { add = 1 }
ongoing = { add = 1 }
"""
