"""Search hooks every registered rule system provides (issue 11 item 2): determinize keeps
what a seat knows and varies what it cannot see, info_key tells states apart exactly as
the seat can, evaluate is an estimate in [0, 1], returns score a finished game, and the
flags say what a search must expect.
"""

from __future__ import annotations

import json

import pytest

from game.core import registry
from game.core.errors import IllegalChoice
from game.core.game import Game
from game.core.rng import Rng
from tests.test_conformance import random_choice

SEEDS = range(4)
DETERMINIZATIONS = 4

def _seen_decision(game: Game, seat: int):
    decision = game.pending()
    if decision is None:
        return None
    if decision.seat != seat:
        return decision.seat, decision.kind
    return decision.seat, decision.kind, decision.prompt, decision.option_ids, decision.min_choices


def _positions(system_id: str, seed: int, every: int, limit: int = 3000):
    """Games at every ``every``-th choice of a seeded random playout."""
    system = registry.get(system_id)
    seats = system.min_seats + seed % (system.max_seats - system.min_seats + 1)
    game = Game.new(system, seed, seats, system.playout_options)
    rng = Rng.seeded(seed, 77)
    for step in range(limit):
        decision = game.pending()
        if decision is None:
            return
        if step % every == every - 1:
            yield game
        game.choose(decision.seat, random_choice(decision, rng))


@pytest.mark.parametrize("system_id", registry.ids())
def test_flags_are_booleans(system_id):
    system = registry.get(system_id)
    for flag in ("hidden_information", "has_chance", "cooperative"):
        assert isinstance(getattr(system, flag), bool), flag


@pytest.mark.parametrize("system_id", registry.ids())
def test_determinize_deals_again_only_what_the_declared_zones_hide(system_id):
    """Against the game's own declaration of its zones: a zone the seat sees is kept card for
    card, a hidden zone keeps its size and the cards the seat knows in it, and each pool's
    hidden cards are the same cards, dealt among its zones (nothing made, nothing lost)."""
    system = registry.get(system_id)
    if not system.hidden_information:
        return
    moved = 0
    for seed in SEEDS[:2]:
        for game in _positions(system_id, seed, every=53):
            declared = system.zones(game.state)
            assert declared, f"{system_id} hides information but declares no zones"
            assert len({z.name for z in declared}) == len(declared)
            for seat in range(game.seats):
                other = system.zones(game.determinize(seat, seed + 17 * seat).state)
                assert [z.name for z in other] == [z.name for z in declared]
                pools: dict[str, tuple[list[str], list[str]]] = {}
                for before, after in zip(declared, other):
                    if before.visible_to(seat):
                        assert after.cards == before.cards, (system_id, before.name)
                        continue
                    assert len(after.cards) == len(before.cards), (system_id, before.name)
                    known = before.known(seat)
                    assert [c for c in before.cards if c in known] == [c for c in after.cards if c in known]
                    was, now = pools.setdefault(before.pool_name, ([], []))
                    was += before.cards
                    now += after.cards
                    moved += after.cards != before.cards
                for was, now in pools.values():
                    assert sorted(was) == sorted(now), system_id
    assert moved > 0, f"{system_id}: no hidden zone was ever dealt again"


@pytest.mark.parametrize("system_id", registry.ids())
def test_determinize_keeps_what_the_seat_knows_and_varies_the_rest(system_id):
    system = registry.get(system_id)
    varied = 0
    checked = 0
    for seed in SEEDS:
        for game in _positions(system_id, seed, every=41):
            before = game.state_hash()
            for seat in range(game.seats):
                view = json.dumps(game.view_for(seat), sort_keys=True)
                hashes = set()
                for k in range(DETERMINIZATIONS):
                    other = game.determinize(seat, seed * 1000 + k)
                    assert json.dumps(other.view_for(seat), sort_keys=True) == view, \
                        f"{system_id}: determinizing for seat {seat} changed what it sees"
                    assert _seen_decision(other, seat) == _seen_decision(game, seat)
                    assert other.info_key(seat) == game.info_key(seat)
                    assert system.invariants(other.state) == []
                    hashes.add(other.state_hash())
                    checked += 1
                varied += len(hashes) > 1
            assert game.state_hash() == before, "determinize changed the original game"
    assert checked > 0
    if system.hidden_information:
        assert varied > 0, f"{system_id}: no determinization ever changed what a seat cannot see"


@pytest.mark.parametrize("system_id", registry.ids())
def test_a_determinized_game_rolls_its_own_dice(system_id):
    """A search on a determinized game must not foresee the real game's chance: its
    generator is fresh, from the seed given."""
    system = registry.get(system_id)
    game = next(_positions(system_id, 1, every=25))
    a, b = game.determinize(0, 1), game.determinize(0, 2)
    if system.has_chance:
        assert system.random_state(a.state) != system.random_state(game.state)
        assert system.random_state(a.state) != system.random_state(b.state)
    assert game.determinize(0, 1).state_hash() == a.state_hash()  # same seed, same game


@pytest.mark.parametrize("system_id", registry.ids())
def test_info_key_follows_what_the_seat_sees(system_id):
    for game in _positions(system_id, 2, every=30):
        for seat in range(game.seats):
            clone = game.clone()
            assert clone.info_key(seat) == game.info_key(seat)
        decision = game.pending()
        seat = decision.seat
        key = game.info_key(seat)
        after = game.clone()
        after.choose(seat, decision.option_ids[:decision.min_choices] or decision.option_ids[:1])
        if json.dumps(after.view_for(seat), sort_keys=True) != json.dumps(game.view_for(seat), sort_keys=True):
            assert after.info_key(seat) != key


@pytest.mark.parametrize("system_id", registry.ids())
def test_evaluate_is_an_estimate_and_returns_score_the_end(system_id):
    game = None
    for game in _positions(system_id, 3, every=37, limit=30_000):
        for seat in range(game.seats):
            value = game.evaluate(seat)
            assert 0.0 <= value <= 1.0
        with pytest.raises(IllegalChoice):
            game.returns()
    assert game is not None
    rng = Rng.seeded(3, 5)
    while (decision := game.pending()) is not None:
        game.choose(decision.seat, random_choice(decision, rng))
    outcome = game.outcome()
    returns = game.returns()
    assert len(returns) == game.seats
    assert [s for s, r in enumerate(returns) if r == 1.0] == sorted(outcome.winners)
    assert [game.evaluate(s) for s in range(game.seats)] == list(returns)
