"""Auto-pass (issue 9, item 6; FH-023, FH-134): with the default settings a human holding Wall
of Fire is asked when the opponent's Attack Phase begins and can play it through the window.
Auto-pass declines only an instant-spell offer that no card in the seat's own hand could
answer, decides that before the question is drawn, and never answers a question on screen."""

from __future__ import annotations

import time

from game.core.decision import Decision, Option
from game.session import Seat, Session
from game.ui.controller import Controller
from game.ui.scenes.table import TableScene
from game.ui.settings import Settings
from tests.ui.driver import click_option, frames


def wall_session(human_hand: list[str]) -> Session:
    """P1 (normal AI) begins his turn; P2 (human) holds ``human_hand``."""
    scenario = {
        "scenario": {"players": 2, "start": "draw", "active": 1},
        "player": [{"name": "AI", "hand": ["barbarian", "giant", "orcs"], "territories": ["mountain#1"]},
                   {"name": "Ann", "hand": human_hand, "territories": ["castle#1", "swamp#1"]}],
        "deck": ["ogres", "trolls", "zombies", "skeletons", "griffins", "myrmidons"],
    }
    return Session.new("fantasy-heroes", [Seat("ai", "AI", "normal"), Seat("human", "Ann")], 3,
                       scenario=scenario)


def until_asked(controller: Controller, seconds: float = 10.0) -> Decision:
    """Run the controller (AI seats on its worker thread) until the human is asked something."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        controller.update(False)
        decision = controller.my_decision()
        if decision is not None:
            return decision
        time.sleep(0.002)
    raise AssertionError(f"the human was never asked; pending: {controller.decision()}")


def test_fh_023_auto_pass_on_by_default_still_asks_the_wall_of_fire_holder():
    assert Settings().auto_pass is True
    session = wall_session(["wall-of-fire", "peasants"])
    controller = Controller(session, 0.0, Settings().auto_pass, autosave=False)
    try:
        decision = until_asked(controller)
        assert (decision.kind, decision.rule, decision.seat) == ("instant", "FH-023", 1)
        assert "play:wall-of-fire" in decision.option_ids
        assert controller.choose(("play:wall-of-fire",)) is None
        assert [e.rule for e in session.log if e.kind == "instant"] == ["FH-134"]
        assert not [e for e in session.log if e.kind == "attack"]   # P1 may not attack him this turn
    finally:
        controller.close()


def test_auto_pass_never_answers_a_question_on_screen():
    """A Scrye holder at an instant point is asked, and the question stays until he answers."""
    session = wall_session(["scrye", "peasants"])
    controller = Controller(session, 0.0, True, autosave=False)
    try:
        decision = until_asked(controller)
        assert decision.kind == "instant" and "play:scrye" in decision.option_ids
        for _ in range(20):
            controller.update(False)
            controller.update(True)
        assert controller.my_decision() == decision and session.pending() == decision
    finally:
        controller.close()


def test_auto_pass_declines_unseen_only_an_offer_no_card_in_the_hand_answers(monkeypatch):
    """An instant offer naming no card of the seat's own hand is passed before it is drawn
    (no hand-off, no question); with Auto-pass off the same offer is shown."""
    session = wall_session(["peasants"])
    offer = Decision(1, "instant", "Instant point: play an instant spell?",
                     (Option("play:fortune", "Play Fortune", ("card", "fortune")), Option("pass", "Play nothing")),
                     rule="FH-133")
    answered: list[tuple[int, tuple[str, ...]]] = []
    monkeypatch.setattr(session, "pending", lambda: None if answered else offer)
    monkeypatch.setattr(session, "choose", lambda seat, ids: answered.append((seat, tuple(ids))) or [])
    off = Controller(session, 0.0, False, autosave=False)
    assert not off.auto_passes(offer) and off.my_decision() == offer
    off.auto_pass = True                               # switched on while the question is on screen
    off.update(False)
    assert answered == [] and off.my_decision() == offer
    on = Controller(session, 0.0, True, autosave=False)
    on.shown_seat = 0                                  # another human at the screen: no hand-off either
    assert on.auto_passes(offer) and on.my_decision() is None and not on.needs_handoff()
    on.update(True)
    assert answered == [(1, ("pass",))]
    held = Decision(1, "instant", "Instant point: play an instant spell?",
                    (Option("play:peasants", "Play Peasants", ("card", "peasants")), Option("pass", "Play nothing")),
                    rule="FH-133")
    assert not on.auto_passes(held)


def test_the_wall_of_fire_holder_plays_it_through_the_window(make_app):
    app = make_app()
    assert app.settings.auto_pass is True
    session = wall_session(["wall-of-fire", "peasants"])
    controller = Controller(session, 0.0, app.settings.auto_pass, autosave=False)
    controller.shown_seat = 1
    scene = TableScene(app, controller)
    app.stack.push(scene)
    end = time.monotonic() + 10
    while controller.my_decision() is None and time.monotonic() < end:
        frames(app)
        time.sleep(0.002)
    decision = controller.my_decision()
    assert decision is not None and decision.kind == "instant" and decision.rule == "FH-023"
    frames(app, 2)
    click_option(app, scene, ("play:wall-of-fire",))     # the lit card in his hand
    assert [e.rule for e in session.log if e.kind == "instant"] == ["FH-134"]


def test_the_settings_tooltip_says_what_auto_pass_declines(make_app):
    from game.ui.scenes.settings import SettingsScene
    from game.ui.widgets.basic import Cycle

    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app)
    labels = [label for label, _ in scene.rows]
    cycles = [w for w in scene.widgets if isinstance(w, Cycle)]
    tip = cycles[labels.index("Auto-pass")].tooltip
    assert "only when no card in your hand could answer it" in tip
    assert "Wall of Fire" in tip and "you are asked" in tip
