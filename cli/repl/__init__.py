"""The REPL: a prompt-toolkit session for a narrow side pane, one module per concern."""
