"""Buck: Legacy properties over random games (issue 13, Tests): with 2 to 6 seats, quick and
standard, the house rules varied, after every choice Gold is never negative, every backpack is
within its limits once its owner has been asked to fix it, every card is in exactly one place,
Mana and Tesla stay within their maxima (the invariants, invariants.py); every game ends (random
seats under the game's playout limit of Adventures); a replay of the same choices gives the same
state; a snapshot restores to an equal state mid-game."""

from __future__ import annotations

import json

import pytest

from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy.system import BuckLegacy
from tests.test_conformance import random_choice

SYSTEM = BuckLegacy()
CASES = [(seed, 2 + seed % 5, seed % 2 == 0) for seed in range(10)]
MAX_CHOICES = 20_000


@pytest.mark.parametrize("seed,seats,quick", CASES)
def test_random_games_keep_every_invariant_end_and_replay(seed, seats, quick):
    options = {**SYSTEM.playout_options, "quick": quick, "blind_shop": seed % 3 == 0,
               "large_equipped_only": seed % 4 == 1, "buck_stays": seed % 5 == 2}
    game = Game.new(SYSTEM, seed, seats, options)
    assert SYSTEM.invariants(game.state) == []
    rng = Rng.seeded(seed, 5)
    log = []
    for step in range(MAX_CHOICES):
        decision = game.pending()
        if decision is None:
            break
        choice = ("pass",) if decision.forced_pass else random_choice(decision, rng)
        game.choose(decision.seat, choice)
        log.append((decision.seat, choice))
        problems = SYSTEM.invariants(game.state)
        assert not problems, f"seed {seed} after {step + 1} choices ({decision.kind} {choice}): {problems[:3]}"
        if step % 150 == 75:
            restored = Game.restore(SYSTEM, json.loads(json.dumps(game.snapshot())))
            assert restored.state == game.state and restored.pending() == game.pending()
    assert game.pending() is None and game.outcome() is not None, f"seed {seed}: no end"
    assert all(adv.gold >= 0 for adv in game.state.adventurers)
    replay = Game.new(SYSTEM, seed, seats, options)
    for seat, choice in log:
        replay.choose(seat, choice)
    assert replay.state_hash() == game.state_hash()
