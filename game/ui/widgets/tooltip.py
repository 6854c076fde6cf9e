"""Tooltips (hover text) and toasts (short notices)."""

from __future__ import annotations

from typing import Sequence

import pygame

from game.ui import theme
from game.ui.assets import Assets


def draw_tooltip(surface: pygame.Surface, assets: Assets, text: str, pos: tuple[int, int], scale: float,
                 avoid: Sequence[pygame.Rect] = ()) -> None:
    """Hover text beside the pointer: below it or above it, right or left of it, wherever it
    stays on screen and covers least of ``avoid`` (the prompt bar, a dice tray being read)."""
    size = theme.px(16, scale)
    width = theme.px(320, scale)
    lines = assets.wrap(text, "body", size, width)
    line_h = assets.font("body", size).get_linesize()
    w = min(width, max(assets.font("body", size).size(line)[0] for line in lines)) + theme.px(16, scale)
    h = line_h * len(lines) + theme.px(12, scale)
    screen = surface.get_rect().inflate(-8, -8)
    candidates: list[tuple[bool, int, int, pygame.Rect]] = []
    for x in (pos[0] + 16, pos[0] - 16 - w):
        for y in (pos[1] + 20, pos[1] - h - 8):
            rect = pygame.Rect(x, y, w, h).clamp(screen)
            covered = sum(rect.clip(r).width * rect.clip(r).height for r in avoid)
            under_pointer = rect.collidepoint(pos)
            candidates.append((under_pointer, covered, len(candidates), rect))
    rect = min(candidates)[3]
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
