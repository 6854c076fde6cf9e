"""Search hooks of Champions of Albion (issue 11, item 2): a determinization keeps every
face-up card and revealed token and what every seat sees, and deals again what nobody has
seen (deck orders, face-down shadow backs, the face-down more dangerous enemies); the
position estimate is in [0, 1] and is 0 for a seat already out of the game."""

from __future__ import annotations

import json
from collections import Counter

from game.ai.agents import random_choice
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

SYSTEM = ChampionsOfAlbion()


def _game_after(seed: int, choices: int, seats: int = 3, main: str = "dragon") -> Game:
    game = Game.new(SYSTEM, seed, seats, {"main_enemy": main})
    rng = Rng.seeded(seed, 7)
    for _ in range(choices):
        decision = game.pending()
        if decision is None:
            break
        game.choose(decision.seat, random_choice(decision, rng))
    return game


def _face_up(state) -> dict:
    """Everything on the table face up or revealed, as the rules show it."""
    return {
        "hand": list(state.hand), "camp": list(state.camp),
        "champions": [(c.id, c.space, list(c.resources), list(c.banes), list(c.aid), c.life, c.will)
                      for c in state.champions],
        "enemies": [(e.uid, e.card, e.kind, e.space, e.damage) for e in state.enemies],
        "shadows": list(state.shadows), "quest_tokens": list(state.quest_tokens),
        "random_shadow_backs": [b for s, b in zip(state.shadows, state.shadow_backs) if s == b],
        "world_used": {k: list(v) for k, v in state.world_used.items()},
        "quest_used": list(state.quest_used), "events_seen": list(state.events_seen),
        "read_events_in_the_deck": [(i, e) for i, e in enumerate(state.event_deck) if e in state.events_seen],
        "story": None if state.story is None else (state.story.card, state.story.part, list(state.story.revealed)),
        "stack": json.dumps(state.stack, sort_keys=True),
    }


def _contents(state) -> dict:
    """What each face-down pile holds, whatever its order."""
    return {
        "resource_deck": Counter(state.resource_deck), "bane_deck": Counter(state.bane_deck),
        "quest_deck": Counter(state.quest_deck), "enemy_deck": Counter(state.enemy_deck),
        "event_deck": Counter(state.event_deck), "dangerous": Counter(state.dangerous_waiting),
        "world": {k: Counter(v) for k, v in state.world_decks.items()},
        "shadow_backs": Counter(state.shadow_supply) + Counter(state.shadow_backs),
        "quest_supply": Counter(state.quest_supply),
    }


def test_a_determinization_keeps_the_face_up_cards_and_revealed_tokens_and_varies_deck_orders():
    game = _game_after(5, 80)
    assert game.pending() is not None
    orders = set()
    for k in range(6):
        for seat in range(game.seats):
            other = game.determinize(seat, k)
            assert _face_up(other.state) == _face_up(game.state)
            assert _contents(other.state) == _contents(game.state)
            assert other.view_for(seat) == game.view_for(seat)
            assert other.view_for(None) == game.view_for(None)
            assert SYSTEM.invariants(other.state) == []
            orders.add((tuple(other.state.resource_deck), tuple(other.state.enemy_deck)))
    assert len(orders) > 1, "no determinization changed a deck order"
    assert game.determinize(0, 3).state_hash() == game.determinize(0, 3).state_hash()


def test_the_backs_of_shadows_placed_on_a_named_space_are_dealt_again_with_the_supply():
    game = _game_after(2, 30)
    state = game.state
    state.shadows.append("caer_aldon")  # a shadow placed on a named space, its back unseen (G-27)
    state.shadow_backs.append(state.shadow_supply.pop())
    backs = set()
    for k in range(20):
        other = game.determinize(0, k).state
        assert other.shadows == state.shadows
        assert Counter(other.shadow_backs) + Counter(other.shadow_supply) == \
            Counter(state.shadow_backs) + Counter(state.shadow_supply)
        backs.add(other.shadow_backs[-1])
    assert len(backs) > 1


def test_the_scripted_dice_of_a_written_position_are_not_foreseen():
    game = _game_after(3, 10)
    game.state.dice_script = [6, 6, 6]
    assert game.determinize(0, 1).state.dice_script == []
    assert game.state.dice_script == [6, 6, 6]


def test_the_estimate_is_in_range_and_nothing_for_a_seat_out_of_the_game():
    for main in ("dragon", "arawn", "morrigan"):
        game = Game.new(SYSTEM, 4, 2, {"main_enemy": main})
        rng = Rng.seeded(4, 7)
        seen = []
        while (decision := game.pending()) is not None:
            seen.append(game.evaluate(decision.seat))
            game.choose(decision.seat, random_choice(decision, rng))
        assert all(0.0 <= v <= 1.0 for v in seen)
        assert len(set(seen)) > 1, "the estimate never moved"
    game = _game_after(6, 40, seats=2)
    game.state.players[1].lost = True
    assert SYSTEM.evaluate(game.state, 1) == 0.0
    assert SYSTEM.evaluate(game.state, 0) > 0.0


def test_the_fitted_estimate_counts_wounds_time_and_the_main_enemy():
    """The estimate is fitted to games between normal teams (content/estimate.json); what it
    must see: a wounded champion stands worse, a round gone leaves less time, and the Morrigan
    is a harder enemy than Arawn (as those games found)."""
    game = _game_after(6, 12, seats=1, main="arawn")
    champion = game.state.champions[0]
    assert game.state.act == 1 and champion.life > 2
    base = game.evaluate(0)
    wounded = game.clone()
    wounded.state.champions[0].life -= 2
    assert wounded.evaluate(0) < base
    later = game.clone()
    later.state.round += 1
    assert later.evaluate(0) < base
    harder = game.clone()
    harder.state.main_enemy = "morrigan"
    assert harder.evaluate(0) < base


def test_the_flags_say_cooperative_with_hidden_information_and_chance():
    assert SYSTEM.cooperative and SYSTEM.hidden_information and SYSTEM.has_chance
