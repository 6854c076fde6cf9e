"""The Buck: Legacy table's sizes and the drawing helpers its panels share.

The table has three bands (ART.md, The table): the other Adventurers' condensed stat cards
across the top (``opponents``), the middle (``centre``: the Zone or Boss, the shop, the fight,
the dice tray, the decks), then the prompt bar and the seat at the screen (``own``: its stat
card and its backpack fan). ``bands.regions`` works them out from the window; every panel draws
through a :class:`Panel`, which knows the sizes (body text 15 px at 1280x720 and below) and
marks what it draws on the table (``LayeredTable.mark``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.decision import Target
from game.rulesets.buck_legacy.content import BLContent
from game.ui import theme
from game.ui.tables.painter import TablePainter
from game.ui.theme import Colour, px

if TYPE_CHECKING:
    from game.ui.tables.buck_legacy import BuckLegacyTable

HAND_CARD = (104, 146)
"""A card in the backpack fan at 1280x720 (the shop's and the fight's cards are sized to their room)."""
PREVIEW = (240, 336)
"""The enlarged card on hover at 1280x720."""
COUNTER_COLOURS: dict[str, Colour] = {"distance": (86, 140, 190), "trophy": (201, 162, 39), "none": (120, 110, 95)}
LOSS_RED: Colour = (236, 120, 100)
"""Red text on the dark felt: a loss, a Stunned Adventurer, a Boss's HP."""


class Panel(TablePainter):
    """What every panel of the table needs: the shared helpers (``TablePainter``), the
    content, the sizes of cards and tiles, icon chips and headings."""

    t: "BuckLegacyTable"

    def __init__(self, table: "BuckLegacyTable") -> None:
        super().__init__(table)

    @property
    def content(self) -> BLContent:
        return self.t.content

    def card_size(self, base: tuple[int, int] = HAND_CARD) -> tuple[int, int]:
        return px(base[0], self.s), px(base[1], self.s)

    def table_card(self, height: int) -> tuple[int, int]:
        """The biggest card up to 120x168 (at 1280x720, more when the room allows) that fits
        ``height``. A card from 150 to 220 px high would show its rules text squeezed over a
        thin art panel: it is drawn just too small for a text box instead (name, art and
        emblems), and the enlarged card on hover reads in full; from 220 px up the cards have
        room for their text."""
        h = min(max(px(168, self.s), 220), height)
        if 150 <= h < 220:
            h = 149
        return int(h * HAND_CARD[0] / HAND_CARD[1]), h

    def square(self) -> int:
        """A slot square on a condensed stat card."""
        return self.row_h() + px(6, self.s)

    def tile_height(self) -> int:
        """A slot tile on the seat's own stat card: the slot's band, then the card's name on
        up to two lines."""
        return 3 * self.row_h() + px(10, self.s)

    def chip_width(self, value: str) -> int:
        return max(14, px(17, self.s)) + px(3, self.s) + self.a.font("bold", self.fs).size(value)[0]

    def chip(self, surface: pygame.Surface, x: int, y: int, icon: str, value: str, colour: Colour = theme.PARCHMENT,
             target: Target | None = None, gap: int | None = None) -> int:
        """An icon and a value (registered as ``target`` if given); returns the x after it and ``gap``."""
        s = self.s
        size = max(14, px(17, s))
        image = self.a.icon(icon, size, colour)
        surface.blit(image, (x, y + (self.row_h() - size) // 2 + 1))
        rect = self.text(surface, value, (x + size + px(3, s), y), "bold", colour)
        if target is not None:
            self.t.hits.append((pygame.Rect(x, y, rect.right - x, self.row_h()), target))
        return rect.right + (px(9, s) if gap is None else gap)

    def heading(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: Colour = theme.PARCHMENT) -> int:
        """A heading across the top of ``rect``; the y under it."""
        size = max(16, px(17, self.s))
        self.text(surface, text, rect.topleft, "heading", colour, size, rect.width)
        return rect.y + self.row_h(size) + px(4, self.s)

    def dim(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Shade a thing that is not an option now (its answer is blocked)."""
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (10, 8, 6, 130), shade.get_rect(), border_radius=px(8, self.s))
        surface.blit(shade, rect)
