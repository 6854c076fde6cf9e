"""The pieces on a route map: tokens (a shape, a colour and a glyph per kind, or a count) and
standees (a champion's ring, an enemy's square, a main enemy's larger crowned one, with a Life
badge). :class:`~game.ui.boards.route_map.RouteMap` places them and keeps their sprites.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.boards.marks import crown_badge, star
from game.ui.theme import Colour

Pixel = tuple[int, int]

GLOW = theme.GOLD_LIGHT
ENEMY_BODY = (96, 30, 26)
ENEMY_RIM = (176, 168, 160)
MAIN_ENEMY_BODY = (60, 14, 18)
LIFE = (214, 62, 50)

TOKEN_KINDS = ("shadow", "quest", "gold", "aid")
"""Token kinds drawn with their own shape and colour; any other kind is a plain disc."""
TOKEN_STYLE: dict[str, tuple[Colour, Colour, Colour]] = {  # body, rim, glyph/count colour
    "shadow": ((34, 22, 40), (150, 110, 190), (236, 222, 250)),
    "quest": ((246, 242, 230), (150, 130, 90), theme.INK),
    "gold": ((222, 182, 60), (120, 86, 20), theme.INK),
    "aid": ((90, 150, 200), (30, 60, 90), (250, 250, 250)),
}


@dataclass(frozen=True)
class MapStandee:
    """A standee on a space.

    ``side`` is ``"champion"``, ``"enemy"`` or ``"main_enemy"`` (drawn larger, with a gold
    rim). ``colour`` is a champion's ring colour; ``icon`` a game-icons name (else the
    initial of ``name`` for champions, a default icon for enemies); ``life`` (enemies) is
    shown in a small red badge; ``active`` adds a gold glow.
    """

    space: str
    name: str
    side: str = "champion"
    colour: Colour | None = None
    icon: str | None = None
    life: int | None = None
    active: bool = False


def token_sprite(kind: str, count: int, tr: int, assets: Assets) -> pygame.Surface:
    """A token of ``kind`` (of radius ``tr``) with its shadow: a shape and a colour per kind,
    its glyph, or the count when there are several."""
    size = 2 * tr + 8
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2 - 1, size // 2 - 1)
    body, rim, ink = TOKEN_STYLE.get(kind, ((200, 190, 170), (90, 80, 60), theme.INK))
    # Soft shadow.
    for k in range(3):
        pygame.draw.circle(sprite, (0, 0, 0, 45), (c[0] + 2, c[1] + 3), tr + 1 - k)
    if kind == "shadow":  # a dark burst
        pts = []
        for k in range(16):
            rr = tr + 1 if k % 2 == 0 else tr * 0.78
            a = k * math.pi / 8
            pts.append((c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr))
        pygame.draw.polygon(sprite, body, pts)
        pygame.draw.polygon(sprite, rim, pts, 1)
    elif kind == "quest":  # an ivory shield-like diamond
        pts = [(c[0], c[1] - tr - 1), (c[0] + tr + 1, c[1]), (c[0], c[1] + tr + 1), (c[0] - tr - 1, c[1])]
        pygame.draw.polygon(sprite, body, pts)
        pygame.draw.polygon(sprite, rim, pts, 2)
    elif kind == "gold":  # a coin with a milled edge
        pygame.draw.circle(sprite, rim, c, tr)
        pygame.draw.circle(sprite, body, c, tr - 2)
        pygame.draw.circle(sprite, (250, 220, 120), c, tr - 4, 1)
    elif kind == "aid":  # a rounded square
        box = pygame.Rect(0, 0, 2 * tr - 1, 2 * tr - 1)
        box.center = c
        pygame.draw.rect(sprite, body, box, border_radius=tr // 2)
        pygame.draw.rect(sprite, rim, box, 2, border_radius=tr // 2)
    else:
        pygame.draw.circle(sprite, body, c, tr)
        pygame.draw.circle(sprite, rim, c, tr, 2)
    if count > 1:
        text = assets.text(str(count) if count < 100 else "99", "bold", theme.MIN_TEXT_PX, ink)
        sprite.blit(text, text.get_rect(center=(c[0], c[1] + 1)))
    else:
        _token_glyph(sprite, kind, c, tr, ink)
    return sprite


def standee_sprite(st: MapStandee, rad: int, assets: Assets) -> pygame.Surface:
    """A standee of radius ``rad`` with its shadow: a champion's ring with its icon or initial,
    an enemy's square (a main enemy's larger, gold-rimmed and crowned), a Life badge, a glow
    when ``active``."""
    pad = max(8, rad // 2) + 4
    size = 2 * (rad + pad)
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    a = assets
    # The soft shadow, offset down and right.
    for k in range(5):
        pygame.draw.circle(sprite, (0, 0, 0, 34), (c[0] + 2, c[1] + 4), rad + 3 - k)
    if st.active:
        for k, alpha in ((7, 50), (5, 90), (3, 150)):
            pygame.draw.circle(sprite, (*GLOW, alpha), c, rad + k)
    if st.side == "champion":
        ring = st.colour or theme.GOLD
        pygame.draw.circle(sprite, theme.INK, c, rad)
        pygame.draw.circle(sprite, ring, c, rad - 1)
        pygame.draw.circle(sprite, theme.PARCHMENT, c, rad - max(3, rad // 4))
        inner = rad - max(3, rad // 4)
        if st.icon and a.has_icon(st.icon):
            image = a.icon(st.icon, int(inner * 1.6), theme.INK)
            sprite.blit(image, image.get_rect(center=c))
        else:
            initial = (st.name.strip()[:1] or "?").upper()
            text = a.text(initial, "heading", max(theme.MIN_TEXT_PX, int(inner * 1.5)), theme.INK)
            sprite.blit(text, text.get_rect(center=(c[0], c[1] + 1)))
    else:
        main = st.side == "main_enemy"
        body = pygame.Rect(0, 0, 2 * rad, 2 * rad)
        body.center = c
        rim = theme.GOLD if main else ENEMY_RIM
        pygame.draw.rect(sprite, (10, 6, 4), body.inflate(2, 2), border_radius=rad // 2 + 1)
        pygame.draw.rect(sprite, rim, body, border_radius=rad // 2)
        border = max(2, rad // (5 if main else 7))
        pygame.draw.rect(sprite, MAIN_ENEMY_BODY if main else ENEMY_BODY, body.inflate(-2 * border, -2 * border),
                         border_radius=max(2, rad // 2 - border))
        icon = st.icon or ("dragon-head" if main else "ogre")
        colour = theme.GOLD_LIGHT if main else theme.PARCHMENT
        if a.has_icon(icon):
            image = a.icon(icon, int(rad * 1.45), colour)
            sprite.blit(image, image.get_rect(center=c))
        else:
            pygame.draw.circle(sprite, colour, c, rad // 2)
        if main:
            crown = max(12, int(rad * 0.8))
            crown_badge(sprite, a, (c[0], c[1] - rad - 1), crown, 5)
    if st.life is not None:
        text = a.text(str(st.life), "bold", theme.MIN_TEXT_PX, (255, 255, 255))
        bw = max(text.get_width() + 6, text.get_height())
        life_badge = pygame.Rect(0, 0, bw, text.get_height())
        life_badge.center = (c[0] + int(rad * 0.75), c[1] + int(rad * 0.8))
        pygame.draw.rect(sprite, (20, 8, 6), life_badge.inflate(2, 2), border_radius=life_badge.height // 2)
        pygame.draw.rect(sprite, LIFE, life_badge, border_radius=life_badge.height // 2)
        sprite.blit(text, text.get_rect(center=(life_badge.centerx, life_badge.centery + 1)))
    return sprite


def _token_glyph(surface: pygame.Surface, kind: str, c: Pixel, tr: int, ink: Colour) -> None:
    """The glyph of a single token (a count replaces it when there are several)."""
    if kind == "shadow":  # an eye
        eye = pygame.Rect(0, 0, int(tr * 1.2), int(tr * 0.6))
        eye.center = c
        pygame.draw.ellipse(surface, ink, eye, 1)
        pygame.draw.circle(surface, ink, c, max(2, tr // 4))
    elif kind == "quest":  # a star
        star(surface, (150, 120, 40), c, tr * 0.6)
    elif kind == "gold":
        pygame.draw.circle(surface, (150, 110, 30), c, max(2, tr // 3), 1)
    elif kind == "aid":  # a plus
        w = max(2, tr // 4)
        pygame.draw.rect(surface, ink, (c[0] - w // 2, c[1] - tr // 2, w, tr))
        pygame.draw.rect(surface, ink, (c[0] - tr // 2, c[1] - w // 2, tr, w))
    else:
        pygame.draw.circle(surface, ink, c, max(2, tr // 3))
