"""roll-rules' domain: dice notation, dice, odds and game systems. Pure: no I/O."""
