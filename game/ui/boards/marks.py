"""Marks both boards draw on their pieces: a star, and a master's or main enemy's crown."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui import theme
from game.ui.assets import Assets


def star(surface: pygame.Surface, colour: Any, centre: tuple[float, float], radius: float, points: int = 5,
         width: int = 0) -> None:
    """A star of ``points`` points (its inner corners at 0.45 of ``radius``); filled unless ``width``."""
    pts = []
    for k in range(points * 2):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / points
        pts.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts, width)


def crown_badge(sprite: pygame.Surface, assets: Assets, centre: tuple[int, int], crown: int,
                fallback_points: int) -> None:
    """A gold crown ``crown`` px wide on a dark oval at ``centre`` (a star of
    ``fallback_points`` points where the crown icon is missing)."""
    pygame.draw.ellipse(sprite, (20, 14, 8), pygame.Rect(0, 0, crown + 6, int(crown * 0.7) + 2).move(
        centre[0] - crown // 2 - 3, centre[1] - int(crown * 0.35) - 1))
    if assets.has_icon("crown"):
        image = assets.icon("crown", crown, theme.GOLD_LIGHT)
        sprite.blit(image, image.get_rect(center=centre))
    else:
        star(sprite, theme.GOLD_LIGHT, centre, crown // 2, fallback_points)
