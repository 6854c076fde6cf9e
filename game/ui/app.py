"""The window, the clock, the main loop and the global keys.

F11 toggles full screen; closing the window autosaves the game in progress and quits.
The loop caps at 60 FPS. ``step`` runs one frame on given events, so tests and the
self-test drive the real app without a real screen.
"""

from __future__ import annotations

import os
import time
from typing import Callable, Iterable

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.scene import Scene, SceneStack
from game.ui.settings import Settings

FPS = 60
MIN_SIZE = (1024, 640)
CAPTION = "Five Realms"


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None) -> None:
        # Only what the game uses: the display and fonts (the game has no sound, so the audio
        # system is never opened).
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(CAPTION)
        self.settings = settings or Settings.load()
        requested = size or tuple(self.settings.window_size)
        self.fullscreen = False
        self.screen = self._set_mode((max(MIN_SIZE[0], requested[0]), max(MIN_SIZE[1], requested[1])))
        if self.settings.fullscreen and size is None:
            self.toggle_fullscreen()
        self.assets = Assets()
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.tooltip: tuple[str, tuple[int, int]] | None = None
        self.toast: tuple[str, float] | None = None
        self.frame_times: list[float] = []
        self.on_quit: list[Callable[[], None]] = []
        pygame.key.set_repeat(350, 40)

    def _set_mode(self, size: tuple[int, int]) -> pygame.Surface:
        flags = pygame.RESIZABLE
        return pygame.display.set_mode(size, flags)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        return theme.scale_for(self.size)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
            self.fullscreen = not self.fullscreen
        except pygame.error:
            # Some drivers (the dummy one) cannot; fall back to a desktop-sized window.
            if not self.fullscreen:
                info = pygame.display.get_desktop_sizes()[0] if pygame.display.get_desktop_sizes() else self.size
                self._windowed = self.size
                self.screen = self._set_mode(info)
                self.fullscreen = True
            else:
                self.screen = self._set_mode(getattr(self, "_windowed", (1280, 720)))
                self.fullscreen = False
        self.screen = pygame.display.get_surface()
        self._relayout()

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = self._set_mode(size)
        if not self.fullscreen:
            self.settings.window_size = list(size)
        self._relayout()

    def _relayout(self) -> None:
        for scene in self.stack.scenes:
            scene.layout(self.size)

    def show_toast(self, text: str, seconds: float = 2.5) -> None:
        """A short message at the bottom of the window (saved, undone, errors...)."""
        self.toast = (text, time.monotonic() + seconds)

    # -- the loop -------------------------------------------------------------------------

    def handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.VIDEORESIZE:
            if not self.fullscreen:
                self.resize((event.w, event.h))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        return False

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: route events, update, draw."""
        started = time.perf_counter()
        self.tooltip = None
        for event in events:
            if self.handle_global(event):
                continue
            top = self.stack.top
            if top is not None:
                top.handle(event)
            if not self.running:
                return
        for scene in list(self.stack.scenes):
            scene.update(dt)
        self.draw()
        self.frame_times.append(time.perf_counter() - started)
        if len(self.frame_times) > 2000:
            del self.frame_times[:1000]

    def draw(self) -> None:
        surface = self.screen
        for scene in self.stack.visible():
            scene.draw(surface)
        from game.ui.widgets.tooltip import draw_toast, draw_tooltip

        if self.tooltip:
            draw_tooltip(surface, self.assets, self.tooltip[0], self.tooltip[1], self.scale)
        if self.toast:
            text, until = self.toast
            if time.monotonic() > until:
                self.toast = None
            else:
                draw_toast(surface, self.assets, text, self.scale)

    def run(self, first: Scene | None = None, max_frames: int | None = None) -> int:
        if first is not None:
            self.stack.replace(first)
        frames = 0
        while self.running and self.stack.top is not None:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(pygame.event.get(), dt)
            pygame.display.flip()
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        self.shutdown()
        return 0

    def quit(self) -> None:
        for hook in self.on_quit:
            hook()
        self.running = False

    def shutdown(self) -> None:
        self.settings.save()
        pygame.quit()
