"""The Vagabond sheet `roll sheet new vagabond NAME` prints: every field its commands read."""

FORM = """\
# A Vagabond Hero (roll help vagabond). Fill it in, then: roll sheet import FILE.toml
name = NAME
system = "vagabond"
level = 1                  # 1–10; HP max is Might × Level
armor = 0                  # 0–3: the Armor your gear gives
xp = 0                     # experience points (xp N adds them)
# class = "wizard"         # a caster's class: `cast` prices spells by it
[stats]                    # each 2–7; commands take the 3-letter names too
might = 4                  # mit: HP, Endure saves, brawl and melee
dexterity = 4              # dex: Reflex saves, finesse and sneak
awareness = 4              # awr: Reflex saves, detect, mysticism, survival, ranged
reason = 4                 # rsn: Will saves, arcana, craft, medicine
presence = 4               # prs: Will saves, influence, leadership, performance
luck = 4                   # luk: the Luck pool's maximum
[skills]                   # a listed skill is trained: its Difficulty uses 2 × Stat
trained = []               # e.g. ["finesse", "detect"]
[max]                      # pools whose maximum the rules leave to the sheet
mana = 0                   # Mana (cast spends it)
[pools]                    # current values; an omitted pool starts at its maximum
fatigue = 0                # 0–5; 5 is death
[items]                    # Item Slots each item takes, e.g. rope = 1
"""
