"""The Tiers sheet `roll sheet new tiers NAME` prints: every field its commands read."""

FORM = """\
# A Tiers character (roll help tiers). Fill it in, then: roll sheet import FILE.toml
name = NAME
system = "tiers"
tier = 1                   # 1–5: dice in a check, Vigor, Vitality and Wound slots
kind = "player"            # player, or an NPC: minor, major, sovereign, retainer
armor = "none"             # none, light, medium or heavy (heavier costs Vigor)
shield = false             # true when you carry a shield
level = 1                  # 1 or more: `level` advances it
# level_cost = 10          # what the next level costs (the rules leave it open)
# ac = 12                  # an NPC's own AC (a player's comes from the armour)
[stats]                    # scores 1–30; modifier (score − 10) // 2
body = 10                  # bod
mind = 10                  # mnd
sense = 10                 # sen
heart = 10                 # hrt: Vigor's cap is Tier + Heart modifier
cunning = 10               # cun
fate = 10                  # fat
[dice]                     # each stat's die (the rules leave the table open): "d6", "-d4", none "0"
body = "0"
mind = "0"
sense = "0"
heart = "0"
cunning = "0"
fate = "0"
[mods]                     # a stat's modifier when it is not (score − 10) // 2, e.g. body = 2
[max]                      # pools whose maximum the rules leave to the sheet
stamina = 4                # Stamina: a check's 1s spend it
"""
