"""Every bound roll-rules puts on its input: the notation's (SPEC §5), sheets', rollable tables',
encounters' and a game's own, in one place and apart from the grammar (a reader of them loads no
parser). The odds engine's work estimates stay beside the algorithms they price."""


MAX_LINE = 1000
MAX_DEPTH = 50
MAX_SIDES = 1_000_000
MAX_REPEAT = 100_000
MAX_DICE = 100_000
"""The dice one LINE may throw, its repeats included."""
MAX_WAVES = 100
"""At most this many explosion waves (fair dice never come close)."""
MAX_NAMED_CHAIN = 5
"""A named roll may name another: at most this many names in one chain (rules/named_rolls.py)."""
MAX_NEW_NAMED = 1_000
"""The most named rolls one sheet's `[rolls]` or one `alias import` may bring: each new name is
read once as dice (a name may not shadow notation), ~0.3 ms; 100,000 of them in a 1.4 MB sheet
took minutes (issue 49, bench/input_limits.py)."""

# sheets (rules/systems/sheet_checks.py)
MAX_NUMBER = 1_000_000_000
"""The largest number (either sign) a sheet may hold anywhere, whatever the key's own range:
a 5,000-digit level or stat is refused here, before any arithmetic or a store sees it."""
MAX_NAME = 200
"""The longest name a character may have: a name is read at the table, and a store's index
holds it (PostgreSQL's refuses keys of more than a few kB)."""
MAX_SHEET_NESTING = 16
"""How deep a sheet's tables and lists may nest (a real one: 3)."""

# rollable tables (rules/tables/rolling.py)
MAX_NESTING = 5
"""A row may roll on another table, at most this many tables deep in one roll."""
MAX_TABLE_TEXT = 1_048_576
"""The characters one table roll may write, its nested tables' texts counted as well: rows that
roll on each other many times stop here, as dice stop at the dice limit, instead of printing
megabytes."""
MAX_TABLE_ROLLS = 10_000
"""How many tables (nested ones too) one table roll may roll on."""
MAX_COMMAND_TEXT = 16 * MAX_TABLE_TEXT
"""The characters all the table rolls of one command (`-n 1000 table NAME`) may write."""

# rollable tables, as read (rules/tables/build.py)
MAX_WEIGHT_DIGITS = 18
"""A CSV weight longer than this is refused before int() reads it (the weights' total is
checked against the largest die after)."""
MAX_CELL = 128 * 1024
"""The longest CSV cell (Python's csv module stops at this many characters)."""

# encounters (rules/encounter/foes.py)
MAX_FOES = 100

# Tiers (rules/systems/tiers/odds.py)
MAX_POOL = 500
"""The largest check pool priced exactly (a Tier 5 pool at +10 with 485 Fate dice)."""

RECURSION = 20_000
"""The frames a LINE's tree may need: pyparsing spends a few dozen per nesting level, and the
tree's own walkers (writing it back, rolling it, its odds) recurse at every level of a sum of
500 terms (`1+1+…`, a left-deep tree), more than Python's default 1,000. rules/ never sets it:
the `roll` command's entry point (cli/__main__.py) does, and the library face lends it for
the length of a call (rules/library.py)."""
