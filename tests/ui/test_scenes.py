"""Every scene of every game opens and draws at 1280x720 and 1024x640, a menu's widgets lie
inside the window and apart, and 2,000 random input events per scene raise nothing."""

from __future__ import annotations

import itertools

import pytest

from game.core.rng import Rng
from game.ui.main import SCENES, build_scene, random_events
from game.ui.scenes.base import MenuScene


@pytest.mark.parametrize("ruleset", ["fantasy-heroes", "dungeon-delve", "champions-of-albion", "buck-legacy",
                                     "fantasy-adventures"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)], ids=["1280x720", "1024x640"])
@pytest.mark.parametrize("scene", SCENES)
def test_scene_draws_and_survives_random_input(make_app, scene, size, ruleset):
    app = make_app(size, speed="fast")
    build_scene(app, scene, ruleset, 5, 30)
    app.step([], 1 / 60)
    assert app.screen.get_size() == size
    top = app.stack.top
    if isinstance(top, MenuScene):  # its widgets inside the window, none over another (Buck: Legacy's
        shown = [w for w in top.widgets if w.visible]  # options once ran off the New game form)
        screen = app.screen.get_rect()
        assert all(screen.contains(w.rect) for w in shown), [getattr(w, "label", w) for w in shown]
        for a, b in itertools.combinations(shown, 2):
            assert not a.rect.colliderect(b.rect), (getattr(a, "label", a), getattr(b, "label", b))
    # Something was drawn: the frame is not one flat colour.
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, size[0], 7) for y in range(0, size[1], 5)}
    assert len(colours) > 3
    rng = Rng.seeded(hash(scene) & 0xFFFF)
    for _ in range(80):
        if not app.running or app.stack.top is None:
            app.running = True
            build_scene(app, scene, ruleset, 5, 30)
        app.step(random_events(rng, size, 25), 1 / 30)
    # Issue 12 item 6: nothing drawn needs a character the fonts lack (it shows as a box).
    assert not app.assets.missing_glyphs, sorted(app.assets.missing_glyphs)


def test_window_resizes_and_relayouts(make_app):
    import pygame

    app = make_app((1280, 720))
    build_scene(app, "table", "fantasy-heroes", 2, 20)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))], 1 / 60)
    assert app.screen.get_size() == (1600, 900)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500))], 1 / 60)
    assert app.screen.get_size() == (1024, 640)  # the smallest usable size
