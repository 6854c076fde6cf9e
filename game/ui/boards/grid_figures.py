"""The figures on the grid board: a hero's ring or a monster's square (a master's crown), its
icon, a Health bar, fatigue pips and condition badges, each a shape as well as a colour
(ART.md). :class:`~game.ui.boards.grid.GridBoard` keeps the sprites, one per figure's look
and square size.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.boards.marks import crown_badge, star
from game.ui.theme import Colour

Square = tuple[int, int]

HERO_BASE = theme.PARCHMENT
MONSTER_BASE = (92, 30, 26)
MINION_RIM = (168, 168, 172)
HEALTH = (214, 62, 50)
FATIGUE = (80, 150, 230)

CONDITION_COLOURS: dict[str, Colour] = {
    "poisoned": (86, 170, 70),
    "stunned": (232, 196, 60),
    "immobilized": (150, 150, 160),
}


@dataclass(frozen=True)
class GridFigure:
    """A figure on the map, as the table sees it.

    ``health`` is the Health left (``max_health`` minus damage); ``fatigue`` is the fatigue
    suffered out of ``max_fatigue`` (Stamina; 0 for monsters, which have no fatigue track).
    ``side`` is ``"hero"`` or ``"monster"``. ``colour`` is a hero's ring colour; ``icon`` a
    game-icons name (a default by side and kind if omitted). ``active`` adds a glow.
    ``number`` is the number a minion's name carries while others of its kind are on the map
    ("Goblin Skulker 2"), drawn in its top-left corner so the log's names can be found.
    """

    square: Square
    name: str
    kind: str
    side: str
    health: int
    max_health: int
    fatigue: int = 0
    max_fatigue: int = 0
    conditions: tuple[str, ...] = ()
    master: bool = False
    colour: Colour | None = None
    icon: str | None = None
    active: bool = False
    number: str = ""


def sprite_pad(square: int) -> int:
    """How far a figure's sprite reaches past its square on each side (its glow and badges)."""
    return max(4, square // 8)


def render_figure(f: GridFigure, square: int, assets: Assets) -> pygame.Surface:
    """A figure's sprite: its base (a hero's ring, a monster's square; a master's crown), its
    icon, Health and fatigue, conditions; ``sprite_pad(square)`` wider than a square all round."""
    s = square
    pad = sprite_pad(s)
    sprite = pygame.Surface((s + 2 * pad, s + 2 * pad), pygame.SRCALPHA)
    a = assets
    cx, cy = pad + s // 2, pad + int(s * 0.44)
    rad = int(s * 0.34)
    hero = f.side == "hero"
    # The soft shadow.
    shadow = pygame.Surface((rad * 2 + 8, rad * 2 + 8), pygame.SRCALPHA)
    for k in range(4):
        pygame.draw.ellipse(shadow, (0, 0, 0, 40), shadow.get_rect().inflate(-k * 3, -k * 3))
    sprite.blit(shadow, (cx - rad - 4 + max(2, s // 20), cy - rad - 4 + max(3, s // 14)))
    if f.active:
        glow = pygame.Surface(sprite.get_size(), pygame.SRCALPHA)
        for k, alpha in ((8, 50), (5, 90), (3, 140)):
            if hero:
                pygame.draw.circle(glow, (*theme.GOLD_LIGHT, alpha), (cx, cy), rad + k)
            else:
                pygame.draw.rect(glow, (*theme.GOLD_LIGHT, alpha), pygame.Rect(0, 0, 2 * (rad + k), 2 * (rad + k)).move(cx - rad - k, cy - rad - k),
                                 border_radius=rad // 2 + k)
        sprite.blit(glow, (0, 0))
    icon_name = f.icon or default_icon(f)
    if hero:
        ring = f.colour or theme.GOLD
        pygame.draw.circle(sprite, ring, (cx, cy), rad)
        pygame.draw.circle(sprite, HERO_BASE, (cx, cy), rad - max(3, s // 12))
        pygame.draw.circle(sprite, theme.INK, (cx, cy), rad, 1)
        icon_colour = theme.INK
    else:
        body = pygame.Rect(cx - rad, cy - rad, 2 * rad, 2 * rad)
        rim = theme.GOLD if f.master else MINION_RIM
        pygame.draw.rect(sprite, rim, body, border_radius=rad // 2)
        inner = body.inflate(-2 * max(3, s // (10 if f.master else 14)), -2 * max(3, s // (10 if f.master else 14)))
        pygame.draw.rect(sprite, MONSTER_BASE, inner, border_radius=max(2, rad // 2 - 3))
        pygame.draw.rect(sprite, (0, 0, 0), body, 1, border_radius=rad // 2)
        icon_colour = theme.GOLD_LIGHT if f.master else theme.PARCHMENT
    size = int(rad * 1.3)
    if a.has_icon(icon_name):
        sprite.blit(a.icon(icon_name, size, icon_colour), a.icon(icon_name, size, icon_colour).get_rect(center=(cx, cy)))
    else:
        pygame.draw.circle(sprite, icon_colour, (cx, cy), rad // 2)
    if f.master:
        crown = int(s * 0.34)
        crown_badge(sprite, a, (cx, cy - rad - max(1, s // 40)), crown, 3)
    _draw_bars(sprite, f, pad, s)
    _draw_conditions(sprite, f, pad, s)
    if f.number:
        _draw_number(sprite, f.number, (cx - rad + max(2, s // 16), cy - rad + max(2, s // 16)), s, assets)
    return sprite


def _draw_number(sprite: pygame.Surface, number: str, centre: tuple[int, int], s: int, assets: Assets) -> None:
    """A minion's number on a dark disc with a pale rim (the conditions use the other corner)."""
    r = max(6, int(s * 0.14))
    pygame.draw.circle(sprite, (0, 0, 0), (centre[0] + 1, centre[1] + 2), r + 1)
    pygame.draw.circle(sprite, MINION_RIM, centre, r + 1)
    pygame.draw.circle(sprite, (24, 16, 12), centre, r)
    text = assets.text(number, "bold", max(9, int(r * 1.5)), theme.PARCHMENT)
    sprite.blit(text, text.get_rect(center=(centre[0], centre[1] + 1)))


def _draw_bars(sprite: pygame.Surface, f: GridFigure, pad: int, s: int) -> None:
    width = int(s * 0.84)
    x0 = pad + (s - width) // 2
    bar_h = max(5, int(s * 0.1))
    y = pad + s - bar_h - max(1, s // 30)
    # Health: a red bar of segments (one per point when they fit), dark where damage is.
    if f.max_health > 0:
        outer = pygame.Rect(x0 - 1, y - 1, width + 2, bar_h + 2)
        pygame.draw.rect(sprite, (12, 8, 6), outer, border_radius=2)
        left = max(0, min(f.health, f.max_health))
        fill_w = int(width * left / f.max_health)
        pygame.draw.rect(sprite, (60, 22, 18), (x0, y, width, bar_h))
        if fill_w:
            pygame.draw.rect(sprite, HEALTH, (x0, y, fill_w, bar_h))
            pygame.draw.line(sprite, (250, 140, 120), (x0, y), (x0 + fill_w - 1, y))
        if width / f.max_health >= 4:
            for k in range(1, f.max_health):
                x = x0 + int(width * k / f.max_health)
                pygame.draw.line(sprite, (12, 8, 6), (x, y), (x, y + bar_h - 1))
    # Fatigue: a row of pips above (heroes): filled blue diamonds for fatigue suffered.
    if f.max_fatigue > 0:
        pip = max(3, min(int(s * 0.07), int(width / (f.max_fatigue * 2.4))))
        gap = pip * 2 + max(2, pip // 2)
        total_w = gap * f.max_fatigue - (gap - 2 * pip)
        px0 = pad + (s - total_w) // 2 + pip
        py = y - pip - max(2, s // 30)
        for k in range(f.max_fatigue):
            c = (px0 + k * gap, py)
            diamond = [(c[0], c[1] - pip), (c[0] + pip, c[1]), (c[0], c[1] + pip), (c[0] - pip, c[1])]
            if k < f.fatigue:
                pygame.draw.polygon(sprite, FATIGUE, diamond)
                pygame.draw.polygon(sprite, (10, 20, 40), diamond, 1)
            else:
                pygame.draw.polygon(sprite, (20, 24, 30), diamond)
                pygame.draw.polygon(sprite, (150, 170, 200), diamond, 1)


def _draw_conditions(sprite: pygame.Surface, f: GridFigure, pad: int, s: int) -> None:
    r = max(6, int(s * 0.14))
    for k, condition in enumerate(f.conditions[:3]):
        c = (pad + s - r + max(1, s // 20), pad + r - max(1, s // 20) + k * (2 * r + 1))
        colour = CONDITION_COLOURS.get(condition, (170, 120, 200))
        pygame.draw.circle(sprite, (0, 0, 0), (c[0] + 1, c[1] + 2), r + 1)
        pygame.draw.circle(sprite, (12, 8, 6), c, r + 1)
        pygame.draw.circle(sprite, colour, c, r - 1)
        condition_glyph(sprite, condition, c, r)


def default_icon(f: GridFigure) -> str:
    """The icon of a figure that names none: by side, then by the words of its kind."""
    kind = f.kind.lower()
    if f.side == "hero":
        return "swordman"
    if "goblin" in kind:
        return "goblin-head"
    if "warden" in kind:
        return "crowned-skull"
    if "bone" in kind or "skelet" in kind:
        return "skeleton"
    return "ogre"


def condition_glyph(surface: pygame.Surface, condition: str, c: tuple[int, int], r: int) -> None:
    """A small shape per condition (never colour alone): a drop, a star, a chain."""
    ink = theme.INK
    if condition == "poisoned":
        top = (c[0], c[1] - int(r * 0.75))
        pygame.draw.circle(surface, ink, (c[0], c[1] + int(r * 0.2)), max(2, int(r * 0.42)))
        pygame.draw.polygon(surface, ink, [top, (c[0] - int(r * 0.4), c[1] + int(r * 0.1)), (c[0] + int(r * 0.4), c[1] + int(r * 0.1))])
    elif condition == "stunned":
        star(surface, ink, c, int(r * 0.78))
    elif condition == "immobilized":  # a padlock
        body = pygame.Rect(0, 0, max(4, int(r * 1.0)), max(3, int(r * 0.72)))
        body.midtop = (c[0], c[1] - int(r * 0.1))
        shackle = pygame.Rect(0, 0, max(3, int(r * 0.7)), max(4, int(r * 0.95)))
        shackle.midtop = (c[0], c[1] - int(r * 0.72))
        pygame.draw.ellipse(surface, ink, shackle, max(2, r // 4))
        pygame.draw.rect(surface, ink, body, border_radius=1)
    else:
        pygame.draw.circle(surface, ink, c, max(2, r // 3))
