"""Buck: Legacy's own benchmark (the registration's ``bench`` part; ``python -m game bench
buck-legacy``): figures printed, nothing asserted (issue 13, "Benchmark").

- Games per second with random seats, under the game's playout limit of Adventures (aimless
  play rarely defeats a Boss).
- Normal against random (issue 13, item 4: at least 80%): seats alternate normal and random
  (seat 0 normal in even games, random in odd ones); a game is won only if every winner is a
  normal seat, so a tie with a random seat is not a win. Random seats need an Adventure limit to
  end. Measured under ``VERSUS_LIMIT`` (10, about a whole standard game between normal seats)
  and, for comparison, under 6 and under the playout limit (3): in 3 Adventures most Medals are
  the Distance Medals of all-Stunned Adventures, and Distance counters come from the draws (a
  Distance Monster counts whether it is beaten or not), so the race is mostly luck; over more
  Adventures Bosses fall and the gear bought with the Gold tells.
- Whole games of normal seats, standard and quick, with 2, 3, 4 and 6 seats: the Adventures
  each took, and the normal AI's decision times (median, p95, max).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.ai import make_agent
from game.ai.agents import view_for
from game.bench import decision_note, play_games
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.game import Game

VERSUS_LIMIT = 10
"""The Adventure limit the normal-against-random goal is measured under (see the module text)."""
NORMAL_CAP = 60
"""A safety cap on all-normal games (they end by defeating their Bosses; none has needed it)."""


MAX_CHOICES = 200_000
"""Choices after which a benchmark game is a loop in the AI, told as one, not waited for."""


def _play_out(game: Game, agents: list[Any], seed: int) -> None:
    """Play ``game`` to its end with ``agents`` (one per seat)."""
    for _ in range(MAX_CHOICES):
        decision = game.pending()
        if decision is None:
            return
        agent = agents[decision.seat]
        game.choose(decision.seat, agent.choose(view_for(agent, game, decision.seat), decision))
    raise FiveRealmsError(f"A Buck: Legacy benchmark game (seed {seed}) made {MAX_CHOICES} choices without "
                          "ending: the AI plays in a loop.")


def versus(seats: int, games: int, seed: int = 1, limit: int = VERSUS_LIMIT) -> tuple[int, int]:
    """(games won by normal seats alone, games played) with seats alternating normal and random."""
    system = registry.get("buck-legacy")
    won = 0
    for i in range(games):
        levels = ["normal" if (s + i) % 2 == 0 else "random" for s in range(seats)]
        game = Game.new(system, seed + i, seats, {"adventure_limit": limit})
        agents = [make_agent(level, "buck-legacy", seed + i, s) for s, level in enumerate(levels)]
        _play_out(game, agents, seed + i)
        outcome = game.outcome()
        winners = outcome.winners if outcome is not None else ()
        won += bool(winners) and all(levels[w] == "normal" for w in winners)
    return won, games


def adventures(seats: int, games: int, seed: int, quick: bool) -> list[int]:
    """The Adventures each whole game of normal seats took."""
    system = registry.get("buck-legacy")
    out = []
    for i in range(games):
        game = Game.new(system, seed + i, seats, {"quick": quick, "adventure_limit": NORMAL_CAP})
        agents = [make_agent("normal", "buck-legacy", seed + i, s) for s in range(seats)]
        _play_out(game, agents, seed + i)
        out.append(game.turn)
    return sorted(out)


def buck_bench(games: int, seed: int) -> None:
    """Games per second with random seats; normal against random; normal games' lengths and the
    normal AI's decision times."""
    for seats in (2, 4, 6):
        figures = play_games("buck-legacy", ["random"] * seats, games, seed)
        print(f"  {seats} x random  {figures['games_per_second']:7.2f} games/s "
              f"{figures['choices_per_second']:7.0f} choices/s (Adventure limit {_limit()})", flush=True)
    matches = max(1, games // 2)
    for limit in (VERSUS_LIMIT, 6, _limit()):
        for seats in (2, 4, 6):
            started = time.perf_counter()
            won, played = versus(seats, matches, seed, limit)
            print(f"  normal vs random, {seats} seats, limit {limit} Adventures: normal seats alone win "
                  f"{won}/{played} ({100 * won / played:.0f}%) [{time.perf_counter() - started:.0f} s]", flush=True)
    lengths = max(1, games // 10)
    for quick in (False, True):
        for seats in (2, 3, 4, 6):
            found = adventures(seats, lengths, seed, quick)
            print(f"  {seats} x normal ({'quick' if quick else 'standard'}): Adventures per game {found} "
                  f"(median {statistics.median(found):g}, max {max(found)})", flush=True)
    for seats in (2, 4, 6):
        figures = play_games("buck-legacy", ["normal"] * seats, lengths, seed, {"quick": True})
        print(f"  {seats} x normal (quick game) {figures['games_per_second']:6.2f} games/s "
              f"{figures['choices_per_second']:7.0f} choices/s" + decision_note(figures), flush=True)


def _limit() -> int:
    return int(registry.get("buck-legacy").playout_options.get("adventure_limit", 0))
