"""How much one Champions of Albion choice costs early and late in a game, and random games
per second (issue 11, item 8).

Run from the project root, for example:

    python -m tests.champions_of_albion.choice_cost --games 150 --throughput 100

It plays random three-champion games one choice at a time as the benchmark does (the
pending decision, the seat's view, the choice) and prints the mean and median time of a
choice in windows of 40 choices (a random game has about 135), then, with ``--throughput
N``, N ordinary random games per second (wall clock and processor time). This is a tool for
people, not a test: nothing asserts its figures.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.ai.agents import random_choice
from game.core import registry
from game.core.game import Game
from game.core.rng import Rng

SYSTEM = registry.get("champions-of-albion")
WINDOW = 40


def choice_costs(games: int, seed: int) -> dict[int, list[float]]:
    """Seconds per choice, by window of WINDOW choices from the start of a game."""
    windows: dict[int, list[float]] = {}
    for i in range(games):
        game = Game.new(SYSTEM, seed + i, 3)
        rng = Rng.seeded(seed + i, 5)
        n = 0
        while (decision := game.pending()) is not None:
            t0 = time.perf_counter()
            game.view_for(decision.seat)
            game.choose(decision.seat, random_choice(decision, rng))
            windows.setdefault(n // WINDOW, []).append(time.perf_counter() - t0)
            n += 1
    return windows


def games_per_second(games: int, seed: int) -> tuple[float, float]:
    """Ordinary random games of three champions per second: (wall clock, processor time)."""
    started, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        game = Game.new(SYSTEM, seed + i, 3)
        rng = Rng.seeded(seed + i, 5)
        while (decision := game.pending()) is not None:
            game.view_for(decision.seat)
            game.choose(decision.seat, random_choice(decision, rng))
    return games / (time.perf_counter() - started), games / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games to time choice by choice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--throughput", type=int, default=0, help="ordinary random games to time (0: none)")
    args = parser.parse_args()
    for window, samples in sorted(choice_costs(args.games, args.seed).items()):
        if len(samples) >= 10 * WINDOW:
            print(f"choices {window * WINDOW:4d} to {window * WINDOW + WINDOW - 1:4d}: "
                  f"{statistics.mean(samples) * 1e6:6.1f} µs mean, {statistics.median(samples) * 1e6:6.1f} µs median "
                  f"({len(samples)} choices)")
    if args.throughput:
        wall, cpu = games_per_second(args.throughput, args.seed)
        print(f"{args.throughput} random games: {wall:.1f} per second (wall clock), {cpu:.1f} (processor time)")


if __name__ == "__main__":
    main()
