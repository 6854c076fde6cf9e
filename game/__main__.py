"""``python -m game``: the command line (see ``game.cli``)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
