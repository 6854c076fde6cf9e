"""Buck: Legacy's own benchmark (the registration's ``bench`` part; ``python -m game bench
buck-legacy``): figures printed, nothing asserted (issue 13, "Benchmark").

Random seats play under the game's playout limit of Adventures (aimless play rarely defeats a
Boss); the normal AI plays whole games."""

from __future__ import annotations

from game.bench import decision_note, play_games


def buck_bench(games: int, seed: int) -> None:
    """Games per second with random and with normal seats, the normal AI's decision times, and
    how often normal seats alone hold the most Medals against random ones."""
    for seats in (2, 4, 6):
        figures = play_games("buck-legacy", ["random"] * seats, games, seed)
        print(f"  {seats} x random  {figures['games_per_second']:7.2f} games/s "
              f"{figures['choices_per_second']:7.0f} choices/s (Adventure limit {_limit()})", flush=True)
    for seats in (2, 4, 6):
        levels = ["normal"] * seats
        figures = play_games("buck-legacy", levels, max(1, games // 5), seed, {"quick": True})
        print(f"  {seats} x normal (quick game) {figures['games_per_second']:6.2f} games/s "
              f"{figures['choices_per_second']:7.0f} choices/s, mean Adventures {figures['mean_turns']:.1f}"
              + decision_note(figures), flush=True)


def _limit() -> int:
    from game.core import registry

    return int(registry.get("buck-legacy").playout_options.get("adventure_limit", 0))
