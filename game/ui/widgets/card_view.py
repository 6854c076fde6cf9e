"""Cards drawn from data (ART.md, Cards): frame by type, name banner, art panel with a
game-icons silhouette over a gradient in the card's colour, stat emblems in the corners,
spell pips, and the rules text wrapped in a box. Rendered once per size and cached.

A rule system's table turns its card definitions into :class:`CardFace` records, so the
renderer knows nothing of any one game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.theme import Colour, mix


@dataclass(frozen=True)
class Stat:
    corner: str  # "tl", "tr", "bl", "br"
    icon: str
    value: str
    tip: str


@dataclass(frozen=True)
class CardFace:
    key: str
    name: str
    kind: str
    frame: Colour
    art_icon: str
    art_colour: Colour
    kind_icon: str
    stats: tuple[Stat, ...]
    text: str
    pips: int = 0


class CardRenderer:
    """Renders and caches card faces and backs."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def face(self, card: CardFace, size: tuple[int, int]) -> pygame.Surface:
        key = (card.key, size[0], size[1])
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_face(card, size)
            self._cache[key] = surface
        return surface

    def back(self, size: tuple[int, int], emblem: str = "crossed-swords") -> pygame.Surface:
        key = ("__back__" + emblem, size[0], size[1])
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_back(size, emblem)
            self._cache[key] = surface
        return surface

    # -- drawing ----------------------------------------------------------------------------

    def _draw_face(self, card: CardFace, size: tuple[int, int]) -> pygame.Surface:
        a = self.assets
        w, h = size
        s = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(6, w // 12)
        pygame.draw.rect(s, card.frame, s.get_rect(), border_radius=radius)
        inner = s.get_rect().inflate(-max(4, w // 20), -max(4, w // 20))
        pygame.draw.rect(s, theme.PARCHMENT, inner, border_radius=radius - 2)
        full = h >= 150
        name_size = max(15, int(w * 0.125)) if full else 15
        # A name too wide for the banner goes on two lines when it has two words or more
        # ("Lightning / Bolt"), before any shrinking or cutting.
        names = [card.name]
        if a.font("name", name_size).size(card.name)[0] > inner.width - 6 and " " in card.name:
            names = a.wrap(card.name, "name", name_size, inner.width - 6)
            names = names if len(names) == 2 else [card.name]
        line_h = a.font("name", name_size).get_linesize()
        banner_h = int(name_size * 1.5) if len(names) == 1 else 2 * line_h + 2
        banner = pygame.Rect(inner.x, inner.y, inner.width, banner_h)
        pygame.draw.rect(s, _darker(card.frame, 0.75), banner, border_top_left_radius=radius - 2,
                         border_top_right_radius=radius - 2)
        for i, text in enumerate(names):
            name = _fit(a, text, "name", name_size, banner.width - 6, theme.PARCHMENT)
            centre_y = banner.centery if len(names) == 1 else banner.y + 1 + line_h * i + line_h // 2
            s.blit(name, name.get_rect(center=(banner.centerx, centre_y)))
        # The art panel: a vertical gradient in the card's colour with the silhouette.
        text_h = self._text_height(card.text, w, h) if full else 0
        art = pygame.Rect(inner.x + 3, banner.bottom + 2, inner.width - 6, inner.bottom - banner.bottom - text_h - 6)
        for y in range(art.height):
            t = y / max(1, art.height - 1)
            colour = mix(_lighter(card.art_colour, 0.45), card.art_colour, t)
            pygame.draw.line(s, colour, (art.x, art.y + y), (art.right - 1, art.y + y))
        pygame.draw.rect(s, _darker(card.frame, 0.6), art, width=1)
        icon_size = int(min(art.width, art.height) * 0.78)
        if icon_size > 8:
            shadow = a.icon(card.art_icon, icon_size, (20, 14, 10))
            icon = a.icon(card.art_icon, icon_size, theme.PARCHMENT)
            rect = icon.get_rect(center=art.center)
            s.blit(shadow, rect.move(2, 2))
            s.blit(icon, rect)
        kind_icon = a.icon(card.kind_icon, max(14, w // 7), theme.PARCHMENT)
        s.blit(kind_icon, (art.right - kind_icon.get_width() - 3, art.y + 3))
        for i in range(card.pips):
            cx = art.x + 8 + i * max(9, w // 12)
            pygame.draw.circle(s, theme.GOLD, (cx, art.bottom - 8), max(3, w // 32))
            pygame.draw.circle(s, theme.INK, (cx, art.bottom - 8), max(3, w // 32), 1)
        for stat in card.stats:
            self._emblem(s, stat, art, w)
        if full and card.text:
            box = pygame.Rect(inner.x + 3, inner.bottom - text_h - 2, inner.width - 6, text_h)
            pygame.draw.rect(s, theme.PARCHMENT_DARK, box, border_radius=4)
            self._text_box(s, card.text, box, w)
        return s

    def _emblem(self, s: pygame.Surface, stat: Stat, art: pygame.Rect, w: int) -> tuple[pygame.Rect, pygame.Rect]:
        """A stat in its corner of the art panel: a round badge, or a pill for a value too wide
        for one; the badge's rect and the value's."""
        a = self.assets
        r = max(11, int(w * 0.12))
        positions = {"tl": (art.x + r, art.y + r), "tr": (art.right - r, art.y + r),
                     "bl": (art.x + r, art.bottom - r), "br": (art.right - r, art.bottom - r)}
        centre = positions[stat.corner]
        value = a.text(stat.value, "heading", max(15, int(r * 1.25)), theme.PARCHMENT)
        badge = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
        if value.get_width() <= 2 * r - 4:
            pygame.draw.circle(s, theme.INK, centre, r)
            pygame.draw.circle(s, theme.GOLD, centre, r, 2)
        else:  # a value too wide for the round badge ("260" GP on a small card): a pill from the corner
            badge = pygame.Rect(0, 0, value.get_width() + 8, 2 * r)
            badge.centery = centre[1]
            if stat.corner in ("tl", "bl"):
                badge.left = art.x
            else:
                badge.right = art.right
            pygame.draw.rect(s, theme.INK, badge, border_radius=r)
            pygame.draw.rect(s, theme.GOLD, badge, width=2, border_radius=r)
            centre = badge.center
        icon = a.icon(stat.icon, int(r * 1.1), (120, 100, 70))
        s.blit(icon, icon.get_rect(center=centre))
        drawn = value.get_rect(center=centre)
        s.blit(value, drawn)
        return badge, drawn

    def _text_height(self, text: str, w: int, h: int) -> int:
        """The text box's height: a third of the card, taller (to 60%, the art panel gives way)
        when the text needs it at the smallest size text is drawn (15 px), so no rules text is cut."""
        usual = int(h * 0.34)
        if not text:
            return usual
        box_w = w - 2 * max(4, w // 20) - 6
        lines = self.assets.wrap(text, "body", 15, box_w - 8)
        needed = (self.assets.font("body", 15).get_linesize() - 2) * len(lines) + 6
        return max(usual, min(needed, int(h * 0.6)))

    def _text_box(self, s: pygame.Surface, text: str, box: pygame.Rect, w: int) -> None:
        a = self.assets
        size = max(15, int(w * 0.105))
        while True:
            lines = a.wrap(text, "body", size, box.width - 8)
            line_h = a.font("body", size).get_linesize() - 2
            if line_h * len(lines) <= box.height - 4 or size <= 15:
                break
            size -= 1
        room = max(1, (box.height - 4) // line_h)
        if len(lines) > room:  # still too long at the smallest size: the last line that fits ends in "…"
            last = lines[room - 1]
            while last and a.font("body", size).size(last + "…")[0] > box.width - 8:
                last = last[:-1].rstrip()
            lines = lines[:room - 1] + [last + "…"]
        y = box.y + max(2, (box.height - line_h * len(lines)) // 2)
        clip = s.get_clip()
        s.set_clip(box)
        for line in lines:
            label = a.text(line, "body", size, theme.INK)
            s.blit(label, (box.centerx - label.get_width() // 2, y))
            y += line_h
        s.set_clip(clip)

    def _draw_back(self, size: tuple[int, int], emblem: str) -> pygame.Surface:
        w, h = size
        s = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(6, w // 12)
        pygame.draw.rect(s, theme.WALNUT, s.get_rect(), border_radius=radius)
        inner = s.get_rect().inflate(-max(4, w // 14), -max(4, w // 14))
        pygame.draw.rect(s, (92, 28, 24), inner, border_radius=radius - 2)
        step = max(6, w // 8)
        for x in range(-h, w + h, step):
            pygame.draw.line(s, (110, 38, 32), (inner.x + x, inner.y), (inner.x + x + h, inner.bottom), 1)
            pygame.draw.line(s, (110, 38, 32), (inner.x + x + h, inner.y), (inner.x + x, inner.bottom), 1)
        pygame.draw.rect(s, theme.GOLD, inner, width=2, border_radius=radius - 2)
        icon = self.assets.icon(emblem, int(min(w, h) * 0.55), theme.GOLD)
        s.blit(icon, icon.get_rect(center=s.get_rect().center))
        return s


def _fit(assets: Assets, text: str, role: str, size: int, width: int, colour: Colour) -> pygame.Surface:
    label = assets.text(text, role, size, colour)
    if label.get_width() <= width:
        return label
    label = assets.text(text, "bold", size, colour)
    if label.get_width() <= width:
        return label
    # A smaller size before a cut name ("Peas…" told nobody it was the Peasants), down to
    # about 12 px: the card's enlarged preview on hover shows it whole.
    for smaller in range(size - 1, max(12, int(size * 0.7)) - 1, -1):
        label = assets.text(text, "bold", smaller, colour)
        if label.get_width() <= width:
            return label
    size = max(12, int(size * 0.7))
    while len(text) > 3 and assets.font("bold", size).size(text + "…")[0] > width:
        text = text[:-1]
    return assets.text(text.rstrip() + "…", "bold", size, colour)


def _lighter(c: Colour, t: float) -> Colour:
    return mix(c, (255, 255, 255), t)


def _darker(c: Colour, t: float) -> Colour:
    return (int(c[0] * t), int(c[1] * t), int(c[2] * t))
