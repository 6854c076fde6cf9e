"""The controller hands the screen only what the seat at it may see: the log it draws and the
events it animates (issue 11 item 5), and keeps the visible log up to date as it grows
instead of filtering the whole log every frame."""

from game.session import Seat, Session
from game.ui.controller import Controller


def _expected(session, seat):
    return [e for e in session.log if e.seats is None or (seat is not None and seat in e.seats)]


def test_the_visible_log_follows_the_log_the_seat_and_undo():
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("human", "Bram")], 5)
    controller = Controller(session, 0.0, autosave=False)
    agent_like = __import__("game.ai", fromlist=["make_agent"]).make_agent("random", "fantasy-heroes", 5, 0)
    private_seen = False
    for step in range(120):
        decision = session.pending()
        if decision is None:
            break
        controller.shown_seat = decision.seat
        controller.new_events.clear()
        controller.choose(agent_like.choose(session.game.view_for(decision.seat), decision))
        assert all(e.seats is None or decision.seat in e.seats for e in controller.new_events)
        assert controller.visible_log() == _expected(session, decision.seat)
        private_seen = private_seen or any(e.seats is not None for e in session.log)
        if step % 17 == 0 and controller.can_undo():
            controller.undo()
            assert controller.visible_log() == _expected(session, controller.shown_seat)
    assert private_seen, "the game never drew a private card: the test proves nothing"
    other = 1 - controller.shown_seat
    controller.shown_seat = other
    assert controller.visible_log() == _expected(session, other)
    controller.shown_seat = None  # nobody at the screen: a spectator sees public lines only
    assert controller.visible_log() == [e for e in session.log if e.seats is None]
    controller.close()
