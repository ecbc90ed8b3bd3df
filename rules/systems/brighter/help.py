"""The text of `roll help brighter`: commands, words and examples (seed 004)."""

from __future__ import annotations

HELP = """\
Brighter Worlds (`⟨-s brighter⟩`)
Attributes: str dex wil as dice "d4"…"d12" (or "0"), each with a
  maximum in [max] (str = "d10"; absent: the current die); armor 0–3;
  grit: max 1 + the steps of max DEX and max WIL above d4.
  save ATTR [enhanced|impaired] [vs …]
                          roll the attribute die: 4+ → pass; enhanced
                          also rolls a d12, keep the higher; impaired
                          rolls a d4 instead; at 0 → fail, no roll
    vs N                  damage: roll higher than N
    vs ATTR of NAME       opposed (or vs dex=d8): roll higher than
                          their die; ties go to the side causing it
                          (dice in order: yours, the d12, theirs)
  hit N|DICE [NAME] [str|dex|wil]
                          NAME (else the active character) is hit:
                          damage − armor comes off Grit first; the rest
                          is Direct Damage: Critical Damage save (STR
                          by default), roll higher or step it down
                          ONCE, however large the Direct Damage (seed
                          004 in seeds/README.md: "roll the attribute
                          die, higher than the Direct Damage, or step
                          that attribute down once"); damage no face
                          beats fails it with no roll; below d4 the
                          character is incapacitated (out of the fight)
  step up|down ATTR       move the attribute one step (up to its max)
  step up|down max ATTR   move the maximum (max DEX/WIL move Max Grit)
  breath                  catch your breath: all Grit back
  rest ATTR               one step of one attribute back toward its max
  spend|gain|set grit N, hurt N (off Grit)
Inline attributes work without a character: save dex=d8 vs 3
"""
