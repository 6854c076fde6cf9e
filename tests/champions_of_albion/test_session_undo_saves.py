"""Champions of Albion in a session: undo under the shared policy (a travel can be taken back,
a roll cannot), and saves at any point (mid-story, mid-fight) that load and replay exactly."""

from __future__ import annotations

import json

from game import saves
from game.ai.agents import random_choice
from game.core.rng import Rng
from game.session import Seat, Session


def test_a_travel_can_be_undone_and_a_roll_cannot():
    """The shared undo policy: a choice that rolled a die or turned up a card cannot be taken back."""
    scenario = {"main_enemy": "arawn", "champions": ["tamsin", "gareth"],
                "hand": ["old_huntsman", "wandering_minstrel", "hedge_witch", "scout_hound", "hermit_monk"]}
    session = Session.new("champions-of-albion", [Seat("human", "Ann"), Seat("human", "Bram")], 3, None, scenario)
    decision = session.pending()
    assert decision.kind == "action"
    seat = decision.seat
    before = session.game.state_hash()
    travel = next(o for o in decision.option_ids if o.startswith("travel:"))
    session.choose(seat, travel)
    assert session.can_undo()
    session.undo()
    assert session.game.state_hash() == before and session.pending() == decision
    session.choose(seat, "rest")  # resting rolls nothing
    assert session.can_undo()
    champion = session.game.state.seat_champion(seat)
    assert champion is not None and champion.id == "tamsin"  # Tamsin wins the initiative (speed 3)
    # A companion is won only by its persuasion test, so choosing it rolls the die at once.
    events = session.choose(seat, "gather:old_huntsman")
    assert any(e.rule == "CA-068" for e in events)
    assert not session.can_undo()


def test_saves_at_random_points_load_and_replay(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    for seed in range(3):
        session = Session.new("champions-of-albion", [Seat("human", "Ann"), Seat("human", "Cora")], seed,
                              {"main_enemy": ("dragon", "arawn", "morrigan")[seed]})
        rng = Rng.seeded(seed, 5)
        kinds = set()
        for step in range(400):
            decision = session.pending()
            if decision is None:
                break
            kinds.add(decision.kind)
            if step % 37 == 36:
                path = saves.save(session, f"slot{seed}")
                loaded = saves.load(path)
                assert loaded.game.state_hash() == session.game.state_hash()
                assert loaded.pending() == decision
                json.loads(path.read_text())  # plain JSON, never pickle
            session.choose(decision.seat, random_choice(decision, rng))
        assert "action" in kinds
