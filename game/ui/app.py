"""The window, the clock, the main loop and the global keys.

F11 toggles full screen; closing the window autosaves the game in progress and quits, and
so do SIGINT (Ctrl+C in the terminal that started it) and SIGTERM, at the end of the frame
(never in the middle of a move). An autosave that fails is said: on the screen when the
window is closed (closing it again quits without saving), on stderr after a signal.
The loop caps at 60 FPS. ``step`` runs one frame on given events, so tests and the
self-test drive the real app without a real screen.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Any, Callable, Iterable

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.scene import Scene, SceneStack
from game.ui.settings import Settings

FPS = 60
MIN_SIZE = (1024, 640)
CAPTION = "Five Realms"
# SDL's drivers that draw nowhere: fine when asked for by name (tests, the self-test and
# screenshots set SDL_VIDEODRIVER=dummy), but SDL also falls back to "offscreen" by itself
# when there is no display, and the game would then run with no window at all.
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def display_problem() -> str | None:
    """Why no window can be shown here, or None when one can."""
    try:
        pygame.display.init()
    except pygame.error as exc:
        return str(exc) or "the display cannot be opened"
    driver = pygame.display.get_driver()
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")]
    if driver in INVISIBLE_DRIVERS and driver not in asked:
        pygame.display.quit()
        return "no display was found"
    return None


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
        self.assets = Assets()
        self.stack = SceneStack()
        if self.settings.fullscreen and size is None:
            self.toggle_fullscreen()
        self.clock = pygame.time.Clock()
        self.running = True
        self.tooltip: tuple[str, tuple[int, int]] | None = None
        self.tooltip_avoid: list[pygame.Rect] = []  # what a tooltip should leave in sight (a scene sets it)
        self.toast: tuple[str, float] | None = None
        self.frame_times: list[float] = []
        # Hooks run on quitting; each returns None, or a sentence when it failed (an autosave).
        self.on_quit: list[Callable[[], str | None]] = []
        self.stop_signal: int | None = None
        self._quit_warned = False
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
        """Full screen at the display's own size, and back to the window's size.

        ``pygame.display.toggle_fullscreen`` keeps the window's pixel size, so the screen shows
        the table small inside black bars (letterboxing). Instead the display surface becomes
        the desktop's size and every scene lays itself out again for it (the layouts scale
        with the size), so the table fills the screen sharply."""
        if not self.fullscreen:
            self._windowed = self.size
            desktop = self.desktop_size()
            try:
                self.screen = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
            except pygame.error:  # a driver without full screen: a desktop-sized window
                self.screen = self._set_mode(desktop)
            self.fullscreen = True
        else:
            self.screen = self._set_mode(getattr(self, "_windowed", (1280, 720)))
            self.fullscreen = False
        self._relayout()

    def desktop_size(self) -> tuple[int, int]:
        """The size of the display the window is on (the first one when that is unknown)."""
        sizes = pygame.display.get_desktop_sizes()
        if not sizes:
            return self.size
        size = sizes[0]
        return (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))

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
            self.settings.fullscreen = self.fullscreen  # remembered, like the Settings toggle
            self.settings.save()
            return True
        return False

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: route events, update, draw."""
        started = time.perf_counter()
        self.tooltip = None
        self.tooltip_avoid = []
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
            draw_tooltip(surface, self.assets, self.tooltip[0], self.tooltip[1], self.scale, self.tooltip_avoid)
        if self.toast:
            text, until = self.toast
            if time.monotonic() > until:
                self.toast = None
            else:
                draw_toast(surface, self.assets, text, self.scale)

    def install_signal_handlers(self) -> None:
        """SIGINT and SIGTERM quit as closing the window does (autosave first), at the end of
        the frame; the exit status is then 128 + the signal's number, as a shell expects."""

        def note(signum: int, frame: Any) -> None:
            self.stop_signal = signum

        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, note)

    def run(self, first: Scene | None = None, max_frames: int | None = None) -> int:
        if first is not None:
            self.stack.replace(first)
        frames = 0
        while self.running and self.stack.top is not None:
            if self.stop_signal is not None:
                self.quit(force=True)
                break
            dt = self.clock.tick(FPS) / 1000.0
            self.step(pygame.event.get(), dt)
            pygame.display.flip()
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        self.shutdown()
        return 128 + self.stop_signal if self.stop_signal is not None else 0

    def quit(self, force: bool = False) -> None:
        """Run the quit hooks (autosave) and stop. If one fails, the player is told: the first
        time the window is closed the app stays open with the message; ``force`` (a signal, a
        second close) quits anyway, with the message on stderr."""
        problems = [p for p in (hook() for hook in self.on_quit) if p]
        if problems and not force and not self._quit_warned:
            self._quit_warned = True
            self.show_toast(f"{problems[0]} Close the window again to quit without saving.", 8.0)
            return
        for problem in problems:
            print(f"five-realms: {problem}", file=sys.stderr)
        self.running = False

    def shutdown(self) -> None:
        self.settings.save()
        pygame.quit()
