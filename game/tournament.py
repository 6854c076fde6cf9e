"""``python -m game tournament``: agents against each other, seats rotated, win rates with
their 95% confidence intervals (issue 15).

Game ``i`` seats agent ``(s + i) mod k`` at seat ``s`` (k agents), so every agent plays
every seat equally often over k games, and it is played on seed ``seed + i // k``: each deal
is played once with every seating (as in duplicate bridge), so the luck of a deal favours no
agent and the comparison needs fewer games. In a cooperative game (Champions of Albion) all seats
play for one team, so game ``i`` is played by agent ``i mod k`` at every seat: the teams are
compared, each on the same seeds as the others. A seat wins when the game's returns give it 1 (a
shared win is a win: the cooperative Champions of Albion, tied Medal counts). Each seat has a
*role*, the rule system's name for it in that game (``RuleSystem.tournament_role``: the
Overlord or the heroes, the champions against a main enemy, else the seat's number), and win
rates are given per agent and per agent and role, each with its Wilson score interval.

With a record file, each game is written to it as it ends (one JSON line), and a tournament
started again with the same file and settings plays only the games not in it: a long row cut
off (a session's end, a crash) goes on where it stopped, with the same results, since every
game depends only on its seed, seating and (iteration) budget.
"""

from __future__ import annotations

import json
import math
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from itertools import repeat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from game.ai.agents import LEVELS, agent_choice, make_agent
from game.ai.repeats import RepeatGuard, looping_note
from game.ai.search import Budget
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.game import Game

Z_95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (wins may be fractional: none are here)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """Seats played and won by one agent (in one role)."""

    played: int = 0
    won: int = 0

    def summary(self) -> dict[str, Any]:
        low, high = wilson(self.won, self.played)
        rate = self.won / self.played if self.played else 0.0
        return {"played": self.played, "won": self.won, "rate": round(rate, 4),
                "ci95": [round(low, 4), round(high, 4)]}


@dataclass
class Results:
    agents: list[str]
    games: list[dict[str, Any]] = field(default_factory=list)
    by_agent: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    by_role: dict[str, dict[str, Tally]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(Tally)))
    decision_seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    elapsed: float = 0.0
    steered: list[tuple[int, str, int]] = field(default_factory=list)
    """(game seed, agent, answers changed) where the repeat guard (game.ai.repeats) changed an
    agent's answers: it went round in circles."""

    def summary(self) -> dict[str, Any]:
        def times(agent: str) -> dict[str, float]:
            seconds = sorted(self.decision_seconds.get(agent, []))
            if not seconds:
                return {"decisions": 0}
            return {"decisions": len(seconds), "mean_ms": round(1000 * sum(seconds) / len(seconds), 2),
                    "p50_ms": round(1000 * seconds[len(seconds) // 2], 2),
                    "p95_ms": round(1000 * seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))], 2)}

        agents = sorted(set(self.agents), key=self.agents.index)
        return {"games_played": len(self.games),
                "win_rate": {a: self.by_agent[a].summary() for a in agents},
                "win_rate_by_role": {a: {role: t.summary() for role, t in sorted(self.by_role[a].items())}
                                     for a in agents},
                "decision_time": {a: times(a) for a in agents},
                "games_per_second": round(len(self.games) / max(self.elapsed, 1e-9), 3)}


def play_one(system_id: str, seat_agents: Sequence[str], seed: int, budget: Budget | None,
             options: dict[str, Any] | None, max_choices: int = 100_000,
             guard: RepeatGuard | None = None) -> tuple[Game, list[list[float]]]:
    """One game with ``seat_agents`` (a level per seat). Returns the finished game and, per seat,
    the time of each decision its agent made (forced passes and one-answer questions aside).
    Every answer passes through ``guard`` (a new repeat guard if None), as in the window."""
    system = registry.get(system_id)
    game = Game.new(system, seed, len(seat_agents), system.resolve_options(options))
    agents = [make_agent(level, system_id, seed, s) for s, level in enumerate(seat_agents)]
    for agent in agents:
        if budget is not None and hasattr(agent, "budget"):
            agent.budget = budget
    times: list[list[float]] = [[] for _ in seat_agents]
    guard = guard or RepeatGuard()  # as the window's session has: a loop of an AI's own answers ends
    for _ in range(max_choices):
        decision = game.pending()
        if decision is None:
            return game, times
        if decision.forced_pass:
            game.choose(decision.seat, ("pass",))
            continue
        started = time.perf_counter()
        picked = agent_choice(agents[decision.seat], game, decision)
        if len(decision.options) > 1 or decision.max_choices > 1:
            times[decision.seat].append(time.perf_counter() - started)
        game.choose(decision.seat, guard.steer(game, decision, picked))
    raise FiveRealmsError(f"A tournament game made {max_choices} choices without ending (seed {seed}).")


def _played(system_id: str, seat_agents: Sequence[str], seed: int, budget: Budget | None,
            options: dict[str, Any] | None) -> dict[str, Any]:
    """One game as the tournament counts it (data only, so a worker process can send it back)."""
    system = registry.get(system_id)
    guard = RepeatGuard()
    game, times = play_one(system_id, seat_agents, seed, budget, options, guard=guard)
    return {"returns": list(game.returns()), "turns": game.turn, "times": times, "steered": dict(guard.steered),
            "roles": [system.tournament_role(game.state, s) for s in range(len(seat_agents))]}


def _settings(system_id: str, budget: Budget | None, options: dict[str, Any] | None) -> dict[str, Any]:
    """What a recorded game was played with besides its seed and seating."""
    return {"ruleset": system_id, "budget": None if budget is None else [budget.iterations, budget.seconds],
            "options": dict(options or {})}


def _recorded(path: Path, settings: dict[str, Any]) -> dict[tuple[int, tuple[str, ...]], dict[str, Any]]:
    """The games already in a record file, by seed and seating. A line cut off as it was
    written is left out (its game is played again); a game of other settings is refused."""
    if not path.exists():
        return {}
    found = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            entry = json.loads(line)
            key = (int(entry["seed"]), tuple(str(a) for a in entry["agents"]))
            game = dict(entry["game"])
            game["steered"] = {int(seat): int(count) for seat, count in game["steered"].items()}  # (JSON keys are text)
            known = {k: entry[k] for k in settings}
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        if known != settings:
            raise FiveRealmsError(f"Line {number} of the record {path.name} was played with {json.dumps(known)}, "
                                  f"not {json.dumps(settings)}; give this tournament another file.")
        found[key] = game
    return found


def _write_record(path: Path, settings: dict[str, Any], seed: int, seat_agents: Sequence[str],
                  game: dict[str, Any]) -> None:
    """Append one game (on a line of its own, even after a line cut off)."""
    with path.open("a+", encoding="utf-8") as out:
        out.seek(0, 2)
        if out.tell() > 0:
            out.seek(out.tell() - 1)
            if out.read(1) != "\n":
                out.write("\n")
        out.write(json.dumps({**settings, "seed": seed, "agents": list(seat_agents), "game": game}) + "\n")


def run_tournament(system_id: str, agents: Sequence[str], games: int, seed: int, seats: int | None = None,
                   budget: Budget | None = None, options: dict[str, Any] | None = None,
                   report: Callable[[int, dict[str, Any]], None] | None = None, jobs: int = 1,
                   record_file: Path | None = None) -> Results:
    """Play ``games`` games with the seats rotated (see the module docstring), ``jobs`` at a time
    in worker processes (each game has its own seed and agents: the results are the same as one
    at a time, and come in the same order). With ``record_file``, games already in it are
    taken from it and each game played is added to it (see the module docstring)."""
    system = registry.get(system_id)
    for level in agents:
        base, _, role = level.partition(":")
        if base not in LEVELS or (role and (base != "hard" or role not in system.decision_roles)):
            variants = ", ".join(f"hard:{r}" for r in system.decision_roles)
            also = f"; in {system.title} {variants} searches only that role's questions" if variants else ""
            raise FiveRealmsError(f"Unknown AI level '{level}'. Levels: {', '.join(LEVELS)}{also}.")
    if len(agents) < 2:
        raise FiveRealmsError("A tournament needs two agents or more, e.g. --agents hard,normal.")
    if jobs < 1:
        raise FiveRealmsError(f"--jobs must be 1 or more, not {jobs}.")
    count = seats if seats is not None else max(len(agents), system.min_seats)
    if not system.min_seats <= count <= system.max_seats:
        raise FiveRealmsError(f"{system.title} is played by {system.min_seats} to {system.max_seats} seats, not {count}.")
    line_ups = []
    for i in range(games):
        if system.one_team:  # one team a game: game i is played by agent i mod k at every seat
            line_ups.append([agents[i % len(agents)]] * count)
        else:
            line_ups.append([agents[(s + i) % len(agents)] for s in range(count)])
    seeds = [seed + i // len(agents) for i in range(games)]  # every seating of the agents on the same seed, in turn
    settings = _settings(system_id, budget, options)
    done = _recorded(record_file, settings) if record_file is not None else {}
    todo = [i for i in range(games) if (seeds[i], tuple(line_ups[i])) not in done]
    results = Results(list(agents))
    started = time.perf_counter()
    with _pool(jobs) as pool:
        play = pool.map if pool is not None else map
        new = play(_played, repeat(system_id), [line_ups[i] for i in todo], [seeds[i] for i in todo], repeat(budget),
                   repeat(options))
        for i, (seat_agents, game_seed) in enumerate(zip(line_ups, seeds)):
            game = done.get((game_seed, tuple(seat_agents)))
            if game is None:
                game = next(new)
                if record_file is not None:
                    _write_record(record_file, settings, game_seed, seat_agents, game)
            returns, roles = game["returns"], game["roles"]
            record = {"seed": game_seed, "agents": seat_agents,
                      "winners": [s for s, r in enumerate(returns) if r == 1.0], "turns": game["turns"], "roles": roles}
            for s, agent in enumerate(seat_agents):
                won = int(returns[s] == 1.0)
                for tally in (results.by_agent[agent], results.by_role[agent][roles[s]]):
                    tally.played += 1
                    tally.won += won
                results.decision_seconds[agent].extend(game["times"][s])
            results.steered += [(game_seed, seat_agents[s], count) for s, count in sorted(game["steered"].items())]
            results.games.append(record)
            results.elapsed = time.perf_counter() - started
            if report is not None:
                report(i, record)
    return results


@contextmanager
def _pool(jobs: int) -> Iterator[ProcessPoolExecutor | None]:
    """Worker processes for ``jobs`` games at a time (none for one: the games run here)."""
    if jobs == 1:
        yield None
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool


def describe(results: Results) -> list[str]:
    """The summary as lines for people."""
    summary = results.summary()
    lines = [f"{summary['games_played']} games, {summary['games_per_second']} games/s"]
    for agent, tally in summary["win_rate"].items():
        low, high = tally["ci95"]
        timing = summary["decision_time"][agent]
        thinking = (f"; decisions {timing['decisions']}, mean {timing['mean_ms']} ms, p95 {timing['p95_ms']} ms"
                    if timing["decisions"] else "")
        lines.append(f"  {agent:<8s} won {tally['won']:4d} of {tally['played']:4d} seats: "
                     f"{100 * tally['rate']:5.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%){thinking}")
        for role, by_role in summary["win_rate_by_role"][agent].items():
            low, high = by_role["ci95"]
            lines.append(f"    as {role:<28s} {by_role['won']:4d} of {by_role['played']:4d}: "
                         f"{100 * by_role['rate']:5.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    for seed, agent, count in results.steered:
        lines.append(f"  seed {seed}: {agent} went round in circles; the repeat guard changed {count} of its answers "
                     f"({looping_note(agent)})")
    return lines
