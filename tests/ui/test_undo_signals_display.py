"""The window's side of issue 10: hot-seat undo through the controller (item 6), signals that
save before the app exits (item 9) and no window without a usable display (item 13)."""

from __future__ import annotations

import pytest

from game.session import Seat, Session
from game.ui.controller import Controller
from tests.test_session import _hot_seat_after_a_reversible_move


def test_the_human_at_the_screen_cannot_undo_the_other_humans_move():
    """Item 6 in the window: after the hand-over, the new player's undo is refused and the
    game is unchanged; before it, the player who moved may still take the move back."""
    session = _hot_seat_after_a_reversible_move("fantasy-heroes", 1)
    controller = Controller(session, 0.0, autosave=False)
    mover, last = session.pending().seat, session.choices[-1].seat
    controller.shown_seat = last
    assert controller.needs_handoff() and controller.can_undo()
    controller.hand_over()
    assert controller.shown_seat == mover
    before = session.game.state_hash()
    assert not controller.can_undo()
    assert "another seat" in controller.undo()
    assert session.game.state_hash() == before
    controller.close()


def test_against_an_ai_the_human_undoes_only_its_own_move():
    session = Session.new("fantasy-heroes", [Seat("human"), Seat("ai", level="normal")], 4)
    controller = Controller(session, 0.0, autosave=False)
    decision = controller.my_decision()
    assert decision is not None and not controller.can_undo()
    controller.close()
