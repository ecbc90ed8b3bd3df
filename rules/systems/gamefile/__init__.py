"""A game read from a TOML game file: a `System` built from data (nothing in the file runs)."""
