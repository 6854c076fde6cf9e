"""Scenes and the scene stack (STYLE 13).

The top scene gets input; ``handle`` returns whether it consumed the event. Overlays
(pause, dialogs, hand-off) draw over the scene below. ``draw`` never changes game state.
Lifecycle: ``enter`` when pushed, ``pause`` when covered, ``resume`` when uncovered,
``exit`` when popped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    overlay = False
    name = "scene"

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None:
        self.layout(self.app.size)

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None:
        self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``; called on enter and on every resize."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def find(self, cls: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, cls):
                return scene
        return None

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top non-overlay scene and the overlays above it."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].overlay:
                start = i
                break
        return self.scenes[start:]
