"""Scenario positions: the shipped scenarios load and play out; bad ones are refused clearly."""

from pathlib import Path

import pytest

from game.core.errors import ScenarioError
from game.core.game import Game
from game.rulesets.fantasy_heroes.content import CONTENT_DIR
from game.rulesets.fantasy_heroes.scenario import load_scenario_file
from game.session import Seat, Session
from tests.fantasy_heroes.helpers import SYSTEM

SCENARIOS = sorted((CONTENT_DIR / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_shipped_scenarios_play_to_an_end(path: Path):
    data = load_scenario_file(path)
    seats = [Seat("ai", f"P{i}", "normal") for i in range(data["scenario"]["players"])]
    session = Session.new("fantasy-heroes", seats, 3, scenario=data)
    names = [p.get("name") for p in data["player"]]
    for player, name in zip(session.game.state.players, names):
        if name:
            assert player.name == name
    session.run_ai()
    assert session.game.outcome() is not None
    replay = Session.replay("fantasy-heroes", seats, 3, None, data, [(c.seat, c.option_ids) for c in session.choices])
    assert replay.game.state_hash() == session.game.state_hash()


def test_scenario_places_every_card_exactly_once():
    data = load_scenario_file(CONTENT_DIR / "scenarios" / "last-stand.toml")
    game = Game.from_scenario(SYSTEM, data, 1)
    state = game.state
    assert state.deck[-3:] == ["knight", "ogres", "fortune"]  # listed top first; top is the end of the list
    assert len(state.deck) + sum(len(p.hand) for p in state.players) == 60


@pytest.mark.parametrize("mutate, fragment", [
    (lambda d: d["player"][0]["hand"].append("dragonlord"), "no battle card 'dragonlord'"),
    (lambda d: d["player"][1]["hand"].append("lich"), "'lich' is already placed"),
    (lambda d: d["player"][0]["territories"].append("swamp#1"), "'swamp#1' is already placed"),
    (lambda d: d["scenario"].update(players=3), "says 3 players but there are 2"),
    (lambda d: d["scenario"].update(start="lunch"), "field 'start' is 'lunch'"),
    (lambda d: d["scenario"].update(colour="red"), "unknown field 'colour'"),
    (lambda d: d["player"][1].update(territories=[]), "needs at least one territory"),
    (lambda d: d["scenario"].update(order=[1, 1]), "order must list each seat"),
])
def test_bad_scenarios_are_refused_with_a_reason(mutate, fragment):
    data = load_scenario_file(CONTENT_DIR / "scenarios" / "last-stand.toml")
    mutate(data)
    with pytest.raises(ScenarioError) as err:
        Game.from_scenario(SYSTEM, data, 1)
    assert fragment in str(err.value)
