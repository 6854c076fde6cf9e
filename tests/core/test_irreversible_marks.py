"""A choice is marked irreversible (Game.last_choice_irreversible) exactly when its events
say so or its rules drew from the game's generators: Game.choose reads the generators once a
choice, after it, and compares with what the choice before left, which holds because nothing
but a choice draws from them. Checked against a reading before and after every choice."""

from __future__ import annotations

import pytest

from game.ai import make_agent
from game.core import registry
from game.core.game import Game


@pytest.mark.parametrize("system_id", registry.ids())
def test_the_marks_are_those_of_a_reading_before_and_after_each_choice(system_id):
    system = registry.get(system_id)
    marked = 0
    for seed in range(3):
        seats = system.min_seats
        game = Game.new(system, seed, seats, system.playout_options)
        agents = [make_agent("random", system_id, seed, s) for s in range(seats)]
        for _ in range(400):
            decision = game.pending()
            if decision is None:
                break
            before = system.random_state(game.state)
            events = game.choose(decision.seat, agents[decision.seat].choose({}, decision))
            drew = system.random_state(game.state) != before
            assert game.last_choice_irreversible == (drew or any(e.irreversible for e in events)), \
                f"{system_id}, seed {seed}, {decision.kind}"
            marked += game.last_choice_irreversible
    assert marked > 0
