"""Buttons, cycling choices, toggles, text fields and labels."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.ui import theme
from game.ui.assets import Assets

Action = Callable[[], object]  # what it returns is ignored


class Widget:
    def __init__(self, rect: pygame.Rect, tooltip: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.visible = True
        self.enabled = True
        self.hovered = False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None: ...

    def hover_text(self) -> str:
        return self.tooltip


class Button(Widget):
    """A parchment button; ``primary`` ones are gold. Enter/space activate a focused default."""

    def __init__(self, rect: pygame.Rect, label: str, on_click: Action, *, tooltip: str = "",
                 primary: bool = False, icon: str | None = None, hotkey: int | None = None,
                 enabled: bool = True) -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.icon = icon
        self.hotkey = hotkey
        self.enabled = enabled
        self.pressed = False
        self.text_size: int | None = None  # a fixed label size (a bar of many buttons); else from the height

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
                return True
        elif (event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey
              and self.enabled):
            self.on_click()
            return True
        return False

    @property
    def fill(self) -> theme.Colour:
        """Gold for a primary button, parchment for the rest, lighter under the pointer."""
        if self.primary and self.enabled:
            return theme.GOLD_LIGHT if self.hovered else theme.GOLD
        return theme.PARCHMENT if self.enabled else theme.PARCHMENT_DARK

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        if not self.visible:
            return
        rect = self.rect
        fill = self.fill
        shadow = rect.move(0, theme.px(3, scale))
        pygame.draw.rect(surface, theme.SHADOW, shadow, border_radius=theme.px(8, scale))
        pygame.draw.rect(surface, fill, rect.move(0, 1 if self.pressed else 0), border_radius=theme.px(8, scale))
        border = theme.GOLD if self.hovered and self.enabled else theme.WALNUT_LIGHT
        pygame.draw.rect(surface, border, rect, width=max(2, theme.px(2, scale)), border_radius=theme.px(8, scale))
        colour = theme.INK if self.enabled else theme.MUTED
        size = self.text_size or max(theme.MIN_TEXT_PX, min(theme.px(18, scale), int(rect.height * 0.5)))
        label = assets.text(self.label, "heading", size, colour)
        if label.get_width() > rect.width - 12:
            label = assets.text(self.label, "bold", size, colour)
        x = rect.centerx - label.get_width() // 2
        if self.icon and assets.has_icon(self.icon):
            icon = assets.icon(self.icon, int(rect.height * 0.6), colour)
            x += icon.get_width() // 2 + 3
            surface.blit(icon, (x - icon.get_width() - 6, rect.centery - icon.get_height() // 2))
        surface.blit(label, (x, rect.centery - label.get_height() // 2))


class Cycle(Widget):
    """A button that steps through choices (left click forward, right click back)."""

    def __init__(self, rect: pygame.Rect, choices: Sequence[tuple[str, str]], value: str,
                 on_change: Callable[[str], None] | None = None, tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.choices = list(choices)
        self.index = next((i for i, (v, _) in enumerate(self.choices) if v == value), 0)
        self.on_change = on_change

    @property
    def value(self) -> str:
        return self.choices[self.index][0]

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            if not self.enabled:
                return True
            step = 1 if event.button == 1 else -1
            self.index = (self.index + step) % len(self.choices)
            if self.on_change:
                self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        if not self.visible:
            return
        rect = self.rect
        pygame.draw.rect(surface, theme.PARCHMENT if self.enabled else theme.PARCHMENT_DARK, rect,
                         border_radius=theme.px(6, scale))
        pygame.draw.rect(surface, theme.GOLD if self.hovered else theme.WALNUT_LIGHT, rect, width=2,
                         border_radius=theme.px(6, scale))
        size = max(theme.MIN_TEXT_PX, min(theme.px(17, scale), int(rect.height * 0.55)))
        arrow = assets.text("‹ ›", "body", size, theme.MUTED)
        # A long choice ("Brakka, Elowen, Vessarin, Tamsin") shrinks to stay clear of the arrows.
        room = rect.width - 2 * (arrow.get_width() + 8)
        text = self.choices[self.index][1]
        size = assets.fitting_size(text, "bold", size, room, theme.MIN_TEXT_PX)
        label = assets.text(text, "bold", size, theme.INK if self.enabled else theme.MUTED)
        surface.blit(label, label.get_rect(center=rect.center))
        surface.blit(arrow, (rect.right - arrow.get_width() - 6, rect.centery - arrow.get_height() // 2))


class TextField(Widget):
    """A one-line text field: click to focus, type, Backspace, Enter to finish."""

    def __init__(self, rect: pygame.Rect, text: str = "", *, max_length: int = 24, placeholder: str = "",
                 allowed: Callable[[str], bool] | None = None, on_change: Callable[[str], None] | None = None,
                 tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.text = text
        self.max_length = max_length
        self.placeholder = placeholder
        self.allowed = allowed
        self.on_change = on_change
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused and not was:
                pygame.key.start_text_input()
            return self.focused
        elif self.focused and event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if len(self.text) < self.max_length and ch.isprintable() and (self.allowed is None or self.allowed(ch)):
                    self.text += ch
            if self.on_change:
                self.on_change(self.text)
            return True
        elif self.focused and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                if self.on_change:
                    self.on_change(self.text)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return bool(event.key != pygame.K_ESCAPE)
            return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        if not self.visible:
            return
        rect = self.rect
        pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=theme.px(4, scale))
        border = theme.GOLD if self.focused or self.hovered else theme.WALNUT_LIGHT
        pygame.draw.rect(surface, border, rect, width=2, border_radius=theme.px(4, scale))
        size = max(theme.MIN_TEXT_PX, min(theme.px(18, scale), int(rect.height * 0.6)))
        shown = self.text or self.placeholder
        label = assets.text(shown, "body", size, theme.INK if self.text else theme.MUTED)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-6, -2))
        x = rect.x + 8
        if label.get_width() > rect.width - 16:
            x = rect.right - 8 - label.get_width()
        surface.blit(label, (x, rect.centery - label.get_height() // 2))
        if self.focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            cx = x + (label.get_width() if self.text else 0) + 1
            pygame.draw.line(surface, theme.INK, (cx, rect.y + 6), (cx, rect.bottom - 6), 2)
        surface.set_clip(clip)


def draw_label(surface: pygame.Surface, assets: Assets, text: str, pos: tuple[int, int], *, role: str = "body",
               size: int = 18, colour: theme.Colour = theme.PARCHMENT, anchor: str = "topleft") -> pygame.Rect:
    label = assets.text(text, role, size, colour)
    rect = label.get_rect(**{anchor: pos})
    surface.blit(label, rect)
    return rect


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float, *, colour: theme.Colour = theme.PARCHMENT,
               border: theme.Colour = theme.WALNUT_LIGHT, alpha: int = 255) -> None:
    """A rounded panel with a drop shadow."""
    radius = theme.px(10, scale)
    shadow = pygame.Surface(rect.inflate(8, 8).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=radius + 4)
    surface.blit(shadow, rect.move(-4 + 3, -4 + 5))
    if alpha < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)


def route(widgets: Sequence[Widget], event: pygame.event.Event) -> bool:
    """Give ``event`` to each widget (all see motion; the first to consume other events wins)."""
    consumed = False
    for widget in widgets:
        if widget.handle(event):
            consumed = True
            if event.type != pygame.MOUSEMOTION:
                break
    return consumed


def hover_tooltip(widgets: Sequence[Widget], pos: tuple[int, int]) -> str | None:
    for widget in widgets:
        if widget.visible and widget.rect.collidepoint(pos):
            text = widget.hover_text()
            if text:
                return text
    return None
