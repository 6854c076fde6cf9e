"""Instant windows at the table (issue 9 item 6, FH-023, FH-134; issue 11 item 1). A human
holding Wall of Fire is asked when the opponent's Attack Phase begins and can play it through
the window. What the old Auto-pass setting declined (an offer no card in the hand could
answer) is now a forced pass that the session answers before anything is drawn, for every
seat alike, so there is no setting left; a question on screen is never answered for him."""

from __future__ import annotations

import time

from game.core.decision import Decision
from game.session import Seat, Session
from game.ui.controller import Controller
from game.ui.scenes.table import TableScene
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


def test_fh_023_the_wall_of_fire_holder_is_asked():
    session = wall_session(["wall-of-fire", "peasants"])
    controller = Controller(session, 0.0, autosave=False)
    try:
        decision = until_asked(controller)
        assert (decision.kind, decision.rule, decision.seat) == ("instant", "FH-023", 1)
        assert "play:wall-of-fire" in decision.option_ids
        assert controller.choose(("play:wall-of-fire",)) is None
        assert [e.rule for e in session.log if e.kind == "instant"] == ["FH-134"]
        assert not [e for e in session.log if e.kind == "attack"]   # P1 may not attack him this turn
    finally:
        controller.close()


def test_a_question_on_screen_is_never_answered_for_the_player():
    """A Scrye holder at an instant point is asked, and the question stays until he answers."""
    session = wall_session(["scrye", "peasants"])
    controller = Controller(session, 0.0, autosave=False)
    try:
        decision = until_asked(controller)
        assert decision.kind == "instant" and "play:scrye" in decision.option_ids
        for _ in range(20):
            controller.update(False)
            controller.update(True)
        assert controller.my_decision() == decision and session.pending() == decision
    finally:
        controller.close()


def test_a_player_without_an_instant_is_never_shown_an_instant_point():
    """The human holds no instant: every instant point of the AI's turn and his own is a
    forced pass, answered before it is drawn (no question, no hand-off)."""
    session = wall_session(["peasants"])
    controller = Controller(session, 0.0, autosave=False)
    try:
        decision = until_asked(controller)
        assert decision.kind != "instant" and not decision.forced_pass
        assert any(c.window_pass and c.seat == 1 for c in session.choices)  # he was asked, and passed
    finally:
        controller.close()


def test_the_wall_of_fire_holder_plays_it_through_the_window(make_app):
    app = make_app()
    session = wall_session(["wall-of-fire", "peasants"])
    controller = Controller(session, 0.0, autosave=False)
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


def test_settings_offer_no_auto_pass_any_more(make_app):
    from game.ui.scenes.settings import SettingsScene

    app = make_app()
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app)
    assert [label for label, _ in scene.rows] == ["Window size", "Full screen", "Animations", "Results wait",
                                                 "Ask before risky moves", "Hard AI thinks"]
    assert not any("pass" in label.lower() for label, _ in scene.rows)


def test_the_table_draws_the_cards_of_the_games_own_content(make_app, monkeypatch):
    """Issue 11 item 6: the Fantasy Heroes table and its card faces read the content of the
    game's rule system, not a module-level copy."""
    from dataclasses import replace

    from game.rulesets.fantasy_heroes.content import Content
    from game.ui.tables.fantasy_heroes_cards import card_tooltip, face

    app = make_app()
    session = wall_session(["peasants"])
    controller = Controller(session, 0.0, autosave=False)
    scene = TableScene(app, controller)
    app.stack.push(scene)
    own = session.game.system.content
    assert scene.table.content is own
    cards = dict(own.cards)
    cards["peasants"] = replace(cards["peasants"], name="Serfs")
    monkeypatch.setattr(session.game.system, "content", Content(cards, own.territory_names, own.territory_instances))
    assert face(scene.table.content, "peasants").name == "Serfs"
    assert card_tooltip(scene.table.content, "peasants").startswith("Serfs.")
    monkeypatch.undo()
    assert face(scene.table.content, "peasants").name == own.card("peasants").name
