"""The Fantasy Adventures deck builder (issue 14, item 3): the pool's filters, the counts, GP
totals and the reason of every deck-building violation (FA-016 to FA-023), decks saved to and
opened from the user data folder, damaged or hostile deck files listed with their reason and
never a crash, and the New game screen's deck per seat reaching the game's options."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core import registry
from game.rulesets.fantasy_adventures import deck_library as library
from game.rulesets.fantasy_adventures import decks
from game.ui.scenes.deck_builder import DeckBuilderScene
from game.ui.scenes.deck_files import DeckFilesScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, press, type_text


def _builder(make_app, size=(1280, 720)):
    app = make_app(size)
    app.stack.replace(TitleScene(app))
    press(app, "Deck builder")
    scene = app.stack.top
    assert isinstance(scene, DeckBuilderScene)
    frames(app, 2)
    return app, scene


def _row(scene, card_id):
    return next(rect for rect, shown in scene.pool_rows if shown == card_id)


def test_filters_narrow_the_pool(make_app):
    app, scene = _builder(make_app)
    everything = len(scene.pool())
    scene._filter("kind", "monster")
    monsters = scene.pool()
    assert 0 < len(monsters) < everything and all(card.kind == "monster" for card in monsters)
    scene._filter("element", "fire")
    assert all(card.element == "fire" for card in scene.pool()) and len(scene.pool()) < len(monsters)
    scene._filter("kind", "all")
    scene._filter("element", "all")
    scene._filter("item_class", "sword")
    assert scene.pool() and all("sword" in card.classes for card in scene.pool())
    scene._filter("item_class", "all")
    scene._filter("gp", "top")
    assert scene.pool() and all(card.gp >= 360 for card in scene.pool())
    scene._filter("gp", "all")
    type_text(app, "byr")  # typing anywhere searches
    frames(app)
    assert [card.id for card in scene.pool()] == ["byron"]
    key(app, pygame.K_BACKSPACE)
    assert scene.query == "by"


def test_a_second_copy_of_a_unique_card_shows_the_fa016_reason(make_app):
    """FA-016: a deck may hold one copy of a unique card; the builder says so, naming the rule."""
    app, scene = _builder(make_app)
    assert not scene.violations()  # the starter deck is legal
    type_text(app, "byron")
    frames(app)
    before = scene.count("byron")
    click(app, _row(scene, "byron").center)
    assert scene.count("byron") == before + 1
    reasons = [v for v in scene.violations() if v.rule == "FA-016"]
    assert reasons and "Byron" in reasons[0].text and "unique" in reasons[0].text
    frames(app)
    key(app, pygame.K_DELETE)  # the cursor is on Byron: one copy out again
    assert scene.count("byron") == before and not scene.violations()


def test_counts_and_gp_totals_update(make_app):
    """FA-017, FA-018, FA-020, FA-021: the totals follow every change, and a short deck says why."""
    app, scene = _builder(make_app)
    before = decks.totals(scene.deck(), scene.content)
    type_text(app, "flame lancer")
    frames(app)
    type_text(app, "+")
    after = decks.totals(scene.deck(), scene.content)
    lancer = scene.content.card("flame_lancer")
    assert after.hero_cards == before.hero_cards + 1 and after.hero_gp == before.hero_gp + lancer.gp
    scene.new_deck()  # no changes saved yet: it asks first
    press(app, "Discard")
    assert scene.deck().size("hero") == 0 and scene.deck().size("encounter") == 0
    rules = {v.rule for v in scene.violations()}
    assert {"FA-020", "FA-017"} <= rules
    frames(app, 2)


def test_saving_then_opening_round_trips(make_app):
    app, scene = _builder(make_app)
    scene._filter("kind", "item")
    frames(app)
    first_item = scene.pool()[0].id
    click(app, _row(scene, first_item).center)
    scene.name_field.text = "Item heavy"
    scene._rename("Item heavy")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert not scene.dirty
    saved = decks.load_deck(library.deck_path("Item heavy"))
    assert saved == scene.deck()
    scene.new_deck()
    assert scene.deck().size("encounter") == 0
    scene.open_files()
    files = app.stack.top
    assert isinstance(files, DeckFilesScene)
    frames(app)
    files.selected = [name for name, _, _ in files.entries()].index("Item heavy")
    press(app, "Open")
    assert app.stack.top is scene and scene.deck() == saved and scene.saved_as == "Item heavy"


def test_a_deck_name_is_checked_like_a_save_name(make_app):
    app, scene = _builder(make_app)
    scene.name_field.text = "con"
    scene.save()
    assert "Windows" in app.toast[0] and "deck" in app.toast[0]
    assert not library.decks_dir().exists()


HOSTILE = {
    "broken": b"{\"format\": \"five-realms-deck\", ",
    "binary": bytes(range(256)),
    "deep": b"[" * 100000 + b"]" * 100000,
    "other-game": b'{"format": "five-realms-deck", "version": 1, "game": "chess", "name": "x", "hero": {}, '
                  b'"encounter": {}}',
}


def test_a_hostile_deck_file_is_listed_unreadable_and_never_crashes(make_app):
    app, scene = _builder(make_app)
    folder = library.decks_dir()
    folder.mkdir(parents=True)
    for name, raw in HOSTILE.items():
        (folder / f"{name}.json").write_bytes(raw)
    (folder / "huge.json").write_bytes(b" " * (decks.MAX_BYTES + 10))
    library.save_named("good", decks.starter_deck())
    listed = {f.name: f for f in library.list_decks()}
    assert listed["good"].ok
    for name in [*HOSTILE, "huge"]:
        assert not listed[name].ok and listed[name].reason.endswith(".")
    assert "another game" in listed["other-game"].reason
    scene.open_files()
    files = app.stack.top
    frames(app, 2)
    entries = {name: (detail, readable) for name, detail, readable in files.entries()}
    assert entries["broken"][1] is False and entries["broken"][0].startswith("Cannot be read: ")
    files.selected = list(entries).index("binary")
    press(app, "Open")  # refused with the sentence, the builder unchanged
    assert app.stack.top is files and "cannot be opened" in app.toast[0]
    choices = dict(DeckBuilderScene.choices())
    assert "file:good" in choices and "file:broken" not in choices


def test_saving_never_replaces_a_good_file_with_a_bad_one(make_app):
    app, scene = _builder(make_app)
    path = library.save_named("keep", decks.starter_deck())
    good = path.read_bytes()
    with pytest.raises(decks.DeckError):
        library.save_named("keep", decks.DeckList("keep", (("byron", 1), ("byron", 2)), ()))
    assert path.read_bytes() == good


@pytest.fixture
def adventures_in_the_window(monkeypatch):
    """Fantasy Adventures offered by the New game screen whether or not its table is merged
    yet, with the session caught instead of opened at a table."""
    record = registry.registration("fantasy-adventures")
    if not record.table:
        monkeypatch.setitem(registry._KNOWN, "fantasy-adventures", dataclasses.replace(record, table="no:table"))
    opened = []
    monkeypatch.setattr("game.ui.scenes.launch.open_session", lambda app, session, *rest: opened.append(session))
    return opened


def test_new_game_passes_each_seats_deck_into_the_game_options(make_app, adventures_in_the_window):
    app = make_app((1024, 640))
    app.stack.replace(TitleScene(app))
    library.save_named("Mine", decks.starter_deck())
    press(app, "New game")
    press(app, "Fantasy Adventures")
    scene = app.stack.top
    pickers = [w for w in scene.widgets if "seat's deck" in (w.tooltip or "")]
    assert len(pickers) == scene.seat_count
    click(app, pickers[1].rect.center)  # Starter deck -> Mine
    assert scene.deck_picks[1] == "file:Mine"
    start = next(w for w in scene.widgets if getattr(w, "label", "") == "Start")
    assert all(w.rect.right <= app.size[0] and w.rect.bottom <= start.rect.top for w in pickers)
    press(app, "Start")
    session = adventures_in_the_window[0]
    chosen = session.options["decks"]
    assert chosen[0] == () and decks.from_option(chosen[1]).name == "Mine"


def test_new_game_refuses_an_illegal_deck_with_its_reasons(make_app, adventures_in_the_window):
    """FA-023: an illegal deck is refused at start, every reason shown."""
    app = make_app()
    app.stack.replace(TitleScene(app))
    starter = decks.starter_deck()
    library.save_named("Too rich", decks.DeckList.of("Too rich", {**dict(starter.hero), "byron": 2},
                                                     dict(starter.encounter)))
    press(app, "New game")
    press(app, "Fantasy Adventures")
    scene = app.stack.top
    scene.deck_picks[0] = "file:Too rich"
    press(app, "Start")
    assert not adventures_in_the_window
    notice = app.stack.top
    assert notice.name == "notice" and "FA-016" in notice.lines[0]
    frames(app, 2)


def test_edit_opens_the_seats_deck_and_saving_picks_it(make_app, adventures_in_the_window):
    app = make_app()
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    press(app, "Fantasy Adventures")
    new_game = app.stack.top
    press(app, "Edit")
    builder = app.stack.top
    assert isinstance(builder, DeckBuilderScene)
    builder.name_field.text = "Edited"
    builder._rename("Edited")
    builder.save()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is new_game and new_game.deck_picks[0] == "file:Edited"


def test_esc_asks_before_losing_changes(make_app):
    app, scene = _builder(make_app)
    type_text(app, "+")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm"
    press(app, "Cancel")
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    press(app, "Discard")
    assert isinstance(app.stack.top, TitleScene)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_builder_fits_the_window(make_app, size):
    app, scene = _builder(make_app, size)
    w, h = size
    assert all(widget.rect.right <= w and widget.rect.bottom <= h for widget in scene.widgets)
    assert scene.pool_rect.bottom <= h and scene.deck_rect.right <= w
    assert all(rect.bottom <= scene.pool_rect.bottom for rect, _ in scene.pool_rows)
    assert all(rect.bottom <= scene.deck_rect.bottom for rect, _ in scene.deck_rows)


def test_arrows_and_page_keys_move_the_cursor_and_scroll(make_app):
    app, scene = _builder(make_app)
    key(app, pygame.K_DOWN)
    assert scene.cursor == 1
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    frames(app)
    assert scene.pool_scroll > 0 and scene.pool_rows[0][1] != scene.pool()[0].id
    key(app, pygame.K_RETURN)  # adds the card under the cursor
    card = scene.pool()[scene.cursor]
    assert scene.count(card.id) >= 1 and scene.dirty


def test_delete_is_greyed_out_on_the_starter_deck(make_app):
    """The starter deck has no file: with it selected, Delete is greyed out and says why (it was
    a live button that answered with a toast); on a saved deck it deletes, after asking."""
    from game.ui.scenes.base import ConfirmScene

    app, scene = _builder(make_app)
    scene.name_field.text = "Mine"
    scene._rename("Mine")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    scene.open_files()
    files = app.stack.top
    frames(app)
    delete = next(w for w in files.widgets if getattr(w, "label", "") == "Delete")
    files.selected = 0
    frames(app)
    assert not delete.enabled and "starter deck" in delete.tooltip
    files.selected = [name for name, _, _ in files.entries()].index("Mine")
    frames(app)
    assert delete.enabled
    press(app, "Delete")
    assert isinstance(app.stack.top, ConfirmScene)
