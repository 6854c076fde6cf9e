"""A registered game without a table in the window (played headless and in the terminal) stays
out of the window: New game and Continue do not offer it, and opening one of its saves says
where to play it instead of failing. Every shipped game has a table now, so these tests take
Fantasy Adventures' table away for their run (its registration, with no table)."""

import dataclasses

import pytest

from game import saves
from game.core import registry
from game.session import Seat, Session
from tests.ui.driver import press


@pytest.fixture
def without_table(monkeypatch):
    known = registry._KNOWN  # the one registration table of the shipped games
    monkeypatch.setitem(known, "fantasy-adventures", dataclasses.replace(known["fantasy-adventures"], table=""))


def test_every_shipped_game_is_offered_by_the_window(make_app):
    from game.ui.scenes.title import TitleScene

    assert set(registry.window_ids()) == set(registry.ids())
    app = make_app()
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    labels = {getattr(w, "label", "") for w in app.stack.top.widgets}
    assert "Buck: Legacy" in labels and "Fantasy Adventures" in labels


def test_the_window_offers_only_games_with_a_table(make_app, without_table):
    from game.ui.scenes.title import TitleScene

    assert "fantasy-adventures" in registry.ids() and "fantasy-adventures" not in registry.window_ids()
    app = make_app()
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    labels = {getattr(w, "label", "") for w in app.stack.top.widgets}
    assert "Buck: Legacy" in labels and "Fantasy Adventures" not in labels


def test_a_save_of_such_a_game_is_not_continued_and_opens_with_a_sentence(make_app, without_table):
    from game.ui.scenes.launch import open_session
    from game.ui.scenes.title import TitleScene

    app = make_app()
    session = Session.new("fantasy-adventures", [Seat("ai", "Ann", "random"), Seat("ai", "Bram", "random")], 3)
    saves.save(session, "terminal game")
    title = TitleScene(app)
    app.stack.replace(title)
    assert title.latest_save() is None
    open_session(app, session)
    assert app.stack.top is title
    assert app.toast is not None and "python -m game play fantasy-adventures" in app.toast[0]
