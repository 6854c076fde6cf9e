"""Buck: Legacy's position estimate for the hard player's search (issue 15), as fitted to games
between normal players (content/estimate.json): Gold, then Combat Strength, then a Medal each
raise a seat's chance, in that order, and the other seat's strength lowers it."""

from __future__ import annotations

from game.ai.agents import agent_choice, make_agent
from game.core import registry
from game.core.game import Game
from game.rulesets.buck_legacy import stats

SYSTEM = registry.get("buck-legacy")


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


def test_a_medal_lead_counts_for_more_with_fewer_bosses_left() -> None:
    """With one Boss of two defeated, the seat a Medal ahead stands better than with none
    defeated: less of the game is left to turn the lead round."""
    game = _game()
    game.state.adventurers[0].medals += 1
    late = game.clone()
    late.state.bosses_defeated = late.state.target - 1
    assert SYSTEM.features(late.state, 0)["medals_lead_late"] > SYSTEM.features(game.state, 0)["medals_lead_late"]
    assert late.evaluate(0) > game.evaluate(0) > 0.5
