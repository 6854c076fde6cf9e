"""A square-grid map: terrain, walls and doors in a cached base layer, overlays on top.

:class:`GridBoard` draws a :class:`~game.rulesets.dungeon_delve.geometry.Board` (or any
object with the same ``terrain``, ``doors`` and ``blocking_edges`` attributes) fitted into a
pixel rect, with zoom and pan. What changes from frame to frame is passed as plain data in
a :class:`GridOverlays`: door states, the movement range, a hovered path, the squares in
line of sight, a sight line, tokens, figures, lit options and the selection.

Caching (ART.md, The table): the base layer is rendered once per (board, closed doors,
square size); each overlay set (range, sight marks, lit squares, path, sight line) is drawn
into its own alpha layer, cropped to what it covers, and kept while its data is unchanged;
figures and tokens are small cached sprites. A frame is a handful of blits.

The base layer is painted by grid_base.py: terrain has a colour **and** a pattern (ART.md,
colour-blind players), with the outline colours of the rule text (checklist 2.1): obstacle red
(rubble), water blue (waves), pit green (a dark hole with a rim), lava yellow (glowing
cracks). The figures' sprites are grid_figures.py's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, Mapping

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.boards.grid_base import TERRAIN_OUTLINE, Edge, Lattice, Point, Square, norm_edge, render_base, rim_edges
from game.ui.boards.grid_figures import CONDITION_COLOURS, GridFigure, render_figure, sprite_pad
from game.ui.boards.marks import star
from game.ui.theme import Colour, mix

__all__ = ["GridBoard", "GridFigure", "GridOverlays", "GridToken", "movement_fields", "sight_fields",
           "TERRAIN_OUTLINE", "CONDITION_COLOURS"]

PASS = (150, 170, 190)
SIGHT_OK = theme.GOLD_LIGHT
SIGHT_BAD = (222, 70, 56)


# -- plain data ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GridToken:
    """A token on the map (tokens never block): ``kind`` is ``"search"``, ``"start"``,
    ``"reinforcement"`` or ``"knocked_out"`` (a knocked-out hero's token: ``label`` is his
    name, ``colour`` and ``icon`` his)."""

    square: Square
    kind: str
    label: str = ""
    colour: Colour | None = None
    icon: str | None = None


LIT_LOOKS: dict[str, tuple[tuple[int, int, int], str, bool]] = {
    "": (theme.GOLD_LIGHT, "", False),
    "move": (theme.GOLD_LIGHT, "", False),
    "attack": ((226, 84, 64), "crossed-swords", False),
    "feat": ((186, 132, 238), "concentration-orb", True),
    "area": ((96, 170, 240), "meteor-impact", True),
}
"""How a lit square looks by what a click there does: its colour, a corner mark (an icon) and
whether its frame is dashed. Moves stay plain gold; the others add a mark, so no two kinds
differ by colour alone."""


@dataclass
class GridOverlays:
    """Everything drawn over the base layer, as plain data (all optional).

    * ``closed_doors``: names of the doors that are closed (the rest are drawn open);
    * ``move_costs``: legal end squares of a move and their MP cost (shaded by cost);
      ``move_pass_only``: squares that can only be passed through (hatched);
      ``show_costs``: print the cost in each reachable square (if squares are big enough);
    * ``path``: the hovered path, start square first; ``path_cost`` its MP cost and
      ``path_damage`` the lava/pit damage it causes (shown in a label at its end);
    * ``visible``: the squares in line of sight of ``viewer`` (marked with a gold diamond);
    * ``sight``: a sight segment between two lattice points (``Sight.segment``), gold if
      ``sight_visible``, else red and dashed with ``sight_reason``; ``sight_squares`` are
      its two squares (ringed; also the fallback line if ``sight`` is None);
    * ``tokens`` and ``figures``;
    * ``lit``: squares that are options now; ``lit_kinds`` says what a click there does
      ("move", "attack", "feat" for skills and feats, "area" for a blast, else a plain option),
      each drawn in its own colour and with its own mark, never colour alone (see LIT_LOOKS);
      ``dimmed``: squares shown as not allowed; ``selected``: the selected square; ``hover``:
      the square under the mouse.
    """

    closed_doors: frozenset[str] = frozenset()
    move_costs: Mapping[Square, int] = field(default_factory=dict)
    move_pass_only: frozenset[Square] = frozenset()
    show_costs: bool = True
    path: tuple[Square, ...] = ()
    path_cost: int | None = None
    path_damage: int = 0
    visible: frozenset[Square] = frozenset()
    viewer: Square | None = None
    sight: tuple[Point, Point] | None = None
    sight_visible: bool = True
    sight_reason: str = ""
    sight_squares: tuple[Square, Square] | None = None
    tokens: tuple[GridToken, ...] = ()
    figures: tuple[GridFigure, ...] = ()
    lit: frozenset[Square] = frozenset()
    lit_kinds: Mapping[Square, str] = field(default_factory=dict)
    dimmed: frozenset[Square] = frozenset()
    selected: Square | None = None
    hover: Square | None = None


def movement_fields(move_range: Any, target: Square | None = None) -> dict[str, Any]:
    """GridOverlays fields from a geometry ``MoveRange`` (``costs``, ``ends``, ``pass_only``,
    ``path(sq)``, ``damage(sq)``), with the path to ``target`` if it is a legal end."""
    ends = set(move_range.ends)
    costs = {sq: int(move_range.costs[sq]) for sq in ends if sq in move_range.costs}
    out: dict[str, Any] = {"move_costs": costs, "move_pass_only": frozenset(move_range.pass_only)}
    if target is not None and target in ends:
        out["path"] = tuple(move_range.path(target))
        out["path_cost"] = costs.get(target)
        out["path_damage"] = int(move_range.damage(target))
    return out


def sight_fields(sight: Any, a: Square, t: Square) -> dict[str, Any]:
    """GridOverlays fields from a geometry ``Sight`` (``visible``, ``segment``, ``reason``)."""
    segment = getattr(sight, "segment", None)
    return {"sight": (tuple(segment[0]), tuple(segment[1])) if segment else None,
            "sight_visible": bool(sight.visible), "sight_reason": str(getattr(sight, "reason", "") or ""),
            "sight_squares": (a, t)}


# -- the component --------------------------------------------------------------------------------


class GridBoard:
    """Draws a square-grid board fitted into a rect, with zoom and pan.

    ``layout(rect)`` fits the board (square size = min(w / cols, h / rows) of the rect less
    a thin margin for the outer walls, centred); ``zoom`` (1-3) and ``pan`` scroll it inside
    the rect. ``square_at``/``square_rect`` convert between pixels and squares.
    """

    MIN_ZOOM = 1.0
    MAX_ZOOM = 3.0

    def __init__(self, board: Any, rect: pygame.Rect, assets: Assets) -> None:
        self.board = board
        self.assets = assets
        self.terrain: dict[Square, str] = {tuple(sq): str(t) for sq, t in board.terrain.items()}
        xs = [sq[0] for sq in self.terrain] or [0]
        ys = [sq[1] for sq in self.terrain] or [0]
        self.min_x, self.min_y = min(xs), min(ys)
        self.cols = max(xs) - self.min_x + 1
        self.rows = max(ys) - self.min_y + 1
        self.zoom = 1.0
        self.pan = (0, 0)
        self.rect = pygame.Rect(rect)
        self.square = 8
        self.base_square = 8
        self.origin = (0, 0)
        self._base_cache: dict[tuple[Hashable, ...], pygame.Surface] = {}
        self._layers: dict[str, tuple[Hashable, list[tuple[pygame.Surface, tuple[int, int]]]]] = {}
        self._sprites: dict[Hashable, pygame.Surface] = {}
        self._door_edges = {name: frozenset(norm_edge(e) for e in edges)
                            for name, edges in dict(getattr(board, "doors", {}) or {}).items()}
        self._lattice: Lattice | None = None
        self._rim = rim_edges(self.terrain)
        self.layout(rect)

    # -- layout and coordinates --------------------------------------------------------------

    @property
    def lattice(self) -> Lattice:
        """Where the squares are inside a layer at the current square size."""
        if self._lattice is None or self._lattice.square != self.square:
            self._lattice = Lattice(self.terrain, self.min_x, self.min_y, self.cols, self.rows, self.square)
        return self._lattice

    @property
    def margin(self) -> int:
        """The frame around the squares that holds the outer walls."""
        return self.lattice.margin

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board into ``rect`` (centred), keeping zoom and pan."""
        self.rect = pygame.Rect(rect)
        guess = min(self.rect.width / self.cols, self.rect.height / self.rows)
        margin = max(3, int(guess * 0.09))
        inner_w, inner_h = self.rect.width - 2 * margin, self.rect.height - 2 * margin
        self.base_square = max(6, int(min(inner_w / self.cols, inner_h / self.rows)))
        self._apply_view()

    def set_zoom(self, zoom: float, about: tuple[int, int] | None = None) -> None:
        """Zoom to ``zoom`` (clamped to 1-3), keeping the point under ``about`` still."""
        zoom = max(self.MIN_ZOOM, min(self.MAX_ZOOM, float(zoom)))
        about = about or self.rect.center
        old_sq, old_origin = self.square, self.origin
        # The board coordinate under ``about``, in squares.
        bx = (about[0] - old_origin[0]) / old_sq
        by = (about[1] - old_origin[1]) / old_sq
        self.zoom = zoom
        self.pan = (0, 0)
        self._apply_view()
        want = (about[0] - bx * self.square, about[1] - by * self.square)
        self.pan_by(int(round(want[0] - self.origin[0])), int(round(want[1] - self.origin[1])))

    def pan_by(self, dx: int, dy: int) -> None:
        """Scroll by a pixel offset (clamped so the board stays in view)."""
        self.pan = (self.pan[0] + dx, self.pan[1] + dy)
        self._apply_view()

    def _apply_view(self) -> None:
        self.square = max(6, int(self.base_square * self.zoom))
        bw, bh = self.cols * self.square, self.rows * self.square
        origin: list[int] = []
        pan: list[int] = []
        for start, length, size, p in ((self.rect.x, self.rect.width, bw, self.pan[0]),
                                       (self.rect.y, self.rect.height, bh, self.pan[1])):
            centred = start + (length - size) // 2
            m = self.margin
            if size + 2 * m <= length:
                origin.append(centred)
                pan.append(0)
            else:
                lo, hi = start + length - size - m, start + m
                value = max(lo, min(hi, centred + p))
                origin.append(value)
                pan.append(value - centred)
        self.origin = (origin[0], origin[1])
        self.pan = (pan[0], pan[1])

    @property
    def board_rect(self) -> pygame.Rect:
        """The pixel rect of the squares (without the wall margin)."""
        return pygame.Rect(self.origin[0], self.origin[1], self.cols * self.square, self.rows * self.square)

    def square_rect(self, sq: Square) -> pygame.Rect:
        s = self.square
        return pygame.Rect(self.origin[0] + (sq[0] - self.min_x) * s, self.origin[1] + (sq[1] - self.min_y) * s, s, s)

    def square_centre(self, sq: Square) -> tuple[int, int]:
        return self.square_rect(sq).center

    def point_pos(self, point: tuple[Any, Any]) -> tuple[int, int]:
        """The pixel of a lattice point (corner) ``P(x, y)``."""
        s = self.square
        return (int(round(self.origin[0] + (point[0] - self.min_x) * s)),
                int(round(self.origin[1] + (point[1] - self.min_y) * s)))

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The on-map square under ``pos``, or None (off the map, or outside the rect)."""
        if not self.rect.collidepoint(pos):
            return None
        s = self.square
        col = (pos[0] - self.origin[0]) // s
        row = (pos[1] - self.origin[1]) // s
        sq = (int(col) + self.min_x, int(row) + self.min_y)
        return sq if sq in self.terrain else None

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, overlays: GridOverlays | None = None) -> None:
        """Draw the board and the overlays into ``surface`` (clipped to the rect)."""
        ov = overlays or GridOverlays()
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        m = self.margin
        base = self._base(frozenset(ov.closed_doors))
        surface.blit(base, (self.origin[0] - m, self.origin[1] - m))
        for name, builder, key in (
            ("range", self._range_layer, (_freeze_map(ov.move_costs), frozenset(ov.move_pass_only), ov.show_costs)),
            ("visible", self._visible_layer, (frozenset(ov.visible), ov.viewer)),
            ("lit", self._lit_layer, (frozenset(ov.lit), _freeze_map(ov.lit_kinds), frozenset(ov.dimmed))),
            ("tokens", self._token_layer, tuple(ov.tokens)),
            ("path", self._path_layer, (tuple(ov.path), ov.path_cost, ov.path_damage)),
        ):
            self._blit_layer(surface, name, builder, key, ov)
        self._draw_selection(surface, ov)  # under the figures, so their markers stay visible
        for figure in ov.figures:
            sprite = self._figure_sprite(figure)
            rect = self.square_rect(figure.square)
            surface.blit(sprite, (rect.x - self._sprite_pad, rect.y - self._sprite_pad))
        self._blit_layer(surface, "sight", self._sight_layer,
                         (ov.sight, ov.sight_visible, ov.sight_reason, ov.sight_squares), ov)
        self._blit_layer(surface, "labels", self._label_layer,
                         (tuple(ov.path), ov.path_cost, ov.path_damage, ov.sight, ov.sight_visible,
                          ov.sight_reason, ov.sight_squares), ov)
        surface.set_clip(clip)

    def _blit_layer(self, surface: pygame.Surface, name: str, builder: Any, key: Hashable,
                    ov: GridOverlays) -> None:
        # Pieces are placed relative to the board's origin, so panning reuses them; only
        # the labels (kept inside the visible rect) depend on where the board is.
        full_key = (key, self.square, self.origin if name == "labels" else None)
        cached = self._layers.get(name)
        if cached is None or cached[0] != full_key:
            pieces = builder(ov)
            cached = (full_key, pieces)
            self._layers[name] = cached
        ox, oy = self.origin
        for image, pos in cached[1]:
            surface.blit(image, (ox + pos[0], oy + pos[1]))

    def _new_layer(self) -> tuple[pygame.Surface, tuple[int, int]]:
        m = self.margin
        br = self.board_rect
        layer = pygame.Surface((br.width + 2 * m, br.height + 2 * m), pygame.SRCALPHA)
        return layer, (-m, -m)

    def _crop(self, layer: pygame.Surface, pos: tuple[int, int],
              squares: Iterable[Square]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Keep only the part of ``layer`` around ``squares`` (half a square of slack)."""
        rects = [self._local(sq) for sq in squares]
        if not rects:
            return []
        box = rects[0].unionall(rects[1:]).inflate(self.square, self.square).clip(layer.get_rect())
        if box.width == 0 or box.height == 0:
            return []
        return [(layer.subsurface(box).copy(), (pos[0] + box.x, pos[1] + box.y))]

    def _local(self, sq: Square) -> pygame.Rect:
        """A square's rect inside a layer (which starts at the wall margin)."""
        return self.lattice.local(sq)

    def _local_point(self, point: tuple[Any, Any]) -> tuple[int, int]:
        return self.lattice.local_point(point)

    # -- the base layer ------------------------------------------------------------------------

    def _base(self, closed: frozenset[str]) -> pygame.Surface:
        key = (id(self.board), closed, self.square)
        surface = self._base_cache.get(key)
        if surface is None:
            if len(self._base_cache) > 6:
                self._base_cache.clear()
            surface = render_base(self.lattice, self.wall_edges(closed), self._door_edges, closed)
            self._base_cache[key] = surface
        return surface

    def wall_edges(self, closed: frozenset[str]) -> frozenset[Edge]:
        """The edges drawn as walls: the map edge and internal walls (doors drawn apart)."""
        door_edges = frozenset().union(*self._door_edges.values()) if self._door_edges else frozenset()
        try:
            blocking = frozenset(norm_edge(e) for e in self.board.blocking_edges(frozenset()))
        except (AttributeError, TypeError):
            blocking = frozenset(norm_edge(e) for e in getattr(self.board, "internal_walls", ()))
        return (blocking | self._rim) - door_edges

    # -- overlay layers ------------------------------------------------------------------------

    def _range_layer(self, ov: GridOverlays) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        if not ov.move_costs and not ov.move_pass_only:
            return []
        layer, pos = self._new_layer()
        s = self.square
        top = max(ov.move_costs.values(), default=1) or 1
        for sq, cost in ov.move_costs.items():
            r = self._local(sq)
            t = min(1.0, cost / top)
            alpha = int(96 - 56 * t)
            colour = mix(theme.GOLD_LIGHT, theme.GOLD, t)
            pygame.draw.rect(layer, (*colour, alpha), r.inflate(-2, -2))
        hatch = max(5, s // 6)
        for sq in ov.move_pass_only:
            r = self._local(sq).inflate(-2, -2)
            pygame.draw.rect(layer, (*PASS, 60), r)
            piece = pygame.Surface(r.size, pygame.SRCALPHA)
            for k in range(-r.height, r.width, hatch):
                pygame.draw.line(piece, (*PASS, 150), (k, r.height), (k + r.height, 0), max(1, s // 24))
            layer.blit(piece, r)
        # A gold outline around the area the figure can reach.
        reach = set(ov.move_costs) | set(ov.move_pass_only)
        for sq in reach:
            r = self._local(sq)
            x, y = sq
            for n, a, b in (((x, y - 1), r.topleft, (r.right - 1, r.y)), ((x, y + 1), (r.x, r.bottom - 1), (r.right - 1, r.bottom - 1)),
                            ((x - 1, y), r.topleft, (r.x, r.bottom - 1)), ((x + 1, y), (r.right - 1, r.y), (r.right - 1, r.bottom - 1))):
                if n not in reach:
                    pygame.draw.line(layer, (*theme.GOLD_LIGHT, 230), a, b, 2)
        if ov.show_costs and s >= 36:
            size = max(theme.MIN_TEXT_PX, int(s * 0.24))
            for sq, cost in ov.move_costs.items():
                if cost <= 0:
                    continue
                r = self._local(sq)
                label = self._outlined(str(cost), "bold", size, theme.PARCHMENT)
                layer.blit(label, (r.x + max(2, s // 16), r.y + max(0, s // 40)))
        return self._crop(layer, pos, ov.move_costs.keys() | ov.move_pass_only)

    def _visible_layer(self, ov: GridOverlays) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        if not ov.visible and ov.viewer is None:
            return []
        layer, pos = self._new_layer()
        s = self.square
        d = max(4, int(s * 0.09))
        for sq in ov.visible:
            if sq == ov.viewer:
                continue
            r = self._local(sq)
            cx, cy = r.centerx, r.centery
            diamond = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
            pygame.draw.polygon(layer, (20, 14, 8, 200), [(x + 1, y + 2) for x, y in diamond])
            pygame.draw.polygon(layer, (*theme.GOLD_LIGHT, 235), diamond)
            pygame.draw.polygon(layer, (60, 44, 10, 255), diamond, 1)
        if ov.viewer is not None:
            r = self._local(ov.viewer)
            pygame.draw.rect(layer, (*theme.GOLD_LIGHT, 70), r.inflate(-2, -2))
            size = int(s * 0.42)
            if self.assets.has_icon("semi-closed-eye"):
                icon = self.assets.icon("semi-closed-eye", size, theme.GOLD_LIGHT)
                shadow = self.assets.icon("semi-closed-eye", size, (0, 0, 0))
                corner = (r.right - size - 2, r.y + 2)
                layer.blit(shadow, (corner[0] + 1, corner[1] + 1))
                layer.blit(icon, corner)
            else:
                pygame.draw.ellipse(layer, theme.GOLD_LIGHT, (r.right - size - 2, r.y + 2 + size // 4, size, size // 2), 2)
        return self._crop(layer, pos, set(ov.visible) | ({ov.viewer} if ov.viewer is not None else set()))

    def _lit_layer(self, ov: GridOverlays) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        if not ov.lit and not ov.dimmed:
            return []
        layer, pos = self._new_layer()
        s = self.square
        for sq in ov.dimmed:
            r = self._local(sq)
            pygame.draw.rect(layer, (0, 0, 0, 110), r)
        for sq in ov.lit:
            r = self._local(sq)
            colour, icon, dashed = LIT_LOOKS.get(ov.lit_kinds.get(sq, ""), LIT_LOOKS[""])
            width = max(2, s // 24)
            if dashed:  # skills and feats: a dashed frame, so the shape differs as well as the colour
                step = max(4, s // 6)
                for k in (0, 2):
                    inner = r.inflate(-k * 2, -k * 2)
                    for x in range(inner.x, inner.right, step * 2):
                        for y in (inner.y, inner.bottom - width):
                            pygame.draw.rect(layer, (*colour, 255), (x, y, min(step, inner.right - x), width))
                    for y in range(inner.y, inner.bottom, step * 2):
                        for x in (inner.x, inner.right - width):
                            pygame.draw.rect(layer, (*colour, 255), (x, y, width, min(step, inner.bottom - y)))
            else:
                for k, alpha in ((0, 90), (2, 160), (4, 255)):
                    pygame.draw.rect(layer, (*colour, alpha), r.inflate(-k * 2, -k * 2), width,
                                     border_radius=max(2, s // 10))
            size = max(10, s // 3)
            if icon and self.assets.has_icon(icon) and s >= 24:
                mark = self.assets.icon(icon, size, colour)
                shade = self.assets.icon(icon, size, (0, 0, 0))
                corner = (r.right - size - max(2, s // 16), r.bottom - size - max(2, s // 16))
                layer.blit(shade, (corner[0] + 1, corner[1] + 1))
                layer.blit(mark, corner)
        return self._crop(layer, pos, set(ov.lit) | set(ov.dimmed))

    def _token_layer(self, ov: GridOverlays) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        if not ov.tokens:
            return []
        layer, pos = self._new_layer()
        order = {"start": 0, "reinforcement": 1, "search": 2, "knocked_out": 3}
        for token in sorted(ov.tokens, key=lambda t: order.get(t.kind, 4)):
            self._draw_token(layer, token)
        return self._crop(layer, pos, [t.square for t in ov.tokens])

    def _draw_token(self, layer: pygame.Surface, token: GridToken) -> None:
        r = self._local(token.square)
        s = self.square
        a = self.assets
        cx, cy = r.center
        if token.kind == "start":
            # A parchment ring with a banner: where a hero may start.
            rad = int(s * 0.4)
            _dashed_circle(layer, (*theme.PARCHMENT, 170), (cx, cy), rad, max(2, s // 24))
            icon = token.icon or "rally-the-troops"
            if a.has_icon(icon):
                image = a.icon(icon, int(s * 0.42), theme.PARCHMENT).copy()
                image.set_alpha(130)
                layer.blit(image, image.get_rect(center=(cx, cy)))
        elif token.kind == "reinforcement":
            rad = int(s * 0.42)
            pygame.draw.circle(layer, (30, 8, 6, 170), (cx, cy), rad)
            pygame.draw.circle(layer, (*SIGHT_BAD, 230), (cx, cy), rad, max(2, s // 24))
            icon = token.icon or "pentagram-rose"
            if a.has_icon(icon):
                image = a.icon(icon, int(s * 0.66), (236, 96, 78))
                layer.blit(image, image.get_rect(center=(cx, cy)))
            else:
                star(layer, (226, 86, 70), (cx, cy), rad, 5, 2)
        elif token.kind == "search":
            rad = max(9, int(s * 0.27))
            c = (cx + int(s * 0.14), cy + int(s * 0.14))  # off-centre, so a figure on it leaves it visible
            pygame.draw.circle(layer, (0, 0, 0, 110), (c[0] + 2, c[1] + 3), rad)
            pygame.draw.circle(layer, (*theme.GOLD, 255), c, rad)
            pygame.draw.circle(layer, (*theme.GOLD_LIGHT, 255), c, rad - max(2, rad // 5))
            pygame.draw.circle(layer, (90, 64, 10, 255), c, rad, max(1, rad // 7))
            size = max(theme.MIN_TEXT_PX, int(rad * 1.35))
            glyph = a.text("?", "title", size, theme.INK)
            layer.blit(glyph, glyph.get_rect(center=(c[0], c[1] + 1)))
        elif token.kind == "knocked_out":
            rad = int(s * 0.36)
            colour = _desaturate(token.colour or (150, 150, 150), 0.6)
            pygame.draw.circle(layer, (0, 0, 0, 110), (cx + 2, cy + 3), rad)
            pygame.draw.circle(layer, (*_darker(colour, 0.55), 255), (cx, cy), rad)
            pygame.draw.circle(layer, (*colour, 255), (cx, cy), rad, max(2, s // 16))
            icon = token.icon or "swordman"
            if a.has_icon(icon):
                image = a.icon(icon, int(rad * 1.25), (226, 216, 196))
                layer.blit(image, image.get_rect(center=(cx, cy)))
            # Knocked out: a red cross over the token (shape, not only colour).
            k = int(rad * 0.62)
            for (x0, y0), (x1, y1) in (((cx - k, cy - k), (cx + k, cy + k)), ((cx - k, cy + k), (cx + k, cy - k))):
                pygame.draw.line(layer, (0, 0, 0, 200), (x0 + 1, y0 + 1), (x1 + 1, y1 + 1), max(3, s // 11))
                pygame.draw.line(layer, (*SIGHT_BAD, 255), (x0, y0), (x1, y1), max(2, s // 14))
        else:
            pygame.draw.circle(layer, (*theme.PARCHMENT, 200), (cx, cy), int(s * 0.2))

    def _path_layer(self, ov: GridOverlays) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        if len(ov.path) < 1:
            return []
        layer, pos = self._new_layer()
        s = self.square
        points = [self._local(sq).center for sq in ov.path]
        w = max(3, s // 10)
        if len(points) > 1:
            _polyline(layer, (0, 0, 0, 150), [(x + 1, y + 2) for x, y in points], w + 2)
            _polyline(layer, (*theme.PARCHMENT, 235), points, w)
        for p in points[1:-1]:
            pygame.draw.circle(layer, (*theme.PARCHMENT, 255), p, w)
            pygame.draw.circle(layer, (*theme.INK, 255), p, w, 1)
        if len(points) > 1:
            # An arrow head at the end.
            (x0, y0), (x1, y1) = points[-2], points[-1]
            ang = math.atan2(y1 - y0, x1 - x0)
            tip = (x1 - math.cos(ang) * s * 0.12, y1 - math.sin(ang) * s * 0.12)
            size = s * 0.26
            head = [tip, (tip[0] - size * math.cos(ang - 0.5), tip[1] - size * math.sin(ang - 0.5)),
                    (tip[0] - size * math.cos(ang + 0.5), tip[1] - size * math.sin(ang + 0.5))]
            pygame.draw.polygon(layer, (*theme.PARCHMENT, 255), head)
            pygame.draw.polygon(layer, (*theme.INK, 255), head, 1)
        # Squares on the path that cost health are marked with a red drop.
        for sq in ov.path[1:]:
            if self.terrain.get(sq) in ("lava", "pit"):
                r = self._local(sq)
                pygame.draw.circle(layer, (*SIGHT_BAD, 255), (r.x + s // 5, r.bottom - s // 5), max(3, s // 12))
                pygame.draw.circle(layer, (*theme.INK, 255), (r.x + s // 5, r.bottom - s // 5), max(3, s // 12), 1)
        return self._crop(layer, pos, ov.path)

    def _sight_layer(self, ov: GridOverlays) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        if ov.sight is None and ov.sight_squares is None:
            return []
        layer, pos = self._new_layer()
        s = self.square
        colour = SIGHT_OK if ov.sight_visible else SIGHT_BAD
        if ov.sight_squares:
            for sq in ov.sight_squares:
                r = self._local(sq).inflate(-4, -4)
                pygame.draw.rect(layer, (*colour, 255), r, max(2, s // 22), border_radius=max(3, s // 8))
        if ov.sight is not None:
            a, b = self._local_point(ov.sight[0]), self._local_point(ov.sight[1])
        elif ov.sight_squares:
            a, b = self._local(ov.sight_squares[0]).center, self._local(ov.sight_squares[1]).center
        else:
            return self._crop(layer, pos, ov.sight_squares or ())
        w = max(3, s // 13)
        if ov.sight_visible:
            pygame.draw.line(layer, (20, 14, 6, 230), a, b, w + 4)
            pygame.draw.line(layer, (*colour, 255), a, b, w)
            pygame.draw.line(layer, (255, 244, 200, 255), a, b, max(1, w // 3))
        else:
            _dashed_line(layer, (0, 0, 0, 170), (a[0] + 1, a[1] + 2), (b[0] + 1, b[1] + 2), w + 2, max(8, s // 4))
            _dashed_line(layer, (*colour, 255), a, b, w, max(8, s // 4))
        for p in (a, b):
            pygame.draw.circle(layer, (0, 0, 0, 200), p, w + 3)
            pygame.draw.circle(layer, (*colour, 255), p, w + 1)
        return self._crop(layer, pos, self._sight_squares(ov))

    def _sight_squares(self, ov: GridOverlays) -> list[Square]:
        squares = list(ov.sight_squares or ())
        if ov.sight is not None:
            for p in ov.sight:
                squares.append((int(p[0]), int(p[1])))
                squares.append((int(p[0]) - 1, int(p[1]) - 1))
        return squares

    def _label_layer(self, ov: GridOverlays) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The path's cost and the sight line's reason, in pills on top of everything."""
        pieces: list[tuple[pygame.Surface, tuple[int, int]]] = []
        s = self.square
        size = max(theme.MIN_TEXT_PX, min(20, int(s * 0.3)))
        bounds = self.board_rect.clip(self.rect)
        if ov.path and ov.path_cost is not None:
            parts = [(f"{ov.path_cost} MP", theme.INK)]
            if ov.path_damage:
                parts.append((f"  {ov.path_damage} damage", (170, 40, 30)))
            pill = self._pill(parts, size, theme.GOLD)
            r = self.square_rect(ov.path[-1])
            # Inside the end square (it is empty), on the side away from the last step.
            step_up = len(ov.path) > 1 and ov.path[-1][1] < ov.path[-2][1]
            if step_up:
                rect = pill.get_rect(midtop=(r.centerx, r.y + 1))
            else:
                rect = pill.get_rect(midbottom=(r.centerx, r.bottom + pill.get_height() // 4))
            pieces.append((pill, _rel(_clamp(rect, bounds).topleft, self.origin)))
        if not ov.sight_visible and ov.sight_reason and (ov.sight or ov.sight_squares):
            if ov.sight is not None:
                a, b = self.point_pos(ov.sight[0]), self.point_pos(ov.sight[1])
            else:
                assert ov.sight_squares is not None
                a, b = self.square_centre(ov.sight_squares[0]), self.square_centre(ov.sight_squares[1])
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            pill = self._pill([("× ", (170, 40, 30)), (_cap(ov.sight_reason), theme.INK)], size, SIGHT_BAD)
            rect = pill.get_rect(midbottom=(mid[0], mid[1] - max(6, s // 6)))
            pieces.append((pill, _rel(_clamp(rect, bounds).topleft, self.origin)))
        return pieces

    def _outlined(self, text: str, role: str, size: int, colour: Colour) -> pygame.Surface:
        """Text with a dark outline, readable on any tile (cached per text)."""
        key = ("outlined", text, role, size, colour)
        image = self._sprites.get(key)
        if image is None:
            fg = self.assets.text(text, role, size, colour)
            bg = self.assets.text(text, role, size, (12, 8, 6))
            image = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
            for dx, dy in ((0, 0), (2, 0), (0, 2), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2)):
                image.blit(bg, (dx, dy))
            image.blit(fg, (1, 1))
            self._sprites[key] = image
        return image

    def _pill(self, parts: list[tuple[str, Colour]], size: int, border: Colour) -> pygame.Surface:
        labels = [self.assets.text(text, "bold", size, colour) for text, colour in parts]
        w = sum(l.get_width() for l in labels)
        h = max(l.get_height() for l in labels)
        pad_x, pad_y = 8, 1
        pill = pygame.Surface((w + 2 * pad_x + 3, h + 2 * pad_y + 4), pygame.SRCALPHA)
        body = pygame.Rect(0, 0, w + 2 * pad_x, h + 2 * pad_y)
        pygame.draw.rect(pill, (0, 0, 0, 120), body.move(3, 4), border_radius=body.height // 2)
        pygame.draw.rect(pill, (*theme.PARCHMENT, 250), body, border_radius=body.height // 2)
        pygame.draw.rect(pill, (*border, 255), body, 2, border_radius=body.height // 2)
        x = pad_x
        for label in labels:
            pill.blit(label, (x, pad_y + (h - label.get_height()) // 2))
            x += label.get_width()
        return pill

    def _draw_selection(self, surface: pygame.Surface, ov: GridOverlays) -> None:
        s = self.square
        if ov.hover is not None and ov.hover in self.terrain and ov.hover != ov.selected:
            pygame.draw.rect(surface, theme.PARCHMENT, self.square_rect(ov.hover).inflate(-2, -2), 2,
                             border_radius=max(2, s // 12))
        if ov.selected is not None:
            r = self.square_rect(ov.selected).inflate(-2, -2)
            pygame.draw.rect(surface, theme.GOLD_LIGHT, r, max(2, s // 18), border_radius=max(3, s // 10))
            # Corner brackets outside the square, so the selection reads even over a figure.
            k = max(6, s // 4)
            o = r.inflate(4, 4)
            wdt = max(3, s // 16)
            for cx, cy, dx, dy in ((o.left, o.top, 1, 1), (o.right, o.top, -1, 1), (o.left, o.bottom, 1, -1),
                                   (o.right, o.bottom, -1, -1)):
                pygame.draw.line(surface, theme.GOLD, (cx, cy), (cx + dx * k, cy), wdt)
                pygame.draw.line(surface, theme.GOLD, (cx, cy), (cx, cy + dy * k), wdt)

    # -- figures -----------------------------------------------------------------------------

    @property
    def _sprite_pad(self) -> int:
        return sprite_pad(self.square)

    def _figure_sprite(self, figure: GridFigure) -> pygame.Surface:
        key = (figure.name, figure.kind, figure.side, figure.health, figure.max_health, figure.fatigue,
               figure.max_fatigue, tuple(figure.conditions), figure.master, figure.colour, figure.icon, figure.active,
               figure.number, self.square)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 400:
                self._sprites.clear()
            sprite = render_figure(figure, self.square, self.assets)
            self._sprites[key] = sprite
        return sprite

# -- helpers --------------------------------------------------------------------------------------


def _freeze_map(mapping: Mapping[Any, Any]) -> Hashable:
    return tuple(sorted(mapping.items()))


def _darker(c: Colour, t: float) -> Colour:
    return (int(c[0] * t), int(c[1] * t), int(c[2] * t))


def _desaturate(c: Colour, t: float) -> Colour:
    g = (c[0] * 30 + c[1] * 59 + c[2] * 11) // 100
    return mix(c, (g, g, g), t)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rel(pos: tuple[int, int], origin: tuple[int, int]) -> tuple[int, int]:
    return pos[0] - origin[0], pos[1] - origin[1]


def _clamp(rect: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
    r = rect.copy()
    if r.width <= bounds.width:
        r.x = max(bounds.x, min(r.x, bounds.right - r.width))
    if r.height <= bounds.height:
        r.y = max(bounds.y, min(r.y, bounds.bottom - r.height))
    return r


def _polyline(surface: pygame.Surface, colour: Any, points: list[tuple[int, int]], width: int) -> None:
    for p, q in zip(points, points[1:]):
        pygame.draw.line(surface, colour, p, q, width)
    for p in points:
        pygame.draw.circle(surface, colour, p, max(1, width // 2))


def _dashed_line(surface: pygame.Surface, colour: Any, a: tuple[int, int], b: tuple[int, int], width: int,
                 dash: int) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    d = 0.0
    while d < length:
        e = min(length, d + dash)
        pygame.draw.line(surface, colour, (a[0] + dx * d, a[1] + dy * d), (a[0] + dx * e, a[1] + dy * e), width)
        d += dash * 1.7


def _dashed_circle(surface: pygame.Surface, colour: Any, centre: tuple[int, int], radius: int, width: int) -> None:
    n = 16
    for k in range(n):
        a0, a1 = k * math.tau / n, (k + 0.55) * math.tau / n
        pts = [(centre[0] + radius * math.cos(a0 + (a1 - a0) * i / 4), centre[1] + radius * math.sin(a0 + (a1 - a0) * i / 4))
               for i in range(5)]
        pygame.draw.lines(surface, colour, False, pts, width)
