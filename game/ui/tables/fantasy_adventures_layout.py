"""The Fantasy Adventures table's bands and the drawing helpers its panels share.

The table has three bands (ART.md, The table): the other parties across the top, condensed
(``opponents``); the Encounter in the middle (``centre``: its trap and monsters, the melees to
come with their odds, the action-phase window, the dice tray); then the prompt bar and the seat
at the screen (``own``: its party in two ranks, its stack, its hand as a fan).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rulesets.fantasy_adventures.content import FAContent
from game.ui import theme
from game.ui.tables.painter import TablePainter
from game.ui.theme import Colour, px

if TYPE_CHECKING:
    from game.ui.tables.fantasy_adventures import FantasyAdventuresTable

OPPONENTS_HEIGHT = 146
"""The top band at 1280x720: a name line and two ranks of condensed heroes."""
OWN_HEIGHT = 206
"""The bottom band at 1280x720: the hand fan's cards (104x146) lifted, with their label."""
HAND_CARD = (104, 146)
PREVIEW = (240, 336)
"""The enlarged card on hover at 1280x720."""
LOSS_RED: Colour = (236, 120, 100)
WIN_GREEN: Colour = (150, 210, 130)


class Painter(TablePainter):
    """What every panel needs: the shared helpers (``TablePainter``), the content, icon chips
    and boxes on the felt."""

    t: "FantasyAdventuresTable"

    def __init__(self, table: "FantasyAdventuresTable") -> None:
        super().__init__(table)

    @property
    def content(self) -> FAContent:
        return self.t.content

    def chip(self, surface: pygame.Surface, x: int, y: int, icon: str, value: str,
             colour: Colour = theme.PARCHMENT) -> int:
        """An icon and a value on the felt; the x after it."""
        size = max(14, px(16, self.s))
        surface.blit(self.a.icon(icon, size, colour), (x, y + (self.row_h() - size) // 2 + 1))
        rect = self.text(surface, value, (x + size + px(3, self.s), y), "bold", colour)
        return rect.right + px(8, self.s)

    def box(self, surface: pygame.Surface, rect: pygame.Rect, colour: Colour = theme.WALNUT,
            edge: Colour = theme.WALNUT_LIGHT) -> None:
        """A dark panel on the felt that text in parchment reads on."""
        pygame.draw.rect(surface, colour, rect, border_radius=px(8, self.s))
        pygame.draw.rect(surface, edge, rect, width=1, border_radius=px(8, self.s))
