"""Tooltips (hover text) and toasts (short notices)."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.assets import Assets


def draw_tooltip(surface: pygame.Surface, assets: Assets, text: str, pos: tuple[int, int], scale: float) -> None:
    size = theme.px(16, scale)
    width = theme.px(320, scale)
    lines = assets.wrap(text, "body", size, width)
    line_h = assets.font("body", size).get_linesize()
    w = min(width, max(assets.font("body", size).size(line)[0] for line in lines)) + theme.px(16, scale)
    h = line_h * len(lines) + theme.px(12, scale)
    x = min(pos[0] + 16, surface.get_width() - w - 4)
    y = pos[1] + 20
    if y + h > surface.get_height() - 4:
        y = pos[1] - h - 8
    rect = pygame.Rect(x, max(4, y), w, h)
    pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), border_radius=6)
    pygame.draw.rect(surface, theme.PARCHMENT, rect, border_radius=6)
    for i, line in enumerate(lines):
        surface.blit(assets.text(line, "body", size, theme.INK), (rect.x + theme.px(8, scale),
                                                                  rect.y + theme.px(6, scale) + i * line_h))


def draw_toast(surface: pygame.Surface, assets: Assets, text: str, scale: float) -> None:
    size = theme.px(17, scale)
    label = assets.text(text, "bold", size, theme.PARCHMENT)
    rect = label.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - theme.px(24, scale)))
    box = rect.inflate(theme.px(28, scale), theme.px(14, scale))
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (20, 14, 10, 225), shade.get_rect(), border_radius=10)
    surface.blit(shade, box)
    pygame.draw.rect(surface, theme.GOLD, box, width=2, border_radius=10)
    surface.blit(label, rect)
