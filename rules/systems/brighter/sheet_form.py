"""The Brighter Worlds sheet `roll sheet new brighter NAME` prints: every field its commands read."""

FORM = """\
# A Brighter Worlds character (roll help brighter). Fill it in, then: roll sheet import FILE.toml
name = NAME
system = "brighter"
armor = 0                  # 0–3: taken off harm before Grit
[stats]                    # each attribute's die now: "d4"…"d12", or "0"
str = "d6"                 # STR: save str
dex = "d6"                 # DEX: save dex; its maximum raises Grit
wil = "d6"                 # WIL: save wil; its maximum raises Grit
[max]                      # each attribute's top die: `step up` and `rest` go back to it
str = "d6"
dex = "d6"
wil = "d6"
"""
