"""The Champions & Cohorts sheet `roll sheet new champions NAME` prints: every field its commands read."""

FORM = """\
# A Champions & Cohorts character (roll help champions). Fill it in, then: roll sheet import FILE.toml
name = NAME
system = "champions"
kind = "champion"          # champion (3 wound slots) or cohort (2)
guard = 10                 # Guard: an attack on you hits on d20 + Might ≥ it
armor = 0                  # 0–2: taken off each hit's damage (at least 1 stays)
weapon = "standard"        # light d4 · standard d6 · heavy d8 · exceptional d10 · or "d12"
guard-bonus = 0            # a temporary Guard bonus up now (at most +2 counts)
# house = "Ashford"        # your House: `turn end` counts its Med Flags down
[stats]                    # whole numbers
might = 1                  # mit: added to your attack's d20
insight = 1                # ins
presence = 1               # prs
[max]                      # pools whose maximum the rules leave to the sheet
supply = 3                 # Healing Supply: field-heal spends 1
"""
