"""Benchmarks that print figures (never asserted in tests): games and choices per second
for random and normal agents, and AI decision time (median and p95)."""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

from game.ai import make_agent
from game.ai.agents import view_for
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.events import Event
from game.core.game import Game


FORCED_PASS = ("pass",)
"""The answer to a forced pass (Decision.forced_pass): its one option."""


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def play_games(ruleset: str, levels: list[str], games: int, seed: int,
               options: dict[str, object] | None = None,
               tally: Callable[[Event], None] | None = None) -> dict[str, float]:
    """Whole games of these seats; ``tally`` sees every event (a figure of one rule system)."""
    if games < 1:
        raise FiveRealmsError(f"A benchmark needs 1 game or more, not {games}.")
    system = registry.get(ruleset)
    if "random" in levels:  # aimless play ends only under the game's own playout limit, if it has one
        options = {**system.playout_options, **(options or {})}
    choices = 0
    decision_times: list[float] = []
    turns = 0
    won = 0
    started = time.perf_counter()
    for i in range(games):
        game = Game.new(system, seed + i, len(levels), options)
        agents = [make_agent(level, ruleset, seed + i, s) for s, level in enumerate(levels)]
        if tally is not None:
            for event in game.initial_events:
                tally(event)
        while (decision := game.pending()) is not None:
            if decision.forced_pass:
                # Answered at once, as the session answers it for every seat (issue 11): no
                # view, no agent, and no AI decision time to count.
                picked: tuple[str, ...] = FORCED_PASS
            else:
                agent = agents[decision.seat]
                if agent.level != "normal":  # (only the normal AI's decision times are reported)
                    picked = agent.choose(view_for(agent, game, decision.seat), decision)
                else:
                    t0 = time.perf_counter()
                    picked = agent.choose(view_for(agent, game, decision.seat), decision)
                    decision_times.append(time.perf_counter() - t0)
            events = game.choose(decision.seat, picked)
            if tally is not None:
                for event in events:
                    tally(event)
            choices += 1
        turns += game.turn
        outcome = game.outcome()
        won += bool(outcome and outcome.winners)
    elapsed = time.perf_counter() - started
    out = {"games_per_second": games / elapsed, "choices_per_second": choices / elapsed,
           "mean_turns": turns / games, "won": won}
    if decision_times:
        out["decision_median_ms"] = statistics.median(decision_times) * 1000
        out["decision_p95_ms"] = _percentile(decision_times, 0.95) * 1000
        out["decision_max_ms"] = max(decision_times) * 1000
    return out


def decision_note(figures: dict[str, float]) -> str:
    """The normal AI's decision times of a benchmark line ("" when no normal seat played)."""
    if "decision_median_ms" not in figures:
        return ""
    return (f"; normal AI decision median {figures['decision_median_ms']:.3f} ms, "
            f"p95 {figures['decision_p95_ms']:.3f} ms, max {figures['decision_max_ms']:.1f} ms")


def run_bench(ruleset: str, games: int, seed: int) -> None:
    if games < 1:
        raise FiveRealmsError(f"A benchmark needs 1 game or more, not {games}.")
    registry.get(ruleset)
    print(f"Benchmark: {ruleset}, {games} games per line, seeds from {seed}")
    from game.bench_search import run_search_bench

    run_search_bench(ruleset, seed)  # clone, apply, determinize, playouts; undo, load, choice cost by length
    own_bench = registry.part(ruleset, "bench")
    if own_bench is not None:
        own_bench(games, seed)
    else:
        versus_bench(games, seed, ruleset)


def versus_bench(games: int, seed: int, ruleset: str) -> None:
    """A competitive game without its own benchmark: random and normal seats against each other."""
    for levels in (["random", "random"], ["normal", "random"], ["normal", "normal"],
                   ["normal", "normal", "normal"]):
        figures = play_games(ruleset, levels, games, seed)
        line = (f"  {' vs '.join(levels):<28s} {figures['games_per_second']:8.1f} games/s "
                f"{figures['choices_per_second']:9.0f} choices/s  mean turns {figures['mean_turns']:6.1f}")
        print(line + decision_note(figures), flush=True)


WARM_UP = 10
"""Frames not counted after a table opens (it draws its caches then)."""


def _figures(times: list[float]) -> dict[str, float]:
    if not times:
        return {"median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0, "frames": 0}
    return {"median_ms": statistics.median(times) * 1000, "p95_ms": _percentile(times, 0.95) * 1000,
            "max_ms": max(times) * 1000, "frames": len(times)}


def frame_times(size: tuple[int, int], frames: int, seed: int,
                ruleset: str = "fantasy-heroes", seats: int = 2) -> dict[str, dict[str, float]]:
    """Frame times of a rule system's table with ``seats`` seats (the first human, the others
    normal AIs) during play, animations on (headless), by kind of
    frame: ``hover`` (the pointer sweeps the table, so hover overlays are drawn), ``arrival``
    (a move's events arrive: an AI move or the human's own) and ``autosave`` (a turn ended and
    the game was autosaved, into a throwaway folder)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ai import make_agent
    from game.ui.app import App
    from game.ui.controller import Controller
    from game.ui.main import demo_session
    from game.ui.scenes.table import TableScene
    from game.ui.settings import Settings

    from game import saves

    saved = [0]
    real_prepare = saves.prepare

    def counting_prepare(session: Any, slot: str) -> Any:
        saved[0] += 1
        return real_prepare(session, slot)

    saves.prepare = counting_prepare
    app = App(size, Settings(window_size=list(size), animation_speed="fast"))
    session = demo_session(ruleset, seed, 10, seats)
    controller = Controller(session, 0.5, autosave=True)
    table = TableScene(app, controller)
    app.stack.replace(table)
    human = next(i for i, seat in enumerate(session.seats) if not seat.is_ai)
    stand_in = make_agent("normal", ruleset, seed, human)
    times: dict[str, list[float]] = {"hover": [], "arrival": [], "autosave": []}
    opened = 0
    clock = pygame.time.Clock()
    for i in range(frames):
        decision = controller.my_decision()
        if decision is not None and not table.animations.busy and i % 20 == 0:
            table.choose(stand_in.choose(controller.view(), decision))
        y = (size[1] // 3 + i * 53) % size[1]  # the pointer sweeps the whole table, whatever its layout
        mouse = pygame.event.Event(pygame.MOUSEMOTION, pos=((i * 37) % size[0], y), rel=(0, 0), buttons=(0, 0, 0))
        moves, autosaves = len(session.choices), saved[0]
        arriving = bool(controller.new_events)
        t0 = time.perf_counter()
        app.step([mouse], 1 / 60)
        pygame.display.flip()
        took = time.perf_counter() - t0
        if i - opened < WARM_UP:
            pass  # a new table builds its caches (the map, the card faces): not a frame of play
        elif saved[0] != autosaves:
            times["autosave"].append(took)
        elif arriving or len(session.choices) != moves:
            times["arrival"].append(took)
        else:
            times["hover"].append(took)
        clock.tick(240)
        if session.over:
            controller.close()
            session = demo_session(ruleset, seed + i, 10, seats)
            controller = Controller(session, 0.5, autosave=True)
            opened = i + 1
            table = TableScene(app, controller)
            app.stack.replace(table)
    controller.close()
    saves.prepare = real_prepare
    pygame.quit()
    return {kind: _figures(values) for kind, values in times.items()}


def cold_start(command: list[str], runs: int = 5) -> float:
    """Median wall time (ms) from process start to the first title frame drawn."""
    import os
    import subprocess

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(command + ["--first-frame"], env=env, check=True, capture_output=True)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def run_ui_bench(frames: int, seed: int, as_json: bool = False) -> None:
    import json
    import os
    import sys
    import tempfile
    from pathlib import Path

    if frames < 1:
        raise FiveRealmsError(f"A frame benchmark needs 1 frame or more, not {frames}.")
    # The autosaves of the benchmark's games go to a throwaway folder, never the player's.
    os.environ["FIVE_REALMS_DATA_DIR"] = tempfile.mkdtemp(prefix="five-realms-bench-")
    if not as_json:
        print(f"UI benchmark: {frames} frames of play per table, animations on (headless, dummy driver)")
    rows = []
    for number, ruleset in enumerate(registry.ids()):
        table = registry.part(ruleset, "table")
        if table is None:
            continue
        runs = [(size, 2) for size in (((1280, 720), (1920, 1080)) if number == 0 else ((1280, 720),))]
        runs += [((1280, 720), seats) for seats in table.bench_seats]  # the seat counts the table names
        for size, seats in runs:
            f = frame_times(size, frames, seed, ruleset, seats)
            rows.append({"table": ruleset, "size": f"{size[0]}x{size[1]}", "seats": seats, **f})
            if not as_json:
                print(f"  {ruleset} table {size[0]}x{size[1]}, {seats} seats: " + "; ".join(
                    f"{kind} median {v['median_ms']:.2f} ms, p95 {v['p95_ms']:.2f} ms, max {v['max_ms']:.1f} ms "
                    f"({int(v['frames'])} frames)" for kind, v in f.items()), flush=True)
    if as_json:
        print(json.dumps(rows))
        return
    print(f"  cold start to first title frame, from source: {cold_start([sys.executable, '-m', 'game']):.0f} ms")
    packaged = Path("dist/five-realms/five-realms")
    if packaged.exists():
        print(f"  cold start to first title frame, packaged one-folder: {cold_start([str(packaged)]):.0f} ms")
    else:
        print("  (no packaged build in dist/: build it to measure its start-up)")
