"""Benchmarks that print figures (never asserted in tests): games and choices per second
for random and normal agents, and AI decision time (median and p95)."""

from __future__ import annotations

import statistics
import time

from game.ai import make_agent
from game.core import registry
from game.core.game import Game


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def play_games(ruleset: str, levels: list[str], games: int, seed: int) -> dict[str, float]:
    system = registry.get(ruleset)
    choices = 0
    decision_times: list[float] = []
    turns = 0
    started = time.perf_counter()
    for i in range(games):
        game = Game.new(system, seed + i, len(levels))
        agents = [make_agent(level, ruleset, seed + i, s) for s, level in enumerate(levels)]
        while (decision := game.pending()) is not None:
            agent = agents[decision.seat]
            t0 = time.perf_counter()
            picked = agent.choose(game.view_for(decision.seat), decision)
            if agent.level == "normal":
                decision_times.append(time.perf_counter() - t0)
            game.choose(decision.seat, picked)
            choices += 1
        turns += game.turn
    elapsed = time.perf_counter() - started
    out = {"games_per_second": games / elapsed, "choices_per_second": choices / elapsed,
           "mean_turns": turns / games}
    if decision_times:
        out["decision_median_ms"] = statistics.median(decision_times) * 1000
        out["decision_p95_ms"] = _percentile(decision_times, 0.95) * 1000
        out["decision_max_ms"] = max(decision_times) * 1000
    return out


def run_bench(ruleset: str, games: int, seed: int) -> None:
    print(f"Benchmark: {ruleset}, {games} games per line, seeds from {seed}")
    for levels in (["random", "random"], ["normal", "random"], ["normal", "normal"],
                   ["normal", "normal", "normal"]):
        figures = play_games(ruleset, levels, games, seed)
        line = (f"  {' vs '.join(levels):<28s} {figures['games_per_second']:8.1f} games/s "
                f"{figures['choices_per_second']:9.0f} choices/s  mean turns {figures['mean_turns']:6.1f}")
        if "decision_median_ms" in figures:
            line += (f"  normal AI decision: median {figures['decision_median_ms']:.3f} ms, "
                     f"p95 {figures['decision_p95_ms']:.3f} ms, max {figures['decision_max_ms']:.1f} ms")
        print(line, flush=True)
