"""The rules book's row of games (issue 14): one button per game of the window, each as wide as
its name, all inside the window and clear of the search box, Back and the text, at 1280x720 and
at the smallest window size the settings allow; more games than a row holds start a new row."""

from __future__ import annotations

import itertools

import pytest

from game.core import registry
from game.ui.scenes.rules import RulesScene
from game.ui.settings import WINDOW_SIZES
from game.ui.widgets.basic import Button
from tests.ui.driver import frames, press


def _rules(app, system_id: str = "fantasy-adventures") -> RulesScene:
    scene = RulesScene(app, system_id)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def _game_buttons(scene: RulesScene) -> list[Button]:
    titles = {registry.get(sid).title for sid in registry.window_ids()}
    return [w for w in scene.widgets if isinstance(w, Button) and w.label in titles]


def _check_fits(app, scene: RulesScene, count: int) -> None:
    screen = app.screen.get_rect()
    buttons = _game_buttons(scene)
    assert len(buttons) == count
    for widget in scene.widgets:
        assert screen.contains(widget.rect), (getattr(widget, "label", widget), widget.rect)
        assert not widget.rect.colliderect(scene.text_rect)
    for a, b in itertools.combinations(scene.widgets, 2):
        assert not a.rect.colliderect(b.rect), (getattr(a, "label", a), getattr(b, "label", b))
    for button in buttons:  # the whole name, in the button's own font
        assert button.text_size is not None and button.text_size >= 15
        width = app.assets.font("heading", button.text_size).size(button.label)[0]
        assert width <= button.rect.width - 12, button.label


@pytest.mark.parametrize("size", [(1280, 720), min(WINDOW_SIZES)], ids=["1280x720", "smallest"])
def test_every_games_button_fits_the_window(make_app, size):
    app = make_app(size)
    scene = _rules(app)
    _check_fits(app, scene, len(registry.window_ids()))
    assert len({b.rect.y for b in _game_buttons(scene)}) == 1  # the five games on one row
    press(app, "Champions of Albion")
    assert scene.system_id == "champions-of-albion"
    press(app, "Fantasy Adventures")
    assert scene.system_id == "fantasy-adventures"
    assert [b.label for b in _game_buttons(scene) if b.primary] == ["Fantasy Adventures"]


def test_more_games_than_a_row_holds_wrap_and_the_text_moves_down(make_app, monkeypatch):
    app = make_app(min(WINDOW_SIZES))
    one_row = _rules(app).text_rect.top
    app.stack.pop()
    ids = registry.window_ids()
    monkeypatch.setattr(registry, "window_ids", lambda: ids * 2)
    scene = _rules(app)
    buttons = [w for w in scene.widgets if isinstance(w, Button) and w.label not in ("Back",)]
    assert len(buttons) == 2 * len(ids) and len({b.rect.y for b in buttons}) >= 2
    assert scene.text_rect.top > one_row
    screen = app.screen.get_rect()
    for a, b in itertools.combinations(scene.widgets, 2):
        assert not a.rect.colliderect(b.rect)
    assert all(screen.contains(w.rect) and not w.rect.colliderect(scene.text_rect) for w in scene.widgets)
