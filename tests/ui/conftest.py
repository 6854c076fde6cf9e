"""UI test fixtures: a headless App (SDL dummy driver) with its own data and config folders."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FIVE_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    apps = []

    def make(size=(1280, 720), speed="off"):
        from game.ui.app import App
        from game.ui.settings import Settings

        app = App(size, Settings(window_size=list(size), animation_speed=speed))
        apps.append(app)
        return app

    yield make
    import pygame

    for app in apps:
        for scene in list(app.stack.scenes):
            controller = getattr(scene, "controller", None)
            if controller is not None:
                controller.close()
    pygame.quit()
