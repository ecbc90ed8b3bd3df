"""Helpers shared by the tests: in-process runs, servers, terminals, sheets of each game."""
