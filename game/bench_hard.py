"""The hard player's figures (issue 15), printed by ``python -m game bench --hard``, never
asserted in tests: per game, the decision time at a budget (p50/p95) and the search's
iterations per second; then the longest gap between the table's frames while a hard seat
thinks in the worker process.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.ai.agents import agent_choice, make_agent
from game.ai.hard import DEFAULT_BUDGET, SearchAgent
from game.ai.search import Budget
from game.core import registry
from game.core.game import Game

WARM_UP = 10
"""Frames of a new table not counted (it builds its caches: the map, the card faces)."""


def decision_figures(system_id: str, decisions: int, seed: int, budget: Budget,
                     helpers: int | None = None) -> dict[str, float]:
    """Time and iterations of ``decisions`` searched decisions of a hard seat playing normal seats:
    every iteration played counts, a round the time cut short too (``SearchResult.played``),
    and apart from them those of the whole rounds the answers were chosen from. A budget of
    time alone is searched as the window searches it (game.ai.worker: the worker process and
    its helpers: ``helpers`` of them, or as many as the machine allows), any other in this
    process."""
    from game.ai.worker import SearchWorker

    system = registry.get(system_id)
    seats = len(system.default_seats)
    times: list[float] = []
    iterations = compared = 0
    searched = 0.0
    worker = SearchWorker(helpers) if budget.iterations is None else None
    if worker is not None:
        worker.warm_up(system_id)  # as the table has it do when it opens
    try:
        for attempt in range(50):
            game = Game.new(system, seed + attempt, seats, system.playout_options)
            hard = make_agent("hard", system_id, seed + attempt, 0)
            assert isinstance(hard, SearchAgent)
            hard.budget = budget
            others = [make_agent("normal", system_id, seed + attempt, s) for s in range(seats)]
            while len(times) < decisions and (decision := game.pending()) is not None:
                if decision.forced_pass:
                    game.choose(decision.seat, ("pass",))
                    continue
                if decision.seat == 0 and hard.searches(decision) and len(decision.options) > 1:
                    started = time.perf_counter()
                    if worker is not None:
                        result = worker.search(hard.request(game, decision))
                    else:
                        hard.search_here(game, decision)
                        assert hard.last is not None
                        result = hard.last
                    times.append(time.perf_counter() - started)
                    iterations += result.played
                    compared += result.iterations
                    searched += result.seconds
                    picked = result.answer
                else:
                    picked = agent_choice(others[decision.seat], game, decision)
                game.choose(decision.seat, picked)
            if len(times) >= decisions:
                break
    finally:
        if worker is not None:
            worker.stop()
    ordered = sorted(times)
    return {"decisions": len(times), "p50_s": statistics.median(ordered),
            "p95_s": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "iterations_per_second": iterations / max(searched, 1e-9),
            "compared_per_second": compared / max(searched, 1e-9),
            "processes": 1 + (worker.helpers if worker is not None else 0)}


def frame_gap(system_id: str, seconds: float, seed: int, helpers: int | None = None) -> dict[str, float]:
    """The table drawn at 60 frames a second while a hard seat thinks (the search in the worker
    process, the budget ``seconds``): the longest frame and the longest gap between frames."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.session import Seat, Session
    from game.ui.app import App
    from game.ui.controller import Controller
    from game.ui.scenes.table import TableScene
    from game.ui.settings import Settings

    system = registry.get(system_id)
    seats = [Seat("ai", f"Hard {n + 1}", "hard") for n in range(len(system.default_seats))]
    session = Session.new(system_id, seats, seed)
    settings = Settings(animation_speed="fast", thinking_seconds=seconds)
    app = App((1280, 720), settings)
    controller = Controller(session, 0.0, autosave=False)
    controller.search_helpers = helpers
    table = TableScene(app, controller)
    app.stack.replace(table)
    frames: list[float] = []
    gaps: list[float] = []
    last = time.perf_counter()
    until = last + 4 * seconds + 1
    clock = pygame.time.Clock()
    while time.perf_counter() < until and not session.over:
        t0 = time.perf_counter()
        app.step([], 1 / 60)
        pygame.display.flip()
        t1 = time.perf_counter()
        frames.append(t1 - t0)
        gaps.append(t1 - last)
        last = t1
        clock.tick(60)
    controller.close()
    pygame.quit()
    played = [f for f in frames[WARM_UP:]]  # (the first frames build the table's caches)
    return {"frames": len(played), "longest_frame_ms": 1000 * max(played),
            "longest_gap_ms": 1000 * max(gaps[WARM_UP:]), "median_frame_ms": 1000 * statistics.median(played),
            "moves": len(session.choices)}


def run_hard_bench(decisions: int, seed: int, budget: Budget | None = None,
                   only: str | None = None, helpers: int | None = None) -> dict[str, Any]:
    """Every game's figures, or ``only`` that one's (its table then draws the frames); with
    ``helpers``, the worker has that many helper processes instead of what the machine allows."""
    budget = budget or DEFAULT_BUDGET
    games = [registry.get(only).id] if only else list(registry.ids())
    print(f"Hard player: {decisions} searched decisions per game at {budget.describe()} each "
          "(a hard seat against normal seats)")
    out: dict[str, Any] = {}
    for system_id in games:
        f = decision_figures(system_id, decisions, seed, budget, helpers)
        out[system_id] = f
        made = f"{f['decisions']} decision{'' if f['decisions'] == 1 else 's'}"
        print(f"  {system_id:<22s} decision p50 {f['p50_s']:.2f} s, p95 {f['p95_s']:.2f} s "
              f"({made}); {f['iterations_per_second']:.0f} iterations/s, "
              f"{f['compared_per_second']:.0f} in whole rounds; {f['processes']} search "
              f"process{'' if f['processes'] == 1 else 'es'}", flush=True)
    gap = frame_gap(only or "fantasy-heroes", budget.seconds or 1.0, seed, helpers)
    out["frame_gap"] = gap
    print(f"  the table while hard seats think (worker process): {gap['frames']} frames, median "
          f"{gap['median_frame_ms']:.1f} ms, longest frame {gap['longest_frame_ms']:.1f} ms, longest gap between "
          f"frames {gap['longest_gap_ms']:.1f} ms; {gap['moves']} moves made")
    return out
