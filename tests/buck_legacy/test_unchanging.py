"""stats.unchanging: where the rules read many numbers of a state that does not change meanwhile
(a view, a question's options) each Adventurer's modifiers are gathered once for the block. The
blocks must change nothing: the same games give the same questions, events and views with the
blocks as without them (gathering the modifiers afresh for every number)."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.agents import random_choice
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import stats
from tests.buck_legacy.helpers import SYSTEM


def _trace(seed: int, seats: int) -> list[str]:
    """Every question, the asked seat's view and every event of a random game, as text."""
    game = Game.new(SYSTEM, seed, seats, {"adventure_limit": 2})
    rng = Rng.seeded(seed, 3)
    out = []
    while (decision := game.pending()) is not None:
        out += [repr(decision), repr(game.view_for(decision.seat))]
        out += [repr(e) for e in game.choose(decision.seat, random_choice(decision, rng))]
    return out


@pytest.mark.parametrize("seed, seats", [(1, 3), (2, 5)])
def test_the_blocks_change_no_question_event_or_view(seed: int, seats: int, monkeypatch: Any) -> None:
    remembered = _trace(seed, seats)
    monkeypatch.setattr(stats.unchanging, "__enter__", lambda self: None)  # every number from scratch
    assert _trace(seed, seats) == remembered


def test_a_block_keeps_nothing_once_closed() -> None:
    game = Game.new(SYSTEM, 3, 2)
    state, content = game.state, SYSTEM.content
    with stats.unchanging(state, content):
        inside = stats.adventurer_effects(state, content, 0)
        assert stats.adventurer_effects(state, content, 0) is inside  # gathered once in the block
        with stats.unchanging(state, content):  # an inner block on the same state keeps it
            assert stats.adventurer_effects(state, content, 0) is inside
    assert stats.adventurer_effects(state, content, 0) is not inside
