"""Entry point of the packaged build (PyInstaller): the same as ``python -m game``."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
