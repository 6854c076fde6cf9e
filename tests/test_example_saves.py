"""The example saves shipped in saves/ load, replay to their stored hash, and play on."""

from pathlib import Path

import pytest

from game import saves
from game.core import registry

SAVES = Path(__file__).resolve().parents[1] / "saves"


@pytest.mark.parametrize("system_id", registry.ids())
def test_example_save_loads_and_plays_to_the_end(system_id):
    path = SAVES / f"{system_id}.json"
    assert path.exists(), f"no example save for {system_id}"
    session = saves.load(path)  # replays every choice and checks hash and snapshot
    assert session.system_id == system_id and not session.over
    for i, seat in enumerate(session.seats):
        if not seat.is_ai:
            session.seats[i] = type(seat)("ai", seat.name, "normal")
            session.agents[i] = __import__("game.ai", fromlist=["make_agent"]).make_agent("normal", system_id, 1, i)
    session.run_ai()
    assert session.over
