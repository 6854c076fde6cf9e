"""Tables in three bands (ART.md, The table): the other seats across the top (``opponents``),
the middle (``centre``), then the prompt bar and, under it, the seat at the screen (``own``).
The Buck: Legacy and Fantasy Adventures tables are laid out so; each says how tall its top and
bottom bands are, and this module does the rest: where the bands and the prompt bar go, the
dice tray's update, and the card enlarged on hover beside the middle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.tables.base import ViewT
from game.ui.tables.buck_legacy_cards import BuckDice
from game.ui.tables.layers import LayeredTable
from game.ui.theme import px

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene

BAND_GAP = 10
"""Pixels (at 1280x720) between the bands: each is a cached layer blitted opaque, and a lit
thing's glow reaches 4 px outside it, so a band's layer margin must not reach its neighbour."""
LAYER_MARGIN = 5
"""What a band's layer keeps round it for the glows of the things at its edge."""
PROMPT_HEIGHT = 54
"""The prompt bar's room between the middle and the seat's own band, at 1280x720."""


@dataclass(frozen=True)
class Regions:
    opponents: pygame.Rect
    centre: pygame.Rect
    prompt_top: int


def regions(area: pygame.Rect, scale: float, opponents_height: int, own_height: int) -> Regions:
    """The opponents' row at the top, the seat's own band (and the prompt bar over it) at the
    bottom, the middle between them (heights in pixels of this window)."""
    pad, gap = px(8, scale), px(BAND_GAP, scale)
    opponents = pygame.Rect(area.x + pad, area.y + px(6, scale), area.width - 2 * pad, opponents_height)
    prompt_top = area.bottom - own_height - px(PROMPT_HEIGHT, scale) - px(8, scale)
    centre = pygame.Rect(area.x + pad, opponents.bottom + gap, area.width - 2 * pad,
                         prompt_top - opponents.bottom - gap - px(8, scale))
    return Regions(opponents, centre, prompt_top)


class BandedTable(LayeredTable[ViewT]):
    """A layered table in three bands with a dice tray. ``acting`` is the seat the game waits
    for (its panel is marked); ``preview_rect`` the enlarged card drawn this frame, if any."""

    tray: BuckDice
    """The dice tray: each table makes its own, with its game's dice."""

    def __init__(self, scene: "TableScene") -> None:
        super().__init__(scene)
        self._tumble = False  # a roll was announced: the tray's next dice tumble in
        self.acting: int | None = None
        self.preview_rect: pygame.Rect | None = None
        self.prompt_top = 0
        self.own_rect = self.centre_rect = self.opponents_rect = pygame.Rect(0, 0, 1, 1)

    def band_heights(self) -> tuple[int, int]:
        """The top band's height and the seat's own band's, in pixels at the current scale."""
        raise NotImplementedError

    def layout(self, area: pygame.Rect, scale: float) -> None:
        super().layout(area, scale)
        self.forget_layers()
        found = regions(area, scale, *self.band_heights())
        self.opponents_rect, self.centre_rect, self.prompt_top = found.opponents, found.centre, found.prompt_top

    def prompt_rect(self, height: int) -> pygame.Rect:
        """The prompt bar over the seat's own band, which takes what is left under it."""
        s = self.scale
        rect = pygame.Rect(self.area.x + px(8, s), self.prompt_top, self.area.width - px(16, s), height)
        self.own_rect = pygame.Rect(self.area.x + px(8, s), rect.bottom + px(4, s), self.area.width - px(16, s),
                                    self.area.bottom - rect.bottom - px(8, s))
        return rect

    def show_preview(self, surface: pygame.Surface, image: pygame.Surface, bottom: int) -> None:
        """Draw the hovered card's enlarged ``image`` with its shadow, its foot at ``bottom``, on
        the side of the window away from the pointer (never over the prompt bar)."""
        s = self.scale
        rect = image.get_rect()
        if self.scene.mouse[0] < self.area.centerx:
            rect.bottomright = (self.area.right - px(10, s), bottom)
        else:
            rect.bottomleft = (self.area.x + px(10, s), bottom)
        rect.top = max(self.area.y + px(2, s), rect.top)
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=px(12, s))
        surface.blit(shadow, rect.move(px(5, s), px(7, s)))
        surface.blit(image, rect)
        self.preview_rect = rect

    def update(self, dt: float) -> None:
        self.tray.update(dt)

    @property
    def busy(self) -> bool:
        return self.tray.rolling
