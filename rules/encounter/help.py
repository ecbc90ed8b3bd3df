"""The text of `roll help encounter`."""

from __future__ import annotations

from rules.helptext import commands, shell_text, shell_words, topic

TOPIC = topic("""\
Encounters: rounds, turns, initiative and foes, by each game's rules
  encounter start [NAMES…] [roll DIE] [surprised]
                        the fight starts (no names: every character of the
                        game), with every foe made before it; roll DIE: the
                        GM's die orders it (Macchiato, Brighter); surprised:
                        Vagabond's Detect Checks
  encounter             round, whose turn, who is next; a line each: this
                        round's initiative (– none rolled), name, state,
                        the pools the fight turns on (--json: the same,
                        each one's pools); reading it changes nothing
  next                  the turn passes, with the game's upkeep
  foe add [N] NAME [KIND] [stat=N …]
                        foes from one line: foe add 3 goblins hp=4 makes
                        Goblin 1 … Goblin 3, each with its own pools; what
                        the game's commands need of a foe is asked for here.
                        Before the fight (⟨-s GAME⟩) they wait for
                        encounter start; before anybody has acted they take
                        their round-1 place; later they act from next round
  foe rm NAME · encounter rm NAME
  encounter flee NAME   one flees (foe flee NAME): out of the fight until it
                        ends, kept in the order marked fled; undo brings it back
  encounter add NAME [foe]      a character of the campaign joins (foe: on
                        the enemies' side, its sheet kept when the fight ends)
  pin NAME N · pin NAME off     initiative by hand, kept through rerolls
  delay                 the one whose turn it is waits for the next one
  encounter end         clears what lives only in the fight; foes go
  undo                  after next: the turn and its upkeep come back
  secret LINE           the GM's secret roll: shown to the roller; the log
                        shows others only that one was made (ROLL_GM=1: the
                        GM's view; PostgreSQL: the server keeps it, README)
Marks: ▸ whose turn it is · delayed: waits this round · sits out: no turn
  this round (surprised, or joined after somebody acted) · out of the fight,
  skipped by next and never next: dead, defeated, Downed, incapacitated, fled
Who acts: a command of the fight's game that needs a character, with nobody
  chosen, acts as the combatant whose turn it is and says so: (as Mira: its
  turn). Plain dice, a command with its values inline (check dex=4) and
  another game's LINE act as nobody. One line as someone else: -a NAME
  before it (-a Kael attack Raider 1: a House's or Group's turn has no
  single holder); the REPL's as NAME lasts until the turn changes. On whom:
  hurt 3 on Goblin 1 is the actor's action on Goblin 1 (log and JSON:
  character, on); a save the target rolls is its own, by the actor, and its
  headline says whose (Bram's save: pass · 15), as a foe's roll does.
  next, delay, pin, foe and encounter are the GM's, logged as nobody's. Tiers' declare, react and
  focus may name whom they act for first (react Goblin 2: no such note),
  and a bare react on someone's turn asks who reacts (react NAME).
By game:
  tiers      Enemy Tactical Phase, then d8 + Mind die, rerolled each round;
             Vigor moves at each one's turn start; at the round's end a
             Declared Maneuver (declare, in the Enemy Tactical Phase) is
             lost, an unsustained Focus spell (focus, focus sustain) ends,
             the reaction (react) comes back; foes: major, minor, sovereign,
             retainer with tier= mind=d4 body=N ac=N (or sense=N), a Minor's
             vigor=N, another's heart=N and body=d6 (all OPEN); a foe
             attacks untrained, melee by Body
  champions  House Turns (house=NAME); Med Flags count down as a House Turn
             ends; foes: champion, cohort (house=NAME guard=N might=N
             armor=N weapon=standard)
  vagabond   the Heroes' Turn, then the Enemies' (hp=N is OPEN); a Group
             with nobody left standing takes no Turn; status add NAME
             until-turn ends at that Group's next Turn
  macchiato, brighter   the GM's order: as named, or roll DIE; pin;
             a Macchiato foe needs hp=N and at 0 HP is defeated; a Brighter foe needs
             dex= and wil= dice (its Grit: 1 + their steps above d4) or grit=N
Examples (in a campaign with a character: ⟨roll sheet import FILE.toml⟩):
  ⟨roll -s macchiato foe add 2 goblins hp=4⟩
  ⟨roll -s macchiato encounter start roll d20⟩
  ⟨roll foe add ogre hp=9⟩
  ⟨roll next⟩
  ⟨roll encounter --json⟩
  ⟨roll secret d20⟩
  ⟨roll encounter end⟩
""")
"""`roll help encounter`, written once (rules/helptext.py)."""
HELP = shell_text(TOPIC)
"""`roll help encounter` as the `roll` command shows it."""
EXAMPLES = tuple(shell_words(command).removeprefix("roll ") for command in commands(TOPIC)
                 if "FILE" not in command.words)
"""The example commands as the shell's words after `roll`, in order (tests run them as typed)."""
