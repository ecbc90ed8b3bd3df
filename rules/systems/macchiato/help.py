"""The text of `roll help macchiato`: commands, words and examples (seed 001)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.systems.macchiato.risk import ARMOUR, SUPPLIES


def _presets(table: Mapping[str, int]) -> str:
    """Presets four to a line, under the help's heading."""
    items = [f"{name} Δ{sides}" for name, sides in table.items()]
    rows = [", ".join(items[i : i + 4]) for i in range(0, len(items), 4)]
    return ",\n            ".join(rows)


HELP = f"""\
Macchiato Monsters (`⟨-s macchiato⟩`)
Stats: strength dexterity constitution intelligence wisdom charisma
  (str dex con int wis cha), 3–18; inline: check str=12
  check STAT [adv|dis] [free]   d20 ≤ STAT → pass; natural 1 crit, natural 20
                                fumble: double the effect or add a consequence;
                                adv keeps the lower of 2d20, dis the higher;
                                both cancel; free spends the once-per-session
                                free advantage (refused when spent)
  session new                   a new session: free advantage back for all
Risk dice Δ4 Δ6 Δ8 Δ10 Δ12 (ASCII: delta8; in any expression):
  Δ8                            1–3 → step-down (Δ8 → Δ6), below Δ4 → fizzle,
                                else hold; the highest face is a lucky break
  Δ8 adv | Δ8 dis                two risk dice, keep the higher | the lower
                                (best is high for a risk die; any lone die
                                but a d20 too: d6 adv); both cancel
  risk NAME [adv|dis]           roll the character's (or party's) risk die
                                and record the step-down or fizzle
  risk add NAME [ΔN|PRESET]     add a risk die (the party's when no
                                character is active, or add `party`)
  risk rm NAME | risk list      remove one / list them
  odds Δ8 [adv|dis]             hold / step-down odds, expected rolls to fizzle
  odds check STAT [adv|dis]     pass, fail, crit and fumble odds
Presets (public rules), as in: risk add torches · risk add armour chain
  supplies: {_presets(SUPPLIES)}
  armour:   {_presets(ARMOUR)}
Pools: spend gain set POOL [N] for [max] pools of the sheet; hurt N [on NAME],
  heal N [on NAME] move HP. The text gives 0 HP no rule (no death, no
  dying): a foe at 0 HP is defeated, out of the fight (skipped by next), and
  what became of it is the GM's to tell; heal above 0 brings it back.
"""
