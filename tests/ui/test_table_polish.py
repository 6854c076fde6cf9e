"""Issue 12 items 5 and 6: what players found missing or wrong at the table."""

from __future__ import annotations

import pygame

from game.session import Seat, Session
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.rules import RulesScene
from game.ui.settings import Settings
from tests.ui.driver import frames, key, press
from tests.ui.test_action_panel import _open


def test_a_rule_id_in_the_log_opens_the_rules_book_at_that_rule(make_app):
    app = make_app()
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 4)
    scene = _open(app, session)
    frames(app, 2)
    rule, _line, rect = next((r, line, rect) for r, line, rect in scene.log._lines if r)
    assert "click" in scene.log.tooltip_at(rect.center)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)], 1 / 60)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.query == rule
    frames(app)
    assert app.stack.top.search.text == rule


def test_after_looking_at_the_final_table_the_results_are_one_click_away(make_app):
    app = make_app()
    session = Session.new("fantasy-heroes", [Seat("ai", "Ann", "normal"), Seat("ai", "Bram", "normal")], 2,
                          options={"short_game": True})
    while session.step_ai() is not None:
        pass
    assert session.over
    scene = _open(app, session)
    frames(app, 3)
    assert isinstance(app.stack.top, GameOverScene)
    press(app, "Look at the table")
    assert app.stack.top is scene
    frames(app, 2)
    press(app, "Back to the results")
    assert isinstance(app.stack.top, GameOverScene)


def test_f11_is_remembered_like_the_settings_toggle(make_app):
    app = make_app()
    assert not app.settings.fullscreen
    key(app, pygame.K_F11)
    assert app.settings.fullscreen == app.fullscreen and Settings.load().fullscreen == app.fullscreen
