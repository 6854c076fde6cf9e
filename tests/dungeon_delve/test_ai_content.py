"""The Dungeon Delve AI reads the rules data of the registered rule system (issue 11 item 6),
not a module-level copy, and forgets what it worked out from other content."""

from __future__ import annotations

import dataclasses

import pytest

from game.core import registry
from game.core.dice import Die
from game.rulesets.dungeon_delve.ai import board, common, estimates
from game.rulesets.dungeon_delve.rulesdata import Data


def test_the_ai_follows_the_registered_systems_data(monkeypatch: pytest.MonkeyPatch) -> None:
    system = registry.get(common.SYSTEM_ID)
    own: Data = getattr(system, "data")
    assert common.data() is own and common.content() is own.content
    before = estimates.attack_pool(("red",))
    board.walls_of("wardens_vault", ())
    assert board.walls_of.cache_info().currsize >= 1
    # The same content but a red die whose every face is a miss.
    red = own.content.dice["red"]
    misses = dataclasses.replace(red, die=Die.from_faces("red", red.name, [{"miss": 1}] * len(red.die.faces)))
    other = Data(dataclasses.replace(own.content, dice={**own.content.dice, "red": misses}))
    monkeypatch.setattr(system, "data", other)
    assert common.data() is other  # and the AI's caches were cleared on the way
    assert board.walls_of.cache_info().currsize == 0
    [(chance, *outcome)] = estimates.attack_pool(("red",))
    assert outcome == [1, 0, 0, 0] and chance == pytest.approx(1.0)
    monkeypatch.undo()
    assert common.data() is own  # the AI's entry reads it first (ai.choose), so caches follow
    assert estimates.attack_pool(("red",)) == before
