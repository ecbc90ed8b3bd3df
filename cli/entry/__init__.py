"""How a process starts: argv, options and their Settings, the Environment, the app."""
