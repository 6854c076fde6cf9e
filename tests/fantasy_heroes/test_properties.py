"""Property tests over 200 seeded games (2 and 3 players, random/easy/normal seats).

At every decision: all 75 cards accounted for; no seat's view shows another seat's hand
or the deck order (beyond what it saw by Scrye or Rogue); at the end of every phase no
hand holds more than 7 cards. At random points: clone() is equal and independent. At
the end: the game ended within the bound, and replaying the choice log from the seed
reproduces the state hash.

The bound: the rulebook game has no turn limit (a player may always decline to attack),
so the bound is empirical: over these 200 seeds every game ends within MAX_TURNS turns.
Games between random players are the long ones (hundreds of turns); any normal AI seat
ends them in tens.
"""

from __future__ import annotations

import json

import pytest

from game.ai import make_agent
from game.core import registry
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.fantasy_heroes.content import HAND_LIMIT
from game.rulesets.fantasy_heroes.state import FHState
from game.session import Seat, Session

SYSTEM = registry.get("fantasy-heroes")
SEEDS = range(200)
MAX_TURNS = 1500
ALL_BATTLE = set(SYSTEM.content.cards)
ALL_TERRITORIES = set(SYSTEM.content.territory_instances)


def levels_for(seed: int) -> list[str]:
    seats = 2 + seed % 2
    pool = ["random", "easy", "normal"]
    if seed % 5 == 0:
        return ["random"] * seats
    return [pool[(seed // 2 + k) % 3] for k in range(seats)]


def battle_cards(state: FHState) -> list[str]:
    cards = state.deck + state.discard + state.set_aside
    for p in state.players:
        cards = cards + p.hand
    if state.battle is not None:
        for side in state.battle.sides:
            cards = cards + side.cards()
    return cards


def check_conservation(state: FHState) -> None:
    cards = battle_cards(state)
    assert len(cards) == 60 and set(cards) == ALL_BATTLE, "battle cards lost or duplicated"
    territories = state.territories_out + [t for p in state.players for t in p.territories]
    assert len(territories) == 15 and set(territories) == ALL_TERRITORIES


def strings_in(value) -> set[str]:
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
            stack.extend(item.keys())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def check_views(game: Game) -> None:
    state: FHState = game.state
    for seat in range(state.seats):
        view = game.view_for(seat)
        shown = strings_in({k: v for k, v in view.items() if k not in ("memory", "reveals")})
        allowed = {m["card"] for m in view["memory"]} | {c for r in view["reveals"] for c in r["cards"]}
        for m in view["memory"]:
            assert m["how"] in ("scrye", "stolen")
        hidden = set(state.deck)
        for other in state.players:
            if other.seat != seat:
                hidden |= set(other.hand)
        leaked = (shown & hidden) - allowed
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
        assert view["deck_count"] == len(state.deck)
        assert view["players"][seat - 1]["hand_count"] == len(state.players[seat - 1].hand)


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant(chunk):
    """FH-002 conservation, FH-021 hand limit, section 7 hidden information, replay, clone."""
    for seed in [s for s in SEEDS if s % 4 == chunk]:
        levels = levels_for(seed)
        seats = [Seat("ai", f"P{i + 1}", level) for i, level in enumerate(levels)]
        session = Session.new("fantasy-heroes", seats, seed)
        game = session.game
        probe = Rng.seeded(seed, 99)
        check_conservation(game.state)
        steps = 0
        while not session.over:
            if probe.chance(1, 8):
                check_views(game)
            if probe.chance(1, 50):
                copy = game.clone()
                assert copy.state_hash() == game.state_hash() and copy.state == game.state
                decision = copy.pending()
                copy.choose(decision.seat, decision.option_ids[: max(1, decision.min_choices)])
                assert copy.state_hash() != game.state_hash() or copy.pending() == game.pending()
                assert game.state == session.game.state
            events = session.step_ai()
            steps += 1
            check_conservation(game.state)
            for event in events:
                if event.kind == "phase_end":
                    assert max(event.data["hands"]) <= HAND_LIMIT, f"seed {seed}: hand above 7 at phase end"
        assert game.turn <= MAX_TURNS, f"seed {seed} took {game.turn} turns"
        outcome = game.outcome()
        assert outcome is not None and outcome.winners
        replayed = Session.replay("fantasy-heroes", seats, seed, None, None,
                                  [(c.seat, c.option_ids) for c in session.choices])
        assert replayed.game.state_hash() == game.state_hash()
        assert sum(1 for e in session.log if e.kind == "phase_end") >= game.turn  # checked every phase


def test_view_json_never_contains_deck_order_or_other_hands_for_a_spectator():
    game = Game.new(SYSTEM, 5, 3)
    view = game.view_for(None)
    assert view["hand"] is None
    text = json.dumps(view)
    for p in game.state.players:
        for card in p.hand:
            assert f'"{card}"' not in text
    for card in game.state.deck:
        assert f'"{card}"' not in text


def test_same_seed_same_choices_same_game():
    def run(seed: int) -> list[str]:
        session = Session.new("fantasy-heroes", [Seat("ai", "a", "normal"), Seat("ai", "b", "easy")], seed)
        hashes = []
        while not session.over:
            session.step_ai()
            hashes.append(session.game.state_hash())
        return hashes

    assert run(11) == run(11)
    assert run(11) != run(12)
