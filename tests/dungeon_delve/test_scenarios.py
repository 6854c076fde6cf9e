"""The shipped Dungeon Delve scenario positions load from TOML and play out (DESIGN:
scenario positions; `simulate --scenario`)."""

from pathlib import Path

import pytest

from game.rulesets.dungeon_delve.content import CONTENT_DIR
from game.core.cards import read_toml as load_scenario_file
from game.session import Seat, Session

SCENARIOS = sorted((Path(CONTENT_DIR) / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_dd_scenario_plays_to_an_outcome_and_replays(path):
    data = load_scenario_file(path)
    seats = [Seat("ai", "Overlord", "normal"), Seat("ai", "Heroes", "normal")]
    session = Session.new("dungeon-delve", seats, 4, scenario=data)
    assert session.game.state.round == data["scenario"]["round"]
    session.run_ai()
    outcome = session.game.outcome()
    assert outcome is not None and outcome.reason
    replay = Session.replay("dungeon-delve", seats, 4, None, data, [(c.seat, c.option_ids) for c in session.choices])
    assert replay.game.state_hash() == session.game.state_hash()
