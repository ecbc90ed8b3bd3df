"""The roll table the table tests share: the moor's d66 encounters, as its TOML file reads."""

from __future__ import annotations

import tomllib

ENCOUNTERS = tomllib.loads('''
name = "encounters"
title = "On the moor"
roll = "d66"
[[rows]]
range = "11-26"
text = "[[2d6]] goblins"
[[rows]]
range = "31-36"
text = "a lone knight with [[1d4+1]] hounds"
[[rows]]
range = "41-65"
text = "fog, and [[table:weather]]"
[[rows]]
range = 66
text = "the Witch"
''')
