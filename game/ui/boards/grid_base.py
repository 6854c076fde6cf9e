"""The grid board's base layer: stone floor, terrain (a colour **and** a pattern, ART.md, for
colour-blind players, with the outline colours of the rule text: checklist 2.1), walls and
doors. :class:`~game.ui.boards.grid.GridBoard` draws it once per (board, closed doors, square
size) and keeps it; everything here is a function of a :class:`Lattice` (where the squares
are in the layer) and the board's walls and doors.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

import pygame

from game.ui.theme import Colour

Square = tuple[int, int]
Point = tuple[int, int]
Edge = tuple[Point, Point]

# Outline colours of the rule text (checklist 2.1, DD-056).
TERRAIN_OUTLINE: dict[str, Colour] = {
    "obstacle": (214, 58, 44),
    "water": (74, 150, 235),
    "pit": (88, 190, 82),
    "lava": (246, 212, 58),
}

VOID = (16, 12, 10)
VOID_SPECK = (26, 20, 16)
STONE = (118, 106, 90)
GROUT = (64, 56, 47)
WALL = (10, 7, 5)
WALL_FILL = (66, 56, 47)
WALL_TOP = (104, 92, 78)
DOOR_WOOD = (122, 74, 38)
DOOR_DARK = (70, 40, 20)
IRON = (46, 44, 46)
BRASS = (196, 160, 70)


@dataclass(frozen=True, eq=False)
class Lattice:
    """Where the squares are inside a layer at one square size: a layer starts at the wall
    margin (the frame around the squares that holds the outer walls)."""

    terrain: Mapping[Square, str]
    min_x: int
    min_y: int
    cols: int
    rows: int
    square: int

    @property
    def margin(self) -> int:
        """The frame round the squares, for the outer walls."""
        return max(3, int(self.square * 0.09))

    def local(self, sq: Square) -> pygame.Rect:
        """A square's rect inside a layer."""
        s, m = self.square, self.margin
        return pygame.Rect(m + (sq[0] - self.min_x) * s, m + (sq[1] - self.min_y) * s, s, s)

    def local_point(self, point: tuple[Any, Any]) -> tuple[int, int]:
        """A lattice point (a square's corner) inside a layer."""
        s, m = self.square, self.margin
        return (int(round(m + (point[0] - self.min_x) * s)), int(round(m + (point[1] - self.min_y) * s)))


def norm_edge(edge: Any) -> Edge:
    """An edge as a pair of integer points, the smaller first."""
    a, b = edge
    pa, pb = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    return (pa, pb) if pa <= pb else (pb, pa)


def rim_edges(terrain: Mapping[Square, str]) -> frozenset[Edge]:
    """Every unit edge between an on-map square and a square that is not on the map."""
    edges: set[Edge] = set()
    for (x, y) in terrain:
        if (x - 1, y) not in terrain:
            edges.add(((x, y), (x, y + 1)))
        if (x + 1, y) not in terrain:
            edges.add(((x + 1, y), (x + 1, y + 1)))
        if (x, y - 1) not in terrain:
            edges.add(((x, y), (x + 1, y)))
        if (x, y + 1) not in terrain:
            edges.add(((x, y + 1), (x + 1, y + 1)))
    return frozenset(edges)


def render_base(lat: Lattice, walls: frozenset[Edge], doors: Mapping[str, frozenset[Edge]],
                closed: frozenset[str]) -> pygame.Surface:
    """The base layer at ``lat``'s square size: the void round the map with its specks, each
    square's stone, terrain and outline, the ``walls``, and the ``doors`` (``closed`` ones
    barred, the others open with their leaves swung back)."""
    s, m = lat.square, lat.margin
    w, h = lat.cols * s + 2 * m, lat.rows * s + 2 * m
    base = pygame.Surface((w, h)).convert() if pygame.display.get_surface() else pygame.Surface((w, h))
    base.fill(VOID)
    rnd = random.Random(1234)  # decoration only, never the game's RNG
    for _ in range(max(40, w * h // 900)):
        x, y = rnd.randrange(w), rnd.randrange(h)
        pygame.draw.circle(base, VOID_SPECK, (x, y), rnd.choice((1, 1, 2)))
    for sq in sorted(lat.terrain):
        _draw_floor(lat, base, sq)
    for sq in sorted(lat.terrain):
        kind = lat.terrain[sq]
        if kind != "floor":
            _draw_terrain(lat, base, sq, kind)
    for sq in sorted(lat.terrain):
        kind = lat.terrain[sq]
        if kind in TERRAIN_OUTLINE:
            _draw_outline(lat, base, sq, kind)
    _draw_walls(lat, base, walls)
    for name, edges in sorted(doors.items()):
        _draw_door(lat, base, edges, name in closed)
    return base


def _draw_floor(lat: Lattice, base: pygame.Surface, sq: Square) -> None:
    r = lat.local(sq)
    rnd = random.Random(sq[0] * 7919 + sq[1] * 104729 + 17)
    shade = rnd.randint(-9, 9)
    colour = tuple(max(0, min(255, c + shade)) for c in STONE)
    pygame.draw.rect(base, colour, r)
    s = lat.square
    # A subtle stone texture: mottled patches, a few specks, sometimes a hairline crack.
    for _ in range(4):
        pr = max(2, int(s * rnd.uniform(0.08, 0.18)))
        cx, cy = r.x + rnd.randrange(s), r.y + rnd.randrange(s)
        tone = rnd.choice((-7, -5, 5, 7))
        pygame.draw.circle(base, tuple(max(0, min(255, c + tone)) for c in colour), (cx, cy), pr)
    for _ in range(5):
        cx, cy = r.x + rnd.randrange(2, s - 2), r.y + rnd.randrange(2, s - 2)
        pygame.draw.circle(base, tuple(max(0, c - 22) for c in colour), (cx, cy), 1)
    if rnd.random() < 0.3:
        x0, y0 = r.x + rnd.randrange(s // 4, s // 2), r.y + rnd.randrange(s // 5, s - s // 5)
        pts = [(x0, y0)]
        for _ in range(3):
            x0 += rnd.randrange(max(2, s // 10), max(3, s // 5))
            y0 += rnd.randrange(-max(2, s // 10), max(3, s // 10))
            pts.append((min(x0, r.right - 3), max(r.y + 2, min(y0, r.bottom - 3))))
        pygame.draw.lines(base, tuple(max(0, c - 26) for c in colour), False, pts, 1)
    # Bevel and grout.
    light = tuple(min(255, c + 16) for c in colour)
    pygame.draw.line(base, light, (r.x + 1, r.y + 1), (r.right - 2, r.y + 1))
    pygame.draw.line(base, light, (r.x + 1, r.y + 1), (r.x + 1, r.bottom - 2))
    pygame.draw.rect(base, GROUT, r, 1)


def _draw_terrain(lat: Lattice, base: pygame.Surface, sq: Square, kind: str) -> None:
    r = lat.local(sq)
    s = lat.square
    rnd = random.Random(sq[0] * 31 + sq[1] * 977 + len(kind))
    inner = r.inflate(-2, -2)
    if kind == "water":
        pygame.draw.rect(base, (34, 70, 112), inner)
        pygame.draw.rect(base, (44, 88, 136), inner.inflate(-s // 6, -s // 6), border_radius=s // 6)
        amp = max(2, s // 18)
        for i in range(3):
            y = r.y + int(s * (0.28 + 0.24 * i))
            pts = [(r.x + 4 + k, y + int(amp * math.sin((k + sq[0] * s) / max(3, s / 6.0))))
                   for k in range(0, s - 8, 2)]
            if len(pts) > 1:
                pygame.draw.lines(base, (140, 190, 235), False, pts, max(1, s // 28))
    elif kind == "lava":
        pygame.draw.rect(base, (196, 74, 20), inner)
        # Dark crust plates with glowing cracks between them.
        step = s / 3
        for i in range(3):
            for j in range(3):
                cx = r.x + step * (i + 0.5) + rnd.uniform(-step * 0.15, step * 0.15)
                cy = r.y + step * (j + 0.5) + rnd.uniform(-step * 0.15, step * 0.15)
                rad = step * 0.42
                plate = [(cx + rad * math.cos(a + rnd.uniform(-0.3, 0.3)), cy + rad * math.sin(a + rnd.uniform(-0.3, 0.3)))
                         for a in (k * math.pi / 3 for k in range(6))]
                pygame.draw.polygon(base, (70, 28, 16), plate)
        pygame.draw.rect(base, (255, 200, 60), inner, max(1, s // 30))
    elif kind == "pit":
        pygame.draw.rect(base, (52, 46, 38), inner)
        hole = r.inflate(-s // 6, -s // 6)
        steps = 6
        for i in range(steps):
            t = i / steps
            colour = (int(40 * (1 - t)) + 6, int(44 * (1 - t)) + 8, int(34 * (1 - t)) + 6)
            shrink = int(hole.width * 0.5 * t)
            pygame.draw.ellipse(base, colour, hole.inflate(-shrink, -shrink))
        # Rim stones.
        for k in range(10):
            a = k * math.tau / 10 + rnd.uniform(-0.15, 0.15)
            px = hole.centerx + hole.width * 0.5 * math.cos(a)
            py = hole.centery + hole.height * 0.5 * math.sin(a)
            pygame.draw.circle(base, (98, 90, 76), (int(px), int(py)), max(2, s // 16))
            pygame.draw.circle(base, (60, 54, 44), (int(px), int(py)), max(2, s // 16), 1)
    elif kind == "obstacle":
        pygame.draw.rect(base, (72, 62, 54), inner)
        # A heap of boulders.
        spots = [(0.32, 0.34, 0.24), (0.68, 0.38, 0.22), (0.48, 0.68, 0.26), (0.78, 0.74, 0.14), (0.2, 0.72, 0.14)]
        for fx, fy, fr in spots:
            cx, cy, rad = r.x + fx * s, r.y + fy * s, fr * s
            rock = [(cx + rad * math.cos(a) * rnd.uniform(0.8, 1.1), cy + rad * math.sin(a) * rnd.uniform(0.75, 1.0))
                    for a in (k * math.tau / 7 for k in range(7))]
            pygame.draw.polygon(base, (40, 34, 30), [(x + 2, y + 3) for x, y in rock])
            pygame.draw.polygon(base, (132, 120, 106), rock)
            pygame.draw.polygon(base, (160, 148, 132), [(x * 0.6 + cx * 0.4 - rad * 0.2, y * 0.6 + cy * 0.4 - rad * 0.25)
                                                        for x, y in rock])
            pygame.draw.polygon(base, (50, 42, 36), rock, 1)
    else:  # an unknown terrain: a cross-hatch so it is never just a colour
        for k in range(0, s, max(4, s // 6)):
            pygame.draw.line(base, GROUT, (r.x + k, r.y), (r.x, r.y + k))


def _draw_outline(lat: Lattice, base: pygame.Surface, sq: Square, kind: str) -> None:
    """The terrain outline: drawn on the sides where the neighbour is different."""
    r = lat.local(sq)
    colour = TERRAIN_OUTLINE[kind]
    w = max(2, lat.square // 16)
    inset = w // 2 + 1
    x0, y0, x1, y1 = r.x + inset, r.y + inset, r.right - 1 - inset, r.bottom - 1 - inset
    x, y = sq
    sides = (((x, y - 1), (x0, y0), (x1, y0)), ((x, y + 1), (x0, y1), (x1, y1)),
             ((x - 1, y), (x0, y0), (x0, y1)), ((x + 1, y), (x1, y0), (x1, y1)))
    for neighbour, a, b in sides:
        if lat.terrain.get(neighbour) != kind:
            pygame.draw.line(base, (0, 0, 0), (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), w)
            pygame.draw.line(base, colour, a, b, w)
    # Square corners: fill the joints of the thick lines.
    for neighbour_a, neighbour_b, corner in (((x, y - 1), (x - 1, y), (x0, y0)), ((x, y - 1), (x + 1, y), (x1, y0)),
                                             ((x, y + 1), (x - 1, y), (x0, y1)), ((x, y + 1), (x + 1, y), (x1, y1))):
        if lat.terrain.get(neighbour_a) != kind and lat.terrain.get(neighbour_b) != kind:
            half = w // 2
            pygame.draw.rect(base, colour, (corner[0] - half, corner[1] - half, w, w))


def _edge_rect(lat: Lattice, edge: Edge, thickness: int, extend: int) -> pygame.Rect:
    (ax, ay), (bx, by) = edge
    pa, pb = lat.local_point((ax, ay)), lat.local_point((bx, by))
    if ax == bx:  # vertical
        return pygame.Rect(pa[0] - thickness // 2, min(pa[1], pb[1]) - extend, thickness, abs(pb[1] - pa[1]) + 2 * extend)
    return pygame.Rect(min(pa[0], pb[0]) - extend, pa[1] - thickness // 2, abs(pb[0] - pa[0]) + 2 * extend, thickness)


def wall_width(square: int) -> int:
    return max(4, int(square * 0.14))


def _draw_walls(lat: Lattice, base: pygame.Surface, edges: Iterable[Edge]) -> None:
    """Walls as thick stone bands with a dark outline (read on floor and void alike)."""
    ww = wall_width(lat.square)
    edges = sorted(edges)
    for edge in edges:
        pygame.draw.rect(base, WALL, _edge_rect(lat, edge, ww + 4, ww // 2 + 2))
    for edge in edges:
        pygame.draw.rect(base, WALL_FILL, _edge_rect(lat, edge, ww, ww // 2))
    for edge in edges:  # a lighter capstone line along the top of the wall
        t = max(1, ww // 4)
        pygame.draw.rect(base, WALL_TOP, _edge_rect(lat, edge, t, t // 2))


def _draw_door(lat: Lattice, base: pygame.Surface, edges: frozenset[Edge], closed: bool) -> None:
    if not edges:
        return
    points = sorted({p for e in edges for p in e})
    a, b = points[0], points[-1]
    pa, pb = lat.local_point(a), lat.local_point(b)
    vertical = a[0] == b[0]
    ww = wall_width(lat.square)
    if closed:
        t = max(6, int(lat.square * 0.24))
        if vertical:
            bar = pygame.Rect(pa[0] - t // 2, pa[1], t, pb[1] - pa[1])
        else:
            bar = pygame.Rect(pa[0], pa[1] - t // 2, pb[0] - pa[0], t)
        pygame.draw.rect(base, (0, 0, 0), bar.move(2, 3), border_radius=3)
        pygame.draw.rect(base, DOOR_WOOD, bar, border_radius=3)
        # Planks along the bar, iron bands across it.
        for k in (1, 2):
            if vertical:
                x = bar.x + bar.width * k // 3
                pygame.draw.line(base, DOOR_DARK, (x, bar.y + 2), (x, bar.bottom - 3), 1)
            else:
                y = bar.y + bar.height * k // 3
                pygame.draw.line(base, DOOR_DARK, (bar.x + 2, y), (bar.right - 3, y), 1)
        length = (bar.height if vertical else bar.width)
        bands = max(2, round(length / lat.square) + 1)
        for k in range(bands):
            f = (k + 0.5) / bands
            bw = max(2, lat.square // 14)
            if vertical:
                band = pygame.Rect(bar.x - 1, bar.y + int(length * f) - bw // 2, bar.width + 2, bw)
            else:
                band = pygame.Rect(bar.x + int(length * f) - bw // 2, bar.y - 1, bw, bar.height + 2)
            pygame.draw.rect(base, IRON, band)
            pygame.draw.circle(base, BRASS, band.center, max(1, bw // 2 + 1))
        pygame.draw.rect(base, DOOR_DARK, bar, 2, border_radius=3)
    else:
        # An open doorway: the gap stays clear, a worn threshold, hinges on the jambs.
        tl = max(2, lat.square // 20)
        if vertical:
            for y in range(pa[1] + 4, pb[1] - 4, max(6, lat.square // 6)):
                pygame.draw.line(base, (150, 136, 112), (pa[0], y), (pa[0], min(pb[1] - 4, y + lat.square // 12)), tl)
        else:
            for x in range(pa[0] + 4, pb[0] - 4, max(6, lat.square // 6)):
                pygame.draw.line(base, (150, 136, 112), (x, pa[1]), (min(pb[0] - 4, x + lat.square // 12), pa[1]), tl)
    # The jambs and hinges at both ends (open and closed).
    hs = max(6, int(lat.square * 0.22))
    hw = max(4, int(lat.square * 0.1))
    for p, sign in ((pa, 1), (pb, -1)):
        jamb = pygame.Rect(0, 0, ww + 4, ww + 4)
        jamb.center = p
        pygame.draw.rect(base, WALL, jamb)
        pygame.draw.rect(base, WALL_FILL, jamb.inflate(-4, -4))
        # Along the door line from the jamb: (u) is the run's direction, (n) its normal.
        u = (0, sign) if vertical else (sign, 0)
        n = (1, 0) if vertical else (0, 1)
        pin = (p[0] + u[0] * (ww // 2 + hs // 2), p[1] + u[1] * (ww // 2 + hs // 2))
        if not closed:
            # The leaf, swung open (nearly square to the doorway), on its hinge.
            length = max(6, int(lat.square * 0.42))
            end = (pin[0] + n[0] * length + u[0] * length // 4, pin[1] + n[1] * length + u[1] * length // 4)
            lw = max(3, int(lat.square * 0.09))
            pygame.draw.line(base, (0, 0, 0), (pin[0] + 1, pin[1] + 2), (end[0] + 1, end[1] + 2), lw + 2)
            pygame.draw.line(base, DOOR_DARK, pin, end, lw + 2)
            pygame.draw.line(base, DOOR_WOOD, pin, end, lw)
        plate = pygame.Rect(0, 0, hw if vertical else hs, hs if vertical else hw)
        plate.center = pin
        pygame.draw.rect(base, IRON, plate, border_radius=2)
        pygame.draw.rect(base, BRASS, plate, 1, border_radius=2)
        pygame.draw.circle(base, BRASS, pin, max(2, hw // 3))
