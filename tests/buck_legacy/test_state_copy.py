"""A Buck: Legacy state copies field by field (BLState.__deepcopy__, for clones, undo points and
determinizations): the copy must equal the original and share no list, dict or record with it,
or a search or an undo would change the game it copied."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from game.ai.agents import random_choice
from game.core.game import Game
from game.core.rng import Rng
from game.core.serial import state_hash, to_data
from game.rulesets.buck_legacy.state import BLState, Check, Fight
from tests.buck_legacy.helpers import SYSTEM


def _containers(value: Any, found: dict[int, str], where: str) -> None:
    """Every list, dict and record inside ``value``, by id (where it was found)."""
    if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
        found[id(value)] = where
    if isinstance(value, list):
        for i, item in enumerate(value):
            _containers(item, found, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _containers(item, found, f"{where}.{key}")
    elif dataclasses.is_dataclass(value):
        for key, item in vars(value).items():
            _containers(item, found, f"{where}.{key}")


def _assert_independent_copy(state: BLState) -> None:
    copied = copy.deepcopy(state)
    assert type(copied) is BLState
    assert to_data(copied) == to_data(state)
    assert state_hash(copied) == state_hash(state)
    ours: dict[int, str] = {}
    theirs: dict[int, str] = {}
    _containers(state, ours, "state")
    _containers(copied, theirs, "state")
    shared = sorted(ours[i] for i in ours.keys() & theirs.keys())
    assert not shared, f"the copy shares {shared[:5]}"


def test_copies_of_random_positions_are_equal_and_share_nothing() -> None:
    for seed, seats in ((1, 2), (2, 4), (3, 6)):
        game = Game.new(SYSTEM, seed, seats, {"adventure_limit": 2})
        rng = Rng.seeded(seed, 9)
        count = 0
        while (decision := game.pending()) is not None:
            if count % 5 == 0:
                _assert_independent_copy(game.state)
            game.choose(decision.seat, random_choice(decision, rng))
            count += 1
        _assert_independent_copy(game.state)


def test_a_copy_shares_no_fight_check_coating_or_transmuted_item() -> None:
    """Fields a random game seldom fills: every one is filled here."""
    game = Game.new(SYSTEM, 4, 3, {"adventure_limit": 2})
    state = game.state
    adv = state.adventurers[0]
    adv.coatings = {"weapon_card": "coating_card"}
    adv.transmuted = {"top_card": "bottom_card"}
    adv.weapon_types = ["fire"]
    state.fight = Fight(fighter=0, monster="goblin")
    state.checks = [Check(0, "escape", 4, die=3)]
    state.winners = [0, 2]
    state.dice_script = [5, "white:2"]
    _assert_independent_copy(state)
