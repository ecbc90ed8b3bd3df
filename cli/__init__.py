"""roll's interface: the Typer app, the REPL, rendering and the campaign store."""
