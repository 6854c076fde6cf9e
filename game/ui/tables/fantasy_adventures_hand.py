"""The seat's own hand on the Fantasy Adventures table (ART.md: your hand as a fan).

A few cards stand side by side as a fan, each whole. A hand too big for that (a fan would
cover the names: more than four cards at any window size, and a Fantasy Adventures hand often
holds ten to fifteen) is laid out in columns of overlapping cards, each card covering all but
the name strip of the one above it, so every name reads whole; the last card of a column shows
more. Hover any card for the whole card enlarged beside the table (the table's preview).
"""

from __future__ import annotations

import pygame

from game.rulesets.fantasy_adventures.view_types import PlayerView
from game.ui import theme
from game.ui.tables.fans import fan_places
from game.ui.tables.fantasy_adventures_cards import face, frame_colour
from game.ui.tables.fantasy_adventures_layout import HAND_CARD, Painter
from game.ui.theme import px

COLUMN_WIDTH = (124, 210)
"""The narrowest and the widest column of overlapping cards at 1280x720: the hand takes as few
columns as its name strips fit in (the wider the column, the longer a name it shows whole;
the longest names need about 160 px at 15 px)."""
FAN_GAP = 6
FACE_SHOWN = 84
"""The least height (at 1280x720) a column's last card must show for its face to be drawn: less
cuts its corner values in half, so the card says its values in a line instead."""
OVERLAP_SHOWN = 8
"""A fan may cover this much of a card (at 1280x720) and still leave its centred name whole."""


class Hand(Painter):
    """The hand fan, or the columns of name strips when the fan would hide the names."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, p: PlayerView) -> None:
        s = self.s
        label = f"Hand {p['hand_size']} · Encounter deck {p['encounter_deck']} · Hero deck {p['hero_deck']}"
        self.text(surface, label, rect.topleft, "bold", theme.PARCHMENT, width=rect.width)
        cards = p["hand"]
        if not cards:
            self.text(surface, "Your hand is empty.", (rect.centerx, rect.bottom - px(HAND_CARD[1], s) // 2),
                      "italic", theme.PARCHMENT_DARK, anchor="center")
            return
        cw = px(HAND_CARD[0], s)
        if len(cards) == 1 or (rect.width - cw) // (len(cards) - 1) >= cw - px(OVERLAP_SHOWN, s):
            self.fan(surface, rect, cards)
        else:
            body = pygame.Rect(rect.x, rect.y + self.row_h() + px(6, s), rect.width,
                               rect.bottom - rect.y - self.row_h() - px(6, s))
            self.columns(surface, body, cards)

    def fan(self, surface: pygame.Surface, rect: pygame.Rect, cards: list[str]) -> None:
        """Side by side, overlapping a little when they must; the card under the pointer lifts
        and comes to the front."""
        s = self.s
        cw, ch = px(HAND_CARD[0], s), px(HAND_CARD[1], s)
        placed = fan_places(cards, rect, (cw, ch), px(FAN_GAP, s), self.t.hover, self.t.selected,
                            (px(14, s), px(10, s)))
        for r, card in placed:
            surface.blit(self.t.face_image(card, (cw, ch)), r)
            self.t.mark(surface, r, ("card", card))

    def strip_heights(self) -> tuple[int, int]:
        """The least and the most room a name strip takes: a line of text, and a little more."""
        return self.row_h() + px(4, self.s), self.row_h() + px(10, self.s)

    def grid(self, rect: pygame.Rect, count: int) -> tuple[int, int, int]:
        """(columns, rows, strip height) for ``count`` cards in ``rect``: the fewest columns
        (each no wider than the widest) whose rows of strips fit the height; with more cards
        than that holds, the most columns and thinner strips."""
        s = self.s
        gap = px(FAN_GAP, s)
        least, most = self.strip_heights()
        widest = max(1, (rect.width + gap) // (px(COLUMN_WIDTH[0], s) + gap))
        columns = min(widest, -(-(rect.width + gap) // (px(COLUMN_WIDTH[1], s) + gap)), count)
        while columns < widest and -(-count // columns) * least > rect.height:
            columns += 1
        rows = -(-count // columns)
        return columns, rows, max(1, min(most, rect.height // rows))

    def columns(self, surface: pygame.Surface, rect: pygame.Rect, cards: list[str]) -> None:
        """The cards in reading order, left to right then down, in as few columns as fit; each
        row overlaps the one above but for its name strip, and the last card of each column
        fills the rest of the band. A card is marked where it shows: its strip, or the rest of
        the band under the last card of its column."""
        s = self.s
        gap = px(FAN_GAP, s)
        count = len(cards)
        columns, rows, strip = self.grid(rect, count)
        cw = (rect.width - gap * (columns - 1)) // columns
        ch = int(cw * HAND_CARD[1] / HAND_CARD[0])
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip is not None else rect)
        try:
            for k, card in enumerate(cards):
                row, col = divmod(k, columns)
                card_rect = pygame.Rect(rect.x + col * (cw + gap), rect.y + row * strip, cw, ch)
                covered = k + columns < count  # a card of the next row lies over all but its strip
                shown = pygame.Rect(card_rect.x, card_rect.y, cw,
                                    strip if covered else min(ch, rect.bottom - card_rect.y))
                if not covered:  # (a covered card shows only its strip: no face to draw under it)
                    if shown.height >= px(FACE_SHOWN, s):
                        # The face as tall as it shows (a card cut short by the band): at
                        # 1280x720 short of the size that adds the text box, so quick to draw.
                        surface.blit(self.t.face_image(card, shown.size, named=False), shown)
                    else:  # too little room for the face's corner values: say them in a line
                        self.short_face(surface, shown, card, strip)
                self.name_strip(surface, pygame.Rect(card_rect.x, card_rect.y, cw, strip), card)
                self.t.mark(surface, shown, ("card", card))
        finally:
            surface.set_clip(clip)

    def short_face(self, surface: pygame.Surface, rect: pygame.Rect, card: str, strip: int) -> None:
        """A card with too little room left for its face: the card's frame, its kind and its
        corner values (melee, support, orb, GP) in one line each under the name strip."""
        s = self.s
        frame = frame_colour(self.content, card)
        pygame.draw.rect(surface, frame, rect, border_radius=px(7, s))
        inner = rect.inflate(-px(6, s), -px(6, s))
        pygame.draw.rect(surface, theme.PARCHMENT, inner, border_radius=px(4, s))
        y = rect.y + strip + px(2, s)
        if y + self.row_h() > inner.bottom:
            return
        look = face(self.content, card)
        x, size = inner.x + px(5, s), max(12, px(15, s))
        for stat in look.stats:
            if x + size > inner.right:
                break
            surface.blit(self.a.icon(stat.icon, size, theme.INK), (x, y + (self.row_h() - size) // 2))
            x = self.text(surface, stat.value, (x + size + px(2, s), y), "bold", theme.INK).right + px(8, s)
        self.text(surface, look.kind, (x, y), "italic", theme.INK, width=inner.right - x - px(4, s))

    def name_strip(self, surface: pygame.Surface, rect: pygame.Rect, card: str) -> None:
        """The card's name in one line across its top, on its frame's colour (whatever the
        face's own banner does with a long name at this width)."""
        s = self.s
        frame = frame_colour(self.content, card)
        radius = px(7, s)
        pygame.draw.rect(surface, frame, rect, border_top_left_radius=radius, border_top_right_radius=radius)
        band = rect.inflate(-px(6, s), -px(6, s))
        dark = (frame[0] * 3 // 4, frame[1] * 3 // 4, frame[2] * 3 // 4)
        pygame.draw.rect(surface, dark, band, border_radius=px(3, s))
        self.text(surface, self.content.card(card).name, band.center, "bold", theme.PARCHMENT,
                  width=band.width - px(6, s), anchor="center")
