"""Settings: window size, full screen, animation speed. Kept in the user
config folder as soon as they change."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes.base import MenuScene
from game.ui.settings import ANIMATION_SPEEDS, RESULT_SECONDS, WINDOW_SIZES, THINKING_SECONDS
from game.ui.widgets.basic import Button, Cycle


class SettingsScene(MenuScene):
    name = "settings"
    title = "Settings"
    overlay = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rows: list[tuple[str, int]] = []

    def build(self, size: tuple[int, int], s: float) -> None:
        settings = self.app.settings
        self.panel = pygame.Rect(0, 0, theme.px(620, s), theme.px(540, s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        x = self.panel.centerx + theme.px(10, s)
        y = self.panel.y + theme.px(90, s)
        row = theme.px(58, s)
        w, h = theme.px(240, s), theme.px(42, s)
        desktops = pygame.display.get_desktop_sizes() or [(7680, 4320)]
        room = max(desktops, key=lambda d: d[0] * d[1])
        # Only the sizes that fit the screen (the smallest always stays on offer).
        sizes = [(f"{a}x{b}", f"{a} × {b}") for a, b in WINDOW_SIZES
                 if (a <= room[0] and b <= room[1]) or (a, b) == WINDOW_SIZES[0]]
        current = f"{self.app.size[0]}x{self.app.size[1]}"
        if current not in [v for v, _ in sizes]:
            sizes.insert(0, (current, f"{self.app.size[0]} × {self.app.size[1]}"))
        self.rows = []
        entries: list[tuple[str, Cycle]] = [
            ("Window size", Cycle(pygame.Rect(x, y, w, h), sizes, current, self.set_size,
                                  tooltip="The window's size (you can also drag its edges)")),
            ("Full screen", Cycle(pygame.Rect(x, y + row, w, h), [("off", "Off"), ("on", "On")],
                                  "on" if self.app.fullscreen else "off", self.set_fullscreen, tooltip="F11")),
            ("Animations", Cycle(pygame.Rect(x, y + 2 * row, w, h),
                                 [(k, k.capitalize()) for k in ANIMATION_SPEEDS], settings.animation_speed,
                                 self.set_speed, tooltip="How fast cards move; Space skips during play")),
            ("Results wait", Cycle(pygame.Rect(x, y + 3 * row, w, h),
                                   [(str(v), f"{v} s" if v else "Until a click") for v in RESULT_SECONDS],
                                   str(settings.result_seconds), self.set_result_seconds,
                                   tooltip="How long a battle or combat result stays on the table (Normal "
                                   "speed); a click or Space goes on at once")),
            ("Ask before risky moves", Cycle(pygame.Rect(x, y + 4 * row, w, h), [("on", "On"), ("off", "Off")],
                                             "on" if settings.confirm_risky else "off", self.set_confirm,
                                             tooltip="A second click before a once-per-game feat, a blow that "
                                             "hurts your own side, or a choice that cannot be taken back")),
            ("Hard AI thinks", Cycle(pygame.Rect(x, y + 5 * row, w, h),
                                     [(str(v), f"{v:g} s") for v in THINKING_SECONDS],
                                     str(float(settings.thinking_seconds)), self.set_thinking_seconds,
                                     tooltip="How long a hard computer player searches before each of its "
                                     "decisions (longer plays better)")),
        ]
        for i, (label, widget) in enumerate(entries):
            self.rows.append((label, y + i * row))
            self.widgets.append(widget)
        done = Button(pygame.Rect(0, 0, theme.px(180, s), theme.px(46, s)), "Done", self.app.stack.pop,
                      primary=True, hotkey=pygame.K_RETURN)
        done.rect.midbottom = (self.panel.centerx, self.panel.bottom - theme.px(22, s))
        self.widgets.append(done)

    def set_size(self, value: str) -> None:
        w, h = (int(v) for v in value.split("x"))
        if self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.app.resize((w, h))
        self.app.settings.save()

    def set_fullscreen(self, value: str) -> None:
        if (value == "on") != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.app.settings.fullscreen = value == "on"
        self.app.settings.save()

    def set_result_seconds(self, value: str) -> None:
        self.app.settings.result_seconds = int(value)
        self.app.settings.save()

    def set_thinking_seconds(self, value: str) -> None:
        self.app.settings.thinking_seconds = float(value)
        self.app.settings.save()

    def set_confirm(self, value: str) -> None:
        self.app.settings.confirm_risky = value == "on"
        self.app.settings.save()

    def set_speed(self, value: str) -> None:
        self.app.settings.animation_speed = value
        self.app.settings.save()


    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        assert self.panel is not None
        for label, y in self.rows:
            text = self.app.assets.text(label, "bold", theme.px(19, s), theme.PARCHMENT)
            surface.blit(text, text.get_rect(topright=(self.panel.centerx - theme.px(14, s), y + theme.px(8, s))))
