"""Search hooks of Fantasy Heroes (issue 11, item 2): determinization keeps what a seat knows,
AI memory is bounded by the hands (section 7), and the position estimate."""

from __future__ import annotations

from game.core.events import EventLog
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.fantasy_heroes.context import Ctx
from tests.fantasy_heroes.helpers import SYSTEM, choose, expect, fh_game, hand, state
from tests.test_conformance import random_choice


def _scried() -> Game:
    g = fh_game([
        {"hand": ["scrye", "warrior"], "territories": ["mountain#1"]},
        {"hand": ["griffins", "bless", "fly"], "territories": ["castle#1"]},
        {"hand": ["trolls", "ogres"], "territories": ["swamp#1"]},
    ])
    expect(g, "instant", 1)
    choose(g, "play:scrye")
    choose(g, "seat:1")
    return g


def test_fh_131_a_scried_card_stays_in_that_hand_in_every_determinization_while_the_hand_is_unchanged():
    g = _scried()
    seen = hand(g, 2)
    assert sorted(seen) == ["bless", "fly", "griffins"]
    third = set(hand(g, 3))
    moved_third = False
    for seed in range(30):
        other = g.determinize(0, seed)
        assert sorted(other.state.players[1].hand) == sorted(seen)      # P1 saw it: it stays
        assert other.state.players[0].hand == state(g).players[0].hand  # his own hand
        assert len(other.state.players[2].hand) == len(third)
        moved_third |= set(other.state.players[2].hand) != third       # P3's hand he never saw
        assert other.view_for(0) == g.view_for(0)
    assert moved_third
    # Once P2 plays one of the cards openly, only the others are still known to be there.
    st = state(g)
    st.players[1].hand.remove("bless")
    st.discard.append("bless")
    Ctx(st, SYSTEM.content, EventLog()).forget(1, ["bless"])
    assert {(m.seat, m.card) for m in st.memory[0]} == {(1, "griffins"), (1, "fly")}
    for seed in range(10):
        other = g.determinize(0, seed)
        assert {"griffins", "fly"} <= set(other.state.players[1].hand)
        assert len(other.state.players[1].hand) == 2


def test_a_determinization_for_another_seat_re_deals_the_scried_hand_and_keeps_the_memory_true():
    g = _scried()
    changed = False
    for seed in range(20):
        other = g.determinize(2, seed)            # P3 never saw P2's hand
        p2 = other.state.players[1].hand
        changed |= sorted(p2) != ["bless", "fly", "griffins"]
        # P1's memory and his reveal follow the cards dealt in their place.
        assert {m.card for m in other.state.memory[0]} == set(p2)
        assert sorted(other.view_for(0)["reveals"][0]["cards"]) == sorted(p2)
        assert other.view_for(2) == g.view_for(2)
        assert SYSTEM.invariants(other.state) == []
    assert changed


def test_memory_stays_bounded_by_the_cards_in_the_other_hands_over_a_long_game():
    for seed in range(3):
        game = Game.new(SYSTEM, seed, 3)
        rng = Rng.seeded(seed, 8)
        for _ in range(3000):
            d = game.pending()
            if d is None:
                break
            game.choose(d.seat, random_choice(d, rng))
            st = game.state
            for viewer, memory in enumerate(st.memory):
                for m in memory:
                    assert m.seat != viewer and m.card in st.players[m.seat].hand
                assert len(memory) == len({m.card for m in memory})


def test_evaluate_is_even_at_the_start_and_follows_the_territories():
    g = Game.new(SYSTEM, 3, 2)
    values = [g.evaluate(s) for s in range(2)]
    assert all(0.35 < v < 0.65 for v in values)
    st = g.state
    st.players[0].territories += st.players[1].territories[:3]
    del st.players[1].territories[:3]
    assert g.evaluate(0) > 0.7 > 0.3 > g.evaluate(1)
