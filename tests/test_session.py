"""Session: seats, AI stepping, the choice log, and the undo policy."""

import pytest

from game.core.errors import FiveRealmsError, IllegalChoice
from game.session import Seat, Session
from tests.fantasy_heroes.helpers import SYSTEM


def scenario(hand1, hand2, **meta):
    return {"scenario": {"players": 2, "start": "attack", "active": 1, **meta},
            "player": [{"hand": hand1, "territories": ["castle#1", "tower#1"]},
                       {"hand": hand2, "territories": ["swamp#1", "forest#1"]}]}


def test_human_choice_without_hidden_effects_can_be_undone():
    session = Session.new("fantasy-heroes", [Seat("human"), Seat("human")], 1,
                          scenario=scenario(["warrior", "trolls", "ogres"], ["griffins"]))
    before = session.game.state_hash()
    session.choose(0, ["attack:swamp#1"])
    assert session.can_undo()
    session.undo()
    assert session.game.state_hash() == before and not session.choices


def test_undo_may_not_cross_a_draw_or_another_seats_choice():
    session = Session.new("fantasy-heroes", [Seat("human"), Seat("ai", level="normal")], 1,
                          scenario=scenario(["rune-staff", "warrior"], ["griffins", "trolls"]))
    session.choose(0, ["attack:swamp#1"])
    session.choose(0, ["play:warrior"])
    session.choose(0, ["play:rune-staff"])  # draws a card: irreversible
    assert not session.can_undo()
    with pytest.raises(IllegalChoice):
        session.undo()
    session2 = Session.new("fantasy-heroes", [Seat("human"), Seat("ai", level="normal")], 1,
                           scenario=scenario(["warrior", "trolls"], ["griffins"]))
    session2.choose(0, ["attack:swamp#1"])
    session2.choose(0, ["play:warrior"])
    session2.run_ai()
    if session2.choices[-1].by_human is False:
        assert not session2.can_undo()


def test_ai_seats_step_and_games_finish_and_logs_hide_private_lines():
    session = Session.new("fantasy-heroes", [Seat("ai", level="normal"), Seat("ai", level="random")], 3)
    session.run_ai()
    assert session.over and session.game.outcome().winners
    private = [e for e in session.log if e.seats is not None]
    assert private
    for event in session.log_for(0):
        assert event.seats is None or 0 in event.seats
    assert session.step_ai() is None


def test_seats_are_checked():
    with pytest.raises(FiveRealmsError):
        Seat("robot")
    with pytest.raises(FiveRealmsError):
        Seat("ai", level="godlike")
    with pytest.raises(IllegalChoice):
        Session.new("fantasy-heroes", [Seat("human")] * 4, 1)


def test_turn_end_hook_fires_each_turn():
    fired = []
    session = Session.new("fantasy-heroes", [Seat("ai", level="normal"), Seat("ai", level="normal")], 2)
    session.on_turn_end = lambda s: fired.append(s.game.turn)
    session.run_ai()
    assert len(fired) >= session.game.turn - 1 and fired == sorted(fired)
    assert SYSTEM.id == "fantasy-heroes"
