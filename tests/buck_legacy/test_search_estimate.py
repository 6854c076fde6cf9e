"""Buck: Legacy's position estimate for the hard player's search (issue 15), as fitted to games
between normal players (content/estimate.json): Gold, then Combat Strength, then a Medal each
raise a seat's chance, in that order, and the other seat's strength lowers it."""

from __future__ import annotations

from game.ai.agents import agent_choice, make_agent
from game.core import registry
from game.core.game import Game
from game.rulesets.buck_legacy import stats


def _game() -> Game:
    """Two adventurers played by the normal AI until both are made and armed."""
    system = registry.get("buck-legacy")
    game = Game.new(system, 3, 2, system.playout_options)
    agents = [make_agent("normal", "buck-legacy", 3, seat) for seat in range(2)]
    while not all(a.race and a.slots.get("weapon") for a in game.state.adventurers):
        decision = game.pending()
        assert decision is not None
        game.choose(decision.seat, agent_choice(agents[decision.seat], game, decision))
    return game


def test_strength_and_gold_count_and_a_medal_counts_more() -> None:
    game = _game()
    base = game.evaluate(0)
    richer = game.clone()
    richer.state.adventurers[0].gold += 40
    armoured = game.clone()
    armoured.state.adventurers[0].slots["weapon"] = "siege_maul"  # Combat Strength 4
    system = registry.get("buck-legacy")
    assert stats.combat_strength(armoured.state, system.content, 0) > stats.combat_strength(game.state,
                                                                                           system.content, 0)
    medalled = game.clone()
    medalled.state.adventurers[0].medals += 1
    assert base < richer.evaluate(0) < armoured.evaluate(0) < medalled.evaluate(0)
    assert armoured.evaluate(1) < game.evaluate(1)  # the other's strength is the seat's loss
