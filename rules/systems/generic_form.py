"""The generic sheet `roll sheet new generic NAME` prints: stats and pools of any game."""

FORM = """\
# A character of any game (roll help sheets). Fill it in, then: roll sheet import FILE.toml
name = NAME
system = "generic"
[stats]                    # any stats, whole numbers: {might} in a LINE reads one
might = 0
[max]                      # any pools, each with its maximum: spend, gain, hurt, heal, rest
hp = 10
[pools]                    # current values; an omitted pool starts at its maximum
"""
