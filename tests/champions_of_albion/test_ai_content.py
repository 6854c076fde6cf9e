"""The Champions of Albion AI reads the content of the registered rule system (issue 11
item 6), not a module-level copy, and carries the main enemy's numbers per call."""

from __future__ import annotations

import dataclasses

import pytest

from game.core import registry
from game.core.decision import Decision, Option
from game.rulesets.champions_of_albion import ai
from game.rulesets.champions_of_albion.ai import common
from game.rulesets.champions_of_albion.ai.common import Foe
from game.rulesets.champions_of_albion.ai.values import gold_cost


def _pick(options: list[str]) -> str:
    decision = Decision(0, "champion", "Choose a champion", tuple(Option(f"champion:{o}", o) for o in options),
                        "CA-010")
    return ai.choose({"champions": []}, decision, None)[0]


def test_the_ai_follows_the_registered_systems_content(monkeypatch: pytest.MonkeyPatch) -> None:
    system = registry.get(common.SYSTEM_ID)
    own = getattr(system, "content")
    assert common.content() is own
    options = sorted(own.champions)
    before = _pick(options)
    weakest = min(options, key=lambda cid: (own.champions[cid].strength, cid))
    assert before != f"champion:{weakest}"
    champions = dict(own.champions)
    champions[weakest] = dataclasses.replace(champions[weakest], strength=12)
    monkeypatch.setattr(system, "content", dataclasses.replace(own, champions=champions))
    assert _pick(options) == f"champion:{weakest}"  # the one fighter of that content
    monkeypatch.undo()
    assert _pick(options) == before and common.content() is own


def test_the_main_enemys_numbers_come_with_each_view() -> None:
    early = Foe.of({"act": 1, "round": 1, "main_enemy": {"act2": {"dv": 11, "av": 12}}})
    assert (early.dv, early.av, early.late) == (11, 12, False)
    assert Foe.of({"act": 2, "round": 1}).late and Foe.of({"act": 1, "round": 4}).late
    assert gold_cost(early, 3) == 0.3 and gold_cost(Foe(late=True), 3) == 0.02
    assert not hasattr(ai.values, "MAIN") and not hasattr(ai.values, "set_main")
