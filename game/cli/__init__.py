"""The ``feltbox`` command: argument parsing and the commands (main.py), replay and demo
commands (replay_commands.py) and the benches (bench*.py). The top room: it may import every
other room; nothing imports it."""
