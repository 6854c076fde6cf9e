"""Card fans shared by the tables: where each card of a row of cards lies."""

from __future__ import annotations

from typing import Collection

import pygame

from game.core.decision import Target


def fan_places(cards: list[str], area: pygame.Rect, size: tuple[int, int], gap: int, hover: Target | None,
               selected: Collection[Target], lifts: tuple[int, int]) -> list[tuple[pygame.Rect, str]]:
    """Each card's place in a fan along the bottom of ``area``: side by side ``gap`` apart, or
    overlapping as much as they must to fit; the card under the pointer raised by ``lifts[0]``
    and last in the list (drawn on top), a selected one raised by ``lifts[1]``."""
    width, height = size
    step = width + gap
    if len(cards) > 1:
        step = min(step, (area.width - width) // (len(cards) - 1))
    base_y = area.bottom - height
    placed: list[tuple[pygame.Rect, str]] = []
    for k, card in enumerate(cards):
        target: Target = ("card", card)
        lift = lifts[0] if target == hover else lifts[1] if target in selected else 0
        placed.append((pygame.Rect(area.x + k * step, base_y - lift, width, height), card))
    placed.sort(key=lambda rc: ("card", rc[1]) == hover)  # the one under the pointer on top
    return placed
