"""The Macchiato Monsters sheet `roll sheet new macchiato NAME` prints: every field its commands read."""

FORM = """\
# A Macchiato Monsters character (roll help macchiato). Fill it in, then: roll sheet import FILE.toml
name = NAME
system = "macchiato"
level = 1                  # 1 or more
[stats]                    # each 3–18: check STAT passes on d20 ≤ the stat
strength = 10              # str
dexterity = 10             # dex
constitution = 10          # con
intelligence = 10          # int
wisdom = 10                # wis
charisma = 10              # cha
[max]                      # pools with their maximum: the rules give none
hp = 6                     # HP: hurt, heal and rest use it
[risk]                     # named risk dice, "Δ4"…"Δ12" (or "delta6"): risk NAME rolls one
torches = "Δ6"             # e.g. a supply; armour too: leather = "Δ4"
"""
