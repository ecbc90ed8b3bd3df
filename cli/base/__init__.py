"""What every other cli/ package may import: the Environment, Settings, the option table,
terminal, bounds, input files and shell words; it imports rules/ only."""
