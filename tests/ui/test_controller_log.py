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


def _to_turn_end(controller):
    """Answer the human seat's questions (first option) until a turn ends (an autosave is due)."""
    session = controller.session
    for _ in range(2000):
        if controller.autosave_due:
            return
        decision = session.pending()
        assert decision is not None, "the game ended before a turn did"
        if session.seats[decision.seat].is_ai:
            session.step_ai()
        else:
            controller.choose(decision.option_ids[: max(1, decision.min_choices)])
    raise AssertionError("no turn ended")


def test_a_turns_autosave_is_written_in_the_next_frame_or_on_closing(make_app):
    """Issue 12 benchmark: the frame that ends a turn is the busiest there is, so its autosave
    is made at the start of the next frame's update (on the writer's thread) instead; closing
    the table before that frame still writes it."""
    from game import saves

    make_app()
    for close_first in (False, True):
        session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 5)
        controller = Controller(session, 0.0)
        controller.shown_seat = 0
        path = saves.slot_path(saves.autosave_slot("fantasy-heroes"))
        path.unlink(missing_ok=True)
        _to_turn_end(controller)
        assert not path.exists()  # not in the frame that ended the turn
        if close_first:
            controller.close()
        else:
            controller.update(busy=True)  # the frame that shows the turn's end: not yet
            controller.finish_writes()
            assert not path.exists() and controller.autosave_due
            controller.update(busy=True)  # the next: now
            controller.finish_writes()
            controller.close()
        assert path.exists() and not controller.autosave_due
        assert saves.load(path).choices == session.choices
