""""Pass until my turn" in the action panel: offered at a response window not about the seat at
the screen, pressed like any row; the session then passes for it until its turn (see
tests/test_pass_until_turn.py), and a toast says so. Not offered at a window about the seat."""

from __future__ import annotations

from game.ai import make_agent
from game.session import Seat, Session
from tests.test_pass_until_turn import _to_window_not_about
from tests.ui.driver import frames, open_table, press


def _labels(scene) -> list[str]:
    decision = scene.controller.my_decision()
    return [e.label for g in scene._panel_rows(decision)[0] for e in g.entries]


def test_the_panel_offers_pass_until_my_turn_and_the_row_passes_on(make_app):
    app = make_app()
    session = Session.new("buck-legacy", [Seat("human", "Ann"), Seat("ai", "Bram", "normal"),
                                          Seat("ai", "Cora", "normal")], 2)
    assert _to_window_not_about(session, 0)
    scene = open_table(app, session)
    assert "Pass until my turn" in _labels(scene)
    row = next(b for b in scene.buttons if b.label == "Pass until my turn")
    assert "your own fights and checks" in row.tooltip
    before = len(session.choices)
    press(app, "Pass until my turn")
    assert app.toast is not None and app.toast[0] == "Passing until your turn."
    assert 0 in session.passing and scene.controller.my_decision() is None
    assert scene.prompt_text(None)[0].endswith(" You pass until your turn.")  # (while the others play)
    frames(app, 3)
    assert session.choices[before].seat == 0 and session.choices[before].option_ids == ("pass",)
    assert session.choices[before].by_human


def test_no_such_row_at_a_window_about_the_seat_or_outside_a_window(make_app):
    app = make_app()
    session = Session.new("buck-legacy", [Seat("human", "Ann"), Seat("human", "Bram")], 2)
    scene = open_table(app, session)
    assert not session.pending().window  # the setup's question
    assert "Pass until my turn" not in _labels(scene)
    session = Session.new("buck-legacy", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 2)
    stand_in = make_agent("normal", "buck-legacy", 5, 0)
    for _ in range(20_000):  # to a window about Ann: a die of her own fight or check
        session.run_ai()
        decision = session.pending()
        if decision.window and 0 in session.game.concerned_seats():
            break
        session.choose(0, stand_in.choose(session.game.view_for(0), decision))
    scene = open_table(app, session)
    assert scene.controller.my_decision().window and "Pass until my turn" not in _labels(scene)
    # Her own fight's windows: she may pass the rest of it (or of her check).
    words = "this check" if session.game.moment_key().startswith("check:") else "this fight"
    assert f"Pass the rest of {words}" in _labels(scene)
    press(app, f"Pass the rest of {words}")
    assert app.toast is not None and app.toast[0] == f"Passing for the rest of {words}."


def test_fantasy_adventures_offers_pass_the_rest_of_this_encounter(make_app):
    """With two players every window of an Encounter is about both, so "Pass until my turn" is
    never offered; "Pass the rest of this Encounter" is, and passes on."""
    app = make_app()
    session = Session.new("fantasy-adventures", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 3)
    stand_in = make_agent("normal", "fantasy-adventures", 5, 0)
    for _ in range(20_000):
        session.run_ai()
        decision = session.pending()
        if session.may_pass_moment(0):
            break
        session.choose(0, stand_in.choose(session.game.view_for(0), decision))
    scene = open_table(app, session)
    labels = _labels(scene)
    assert "Pass the rest of this Encounter" in labels and "Pass until my turn" not in labels
    press(app, "Pass the rest of this Encounter")
    assert app.toast is not None and app.toast[0] == "Passing for the rest of this Encounter."
