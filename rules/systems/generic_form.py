"""The generic sheet `roll sheet new generic NAME` prints: stats and pools of any game."""

FORM = """\
# A character of any game (roll help sheets). Fill it in, then: roll sheet import FILE.toml
name = NAME
system = "generic"
[stats]                    # any stats you name, whole numbers
might = 0                  # {might} in a LINE reads it: d20+{might}
[max]                      # any pools you name, each with its maximum
hp = 10                    # HP: hurt and heal use it; spend, gain, set and rest any pool
[pools]                    # current values; an omitted pool starts at its maximum
"""
