"""``python -m feltbox``: the same as the ``feltbox`` command."""
import sys

from feltbox.game.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
