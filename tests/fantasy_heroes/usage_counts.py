"""Which cards and action kinds of Fantasy Heroes appear in AI play (issue 9, item 8).

Run from the project root, for example:

    python -m tests.fantasy_heroes.usage_counts --games 100 --seed 1 --agents normal,normal

It plays whole games through the Game API (forced passes answered as the session does) and counts, from the events and the choices:

* every card played: battle cards put on the table, instants cast, negation sources spent;
* every action kind chosen, as "decision kind: option kind" ("window: negate",
  "attack: attack", ...), and at which decision each instant spell was cast. Declining an
  optional effect ("summon: pass") is printed but need not appear; the choice of whose hand
  to Scrye ("scrye_target: seat") can arise only with three seats.

It prints the counts and, last, what never appeared. This is a tool for people, not a
test: the AI never sees any of it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from game.ai import make_agent
from game.core import registry
from game.core.game import Game
from game.rulesets.fantasy_heroes.content import standard_content

CONTENT = standard_content()
SYSTEM = registry.get("fantasy-heroes")

# Every action kind a seat can choose, as "decision kind: option kind". The choice of whose hand
# to Scrye arises only with three players (with two there is one opponent to look at).
ACTIONS = (
    "discard: discard", "instant: play", "instant: pass", "attack: attack", "attack: play", "attack: pass",
    "hero: play", "window: play", "window: negate", "window: pay", "window: pass", "negate: negate",
    "negate_instant: negate", "target: target", "enchant: target", "summon: play", "goblins: discard",
)
THREE_SEATS = ("scrye_target: seat",)
# Declining an optional effect is printed, but it is not an action that must appear.
DECLINES = ("negate: pass", "negate_instant: pass", "enchant: pass", "summon: pass")


def catalogue(seats: int = 2) -> list[str]:
    """Everything that should appear at least once."""
    actions = ACTIONS + (THREE_SEATS if seats >= 3 else ())
    return [f"card:{c}" for c in CONTENT.cards] + [f"action:{a}" for a in actions]


class Counts:
    def __init__(self, seats: int = 2) -> None:
        self.seats = seats
        self.seen: Counter[str] = Counter()
        self.games = 0
        self.wins: Counter[str] = Counter()

    def play(self, seed: int, levels: list[str]) -> None:
        # Game and agents directly, not a Session: the session answers an AI seat's window
        # questions inside the choice that opened the window, where they could not be counted.
        game = Game.new(SYSTEM, seed, len(levels), {})
        agents = [make_agent(level, "fantasy-heroes", seed, n) for n, level in enumerate(levels)]
        while (decision := game.pending()) is not None:
            seat = decision.seat
            ids = ("pass",) if decision.forced_pass else agents[seat].choose(game.view_for(seat), decision)
            if not decision.forced_pass:
                for option_id in ids:
                    head, _, rest = option_id.partition(":")
                    self.seen[f"action:{decision.kind}: {head}"] += 1
                    if head == "play" and CONTENT.card(rest).is_instant:
                        self.seen[f"instant when:{decision.kind}: {rest}"] += 1
            for event in game.choose(seat, ids):
                if event.kind in ("play", "instant") and "card" in event.data and event.seats is None:
                    self.seen[f"card:{event.data['card']}"] += 1
                elif event.kind == "negate":
                    self.seen[f"negation source:{event.data['source']}"] += 1
        self.games += 1
        outcome = game.outcome()
        if outcome is not None:
            for winner in outcome.winners:
                self.wins[levels[winner]] += 1

    def missing(self) -> list[str]:
        return [k for k in catalogue(self.seats) if not self.seen[k]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="normal,normal")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = args.agents.split(",")
    counts = Counts(len(levels))
    for n in range(args.games):
        counts.play(args.seed + n, levels)
    if args.json:
        print(json.dumps({"games": counts.games, "counts": dict(sorted(counts.seen.items())),
                          "missing": counts.missing()}, indent=2))
        return 0
    print(f"{counts.games} games, {len(levels)} seats ({args.agents}); wins {dict(counts.wins)}")
    wanted = catalogue(len(levels))
    for key in wanted:
        print(f"{counts.seen[key]:7d}  {key}")
    for key in [f"action:{d}" for d in DECLINES]:
        print(f"{counts.seen[key]:7d}  {key} (a decline)")
    for key, n in sorted(counts.seen.items()):
        if key not in wanted and not key.startswith("action:"):
            print(f"{n:7d}  {key}")
    missing = counts.missing()
    print("never: " + (", ".join(missing) if missing else "nothing"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
