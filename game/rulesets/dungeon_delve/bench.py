"""Dungeon Delve's own benchmark (the registration's ``bench`` part; ``python -m game bench
dungeon-delve``): figures printed, nothing asserted."""

from __future__ import annotations

import statistics
import time

from game.bench import decision_note, play_games
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.content import standard_content
from game.rulesets.dungeon_delve.rulesdata import Data


def geometry_bench() -> None:
    """Dungeon Delve: line of sight to every square, and a movement range, on the quest map."""
    board = Data(standard_content()).board("wardens_vault")
    walls = board.blocking_edges(["vault_door"])
    samples = []
    for _ in range(20):
        t0 = time.perf_counter()
        for target in board.terrain:
            if target != (1, 4):
                geo.line_of_sight(board, walls, (1, 4), target)
        samples.append(time.perf_counter() - t0)
    moves = []
    for _ in range(50):
        t0 = time.perf_counter()
        geo.movement_range(board, walls, (1, 4), 10)
        moves.append(time.perf_counter() - t0)
    print(f"  line of sight from (1,4) to all {len(board.terrain)} squares: median "
          f"{statistics.median(samples) * 1000:.2f} ms; movement range (10 MP): median "
          f"{statistics.median(moves) * 1000:.3f} ms")


def dungeon_delve_bench(games: int, seed: int) -> None:
    """Dungeon Delve: line of sight and movement, then quests by overlord and hero levels."""
    geometry_bench()
    for levels in (["random", "random"], ["normal", "random"], ["random", "normal"], ["normal", "normal"]):
        figures = play_games("dungeon-delve", levels, games, seed)
        line = (f"  overlord {levels[0]} vs heroes {levels[1]}: {figures['games_per_second']:.2f} quests/s, "
                f"{figures['choices_per_second']:.0f} choices/s, mean rounds {figures['mean_turns']:.1f}")
        print(line + decision_note(figures), flush=True)
