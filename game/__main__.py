"""``python -m game``: the command line (see ``game.cli``)."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    # The hard player searches in a worker process (game.ai.worker); in the packaged game the
    # executable itself starts as that process, and this hands it over to the worker's code.
    multiprocessing.freeze_support()
    sys.exit(main())
