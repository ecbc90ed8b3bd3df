"""The text of `roll help vagabond`: commands, words and examples (seed 000)."""

from __future__ import annotations

HELP = """\
Vagabond (`⟨-s vagabond⟩`)
Checks: Difficulty = 20 − Stat, or 20 − 2×Stat trained; d20 (+d6 Favored, −d6
  Hindered) ≥ Difficulty passes. The unmodified 20 is a Crit: +1 Luck (up to the
  Luck Stat), or `forgo` the Luck for the Crit's benefit (attack/cast: +Stat
  damage; a Save: unaffected by what provoked it). Favor and Hinder cancel one
  for one, never stack.
Stats (2–7): might mit · dexterity dex · awareness awr · reason rsn · presence
  prs · luck luk
Skills: Might brawl melee · Dexterity finesse sneak · Awareness detect mysticism
  survival ranged · Reason arcana craft medicine · Presence influence leadership
  performance (trained when the sheet's [skills] trained lists it, or with the
  word `trained`; a sheet that lists anything else is refused at import)
Commands (inline Stats such as dex=5 work without a character):
  check STAT|SKILL [trained] [favor|hinder …] [+luck] [forgo]
                                 a Check; e.g. check dex=5 trained
  save reflex|endure|will [favor|hinder …] [+luck] [forgo]
                                 a Save, never doubled by training
  block [ranged] [shield]        Endure Save, Hindered vs ranged unless you
                                 have a Shield
  dodge [heavy]                  Reflex Save, Hindered in Heavy Armor
  +luck                          (on any roll) spend 1 Luck for Favor
  fluke [d6|d20|damage|favor|hinder|N]
                                 spend 1 Luck: reroll a die of your previous
                                 LINE, which resolves again (no word: its d20;
                                 d6: its d6; damage: its damage die; N: its Nth
                                 die; several fit: an error lists them by
                                 place); odds fluke … prices it
  attack melee|ranged|brawl|finesse DAMAGE [trained] [armor=N] [immune|weak] …
                                 the Skill's Check, then the damage on a hit
  hit DAMAGE [block [ranged] [shield] | dodge [heavy]] [immune|weak] [armor=N]
                                 an enemy's attack: a passed Save ignores a
                                 highest damage die, the sheet's armor
                                 subtracts, HP falls (Armor 0–3: "Armour
                                 subtracting 1–3 from every hit")
                                 e.g. hit 2d6 block armor=1 mit=4
  cast damage|effect|both [+N] [AREA] [enlarge=N] [unwilling] …
                                 AREA: touch, remote, cube, aura, cone, glyph,
                                 line or sphere. +N (or N): extra d6s of
                                 damage, 1 Mana each, rolled (on a passed Cast
                                 Check when there is one). Mana: both 1, +1 per
                                 extra d6, Cube 1, areas 2; at most casting
                                 Stat + Level/2 (up) per Cast; a Cast Check
                                 (the Class's Skill) only against an unwilling
                                 target. enlarge=N: an enlarged area's extra
                                 Mana (the text leaves it open, so the caster
                                 says it)
  status [list] | status add|rm NAME …
                                 Statuses as flags (effects below); a GM's
                                 own: status add custom:hexed
  breather                       HP + Might, once per Shift (a second is
                                 refused; at full HP nothing is used up)
  shift new                      the next Shift: every Hero may take a
                                 Breather again
  rest                           HP, Luck, Mana to max; at full HP, 1 Fatigue
                                 goes instead (a Rest is a Shift: a Breather
                                 again)
  victim                         the Hero with the least Luck (a tie is rolled
                                 for)
  xp quest failure hindered discovery loot
                                 the XP Questionnaire, 1 XP per yes
  level up [STAT]                +1 Level; even Levels +1 Stat, odd ones a Perk
  item [list] | item add NAME N | item drop NAME
                                 Item Slots: at most 8 + Might, filled by the
                                 items and each Fatigue; N: the Slots it takes
                                 (the sheet's [items] rope = 1; the excerpt
                                 gives none); past the cap refused (at import
                                 too); e.g. item add rope 1
  spend|gain|set POOL [N], hurt N, heal N
                                 pools: hp (Might × Level), luck (the Luck
                                 Stat), mana ([max] mana = N), fatigue (0–5, 5
                                 is death)
Death: at 0 HP or 5 Fatigue the Hero is Dead (flag dead; no death saves); a dead
  Hero's rolls, rests and pool moves are refused (set and status still work;
  undo takes the death back with its LINE; status rm dead if the table rules
  otherwise)
Statuses (public rules):
"""
