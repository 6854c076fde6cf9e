"""A route map: spaces joined by overground and underground routes (Champions of Albion).

:class:`RouteMap` draws a map of spaces (records with ``id``, ``name``, ``kind``, ``x``,
``y`` in a board coordinate space, 1000 x 700 for Albion; objects or dicts) and routes
(``(a, b, underground)`` tuples, or records with ``a``/``b`` or ``from``/``to`` and a
``kind`` of ``"surface"`` or ``"underground"``), fitted into a pixel rect keeping the
board's aspect. What changes from frame to frame is passed as plain data in a
:class:`RouteOverlays`: lit, dimmed, selected and hovered spaces, highlighted routes and a
planned path, tokens per space and standees.

The look (ART.md): a parchment sheet with a subtle texture and a vignette; overground
routes solid ink, underground routes dashed and darker, both under the spaces; every space
kind has a colour **and** an icon (capital: blue with a castle; country: green with a
horseshoe; wilderness: ochre with a forest; depths: violet with a dashed rim and a door),
with a name label placed where it overlaps least (route_labels.py; no text below 15 px).

Caching (ART.md, The table): the base layer (sheet, routes, spaces, labels) is rendered
once per rect; each overlay set (glows, routes, tokens, standees) is drawn into its own
alpha layer, cropped to what it covers, and kept while its data is unchanged. Hover and
selection rings are drawn directly. A frame is a handful of blits.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Mapping

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.boards.route_labels import LabelRoom, place_labels
from game.ui.boards.route_pieces import GLOW, TOKEN_KINDS, MapStandee, standee_sprite, token_sprite
from game.ui.theme import Colour, mix

__all__ = ["RouteMap", "RouteOverlays", "MapSpace", "MapRoute", "MapStandee",
           "KIND_COLOURS", "KIND_ICONS", "TOKEN_KINDS"]

Pixel = tuple[int, int]

# Space kinds: a colour and an icon each (ART.md: never colour alone).
KIND_COLOURS: dict[str, Colour] = {
    "capital": (48, 82, 150),
    "country": (84, 136, 62),
    "wilderness": (160, 112, 52),
    "depths": (84, 60, 110),
}
KIND_ICONS: dict[str, str] = {
    "capital": "castle",
    "country": "horseshoe",
    "wilderness": "forest",
    "depths": "exit-door",
}
OTHER_KIND = (120, 110, 96)

PAPER = (236, 222, 186)
PAPER_DARK = (214, 192, 146)
PAPER_LIGHT = (246, 236, 208)
FRAME = (96, 70, 44)
ROAD = (78, 58, 38)
ROAD_EDGE = (150, 124, 88)
TUNNEL = (58, 36, 64)
SPACE_RIM = (34, 24, 16)
LABEL_INK = theme.INK
HOVER = (255, 246, 214)
SELECT = theme.GOLD


# -- plain data ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MapSpace:
    """A space, as the map draws it (normalised from any record with these fields)."""

    id: str
    name: str
    kind: str
    x: float
    y: float


@dataclass(frozen=True)
class MapRoute:
    """A route between two spaces; ``underground`` routes are drawn dashed."""

    a: str
    b: str
    underground: bool = False


@dataclass
class RouteOverlays:
    """Everything drawn over the base layer, as plain data (all optional).

    * ``lit``: spaces that are options now (gold glow); ``dimmed``: spaces shown as not
      allowed; ``selected``: the selected space; ``hover``: the space under the mouse;
    * ``highlight_routes``: routes to stress, as ``(a, b)`` pairs (either order);
      ``path``: a planned move, start space first (gold, with an arrow at its end);
    * ``tokens``: per space, a count per token kind (``{"mistfell": {"shadow": 2}}``;
      kinds ``shadow``, ``quest``, ``gold``, ``aid`` or any other);
    * ``standees``: champions, enemies and main enemies on spaces.
    """

    lit: frozenset[str] = frozenset()
    dimmed: frozenset[str] = frozenset()
    selected: str | None = None
    hover: str | None = None
    highlight_routes: tuple[tuple[str, str], ...] = ()
    path: tuple[str, ...] = ()
    tokens: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    standees: tuple[MapStandee, ...] = ()


# -- the component --------------------------------------------------------------------------------


class RouteMap:
    """Draws a route map fitted into a rect (keeping the board's aspect, centred).

    ``layout(rect)`` refits; ``space_at(pos)`` and ``space_centre(id)`` convert between
    pixels and spaces; ``draw(surface, overlays)`` draws the cached base and the overlays.
    ``board_size`` is the board coordinate space (default: 1000 x 700 if every space lies
    in it, else the spaces' bounding box with a margin).
    """

    def __init__(self, spaces: Iterable[Any], routes: Iterable[Any], rect: pygame.Rect, assets: Assets,
                 board_size: tuple[float, float] | None = None) -> None:
        self.assets = assets
        self.spaces: dict[str, MapSpace] = {}
        for record in spaces:
            space = _space(record)
            self.spaces[space.id] = space
        self.routes: tuple[MapRoute, ...] = tuple(r for r in (_route(x) for x in routes)
                                                  if r.a in self.spaces and r.b in self.spaces)
        self._route_keys = {frozenset((r.a, r.b)) for r in self.routes}
        self.board_size = board_size or _board_size(self.spaces.values())
        self.rect = pygame.Rect(rect)
        self.board_rect = pygame.Rect(self.rect)
        self.scale = 1.0
        self.radius = 20
        self._centres: dict[str, Pixel] = {}
        self._labels: dict[str, pygame.Rect] = {}
        self._label_text: dict[str, str] = {}  # the name shown, or its short form where room is short
        self._base_cache: tuple[Hashable, pygame.Surface] | None = None
        self._layers: dict[str, tuple[Hashable, list[tuple[pygame.Surface, Pixel]]]] = {}
        self._sprites: dict[Hashable, pygame.Surface] = {}
        self.layout(rect)

    # -- layout and coordinates --------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board into ``rect`` (keeping its aspect, centred)."""
        self.rect = pygame.Rect(rect)
        bw, bh = self.board_size
        margin = max(4, min(self.rect.width, self.rect.height) // 80)
        self.scale = max(0.05, min((self.rect.width - 2 * margin) / bw, (self.rect.height - 2 * margin) / bh))
        w, h = int(round(bw * self.scale)), int(round(bh * self.scale))
        self.board_rect = pygame.Rect(0, 0, w, h)
        self.board_rect.center = self.rect.center
        self.radius = max(12, int(round(22 * self.scale)))
        self._centres = {sid: (self.board_rect.x + int(round(s.x * self.scale)),
                               self.board_rect.y + int(round(s.y * self.scale)))
                         for sid, s in self.spaces.items()}
        self._layers.clear()
        self._labels = self._place_labels()

    def space_radius(self, space_id: str) -> int:
        """The drawn radius of a space (capitals are a little larger)."""
        kind = self.spaces[space_id].kind
        return int(round(self.radius * 1.15)) if kind == "capital" else self.radius

    def space_centre(self, space_id: str) -> Pixel:
        """The pixel centre of a space (KeyError for an unknown id)."""
        return self._centres[space_id]

    def space_at(self, pos: tuple[int, int]) -> str | None:
        """The space under ``pos`` (its circle, a little slack, or its name label), or None."""
        if not self.board_rect.collidepoint(pos):
            return None
        best, best_d = None, None
        for sid, c in self._centres.items():
            d = math.hypot(pos[0] - c[0], pos[1] - c[1])
            if d <= self.space_radius(sid) + max(3, self.radius // 5) and (best_d is None or d < best_d):
                best, best_d = sid, d
        if best is not None:
            return best
        for sid, label in self._labels.items():
            if label.collidepoint(pos):
                return sid
        return None

    def label_rect(self, space_id: str) -> pygame.Rect | None:
        """Where a space's name label is drawn (screen pixels)."""
        rect = self._labels.get(space_id)
        return rect.copy() if rect else None

    def route_ends(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """The visible part of the route a-b: from the rim of a to the rim of b (pixels)."""
        pa, pb = self._centres[a], self._centres[b]
        length = math.hypot(pb[0] - pa[0], pb[1] - pa[1]) or 1.0
        ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
        ra, rb = self.space_radius(a) + 1, self.space_radius(b) + 1
        return (pa[0] + ux * ra, pa[1] + uy * ra), (pb[0] - ux * rb, pb[1] - uy * rb)

    def has_route(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._route_keys

    # -- label placement -------------------------------------------------------------------------

    def _label_font(self, kind: str) -> tuple[str, int]:
        if kind == "capital":
            return "heading", max(theme.MIN_TEXT_PX + 1, int(round(17 * self.scale)))
        return "bold", max(theme.MIN_TEXT_PX, int(round(16 * self.scale)))

    def _label_size(self, space: MapSpace, text: str | None = None) -> tuple[int, int]:
        role, size = self._label_font(space.kind)
        w, h = self.assets.font(role, size).size(text or space.name)
        return w + 8, h + 0

    def _place_labels(self) -> dict[str, pygame.Rect]:
        """Every space keeps a readable name or code (route_labels.place_labels)."""
        frame = self._frame_width()
        room = LabelRoom({sid: space.name for sid, space in self.spaces.items()},
                         {sid: space.kind for sid, space in self.spaces.items()}, self._centres,
                         {sid: self.space_radius(sid) for sid in self._centres},
                         [self.route_ends(r.a, r.b) for r in self.routes], self.board_rect.inflate(-2 * frame, -2 * frame),
                         self._compass_rect(), lambda sid, text: self._label_size(self.spaces[sid], text))
        labels, self._label_text = place_labels(room)
        return labels

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, overlays: RouteOverlays | None = None) -> None:
        """Draw the map and the overlays into ``surface`` (clipped to the rect)."""
        ov = overlays or RouteOverlays()
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        base, pos = self._base()
        surface.blit(base, pos)
        self._blit_layer(surface, "glow", self._glow_layer, (frozenset(ov.lit), frozenset(ov.dimmed)), ov)
        self._blit_layer(surface, "routes", self._routes_layer,
                         (tuple(frozenset(p) for p in ov.highlight_routes), tuple(ov.path)), ov)
        self._draw_hover_and_selection(surface, ov)
        self._blit_layer(surface, "tokens", self._token_layer,
                         tuple(sorted((s, tuple(sorted(k.items()))) for s, k in dict(ov.tokens).items())), ov)
        self._blit_layer(surface, "standees", self._standee_layer, tuple(ov.standees), ov)
        surface.set_clip(clip)

    def _blit_layer(self, surface: pygame.Surface, name: str, builder: Callable[[RouteOverlays], Any],
                    key: Hashable, ov: RouteOverlays) -> None:
        full_key = (key, self.board_rect.topleft, self.board_rect.size)
        cached = self._layers.get(name)
        if cached is None or cached[0] != full_key:
            cached = (full_key, builder(ov))
            self._layers[name] = cached
        for image, pos in cached[1]:
            surface.blit(image, pos)

    def _new_layer(self) -> pygame.Surface:
        return pygame.Surface(self.rect.size, pygame.SRCALPHA)

    def _crop(self, layer: pygame.Surface) -> list[tuple[pygame.Surface, Pixel]]:
        box = layer.get_bounding_rect()
        if box.width == 0 or box.height == 0:
            return []
        return [(layer.subsurface(box).copy(), (self.rect.x + box.x, self.rect.y + box.y))]

    def _compose(self, stamps: list["_Stamp"]) -> list[tuple[pygame.Surface, Pixel]]:
        """An overlay as a few small images instead of one the size of the map: a stamp that
        overlaps no other is its own sprite; stamps that overlap are drawn, in their order,
        into a layer just large enough for them. Every pixel comes out as it would from
        drawing all the stamps into one transparent layer (a pixel only sees the stamps that
        cover it), and building and blitting it costs a fraction."""
        out: list[tuple[pygame.Surface, Pixel]] = []
        for group in _overlapping(stamps):
            if len(group) == 1 and group[0].sprite is not None:
                out.append((group[0].sprite, group[0].box.topleft))
                continue
            box = group[0].box.unionall([stamp.box for stamp in group[1:]])
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            for stamp in group:
                stamp.draw(layer, box.topleft)
            out.append((layer, box.topleft))
        return out

    def _local(self, p: tuple[float, float]) -> tuple[float, float]:
        return p[0] - self.rect.x, p[1] - self.rect.y

    # -- the base layer ------------------------------------------------------------------------

    def _frame_width(self) -> int:
        return max(6, int(round(12 * self.scale)))

    def _compass_rect(self) -> pygame.Rect:
        """The compass rose in the top-right corner (labels keep out of it)."""
        size = max(40, int(round(74 * self.scale)))
        f = self._frame_width()
        return pygame.Rect(self.board_rect.right - f - size - 6, self.board_rect.y + f + 6, size, size)

    @property
    def prepared(self) -> bool:
        """Whether the base layer (sheet, routes, spaces, labels) is drawn for the current size."""
        return self._base_cache is not None and self._base_cache[0] == (self.board_rect.size, self.scale)

    def prepare(self) -> None:
        """Draw the base layer now (a table does it in a quiet frame, ahead of need)."""
        self._base()

    def _base(self) -> tuple[pygame.Surface, Pixel]:
        key = (self.board_rect.size, self.scale)
        if self._base_cache is None or self._base_cache[0] != key:
            self._base_cache = (key, self._render_base())
        br = self.board_rect
        pad = self._shadow_pad()
        return self._base_cache[1], (br.x - pad, br.y - pad)

    def _shadow_pad(self) -> int:
        return max(4, int(round(10 * self.scale)))

    def _render_base(self) -> pygame.Surface:
        br = self.board_rect
        pad = self._shadow_pad()
        w, h = br.width, br.height
        base = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        # The sheet's soft shadow on the table.
        for k in range(pad):
            alpha = int(60 * (k + 1) / pad)
            pygame.draw.rect(base, (0, 0, 0, alpha // 3), pygame.Rect(k, k + pad // 3, w + 2 * (pad - k), h + 2 * (pad - k)),
                             border_radius=pad)
        sheet = self._render_sheet(w, h)
        base.blit(sheet, (pad, pad))
        return base.convert_alpha() if pygame.display.get_surface() else base

    def _render_sheet(self, w: int, h: int) -> pygame.Surface:
        sheet = pygame.Surface((w, h))
        sheet.fill(PAPER)
        rnd = random.Random(4711)  # decoration only, never the game's RNG
        # Mottled texture: a small noise image smoothed up to the sheet size.
        nw, nh = max(2, w // 24), max(2, h // 24)
        noise = pygame.Surface((nw, nh), pygame.SRCALPHA)
        for y in range(nh):
            for x in range(nw):
                t = rnd.random()
                if t < 0.5:
                    noise.set_at((x, y), (*PAPER_DARK, int(70 * (0.5 - t) * 2)))
                else:
                    noise.set_at((x, y), (*PAPER_LIGHT, int(60 * (t - 0.5) * 2)))
        sheet.blit(pygame.transform.smoothscale(noise, (w, h)), (0, 0))
        # Fibres and specks.
        fibre = pygame.Surface((w, h), pygame.SRCALPHA)
        for _ in range(max(60, w * h // 2500)):
            x, y = rnd.randrange(w), rnd.randrange(h)
            a = rnd.uniform(0, math.pi)
            length = rnd.uniform(3, 9) * max(0.6, self.scale)
            pygame.draw.line(fibre, (120, 96, 60, rnd.randint(18, 40)), (x, y),
                             (x + math.cos(a) * length, y + math.sin(a) * length))
        for _ in range(max(80, w * h // 1800)):
            x, y = rnd.randrange(w), rnd.randrange(h)
            pygame.draw.circle(fibre, (110, 84, 50, rnd.randint(20, 55)), (x, y), rnd.choice((1, 1, 1, 2)))
        sheet.blit(fibre, (0, 0))
        # Vignette: a small radial alpha image smoothed up (darker, browner edges).
        vw, vh = 48, max(8, int(48 * h / max(1, w)))
        vig = pygame.Surface((vw, vh), pygame.SRCALPHA)
        for y in range(vh):
            for x in range(vw):
                dx, dy = (x + 0.5) / vw * 2 - 1, (y + 0.5) / vh * 2 - 1
                d = max(0.0, min(1.0, (math.hypot(dx * 0.92, dy * 0.92) - 0.45) / 0.85))
                vig.set_at((x, y), (92, 60, 30, int(150 * d ** 1.6)))
        sheet.blit(pygame.transform.smoothscale(vig, (w, h)), (0, 0))
        # Frame: a thick ink line and a thin one inside it.
        f = self._frame_width()
        pygame.draw.rect(sheet, FRAME, sheet.get_rect(), max(2, f // 3))
        pygame.draw.rect(sheet, FRAME, sheet.get_rect().inflate(-f, -f), max(1, f // 6))
        self._draw_compass(sheet)
        # Routes (underground first, then overground), then spaces, then labels.
        ox, oy = self.board_rect.topleft
        for route in sorted(self.routes, key=lambda r: not r.underground):
            p, q = self.route_ends(route.a, route.b)
            p, q = (p[0] - ox, p[1] - oy), (q[0] - ox, q[1] - oy)
            if route.underground:
                self._dashed_route(sheet, p, q)
            else:
                width = max(2, int(round(3.2 * self.scale)))
                _thick_line(sheet, ROAD_EDGE, p, q, width + 2)
                _thick_line(sheet, ROAD, p, q, width)
        for sid in self.spaces:
            self._draw_space(sheet, sid, (ox, oy))
        for sid, rect in self._labels.items():
            self._draw_label(sheet, sid, rect.move(-ox, -oy))
        return sheet

    def _dashed_route(self, sheet: pygame.Surface, p: tuple[float, float], q: tuple[float, float]) -> None:
        width = max(2, int(round(3.4 * self.scale)))
        dash = max(6, 11 * self.scale)
        gap = max(5, 8 * self.scale)
        length = math.hypot(q[0] - p[0], q[1] - p[1])
        if length <= 0:
            return
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        # Centre the pattern so both ends finish on a dash.
        n = max(1, int((length + gap) // (dash + gap)))
        dash_len = (length - (n - 1) * gap) / n
        d = 0.0
        for _ in range(n):
            a = (p[0] + ux * d, p[1] + uy * d)
            b = (p[0] + ux * (d + dash_len), p[1] + uy * (d + dash_len))
            _thick_line(sheet, TUNNEL, a, b, width)
            d += dash_len + gap

    def _draw_compass(self, sheet: pygame.Surface) -> None:
        rect = self._compass_rect().move(-self.board_rect.x, -self.board_rect.y)
        c = rect.center
        r = rect.width // 2
        pygame.draw.circle(sheet, FRAME, c, int(r * 0.62), 1)
        pygame.draw.circle(sheet, FRAME, c, int(r * 0.5), 1)
        for k in range(8):
            a = -math.pi / 2 + k * math.pi / 4
            long = r if k % 2 == 0 else r * 0.55
            tip = (c[0] + math.cos(a) * long, c[1] + math.sin(a) * long)
            left = (c[0] + math.cos(a - 0.5) * r * 0.16, c[1] + math.sin(a - 0.5) * r * 0.16)
            right = (c[0] + math.cos(a + 0.5) * r * 0.16, c[1] + math.sin(a + 0.5) * r * 0.16)
            pygame.draw.polygon(sheet, FRAME if k % 2 == 0 else (150, 120, 84), [c, left, tip])
            pygame.draw.polygon(sheet, (190, 160, 118), [c, right, tip])
            pygame.draw.aalines(sheet, FRAME, True, [left, tip, right])
        pygame.draw.circle(sheet, theme.GOLD, c, max(2, r // 10))

    def _draw_space(self, sheet: pygame.Surface, sid: str, origin: Pixel) -> None:
        space = self.spaces[sid]
        cx, cy = self._centres[sid][0] - origin[0], self._centres[sid][1] - origin[1]
        r = self.space_radius(sid)
        colour = KIND_COLOURS.get(space.kind, OTHER_KIND)
        # Soft shadow.
        shadow = pygame.Surface((2 * r + 12, 2 * r + 12), pygame.SRCALPHA)
        for k in range(4):
            pygame.draw.circle(shadow, (40, 24, 10, 34), (r + 6, r + 6), r + 4 - k * 2)
        sheet.blit(shadow, (cx - r - 6 + 2, cy - r - 6 + 3))
        pygame.draw.circle(sheet, SPACE_RIM, (cx, cy), r)
        inner = r - max(2, r // 9)
        pygame.draw.circle(sheet, mix(colour, (0, 0, 0), 0.25), (cx, cy), inner)
        pygame.draw.circle(sheet, colour, (cx, cy - max(1, r // 14)), inner - max(1, r // 12))
        # A light catch at the top for a little relief.
        hi = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.ellipse(hi, (255, 255, 255, 34), pygame.Rect(r // 2, r // 5, r, int(r * 0.7)))
        sheet.blit(hi, (cx - r, cy - r))
        if space.kind == "capital":
            pygame.draw.circle(sheet, theme.GOLD, (cx, cy), r - max(2, r // 9), max(2, r // 10))
        elif space.kind == "depths":
            _dashed_ring(sheet, (200, 180, 230), (cx, cy), inner - max(2, r // 8), max(1, r // 12))
        icon = KIND_ICONS.get(space.kind, "")
        size = int(r * (1.15 if space.kind != "capital" else 1.1))
        if icon and self.assets.has_icon(icon):
            dark = self.assets.icon(icon, size, mix(colour, (0, 0, 0), 0.6))
            image = self.assets.icon(icon, size, PAPER_LIGHT)
            sheet.blit(dark, dark.get_rect(center=(cx + 1, cy + 2)))
            sheet.blit(image, image.get_rect(center=(cx, cy)))
        else:
            _kind_glyph(sheet, space.kind, (cx, cy), int(r * 0.55))

    def _draw_label(self, sheet: pygame.Surface, sid: str, rect: pygame.Rect) -> None:
        space = self.spaces[sid]
        role, size = self._label_font(space.kind)
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (*PAPER_LIGHT, 190), plate.get_rect(), border_radius=rect.height // 2)
        sheet.blit(plate, rect.topleft)
        text = self.assets.text(self._label_text.get(sid, space.name), role, size, LABEL_INK)
        sheet.blit(text, text.get_rect(center=(rect.centerx, rect.centery + (1 if role == "heading" else 0))))

    # -- overlay layers --------------------------------------------------------------------------

    def _glow_layer(self, ov: RouteOverlays) -> list[tuple[pygame.Surface, Pixel]]:
        if not ov.lit and not ov.dimmed:
            return []
        stamps: list[_Stamp] = []
        for sid in sorted(ov.dimmed):
            if sid in self._centres:
                stamps.append(_Stamp.disc_at(self._centres[sid], self.space_radius(sid) + 1, (30, 20, 12, 140)))
        for sid in sorted(ov.lit):
            if sid in self._centres:
                glow = self._glow_sprite(self.space_radius(sid))
                stamps.append(_Stamp.of(glow, glow.get_rect(center=self._centres[sid])))
        return self._compose(stamps)

    def _glow_sprite(self, r: int) -> pygame.Surface:
        key = ("glow", r)
        sprite = self._sprites.get(key)
        if sprite is None:
            spread = max(8, r // 2)
            size = 2 * (r + spread) + 2
            sprite = pygame.Surface((size, size), pygame.SRCALPHA)
            c = (size // 2, size // 2)
            for k in range(spread, 0, -1):
                alpha = int(200 * (1 - k / spread) ** 1.3) + 12
                pygame.draw.circle(sprite, (*GLOW, alpha), c, r + k, 2)
            pygame.draw.circle(sprite, (*GLOW, 255), c, r + 2, max(2, r // 8))
            pygame.draw.circle(sprite, (255, 240, 170, 255), c, r + 2, 1)
            self._sprites[key] = sprite
        return sprite

    def _routes_layer(self, ov: RouteOverlays) -> list[tuple[pygame.Surface, Pixel]]:
        pairs = [tuple(p) for p in ov.highlight_routes if len(set(p)) == 2]
        steps = list(zip(ov.path, ov.path[1:]))
        if not pairs and not steps:
            return []
        layer = self._new_layer()
        width = max(3, int(round(5 * self.scale)))
        for a, b in pairs + steps:
            if a not in self._centres or b not in self._centres:
                continue
            p, q = (self._local(x) for x in self.route_ends(a, b))
            _thick_line(layer, (*GLOW, 90), p, q, width + 6)
            _thick_line(layer, (*SELECT, 255), p, q, width)
            _thick_line(layer, (255, 236, 160, 255), p, q, max(1, width // 3))
        if steps:
            a, b = steps[-1]
            if a in self._centres and b in self._centres:
                p, q = (self._local(x) for x in self.route_ends(a, b))
                length = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
                ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
                head = max(9, int(14 * self.scale))
                tip = (q[0] + ux, q[1] + uy)
                left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
                right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
                pygame.draw.polygon(layer, SELECT, [tip, left, right])
                pygame.draw.aalines(layer, theme.INK, True, [tip, left, right])
            start = ov.path[0]
            if start in self._centres:
                pygame.draw.circle(layer, (*SELECT, 255), self._local(self._centres[start]),
                                   self.space_radius(start) + 3, max(2, width // 2))
        return self._crop(layer)

    def _draw_hover_and_selection(self, surface: pygame.Surface, ov: RouteOverlays) -> None:
        if ov.hover in self._centres:
            c = self._centres[ov.hover]
            r = self.space_radius(ov.hover)
            sprite = self._hover_sprite(r)
            surface.blit(sprite, sprite.get_rect(center=c))
        if ov.selected in self._centres:
            c = self._centres[ov.selected]
            r = self.space_radius(ov.selected)
            width = max(3, r // 6)
            pygame.draw.circle(surface, theme.INK, c, r + width + 3, 2)
            pygame.draw.circle(surface, SELECT, c, r + width + 1, width)
            pygame.draw.circle(surface, (255, 240, 170), c, r + 2, 1)

    def _hover_sprite(self, r: int) -> pygame.Surface:
        key = ("hover", r)
        sprite = self._sprites.get(key)
        if sprite is None:
            size = 2 * r + 12
            sprite = pygame.Surface((size, size), pygame.SRCALPHA)
            c = (size // 2, size // 2)
            pygame.draw.circle(sprite, (255, 255, 255, 42), c, r)
            pygame.draw.circle(sprite, (*HOVER, 255), c, r + 3, 2)
            pygame.draw.circle(sprite, (*theme.INK, 200), c, r + 5, 1)
            self._sprites[key] = sprite
        return sprite

    # -- tokens ------------------------------------------------------------------------------------

    def token_radius(self) -> int:
        return max(10, int(round(11 * self.scale)))

    def _token_layer(self, ov: RouteOverlays) -> list[tuple[pygame.Surface, Pixel]]:
        entries = [(sid, kinds) for sid, kinds in dict(ov.tokens).items() if sid in self._centres]
        if not entries:
            return []
        stamps: list[_Stamp] = []
        tr = self.token_radius()
        for sid, kinds in sorted(entries):
            items = [(k, int(n)) for k, n in _token_order(kinds) if int(n) > 0]
            cx, cy = self._local(self._centres[sid])
            r = self.space_radius(sid)
            # On an arc along the rim, on the side away from the name label.
            label = self._labels.get(sid)
            away = -math.pi / 2
            if label is not None:
                lc = self._local(label.center)
                if math.hypot(lc[0] - cx, lc[1] - cy) > 1:
                    away = math.atan2(lc[1] - cy, lc[0] - cx) + math.pi
            shown = items[:4]
            step = math.radians(44)
            for i, (kind, count) in enumerate(shown):
                angle = away + (i - (len(shown) - 1) / 2) * step
                dist = r + tr * 0.45
                pos = (int(cx + math.cos(angle) * dist), int(cy + math.sin(angle) * dist))
                sprite = self._token_sprite(kind, count, tr)
                stamps.append(_Stamp.of(sprite, sprite.get_rect(center=(self.rect.x + pos[0] + 1,
                                                                          self.rect.y + pos[1] + 1))))
        return self._compose(stamps)

    def _token_sprite(self, kind: str, count: int, tr: int) -> pygame.Surface:
        key = ("token", kind, count, tr)
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = self._sprites[key] = token_sprite(kind, count, tr, self.assets)
        return sprite

    # -- standees ----------------------------------------------------------------------------------

    def standee_radius(self, side: str) -> int:
        base = max(13, int(round(15 * self.scale)))
        return int(round(base * 1.35)) if side == "main_enemy" else base

    def standee_places(self, standees: Iterable[MapStandee]) -> list[tuple[MapStandee | None, Pixel, int, int]]:
        """Where standees stand (screen pixels): ``(standee, centre, radius, more)`` per drawn
        standee, side by side on their space (overlapping when crowded); past five on a space,
        four are shown and a ``(None, centre, radius, more)`` marker counts the rest."""
        by_space: dict[str, list[MapStandee]] = {}
        for standee in standees:
            if standee.space in self._centres:
                by_space.setdefault(standee.space, []).append(standee)
        rank = {"main_enemy": 0, "enemy": 1, "champion": 2}
        out: list[tuple[MapStandee | None, Pixel, int, int]] = []
        for sid in sorted(by_space):
            group = sorted(by_space[sid], key=lambda s: rank.get(s.side, 1))
            shown, more = (group, 0) if len(group) <= 5 else (group[:4], len(group) - 4)
            cx, cy = self._centres[sid]
            base = self.standee_radius("champion")
            widths = [self.standee_radius(st.side) for st in shown] + ([base] if more else [])
            # Side by side when they fit in about three space widths, else overlapping.
            full = sum(2 * w + 2 for w in widths)
            room = self.space_radius(sid) * 4.2
            squeeze = min(1.0, room / full) if full > 0 else 1.0
            x = cx - full * squeeze / 2
            y = int(cy - self.space_radius(sid) * 0.2)
            centres = []
            for w in widths:
                centres.append(int(x + (w + 1) * squeeze))
                x += (2 * w + 2) * squeeze
            for i, standee in enumerate(shown):
                out.append((standee, (centres[i], y), widths[i], 0))
            if more:
                out.append((None, (centres[-1], y), base, more))
        return out

    def _standee_layer(self, ov: RouteOverlays) -> list[tuple[pygame.Surface, Pixel]]:
        places = self.standee_places(ov.standees)
        if not places:
            return []
        stamps: list[_Stamp] = []
        for standee, centre, radius, more in places:
            if standee is not None:
                sprite = self._standee_sprite(standee)
                stamps.append(_Stamp.of(sprite, sprite.get_rect(center=centre)))
            else:
                stamps.append(_Stamp.disc_at(centre, radius - 2, (20, 14, 8, 230)))
                text = self.assets.text(f"+{more}", "bold", theme.MIN_TEXT_PX, theme.PARCHMENT)
                stamps.append(_Stamp.of(text, text.get_rect(center=centre)))
        return self._compose(stamps)

    def _standee_sprite(self, st: MapStandee) -> pygame.Surface:
        rad = self.standee_radius(st.side)
        key = ("standee", st.name, st.side, st.colour, st.icon, st.life, st.active, rad)
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = self._sprites[key] = standee_sprite(st, rad, self.assets)
        return sprite


# -- helpers --------------------------------------------------------------------------------------


def _get(record: Any, name: str, default: Any = None) -> Any:
    if isinstance(record, Mapping):
        return record.get(name, default)
    return getattr(record, name, default)


def _space(record: Any) -> MapSpace:
    sid = str(_get(record, "id"))
    return MapSpace(sid, str(_get(record, "name", sid) or sid), str(_get(record, "kind", "") or ""),
                    float(_get(record, "x", 0)), float(_get(record, "y", 0)))


def _route(record: Any) -> MapRoute:
    if isinstance(record, MapRoute):
        return record
    if isinstance(record, (tuple, list)):
        a, b = record[0], record[1]
        under = record[2] if len(record) > 2 else False
        if isinstance(under, str):
            under = under == "underground"
        return MapRoute(str(a), str(b), bool(under))
    a = _get(record, "a", None) or _get(record, "from", None)
    b = _get(record, "b", None) or _get(record, "to", None)
    under = _get(record, "underground", None)
    if under is None:
        under = _get(record, "kind", "surface") == "underground"
    return MapRoute(str(a), str(b), bool(under))


def _board_size(spaces: Iterable[MapSpace]) -> tuple[float, float]:
    items = list(spaces)
    if not items:
        return (1000.0, 700.0)
    if all(0 <= s.x <= 1000 and 0 <= s.y <= 700 for s in items):
        return (1000.0, 700.0)
    return (max(s.x for s in items) + 60.0, max(s.y for s in items) + 60.0)


def _token_order(kinds: Mapping[str, int]) -> list[tuple[str, int]]:
    known = [(k, kinds[k]) for k in TOKEN_KINDS if k in kinds]
    return known + sorted((k, n) for k, n in kinds.items() if k not in TOKEN_KINDS)


@dataclass(frozen=True)
class _Stamp:
    """One thing an overlay draws (screen pixels): a sprite blitted at ``box``'s corner, or
    a disc drawn straight into the layer (replacing what is there, as ``draw.circle`` does)."""

    box: pygame.Rect
    sprite: pygame.Surface | None = None
    disc: tuple[Pixel, int, tuple[int, int, int, int]] | None = None

    @staticmethod
    def of(sprite: pygame.Surface, box: pygame.Rect) -> "_Stamp":
        return _Stamp(box, sprite=sprite)

    @staticmethod
    def disc_at(centre: Pixel, radius: int, colour: tuple[int, int, int, int]) -> "_Stamp":
        box = pygame.Rect(centre[0] - radius - 1, centre[1] - radius - 1, 2 * radius + 3, 2 * radius + 3)
        return _Stamp(box, disc=(centre, radius, colour))

    def draw(self, layer: pygame.Surface, origin: Pixel) -> None:
        """Draw into ``layer``, whose top-left corner is at ``origin`` on the screen."""
        if self.sprite is not None:
            layer.blit(self.sprite, (self.box.x - origin[0], self.box.y - origin[1]))
        elif self.disc is not None:
            (x, y), radius, colour = self.disc
            pygame.draw.circle(layer, colour, (x - origin[0], y - origin[1]), radius)


def _overlapping(stamps: list[_Stamp]) -> list[list[_Stamp]]:
    """The stamps in groups that overlap (through each other), each group in drawing order."""
    boxes = [stamp.box for stamp in stamps]
    group_of = list(range(len(stamps)))

    def root(i: int) -> int:
        while group_of[i] != i:
            group_of[i] = group_of[group_of[i]]
            i = group_of[i]
        return i

    for i, box in enumerate(boxes):
        for j in box.collidelistall(boxes[:i]):
            group_of[root(j)] = root(i)
    groups: dict[int, list[_Stamp]] = {}
    for i, stamp in enumerate(stamps):
        groups.setdefault(root(i), []).append(stamp)
    return list(groups.values())


def _thick_line(surface: pygame.Surface, colour: Any, p: tuple[float, float], q: tuple[float, float],
                width: int) -> None:
    """A straight line of ``width`` px with antialiased long edges and round-ish ends."""
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    if length < 0.5:
        return
    nx, ny = -(q[1] - p[1]) / length * width / 2, (q[0] - p[0]) / length * width / 2
    pts = [(p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny), (q[0] - nx, q[1] - ny), (p[0] - nx, p[1] - ny)]
    pygame.draw.polygon(surface, colour, pts)
    if len(colour) == 3 or colour[3] == 255:
        pygame.draw.aaline(surface, colour, pts[0], pts[1])
        pygame.draw.aaline(surface, colour, pts[2], pts[3])


def _dashed_ring(surface: pygame.Surface, colour: Colour, centre: Pixel, radius: int, width: int) -> None:
    n = 14
    for k in range(n):
        a0, a1 = k * math.tau / n, (k + 0.55) * math.tau / n
        pts = [(centre[0] + radius * math.cos(a0 + (a1 - a0) * i / 4), centre[1] + radius * math.sin(a0 + (a1 - a0) * i / 4))
               for i in range(5)]
        pygame.draw.lines(surface, colour, False, pts, width)


def _kind_glyph(surface: pygame.Surface, kind: str, c: Pixel, r: int) -> None:
    """A fallback shape per space kind when its icon is missing (never colour alone)."""
    ink = PAPER_LIGHT
    if kind == "capital":  # a crenellated tower
        body = pygame.Rect(0, 0, r, int(r * 1.2))
        body.midbottom = (c[0], c[1] + int(r * 0.7))
        pygame.draw.rect(surface, ink, body)
        for k in range(3):
            pygame.draw.rect(surface, ink, (body.x + k * r // 2 - 1, body.y - r // 4, max(2, r // 4), r // 4))
    elif kind == "country":  # a house
        pygame.draw.polygon(surface, ink, [(c[0] - r, c[1]), (c[0], c[1] - r), (c[0] + r, c[1])])
        pygame.draw.rect(surface, ink, (c[0] - r * 0.7, c[1], r * 1.4, r * 0.8))
    elif kind == "wilderness":  # a tree
        pygame.draw.polygon(surface, ink, [(c[0], c[1] - r), (c[0] + r * 0.8, c[1] + r * 0.5), (c[0] - r * 0.8, c[1] + r * 0.5)])
        pygame.draw.rect(surface, ink, (c[0] - r * 0.15, c[1] + r * 0.5, r * 0.3, r * 0.5))
    elif kind == "depths":  # a cave arch
        pygame.draw.circle(surface, ink, c, r, max(2, r // 3), draw_top_left=True, draw_top_right=True)
        pygame.draw.line(surface, ink, (c[0] - r, c[1]), (c[0] - r, c[1] + r), max(2, r // 3))
        pygame.draw.line(surface, ink, (c[0] + r - 1, c[1]), (c[0] + r - 1, c[1] + r), max(2, r // 3))
    else:
        pygame.draw.circle(surface, ink, c, r // 2)
