"""The search and length figures of ``bench`` (issue 11, items 2, 3 and 8): printed, never
asserted in tests.

Per rule system, from a mid-game position of a random game: the time of a clone, of a
checked choice (``apply``) and of a determinization, and random playouts per second to the
end. Then one long game of human seats answering at random (a seat that may pass passes 99
times in 100, so games run long): the cost of a choice around the 100th and the 5,000th, and
undo and load times at 100, 1,000 and 5,000 choices. A game that ends before a length is
reported with the longest length it reached.

Load is timed from the save's text: "table" is what the window waits for (the position
restored from the save's snapshot and checked), "check" the replay of every move from the
seed that then runs on a worker thread (and what ``replay --verify`` does).
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any, Callable

from game import saves
from game.ai.agents import random_choice
from game.core import registry
from game.core.game import Game
from game.core.rng import Rng
from game.session import Seat, Session

LENGTHS = (100, 1_000, 5_000)
COST_WINDOW = 50
"""Choices timed on each side of the 100th and the 5,000th."""
MID_GAME = 40
"""Choices played before the position the search figures start from."""
PLAYOUT_SECONDS = 1.0
LONG_GAME_TRIES = 3
"""Seeds tried at most for a long game that reaches the longest length (see length_figures)."""


def _median_us(fn: Callable[[], Any], runs: int) -> float:
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1e6


def _stalling_choice(decision: Any, rng: Rng) -> tuple[str, ...]:
    """Random, but a seat that may pass passes 99 times in 100 (games run to thousands of choices)."""
    if "pass" in decision.option_ids and rng.below(100):
        return ("pass",)
    return random_choice(decision, rng)


def mid_game(system_id: str, seed: int) -> Game:
    """A random game after MID_GAME choices (or fewer, if it ends sooner: one before the end)."""
    system = registry.get(system_id)
    for attempt in range(20):
        # Under the game's playout options: the playouts from this position must end.
        game = Game.new(system, seed + attempt, len(system.default_seats), system.playout_options)
        rng = Rng.seeded(seed + attempt, 7)
        for _ in range(MID_GAME):
            decision = game.pending()
            if decision is None:
                break
            game.choose(decision.seat, random_choice(decision, rng))
        if game.pending() is not None:
            return game
    raise RuntimeError(f"no random game of {system_id} lasted {MID_GAME} choices")


def search_figures(system_id: str, seed: int) -> dict[str, Any]:
    """Clone, apply and determinize times (µs) and random playouts per second from mid-game."""
    game = mid_game(system_id, seed)
    out: dict[str, Any] = {"clone_us": _median_us(game.clone, 200)}
    rng = Rng.seeded(seed, 11)
    applies = []
    for _ in range(200):
        copy = game.clone()
        decision = copy.pending()
        assert decision is not None
        picked = random_choice(decision, rng)
        t0 = time.perf_counter()
        copy.choose(decision.seat, picked)
        applies.append(time.perf_counter() - t0)
    out["apply_us"] = statistics.median(applies) * 1e6
    decision = game.pending()
    assert decision is not None
    try:
        counter = iter(range(10**9))
        out["determinize_us"] = _median_us(lambda: game.determinize(decision.seat, next(counter)), 100)
    except NotImplementedError:
        out["determinize_us"] = None
    playouts = choices = 0
    started = time.perf_counter()
    while time.perf_counter() - started < PLAYOUT_SECONDS:
        copy = game.clone()
        while (d := copy.pending()) is not None:
            copy.choose(d.seat, random_choice(d, rng))
            choices += 1
        playouts += 1
    elapsed = time.perf_counter() - started
    out["playouts_per_second"] = playouts / elapsed
    out["playout_choices"] = choices / playouts
    return out


def _time_undo(session: Session, runs: int = 5) -> float | None:
    """Median ms of taking back the last choice (and making it again, untimed), or None."""
    seat, ids = session.choices[-1].seat, session.choices[-1].option_ids
    samples = []
    for _ in range(runs):
        if not session.can_undo(seat):
            break
        t0 = time.perf_counter()
        session.undo(seat)
        samples.append(time.perf_counter() - t0)
        session.choose(seat, ids)
    return statistics.median(samples) * 1000 if samples else None


def _time_load(session: Session, runs: int = 3) -> dict[str, float]:
    """Median ms from a save's text: the table's position (restored from the snapshot) and
    the full check (every move replayed from the seed)."""
    raw = json.dumps(saves.session_to_data(session), separators=(",", ":")).encode("utf-8")
    out: dict[str, float] = {}
    opener = getattr(saves, "open_data", None)
    if opener is not None:
        out["table_ms"] = _median_us(lambda: opener(saves.parse_json(raw)), runs) / 1000
    out["check_ms"] = _median_us(lambda: saves.session_from_data(saves.parse_json(raw)), runs) / 1000
    return out


def length_figures(system_id: str, seed: int, lengths: tuple[int, ...] = LENGTHS) -> dict[str, Any]:
    """One long game of human seats: choice costs near the 100th and the 5,000th choice, and
    undo and load times at each length (the longest length reached if the game ends first).
    A game that ends before the longest length is played again from the next seed, up to
    LONG_GAME_TRIES games, and the longest of them is reported: how long a random game lasts
    is chance, and the figures at 5,000 choices are the point."""
    longest: dict[str, Any] = {}
    for attempt in range(LONG_GAME_TRIES):
        figures = _long_game(system_id, seed + attempt, lengths)
        if not longest or figures["reached"] > longest["reached"]:
            longest = figures
        if figures["reached"] >= max(lengths):
            break
    return longest


def _long_game(system_id: str, seed: int, lengths: tuple[int, ...]) -> dict[str, Any]:
    system = registry.get(system_id)
    seats = [Seat("human", f"Player {i + 1}") for i in range(len(system.default_seats))]
    session = Session.new(system_id, seats, seed)
    rng = Rng.seeded(seed, 91)
    marks: dict[int, list[float]] = {100: [], 5_000: []}
    at: dict[int, dict[str, Any]] = {}
    waiting = list(lengths)
    limit = max(lengths) + 400
    while (decision := session.pending()) is not None and len(session.choices) < limit:
        n = len(session.choices)
        t0 = time.perf_counter()
        session.game.view_for(decision.seat)  # (a player's choice costs the view it is made from)
        picked = _stalling_choice(decision, rng)
        session.choose(decision.seat, picked)
        spent = time.perf_counter() - t0
        made = len(session.choices) - n  # with the window answers the session gave at once
        for mark, samples in marks.items():
            if abs(n - mark) < COST_WINDOW:
                samples.extend([spent / made] * made)
        if waiting and len(session.choices) >= waiting[0]:
            undo = _time_undo(session)
            if undo is not None:  # timed at the first undoable choice from this length on
                at[waiting.pop(0)] = {"choices": len(session.choices), "undo_ms": undo, **_time_load(session)}
    reached = len(session.choices)
    for length in waiting:  # the game ended first: the figures at its longest
        at[length] = {"choices": reached, "undo_ms": None, **_time_load(session), "short": True}
        break
    costs = {m: statistics.mean(s) * 1e6 for m, s in marks.items() if len(s) >= COST_WINDOW}
    return {"reached": reached, "over": session.over, "at": at, "choice_us": costs}


def run_search_bench(system_id: str, seed: int) -> None:
    """Print the search and length figures of one rule system."""
    f = search_figures(system_id, seed)
    det = "not yet" if f["determinize_us"] is None else f"{f['determinize_us']:.0f} µs"
    print(f"  search, from a position after {MID_GAME} random choices: clone {f['clone_us']:.0f} µs, apply "
          f"{f['apply_us']:.0f} µs, determinize {det}; random playouts {f['playouts_per_second']:.0f}/s "
          f"({f['playout_choices']:.0f} choices each)", flush=True)
    g = length_figures(system_id, seed)
    for length in LENGTHS:
        row = g["at"].get(length)
        if row is None:
            continue
        where = (f"at {row['choices']:>5d} choices" if not row.get("short")
                 else f"{length:>5d} choices not reached, at the longest ({row['choices']})")
        undo = "not offered" if row["undo_ms"] is None else f"{row['undo_ms']:.2f} ms"
        table = f"table opens in {row['table_ms']:.1f} ms, " if "table_ms" in row else ""
        print(f"  {where}: undo {undo}; load: {table}full check (replay) {row['check_ms']:.0f} ms", flush=True)
    costs = g["choice_us"]
    early, late = costs.get(100), costs.get(5_000)
    line = "  a choice (view, pick, choose with undo snapshot): "
    line += f"{early:.0f} µs near the 100th" if early is not None else "game shorter than 150 choices"
    if late is not None and early:
        line += f", {late:.0f} µs near the 5,000th ({late / early:.2f} times)"
    else:
        line += f"; the 5,000th not reached (the long game ended at {g['reached']})"
    print(line, flush=True)


if __name__ == "__main__":  # these figures alone: python -m game.bench_search [RULESET] [SEED]
    import sys

    arguments = sys.argv[1:] + ["fantasy-heroes", "1"][len(sys.argv) - 1:]
    run_search_bench(arguments[0], int(arguments[1]))
