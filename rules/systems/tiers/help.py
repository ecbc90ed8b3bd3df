"""The text of `roll help tiers`: commands, words and examples (seed 003)."""

from __future__ import annotations

HELP = """\
Tiers (`⟨-s tiers⟩`): Tier 1–5; Vigor → Vitality → Wounds
Sheet: tier = 2; armor = "none|light|medium|heavy"; shield = true;
  ac = N (an NPC's own AC); kind = "player" (default) | "minor" |
  "major" | "sovereign" | "retainer"; [stats] body mind
  sense heart cunning fate (scores; modifier (score−10)//2, or [mods]
  body = 2); [dice] body = "d6" (negative "-d4", none "0": the
  score→die table is not in the excerpt); [max] stamina = 4
NPC kinds: a Minor's whole pool is Vigor ([max] vigor = N), Vigor
  damage included, 0 Vigor: defeated; a Major or Sovereign has Vigor
  and Vitality, 0 Vitality: defeated (NPCs take no wounds); on a
  turn a Major/Sovereign regains 1 (Heart +) or loses 1 (Heart −),
  Minors and retainers nothing; saves add Tier for player characters
  and Minors only; only player characters have Fate; a Minor's
  attacks are Minor hits unless `major` is given
Inline without a sheet: tier=2 body=14 body=d6 sense=-d4 mind=none.
  check STAT task N [adv|dis] [fate K]
        rolls [modifier + Tier]d6 (negative modifier: Tier dice, 6s only);
        5+ succeeds (adv 4+, dis 6 only); each 6 rolls another die;
        each 1 costs 1 Stamina and earns 1 Fate while Stamina lasts;
        successes ≥ N (the task's tier) → pass. fate K: K more dice
        (session Fate first). A failure at 0 Stamina exhausts; at 0
        Stamina and exhausted it costs 1 Vitality past Vigor
  check … narrative   the GM's option: each 1 is a setback the GM
        names, not Stamina; its Fate is still gained
        e.g. check body task 2 narrative
  buyout S      spend S Stamina: the previous failed check passes
  save STAT dc N [adv|dis] [bonus B]
        d20 + stat die + Fate die + Tier ≥ DC → pass (a Fate save rolls
        the Fate die once); adv/dis: 2d20 keep the higher/lower
  disrupt STAT dc N [adv|dis]   d20 + stat die + Tier (disruption)
  initiative    d8 + Mind die
  attack ac N|on NAME [stat STAT|melee|ranged] [bonus B] [major|minor]
         [adv|dis] [mystic] [crit R] [rider N …] [extra-die]
         [cover half|three-quarters] [through N | ally NAME]
        AC: ac N, else the on NAME character's sheet: its ac, or armour
        base (none 10, light 11, medium 12, heavy 13) + Sense modifier,
        shield +1; cover half +2, three-quarters +5.
        d20 + modifier + bonus ≥ AC → hit; a natural R–20 (default 20)
        is a crit. Major hit: the Tier die (d4 d6 d8 d10 d12), crit
        two; Minor: flat Tier, crit (natural 20) the Tier die floored
        at Tier; mystic: Vigor damage; a Major's miss: Glancing Blow
        (Body die as Vigor damage; no die 1; negative none). on NAME
        applies it to that character; untrained: melee Body, ranged
        Cunning; resist|immune|vulnerable: −1 / none / +1; several
        riders: only the largest applies; extra-die (any number of
        times): at most one extra Tier die per hit; through 1: one
        creature in the line of fire, disadvantage, a natural 1 hits it
        instead (ally NAME: that character, and its damage is recorded;
        through 2+: no attack; mystic attacks unaffected)
        e.g. attack ac 12 bonus 2 rider 1 rider 2 extra-die tier=2 body=d6
             attack ac 12 bonus 2 through 1 tier=2 body=d6
  attack … range long|beyond   a weapon's long range: disadvantage;
        beyond long range: no attack (refused); not melee, not mystic
        e.g. attack ac 12 stat body range long tier=2 body=14 body=d6
  damage [major|minor] [crit] [mystic|glancing] [rider N …] [extra-die]
         [on NAME]
  hurt N|DICE [vigor] [resist|immune|vulnerable]
        Vigor absorbs, then Vitality; to 0 Vitality or past it: a
        wound, injury roll d20 + overflow (31+ kills), Second Wind
        (Vigor and Vitality full); no wound left: death
  heal N        Vitality
  recover [stamina N] [vitality N]   1 Fate → 1 Stamina, 2 Stamina →
        1 Vitality
  recover attunement N   a Druid's: N Stamina for N less Attunement
        ([pools] attunement = N on the sheet); e.g. recover attunement 1
  rest [healer] Vitality, Stamina full; exhaustion off; earned Fate →
        Destiny; healer: one light wound closes
  declare [done|drop]   in a fight (help encounter), in the Enemy
        Tactical Phase: a Declared Maneuver announced; done: resolved
        on your turn; drop: given up (a failed disruption check);
        unresolved at the round's end it is lost
  react         the one reaction of the round (opportunity attack,
        triggered ability); it comes back at the round's end
  focus [sustain|drop]   a Focus spell cast (it ends the one up);
        sustain: this round's Maneuver keeps it up (from the round
        after the cast); not sustained, it ends at the round's end;
        drop: let go at any time
  combat [end]  the fight starts: Vigor full (flag in-combat) | ends
  turn          the start of your turn in combat: + Heart modifier
        (negative: −1); refused outside combat (nothing drains)
  session new   session Fate back to 3 for every character
  day new       the next day: every character may Rest again (no more
        than one Rest a day: a second is refused until day new)
  level up [cost N]   a level for at least 1 Destiny, then Destiny
        resets to 0; what more it costs is OPEN: cost N, or the
        sheet's level_cost = N; level = N (default 1); no Tier change
        e.g. level up cost 1
  fate reroll [injury]   (or reroll) 1 Fate: the d20 of your previous
        LINE (save, attack, disruption, injury roll) again; the other
        dice stand; adv/dis: both d20s; pay again to reroll the new
        roll; injury: the LINE's injury roll; player characters only;
        odds fate reroll prices it
Pools: vigor (Tier + Heart mod, min 0, − armour: medium 1, heavy 2),
  vitality (3 + Tier), wounds (slots left, Tier + 1), stamina ([max]),
  fate (session Fate, 3), earned (earned Fate), destiny; flags
  exhausted, dead. spend fate K: session first; gain fate K: earned
  Examples: check body task 2 · check sen task 1 adv fate 1
            save heart dc 14 · attack ac 13 stat body bonus 1
            odds check body task 3 · hurt 6 · recover stamina 1
"""
