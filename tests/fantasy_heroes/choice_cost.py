"""How much one Fantasy Heroes choice costs early and late in a long game (issue 11, item 8).

Run from the project root, for example:

    python -m tests.fantasy_heroes.choice_cost --games 4 --choices 6000
    python -m tests.fantasy_heroes.choice_cost --throughput 300

It plays random games in which a seat at the attack menu passes 19 times in 20 (so games
run to thousands of choices), one choice at a time as the benchmark does (the pending
decision, the seat's view, the choice), and prints the mean processor time of a choice in a
window around choice 100 and around choice 5,000. With ``--throughput N`` it also plays N ordinary random games and prints
games per second. This is a tool for people, not a test: nothing asserts its figures.
"""

from __future__ import annotations

import argparse
import time

from game.ai.agents import random_choice
from game.core import registry
from game.core.game import Game
from game.core.rng import Rng

SYSTEM = registry.get("fantasy-heroes")
WINDOW = 50  # choices timed on each side of a mark


def long_game_costs(seed: int, marks: list[int], limit: int) -> dict[int, float]:
    """Mean seconds per choice around each mark of one long random game (marks it never reached
    are left out)."""
    game = Game.new(SYSTEM, seed, 2 + seed % 2)
    rng = Rng.seeded(seed, 91)
    samples: dict[int, list[float]] = {m: [] for m in marks}
    for step in range(limit):
        t0 = time.process_time()
        decision = game.pending()
        if decision is None:
            break
        view = game.view_for(decision.seat)
        if decision.kind == "attack" and "pass" in decision.option_ids and rng.below(20):
            choice: tuple[str, ...] = ("pass",)
        else:
            choice = random_choice(decision, rng)
        game.choose(decision.seat, choice)
        spent = time.process_time() - t0
        del view
        for m in marks:
            if abs(step - m) < WINDOW:
                samples[m].append(spent)
    return {m: sum(s) / len(s) for m, s in samples.items() if len(s) == 2 * WINDOW - 1}


def games_per_second(games: int, seed: int, forced_at_once: bool = False) -> tuple[float, float]:
    """Ordinary random-vs-random games per second: (wall clock, processor time). With
    ``forced_at_once`` a forced pass is answered as the session answers it, without a view
    or an agent."""
    started, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        game = Game.new(SYSTEM, seed + i, 2)
        rngs = [Rng.seeded(seed + i, 1000 + s) for s in range(2)]
        while (decision := game.pending()) is not None:
            if forced_at_once and decision.forced_pass:
                game.choose(decision.seat, ("pass",))
                continue
            game.view_for(decision.seat)
            game.choose(decision.seat, random_choice(decision, rngs[decision.seat]))
    return games / (time.perf_counter() - started), games / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="long games to time")
    parser.add_argument("--choices", type=int, default=6000, help="choices to play in each long game at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--throughput", type=int, default=0, help="ordinary random games to time (0: none)")
    args = parser.parse_args()
    marks = [100, 5000]
    found: dict[int, list[float]] = {m: [] for m in marks}
    for g in range(args.games):
        for m, cost in long_game_costs(args.seed + g, marks, args.choices).items():
            found[m].append(cost)
    for m in marks:
        if found[m]:
            mean = sum(found[m]) / len(found[m])
            print(f"choice {m}: {mean * 1e6:.0f} µs per choice ({len(found[m])} games reached it)")
        else:
            print(f"choice {m}: no game lasted that long")
    if all(found[m] for m in marks):
        early = sum(found[100]) / len(found[100])
        late = sum(found[5000]) / len(found[5000])
        print(f"late / early: {late / early:.2f}")
    if args.throughput:
        wall, cpu = games_per_second(args.throughput, args.seed)
        print(f"random vs random: {wall:.0f} games per second ({cpu:.0f} per second of processor time)")
        wall, cpu = games_per_second(args.throughput, args.seed, forced_at_once=True)
        print(f"  forced passes answered at once, as the session does: {wall:.0f} games per second "
              f"({cpu:.0f} per second of processor time)")


if __name__ == "__main__":
    main()
