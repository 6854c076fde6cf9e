"""Shared pieces of the menu-like scenes: the felt background, a title, a column of
buttons, keyboard navigation, and overlays that dim what is below."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.ui import theme
from game.ui.assets import vignette
from game.ui.scene import Scene
from game.ui.widgets.basic import Button, Widget, draw_panel, hover_tooltip, route

_BACKGROUNDS: dict[tuple[int, int], pygame.Surface] = {}


def draw_felt(surface: pygame.Surface) -> None:
    size = surface.get_size()
    bg = _BACKGROUNDS.get(size)
    if bg is None:
        bg = pygame.Surface(size)
        bg.fill(theme.FELT)
        for y in range(0, size[1], 3):
            pygame.draw.line(bg, theme.FELT_DARK if (y // 3) % 2 else theme.FELT, (0, y), (size[0], y))
        bg.blit(vignette(size), (0, 0))
        _BACKGROUNDS.clear()
        _BACKGROUNDS[size] = bg = bg.convert()
    surface.blit(bg, (0, 0))


class MenuScene(Scene):
    """A scene made of widgets; subclasses build them in ``build``."""

    title = ""
    subtitle = ""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.mouse = (0, 0)
        self.panel: pygame.Rect | None = None

    def layout(self, size: tuple[int, int]) -> None:
        self.widgets = []
        self.build(size, theme.scale_for(size))

    def build(self, size: tuple[int, int], s: float) -> None: ...

    def column(self, entries: Sequence[tuple[str, Callable[[], object], str]], centre_x: int, top: int, s: float,
               width: int = 300, enabled: Sequence[bool] | None = None) -> list[Button]:
        """A column of buttons with number-key shortcuts 1..9."""
        buttons = []
        h = theme.px(46, s)
        for i, (label, action, tip) in enumerate(entries):
            rect = pygame.Rect(0, 0, theme.px(width, s), h)
            rect.midtop = (centre_x, top + i * (h + theme.px(12, s)))
            button = Button(rect, label, action, tooltip=tip, primary=i == 0,
                            hotkey=pygame.K_1 + i if i < 9 else None)
            if enabled is not None:
                button.enabled = enabled[i]
            buttons.append(button)
        self.widgets.extend(buttons)
        return buttons

    def row(self, entries: Sequence[tuple[str, Callable[[], object], str]], area: pygame.Rect, s: float) -> list[Button]:
        """A row of buttons along the foot of ``area``, sharing its width, with number-key
        shortcuts 1..9 (the first is the primary one, as in :meth:`column`)."""
        gap = theme.px(14, s)
        width = (area.width - (len(entries) + 1) * gap) // len(entries)
        buttons = self.column(entries, 0, 0, s)
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(area.x + gap + i * (width + gap), area.bottom - gap - theme.px(46, s),
                                      width, theme.px(46, s))
        return buttons

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if route(self.widgets, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.back()
        return False

    def back(self) -> bool:
        """Esc: leave this scene (overridden where Esc means something else)."""
        if len(self.app.stack.scenes) > 1:
            self.app.stack.pop()
            return True
        return False

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.overlay:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((8, 6, 4, 175))
            surface.blit(shade, (0, 0))
        else:
            draw_felt(surface)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        a = self.app.assets
        self.draw_background(surface)
        if self.panel is not None:
            # Opaque: the screen behind (the title's buttons, the table) must not show through the rows.
            draw_panel(surface, self.panel, s, colour=theme.WALNUT, border=theme.GOLD)
        if self.title:
            y = (self.panel.y + theme.px(18, s)) if self.panel else theme.px(48, s)
            label = a.text(self.title, "title", theme.px(40 if not self.panel else 32, s), theme.GOLD_LIGHT)
            surface.blit(label, label.get_rect(midtop=(surface.get_width() // 2, y)))
            if self.subtitle:
                sub = a.text(self.subtitle, "italic", theme.px(18, s), theme.PARCHMENT)
                surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2, y + label.get_height() + 4)))
        self.draw_content(surface, s)
        for widget in self.widgets:
            widget.draw(surface, a, s)
        if self.app.stack.top is self:
            tip = hover_tooltip(self.widgets, self.mouse)
            if tip:
                self.app.tooltip = (tip, self.mouse)

    def draw_content(self, surface: pygame.Surface, s: float) -> None: ...


class ConfirmScene(MenuScene):
    """A yes/no question over the current scene."""

    overlay = True
    name = "confirm"

    def __init__(self, app: Any, question: str, on_yes: Callable[[], object], yes: str = "Yes") -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.yes_label = yes

    def build(self, size: tuple[int, int], s: float) -> None:
        self.panel = pygame.Rect(0, 0, theme.px(520, s), theme.px(200, s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        w, h = theme.px(160, s), theme.px(44, s)
        yes = Button(pygame.Rect(0, 0, w, h), self.yes_label, self._yes, primary=True, hotkey=pygame.K_RETURN)
        no = Button(pygame.Rect(0, 0, w, h), "Cancel", self.app.stack.pop)
        yes.rect.bottomright = (self.panel.centerx - theme.px(10, s), self.panel.bottom - theme.px(20, s))
        no.rect.bottomleft = (self.panel.centerx + theme.px(10, s), self.panel.bottom - theme.px(20, s))
        self.widgets = [yes, no]

    def _yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        assert self.panel is not None
        a = self.app.assets
        lines = a.wrap(self.question, "bold", theme.px(19, s), self.panel.width - theme.px(40, s))
        y = self.panel.y + theme.px(30, s)
        for line in lines[:3]:
            label = a.text(line, "bold", theme.px(19, s), theme.PARCHMENT)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += label.get_height() + 2


class NoticeScene(MenuScene):
    """A message over the current scene with an OK button (Enter or Esc close it): a heading
    and lines of text, each wrapped, the panel as tall as they need (a refused deck's reasons)."""

    overlay = True
    name = "notice"

    def __init__(self, app: Any, heading: str, lines: Sequence[str]) -> None:
        super().__init__(app)
        self.heading = heading
        self.lines = list(lines)
        self._wrapped: list[str] = []

    def build(self, size: tuple[int, int], s: float) -> None:
        a = self.app.assets
        width = min(size[0] - theme.px(80, s), theme.px(720, s))
        text_w = width - theme.px(48, s)
        self._wrapped = []
        for line in self.lines:
            self._wrapped += a.wrap(line, "body", theme.px(17, s), text_w)
        line_h = a.font("body", theme.px(17, s)).get_linesize()
        room = size[1] - theme.px(200, s)
        self._wrapped = self._wrapped[: max(1, room // line_h)]
        self.panel = pygame.Rect(0, 0, width, theme.px(150, s) + line_h * len(self._wrapped))
        self.panel.center = (size[0] // 2, size[1] // 2)
        ok = Button(pygame.Rect(0, 0, theme.px(160, s), theme.px(44, s)), "OK", self.app.stack.pop, primary=True,
                    hotkey=pygame.K_RETURN)
        ok.rect.midbottom = (self.panel.centerx, self.panel.bottom - theme.px(18, s))
        self.widgets = [ok]

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        assert self.panel is not None
        a = self.app.assets
        head = a.text(self.heading, "heading", theme.px(22, s), theme.GOLD_LIGHT)
        surface.blit(head, head.get_rect(midtop=(self.panel.centerx, self.panel.y + theme.px(20, s))))
        y = self.panel.y + theme.px(64, s)
        for line in self._wrapped:
            surface.blit(a.text(line, "body", theme.px(17, s), theme.PARCHMENT), (self.panel.x + theme.px(24, s), y))
            y += a.font("body", theme.px(17, s)).get_linesize()
