"""Helpers shared by the tests, one module per topic; a test module imports from here (or takes a
fixture of tests/conftest.py), never from another test module.

cli: `roll` in-process (CliRunner) · installed: the installed `roll` as a process · pane: it in a
pty through pexpect · screen: it in a pty read through pyte · repl: the REPL in-process over a pipe ·
sheets: sheets as a player writes them · store, old_log_rows: campaign files of older schemas ·
pg_server: a real PostgreSQL server · brighter, champions, macchiato, tiers, vagabond: each game's
table, scripted faces and one resolved LINE · encounter: each game's fight from a shell · tables:
a shared roll table · odds: brute force for the exact odds · strategies, differential: Hypothesis
trees and the peers' translations · readme: the README's sections and lines.
"""
