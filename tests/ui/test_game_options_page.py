"""A game's options on a page of their own (game.ui.scenes.game_options): Buck: Legacy's eight
options are chosen there, each with what it does; the choices reach the game; the form says
what was changed; Defaults and Esc work; the page fits every window size."""

from __future__ import annotations

import itertools

import pytest

from game.core import registry
from game.ui import theme
from game.ui.scenes.game_options import LABEL_SIZE, GameOptionsScene
from game.ui.settings import WINDOW_SIZES
from game.ui.widgets.basic import Cycle, TextField
from tests.ui.driver import click, frames, key, press, type_text


def _new_game(app, system_id: str):
    from game.ui.scenes.title import TitleScene

    app.stack.replace(TitleScene(app))
    press(app, "New game")
    scene = app.stack.top
    scene.pick(system_id)
    frames(app)
    return scene


def _widget_of(page: GameOptionsScene, option_id: str):
    """The page's widget for an option: the one beside its label."""
    for (option, label_row, _), widget in zip(page.entries, page.widgets):
        if option.id == option_id:
            assert widget.rect.centery == label_row.centery
            return widget
    raise AssertionError(f"no widget for {option_id}")


def test_options_chosen_on_the_page_reach_the_game(make_app):
    import pygame

    from game.ui.scenes.table import TableScene

    app = make_app((1024, 640))
    scene = _new_game(app, "buck-legacy")
    assert not scene.options_inline
    press(app, "Choose…")
    page = app.stack.top
    assert isinstance(page, GameOptionsScene) and page.title == "Options · Buck: Legacy"
    assert [option.id for option, _, _ in page.entries] == [o.id for o in scene.form_options()]
    quick = _widget_of(page, "quick")
    assert isinstance(quick, Cycle) and quick.value == "off"
    click(app, quick.rect.center)
    limit = _widget_of(page, "adventure_limit")
    assert isinstance(limit, TextField)
    click(app, limit.rect.center)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "4")
    key(app, pygame.K_RETURN)  # ends the field's typing
    press(app, "Done")
    assert app.stack.top is scene
    assert scene.options_summary is not None
    assert scene.options_summary[0] == "Changed: Quick game, Adventure limit 4"
    press(app, "Start")
    table = app.stack.find(TableScene)
    assert table is not None
    options = table.controller.session.options
    assert options["quick"] is True and options["adventure_limit"] == 4


def test_defaults_and_esc_on_the_page(make_app):
    import pygame

    app = make_app((1024, 640))
    scene = _new_game(app, "buck-legacy")
    scene.options.update(quick=True, bosses=3)
    scene.layout(app.size)
    assert scene.options_summary[0] == "Changed: Quick game, Bosses to defeat 3"
    press(app, "Choose…")
    page = app.stack.top
    assert _widget_of(page, "quick").value == "on" and _widget_of(page, "bosses").text == "3"
    press(app, "Defaults")
    assert scene.options == {} and _widget_of(page, "quick").value == "off"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.options_summary[0] == "As the rules say"


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_page_fits_the_window(make_app, size):
    """Every option, its name, its widget and the whole of its help inside the window, above
    Done and Defaults, nothing overlapping, for every game of the window (Buck: Legacy's eight
    in two columns at the smallest size)."""
    app = make_app(size)
    screen = app.screen.get_rect()
    for system_id in registry.window_ids():
        scene = _new_game(app, system_id)
        page = GameOptionsScene(app, scene.system, scene.options)
        app.stack.push(page)
        frames(app)
        buttons = [w for w in page.widgets if getattr(w, "label", "") in ("Done", "Defaults")]
        lowest = min(b.rect.top for b in buttons)
        areas = [w.rect for w in page.widgets]
        for option, label_row, help_area in page.entries:
            name = app.assets.text(option.label, "bold", theme.px(LABEL_SIZE, app.scale), theme.GOLD_LIGHT)
            assert name.get_width() <= label_row.width, (system_id, size, option.label)
            assert help_area.bottom <= lowest and screen.contains(help_area), (system_id, size, option.label)
            areas += [label_row, help_area]
        for widget in page.widgets:
            assert screen.contains(widget.rect)
        for a, b in itertools.combinations(areas, 2):
            assert not a.colliderect(b), (system_id, size, a, b)
        app.stack.pop()
