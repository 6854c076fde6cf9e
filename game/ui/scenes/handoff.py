"""The hand-off screen between human seats (hot-seat privacy): it covers the table until
the next player says they are at the screen; only then is what is theirs alone drawn (the rule
system names it: a hand, a backpack, the overlord's cards, or nothing at all)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes.base import MenuScene
from game.ui.widgets.basic import Button


class HandOffScene(MenuScene):
    overlay = True
    name = "handoff"

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        decision = table.controller.decision()
        self.seat = decision.seat if decision else 0
        self.player = table.controller.session.seats[self.seat].name
        # What of this seat the others may not see ("hand", "backpack"; "" where nothing is).
        self.secret = table.controller.session.game.system.secret_of(self.seat)

    def note(self) -> str:
        if not self.secret:
            return f"Nothing of {self.player}'s is secret: the others need not look away."
        return f"The other players look away: the next screen shows {self.player}'s {self.secret}."

    def build(self, size: tuple[int, int], s: float) -> None:
        rect = pygame.Rect(0, 0, theme.px(360, s), theme.px(56, s))
        rect.center = (size[0] // 2, int(size[1] * 0.62))
        tip = f"Show my {self.secret} (Enter)" if self.secret else "Take the screen (Enter)"
        self.widgets = [Button(rect, f"I am {self.player}", self.ready, primary=True, hotkey=pygame.K_RETURN,
                               tooltip=tip)]

    def ready(self) -> None:
        self.table.controller.hand_over()
        self.app.stack.pop()

    def back(self) -> bool:
        return True  # the hand-off cannot be skipped with Esc

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.WALNUT)  # opaque: nothing of the table shows through

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        w, h = surface.get_size()
        title = a.text(f"Pass the screen to {self.player}", "title", theme.px(36, s), theme.GOLD_LIGHT)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.38))))
        note = a.text(self.note(), "italic", max(theme.MIN_TEXT_PX, theme.px(18, s)), theme.PARCHMENT)
        surface.blit(note, note.get_rect(center=(w // 2, int(h * 0.47))))
