"""Banners come from the rules, not from cutting log text (issue 11 item 5): the events a table
shows as a banner carry a headline written with them."""

from __future__ import annotations

import pytest

from game.ai.agents import random_choice
from game.core import registry
from game.core.game import Game
from game.core.rng import Rng

# The event kinds each table shows as a banner (game/ui/tables/*.py, animate).
BANNERED = {
    "fantasy-heroes": {"turn", "attack", "battle_won", "eliminated", "game_over"},
    "dungeon-delve": {"round", "game_over"},
    "champions-of-albion": {"round", "end"},
}


@pytest.mark.parametrize("system_id", sorted(BANNERED))
def test_every_bannered_event_has_a_short_headline(system_id: str) -> None:
    system = registry.get(system_id)
    seen: dict[str, int] = {}
    for seed in range(1, 4):
        game = Game.new(system, seed, 2 if system_id != "fantasy-heroes" else 3)
        rng = Rng.seeded(seed)
        events = list(game.initial_events)
        while (decision := game.pending()) is not None:
            events += game.choose(decision.seat, random_choice(decision, rng))
        for event in events:
            if event.kind in BANNERED[system_id]:
                assert event.headline and len(event.headline) <= 80 and "\n" not in event.headline, event
                seen[event.kind] = seen.get(event.kind, 0) + 1
    assert {"game_over", "end"} & set(seen) and len(seen) >= 2, seen
