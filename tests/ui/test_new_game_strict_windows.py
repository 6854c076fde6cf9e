"""New game: the "Strict windows" switch reaches the session, the form fits the window with
the most seats a game allows, and its choices read as names, not ids."""

import itertools

import pytest

from game.ui.settings import WINDOW_SIZES
from game.ui.widgets.basic import Cycle
from tests.ui.driver import click, press


def _strict_cycle(scene):
    return next(w for w in scene.widgets if isinstance(w, Cycle) and "respond" in (w.tooltip or ""))


def test_strict_windows_switch_reaches_the_session(make_app):
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    app = make_app((1024, 640))
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    scene = app.stack.top
    cycle = _strict_cycle(scene)
    assert cycle.value == "off"
    click(app, cycle.rect.center)
    assert scene.strict_windows is True
    press(app, "Start")
    table = app.stack.find(TableScene)
    assert table is not None and table.controller.session.strict_windows is True


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_form_fits_with_the_most_seats(make_app, size):
    """Every game's form, with the most seats it allows, lies inside the window, above Start
    and Back, and no two of its widgets overlap, at every window size. Buck: Legacy's eight
    options ran under Start and off the window; they are now on a page of their own."""
    from game.core import registry
    from game.ui.scenes.title import TitleScene

    app = make_app(size)
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    scene = app.stack.top
    screen = app.screen.get_rect()
    for system_id in registry.window_ids():
        scene.pick(system_id)
        scene.set_count(str(scene.system.max_seats))
        start = next(w for w in scene.widgets if getattr(w, "label", "") == "Start")
        back = next(w for w in scene.widgets if getattr(w, "label", "") == "Back")
        form = [w for w in scene.widgets if w.rect.x >= scene.form_x and w not in (start, back)]
        assert len(form) >= 2 * scene.system.max_seats + 2
        assert all(w.rect.bottom <= min(start.rect.top, back.rect.top) for w in form), \
            f"{system_id}: the form runs under the Start button"
        for widget in scene.widgets:
            assert screen.contains(widget.rect), (system_id, getattr(widget, "label", widget))
        for a, b in itertools.combinations(scene.widgets, 2):
            assert not a.rect.colliderect(b.rect), (system_id, getattr(a, "label", a), getattr(b, "label", b))
        assert scene.options_inline is (system_id != "buck-legacy"), system_id


def test_each_seat_says_what_every_level_is(make_app):
    """Hovering a seat's kind explains every choice it cycles through (hard's second of thought
    among them), so nobody has to start a game to learn what a level does."""
    from game.ui.scenes.new_game import SEAT_HELP, SEAT_KINDS
    from game.ui.scenes.title import TitleScene

    app = make_app((1024, 640))
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    scene = app.stack.top
    seats = [w for w in scene.widgets if isinstance(w, Cycle) and w.tooltip == SEAT_HELP]
    assert len(seats) == scene.seat_count
    for kind, _ in SEAT_KINDS:
        assert kind in SEAT_HELP.lower(), kind
    assert "second" in SEAT_HELP


def test_every_option_choice_reads_as_a_name(make_app):
    """A game option's choices show their names (Dungeon Delve's quest once showed its id,
    "wardens_vault"): no label of any game's form is a raw id."""
    from game.core import registry
    from game.ui.scenes.title import TitleScene

    app = make_app((1024, 640))
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    scene = app.stack.top
    checked = 0
    for system_id in registry.window_ids():
        scene.pick(system_id)
        for option in scene.form_options():
            values = option.choices or option.suggestions
            if not values:
                continue
            cycle = next(w for w in scene.widgets if isinstance(w, Cycle) and [v for v, _ in w.choices] == list(values))
            for value, label in cycle.choices:
                assert "_" not in label and label, f"{system_id}: {option.label} shows {label!r} for {value!r}"
                checked += 1
    delve = registry.get("dungeon-delve")
    assert delve.option_label("quest", "wardens_vault") == "The Warden's Vault"
    # a party shows its heroes by name, not by title ("Sister Elowen" is Elowen)
    assert delve.option_label("heroes", "brakka_stonehide,sister_elowen") == "Brakka, Elowen"
    assert checked >= 4
