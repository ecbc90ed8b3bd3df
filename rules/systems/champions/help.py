"""The text of `roll help champions`: commands, words and examples (seed 002)."""

from __future__ import annotations

HELP = """\
Champions & Cohorts (`⟨-s champions⟩`)
Stats: might mit · insight ins · presence prs; sheet fields guard, armor (0–2),
  kind = "champion" (3 wound slots) | "cohort" (2), house, weapon (optional),
  guard-bonus (temporary Guard bonuses up now; at most +2 counts)
  attack TARGET [weapon W] [TAG]   d20 + Might ≥ the target's Guard (ties hit) →
                                   hit: the weapon die − Armor (at least 1);
                                   1–3 → 1 wound, 4–6 → 2, 7+ → 3
      TARGET: a character, or inline guard=N armor=N [cohort]
      W: light d4 · standard d6 · heavy d8 · exceptional d10 · any dN
         (no default in the rules: give it, or weapon = "…" on the sheet)
      TAG: heavy critical relic major: more than 2 wounds on a Champion
      guard-bonus N: a temporary Guard bonus on the target (with the sheet's
         guard-bonus, capped at +2 in all)
      e.g. attack Kael weapon heavy · attack Kael weapon d8 relic
      e.g. attack guard=12 armor=1 cohort weapon d6 might=2
      e.g. attack guard=12 guard-bonus 3 weapon d6 might=2
  All slots filled: Downed, Med Flag at 3 (flag downed, field med-flag).
  turn end [HOUSE]    that House's Med Flags count 3 → 2 → 1 → removed (not
                      the turn a character fell: flag fell); what removal
                      means is OPEN in the rules text.   e.g. turn end Blue
  stabilize NAME      an adjacent Healer's Command: a Champion stands with 2
                      wounds (1 slot left); a Cohort's Med Flag stops, its
                      return is OPEN.   e.g. ⟨roll --as Mira stabilize Kael⟩
  field-heal NAME     a Gesture: 1 Healing Supply ([max] supply = N) clears 1
                      wound of a standing ally (never the healer itself),
                      once per round (flag
                      field-healed, cleared when its House's turn ends).
                      e.g. ⟨roll --as Mira field-heal Kael⟩
  hurt N, heal N      mark / clear wounds by hand (heal stands a Downed one up)
  rest                refills [max] pools (Healing Supply); wounds stay
  odds attack …       P(hit), P(miss), P(Downed), and the wounds dealt
                      e.g. ⟨roll --as Mira odds attack Kael weapon heavy⟩
"""
