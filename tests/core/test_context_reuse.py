"""A flow rule system answers on the context of the state it last answered while the state is
the same (FlowRuleSystem.apply_and_ask): two games of one system played in turns, choice by
choice, give the events and positions each gives when played alone."""

from __future__ import annotations

import pytest

from game.ai import make_agent
from game.core import registry
from game.core.game import Game


def _played(system_id: str, seeds: list[int], choices: int) -> dict[int, list[tuple[str, str, str]]]:
    """Each seed's events, its games played in turns on one system, a choice each at a time."""
    system = registry.get(system_id)
    games = {seed: Game.new(system, seed, system.min_seats, system.playout_options) for seed in seeds}
    agents = {seed: [make_agent("random", system_id, seed, s) for s in range(system.min_seats)] for seed in seeds}
    logs: dict[int, list[tuple[str, str, str]]] = {seed: [] for seed in seeds}
    for _ in range(choices):
        for seed, game in games.items():
            decision = game.pending()
            if decision is None:
                continue
            for event in game.choose(decision.seat, agents[seed][decision.seat].choose({}, decision)):
                logs[seed].append((event.kind, event.rule, event.text))
    for seed, game in games.items():
        logs[seed].append(("position", "", game.state_hash()))
    return logs


@pytest.mark.parametrize("system_id", registry.ids())
def test_games_played_in_turns_on_one_system_are_the_games_played_alone(system_id):
    together = _played(system_id, [1, 2], 150)
    assert together[1] == _played(system_id, [1], 150)[1]
    assert together[2] == _played(system_id, [2], 150)[2]
