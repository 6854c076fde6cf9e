"""What the panels of a banded table share (Buck: Legacy's and Fantasy Adventures'): the table
to mark things on, its assets and scale, and text in the table's sizes (body text 15 px at
1280x720 and below, larger on larger windows)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.theme import Colour, px

if TYPE_CHECKING:
    from game.ui.tables.base import Table


class TablePainter:
    """A panel's drawing helpers. Each table's panels subclass it (the table's own painter
    names the table's type and content)."""

    def __init__(self, table: "Table[Any]") -> None:
        self.t = table
        self.a = table.assets

    @property
    def s(self) -> float:
        return self.t.scale

    @property
    def fs(self) -> int:
        """Body text: 15 px at 1280x720 and below, larger on larger windows."""
        return max(theme.MIN_TEXT_PX, px(15, self.s))

    def row_h(self, size: int | None = None) -> int:
        return self.a.font("body", size or self.fs).get_linesize() - 2

    def text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], role: str = "body",
             colour: Colour = theme.PARCHMENT, size: int | None = None, width: int | None = None,
             anchor: str = "topleft", shrink: bool = False) -> pygame.Rect:
        """``text`` at ``pos`` (cut with "…" to ``width``); the rect it took. With ``shrink``, a
        text too wide is first set up to a fifth smaller (a name read whole beats a name cut)."""
        size = size or self.fs
        if width is not None:
            if shrink:
                size = self.a.fitting_size(text, role, size, max(8, width), max(9, size * 4 // 5))
            text = self.a.fit(text, role, size, max(8, width))
        label = self.a.text(text, role, size, colour)
        rect = label.get_rect(**{anchor: pos})
        surface.blit(label, rect)
        return rect
