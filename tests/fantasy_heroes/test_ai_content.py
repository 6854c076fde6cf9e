"""The Fantasy Heroes AI reads the content of the registered rule system (issue 11 item 6),
not a module-level copy."""

from __future__ import annotations

import dataclasses

import pytest

from game.core import registry
from game.core.decision import Decision, Option
from game.core.rng import Rng
from game.rulesets.fantasy_heroes import ai
from game.rulesets.fantasy_heroes.content import Content


def _discard() -> tuple[str, ...]:
    view = {"seat": 0, "hand": ["ogres", "myrmidons"], "players": [{"territories": []}]}
    options = (Option("discard:ogres", "Ogres"), Option("discard:myrmidons", "Myrmidons"))
    return ai.choose(view, Decision(0, "discard", "Discard a card", options, "FH-000"), Rng(1))


def test_the_ai_follows_the_registered_systems_content(monkeypatch: pytest.MonkeyPatch) -> None:
    system = registry.get(ai.SYSTEM_ID)
    own: Content = getattr(system, "content")
    assert ai.content() is own
    assert _discard() == ("discard:myrmidons",)  # BV 2 against BV 3
    cards = dict(own.cards)
    cards["myrmidons"] = dataclasses.replace(cards["myrmidons"], bv=9)
    monkeypatch.setattr(system, "content", Content(cards, own.territory_names, own.territory_instances))
    assert _discard() == ("discard:ogres",)
