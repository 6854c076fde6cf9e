"""Fantasy Adventures' own benchmark (the registration's ``bench`` part; ``python -m game bench
fantasy-adventures``): figures printed, nothing asserted (issue 14, "Benchmark").

- Games per second with random seats, 2, 3 and 4 of them (aim: 30 a second on one core).
- Normal against random (issue 14, item 4: at least 80% with 2 and 4 seats): seats alternate
  normal and random (seat 0 normal in even games, random in odd ones); a game is won only if
  every winner is a normal seat, so a tie with a random seat is not a win.
- The AI's decision times per level (median, p95, max; normal p95 at most 100 ms), measured in
  those games and in games of easy seats against random ones. A forced pass is answered by
  whoever plays the seat, with no AI decision, so it is not counted (as bench.play_games).
- The deck check (FA-016 to FA-023) of the starter deck and of a deck of the whole card pool.
"""

from __future__ import annotations

import statistics
import time

from game.ai import make_agent
from game.ai.agents import view_for
from game.bench import FORCED_PASS, play_games
from game.core import registry
from game.core.game import Game
from game.core.words import counted
from game.rulesets.fantasy_adventures.content import FAContent
from game.rulesets.fantasy_adventures.decks import DeckList, check_deck, starter_deck
from game.rulesets.fantasy_adventures.system import FantasyAdventures

SYSTEM_ID = "fantasy-adventures"


def versus(seats: int, games: int, seed: int = 1, level: str = "normal",
           times: list[float] | None = None) -> tuple[int, int]:
    """(games won by ``level`` seats alone, games played), seats alternating ``level`` and random;
    each of their decision times (seconds) is added to ``times``."""
    system = registry.get(SYSTEM_ID)
    won = 0
    for i in range(games):
        levels = [level if (s + i) % 2 == 0 else "random" for s in range(seats)]
        game = Game.new(system, seed + i, seats)
        agents = [make_agent(kind, SYSTEM_ID, seed + i, s) for s, kind in enumerate(levels)]
        while (decision := game.pending()) is not None:
            if decision.forced_pass:
                game.choose(decision.seat, FORCED_PASS)
                continue
            agent = agents[decision.seat]
            started = time.perf_counter()
            picked = agent.choose(view_for(agent, game, decision.seat), decision)
            if times is not None and agent.level == level:
                times.append(time.perf_counter() - started)
            game.choose(decision.seat, picked)
        outcome = game.outcome()
        winners = outcome.winners if outcome is not None else ()
        won += bool(winners) and all(levels[w] == level for w in winners)
    return won, games


def _times_note(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"median {statistics.median(ordered) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms ({len(ordered)} decisions)")


def _content() -> FAContent:
    system = registry.get(SYSTEM_ID)
    assert isinstance(system, FantasyAdventures)
    found: FAContent = system.content
    return found


def _whole_pool() -> DeckList:
    content = _content()
    return DeckList.of("Whole pool", {c.id: 1 for c in content.pool() if c.deck == "hero"},
                       {c.id: 1 for c in content.pool() if c.deck == "encounter"})


def adventures_bench(games: int, seed: int) -> None:
    """Random games per second; normal (and easy) against random; decision times; deck checks."""
    for seats in (2, 3, 4):
        figures = play_games(SYSTEM_ID, ["random"] * seats, games, seed)
        print(f"  {seats} x random  {figures['games_per_second']:7.2f} games/s "
              f"{figures['choices_per_second']:7.0f} choices/s", flush=True)
    matches = max(2, games // 2)
    for level in ("normal", "easy"):
        times: list[float] = []
        for seats in (2, 4):
            started = time.perf_counter()
            won, played = versus(seats, matches, seed, level, times)
            print(f"  {level} vs random, {seats} seats: {level} seats alone win {won}/{played} "
                  f"({100 * won / played:.0f}%) [{time.perf_counter() - started:.0f} s]", flush=True)
        print(f"  {level} AI decision time: {_times_note(times)}", flush=True)
    content = _content()
    for deck in (starter_deck(), _whole_pool()):
        runs = 200
        started = time.perf_counter()
        for _ in range(runs):
            violations = check_deck(deck, content)
        took = (time.perf_counter() - started) / runs
        print(f"  deck check, {deck.name} ({deck.size('hero')} + {deck.size('encounter')} cards): "
              f"{took * 1000:.3f} ms, {counted(len(violations), 'violation')}", flush=True)
