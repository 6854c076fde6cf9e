"""The dice tray (ART.md, Feedback and motion; The table): a row of dice drawn from their
definitions (:class:`game.core.dice.Die`) and the face indices the rules rolled.

Each die is a rounded square in its colour (blue, red, yellow attack and power dice; brown,
gray, black defense dice) showing its face: the range as a number, hearts, surges and
shields as small glyphs, a red X for a miss. Attack dice and defense dice sit in two
groups, each with the totals of its symbols (as :func:`game.core.dice.total` adds them)
and a miss flag.

``start_roll(dice, faces)`` starts a short tumble: for about half a second each die shows
faces from a fixed cycle (never the game's RNG) and wobbles, then the dice land one after
another on the faces the rules rolled; ``update(dt)`` advances it and ``skip()`` lands
them at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import pygame

from game.core.dice import Die, total
from game.ui import theme
from game.ui.assets import Assets
from game.ui.theme import Colour, mix, px
from game.ui.widgets.basic import Widget

__all__ = ["DiceTray", "DieLook", "all_faces", "die_colour", "hex_colour", "is_defense_die", "draw_heart", "draw_surge", "draw_shield",
           "draw_miss", "draw_range"]

HEART = (214, 58, 50)
SURGE = (242, 196, 60)
SHIELD = (178, 190, 204)
RANGE = theme.PARCHMENT
SYMBOL_ORDER = ("range", "hearts", "surge", "shields")


@dataclass(frozen=True)
class DieLook:
    """How a die is drawn, from the game's content: its role (attack, power or defense) and
    body colour ('#rrggbb'). The tray never guesses them from a die's name."""

    role: str
    colour: str


def hex_colour(text: str) -> Colour:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def die_colour(die: Die, look: DieLook | None = None) -> Colour:
    """The die's body colour: its content colour (parchment if the content gives none)."""
    return hex_colour(look.colour) if look is not None else theme.PARCHMENT


def is_defense_die(die: Die, look: DieLook | None = None) -> bool:
    """A defense die by its content role; without one, a die whose faces show shields."""
    if look is not None:
        return look.role == "defense"
    return any(sym == "shields" for face in die.faces for sym, _ in face)


def _luminance(c: Colour) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


def _ink_for(c: Colour) -> Colour:
    return theme.INK if _luminance(c) > 0.5 else (250, 246, 236)


# -- glyphs (drawn, so they stay crisp at any size) -----------------------------------------------


def draw_heart(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour,
               outline: Colour | None = None) -> None:
    cx, cy = centre
    r = size * 0.27
    pts = []
    for k in range(0, 181, 15):  # the two lobes
        a = math.radians(180 + k)
        pts.append((cx - r + r * math.cos(a), cy - size * 0.12 + r * math.sin(a)))
    for k in range(0, 181, 15):
        a = math.radians(180 + k)
        pts.append((cx + r + r * math.cos(a), cy - size * 0.12 + r * math.sin(a)))
    pts.append((cx, cy + size * 0.46))
    if outline is not None:
        pygame.draw.polygon(surface, outline, [(x + (1 if x > cx else -1) * 0.9, y + (1 if y > cy else -1) * 0.9)
                                               for x, y in pts])
    pygame.draw.polygon(surface, colour, pts)


def draw_surge(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour,
               outline: Colour | None = None) -> None:
    """A lightning bolt."""
    cx, cy = centre
    s = size
    pts = [(cx + 0.12 * s, cy - 0.5 * s), (cx - 0.3 * s, cy + 0.08 * s), (cx - 0.02 * s, cy + 0.08 * s),
           (cx - 0.14 * s, cy + 0.5 * s), (cx + 0.3 * s, cy - 0.1 * s), (cx + 0.03 * s, cy - 0.1 * s)]
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, max(2, int(s * 0.12)))
    pygame.draw.polygon(surface, colour, pts)


def draw_shield(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour,
                outline: Colour | None = None, *, rib: bool = True) -> None:
    cx, cy = centre
    s = size
    pts = [(cx - 0.4 * s, cy - 0.44 * s), (cx, cy - 0.5 * s), (cx + 0.4 * s, cy - 0.44 * s),
           (cx + 0.38 * s, cy + 0.02 * s), (cx + 0.22 * s, cy + 0.3 * s), (cx, cy + 0.5 * s),
           (cx - 0.22 * s, cy + 0.3 * s), (cx - 0.38 * s, cy + 0.02 * s)]
    pygame.draw.polygon(surface, colour, pts)
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, max(1, int(s * 0.09)))
        if rib:
            pygame.draw.line(surface, outline, (cx, cy - 0.36 * s), (cx, cy + 0.34 * s), max(1, int(s * 0.07)))


def draw_miss(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour,
              outline: Colour | None = None) -> None:
    """A bold X."""
    cx, cy = centre
    k = size * 0.42
    w = max(3, int(size * 0.2))
    for (x0, y0), (x1, y1) in (((cx - k, cy - k), (cx + k, cy + k)), ((cx - k, cy + k), (cx + k, cy - k))):
        if outline is not None:
            pygame.draw.line(surface, outline, (x0, y0), (x1, y1), w + 4)
        pygame.draw.line(surface, colour, (x0, y0), (x1, y1), w)


def draw_range(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour,
               outline: Colour | None = None) -> None:
    """An arrow (range)."""
    cx, cy = centre
    s = size
    shaft = max(2, int(s * 0.16))
    if outline is not None:
        pygame.draw.line(surface, outline, (cx - 0.45 * s, cy), (cx + 0.1 * s, cy), shaft + 2)
    pygame.draw.line(surface, colour, (cx - 0.45 * s, cy), (cx + 0.12 * s, cy), shaft)
    head = [(cx + 0.48 * s, cy), (cx + 0.02 * s, cy - 0.34 * s), (cx + 0.02 * s, cy + 0.34 * s)]
    pygame.draw.polygon(surface, colour, head)
    if outline is not None:
        pygame.draw.polygon(surface, outline, head, 1)


GLYPHS = {"range": draw_range, "hearts": draw_heart, "surge": draw_surge, "shields": draw_shield, "miss": draw_miss}
GLYPH_COLOURS = {"range": RANGE, "hearts": HEART, "surge": SURGE, "shields": SHIELD, "miss": (226, 64, 52)}


# -- the tray ------------------------------------------------------------------------------------


class DiceTray(Widget):
    """A dice tray: attack dice and defense dice, their faces, totals and a miss flag."""

    DURATION = 0.5
    CYCLE = 0.07  # seconds per face while tumbling

    def __init__(self, rect: pygame.Rect, *, duration: float | None = None) -> None:
        super().__init__(rect)
        self._mouse: tuple[int, int] | None = None
        self.duration = self.DURATION if duration is None else duration
        self.dice: list[Die] = []
        self.looks: Mapping[str, DieLook] = {}  # die id -> its look, from the game's content
        self.faces: list[int] = []
        self.titles = ("Attack", "Defense")
        self.elapsed = 0.0
        self._rolling = False
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.die_rects: list[pygame.Rect] = []
        self.notes: list[str] = []  # what was done with this roll since ("Surge: +1 heart"), shown under it

    # -- state -------------------------------------------------------------------------------

    def set_result(self, dice: Sequence[Die], faces: Sequence[int], *, titles: tuple[str, str] | None = None) -> None:
        """Show ``dice`` landed on ``faces`` (no animation)."""
        self._set(dice, faces, titles)
        self._rolling = False
        self.elapsed = self.duration

    def start_roll(self, dice: Sequence[Die], faces: Sequence[int], *, titles: tuple[str, str] | None = None,
                   duration: float | None = None) -> None:
        """Tumble for about ``duration`` seconds (0.5 by default), then land on ``faces``."""
        self._set(dice, faces, titles)
        if duration is not None:
            self.duration = duration
        self.elapsed = 0.0
        self._rolling = self.duration > 0 and bool(self.dice)

    def _set(self, dice: Sequence[Die], faces: Sequence[int], titles: tuple[str, str] | None) -> None:
        dice, faces = list(dice), [int(f) for f in faces]
        if len(dice) != len(faces):
            raise ValueError("one face index per die")
        for die, face in zip(dice, faces):
            if not 0 <= face < len(die.faces):
                raise ValueError(f"die '{die.id}' has no face {face}")
        self.dice, self.faces = dice, faces
        self.notes = []  # a new roll: what was spent on the last one no longer applies
        if titles is not None:
            self.titles = titles

    def update(self, dt: float) -> None:
        if self._rolling:
            self.elapsed += dt
            if self.elapsed >= self.duration:
                self._rolling = False

    def skip(self) -> None:
        """Land every die at once."""
        self.elapsed = self.duration
        self._rolling = False

    def clear(self) -> None:
        self.dice, self.faces, self._rolling = [], [], False

    @property
    def rolling(self) -> bool:
        return self._rolling

    def _landing_time(self, index: int) -> float:
        """Dice land one after another, the last at ``duration``."""
        n = max(1, len(self.dice))
        return self.duration * (0.7 + 0.3 * (index + 1) / n)

    def landed(self, index: int) -> bool:
        return not self._rolling or self.elapsed >= self._landing_time(index)

    def shown_faces(self) -> list[int]:
        """The face each die shows now: a fixed cycle while tumbling, then the rolled one."""
        out = []
        for i, (die, face) in enumerate(zip(self.dice, self.faces)):
            if self.landed(i):
                out.append(face)
            else:
                step = int(self.elapsed / self.CYCLE)
                out.append((face + 1 + i * 2 + step) % len(die.faces))
        return out

    def groups(self) -> tuple[list[int], list[int]]:
        """Indices of the attack dice and of the defense dice, in roll order."""
        attack = [i for i, d in enumerate(self.dice) if not is_defense_die(d, self.looks.get(d.id))]
        defense = [i for i, d in enumerate(self.dice) if is_defense_die(d, self.looks.get(d.id))]
        return attack, defense

    def totals(self) -> dict[str, int]:
        """The totals of the landed faces, as :func:`game.core.dice.total` adds them (DD-142)."""
        return total(self.dice, self.faces)

    def group_totals(self) -> tuple[dict[str, int], dict[str, int]]:
        attack, defense = self.groups()
        return (total([self.dice[i] for i in attack], [self.faces[i] for i in attack]),
                total([self.dice[i] for i in defense], [self.faces[i] for i in defense]))

    @property
    def miss(self) -> bool:
        return self.totals().get("miss", 0) > 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self.hovered = self.rect.collidepoint(event.pos)
        return False

    def hover_text(self, pos: tuple[int, int] | None = None) -> str:
        """What the die under ``pos`` (or the mouse) shows, in words; else empty."""
        pos = pos or self._mouse
        if pos is None or self._rolling:
            return ""
        for i, rect in enumerate(self.die_rects):
            if rect.collidepoint(pos) and i < len(self.dice):
                die, face = self.dice[i], self.dice[i].face(self.faces[i])
                return f"{die.name} die: {_describe(face)}"
        return ""

    # -- drawing -----------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw_frame(self, surface: pygame.Surface, scale: float) -> pygame.Rect:
        """The tray itself: a walnut rim round dark felt; returns the felt's rect."""
        rect = self.rect
        radius = px(10, scale)
        pygame.draw.rect(surface, theme.WALNUT, rect, border_radius=radius)
        inner = rect.inflate(-px(8, scale), -px(8, scale))
        pygame.draw.rect(surface, theme.FELT_DARK, inner, border_radius=max(2, radius - 3))
        pygame.draw.rect(surface, theme.WALNUT_LIGHT, rect, 2, border_radius=radius)
        return inner

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        rect = self.rect
        radius = px(10, scale)
        key = ("shadow", rect.size, radius)
        shadow = self._cache.get(key)
        if shadow is None:
            shadow = pygame.Surface(rect.inflate(8, 8).size, pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=radius + 4)
            self._cache[key] = shadow
        surface.blit(shadow, rect.move(-1, 1))
        inner = self.draw_frame(surface, scale)
        self.die_rects = [pygame.Rect(0, 0, 0, 0) for _ in self.dice]
        if not self.dice:
            label = assets.text("No dice rolled yet", "italic", max(theme.MIN_TEXT_PX, px(16, scale)), theme.MUTED)
            surface.blit(label, label.get_rect(center=inner.center))
            return
        attack, defense = self.groups()
        pad = px(10, scale)
        gap = px(8, scale)
        title_size = max(theme.MIN_TEXT_PX, px(16, scale))
        total_size = max(theme.MIN_TEXT_PX, px(18, scale))
        title_h = assets.font("heading", title_size).get_linesize()
        total_h = int(assets.font("bold", total_size).get_linesize() * 1.1)
        groups = [g for g in (attack, defense) if g]
        sep = px(36, scale) if len(groups) == 2 else 0
        n = len(self.dice)
        avail_w = inner.width - 2 * pad - sep - gap * (n - len(groups))
        avail_h = inner.height - title_h - total_h - 2 * pad
        size = int(max(18, min(px(60, scale), avail_w / max(1, n), avail_h)))
        widths = [len(g) * size + (len(g) - 1) * gap for g in groups]
        # Each group gets a column at least as wide as its totals line.
        totals = self.group_totals()
        lines = []
        for g in groups:
            which = totals[0] if g is attack else totals[1]
            symbols = frozenset(sym for i in g for face in self.dice[i].faces for sym, _ in face)
            lines.append(self._totals_line(assets, which, g is attack, total_size, symbols))
        cols = [max(w, line.get_width()) for w, line in zip(widths, lines)]
        spare = inner.width - 2 * pad - sum(cols) - sep
        x = inner.x + pad + max(0, spare // 2)
        top = inner.y + pad // 2
        shown = self.shown_faces()
        for k, (g, col, width, line) in enumerate(zip(groups, cols, widths, lines)):
            title = self.titles[0] if g is attack else self.titles[1]
            label = assets.text(title, "heading", title_size, theme.PARCHMENT)
            surface.blit(label, label.get_rect(midtop=(x + col // 2, top)))
            dx = x + (col - width) // 2
            dy = top + title_h + pad // 2
            for i in g:
                self._draw_die(surface, assets, i, shown[i], pygame.Rect(dx, dy, size, size))
                dx += size + gap
            if not self._rolling:
                surface.blit(line, line.get_rect(midtop=(x + col // 2, dy + size + pad // 2)))
            else:
                dots = assets.text("rolling…", "italic", total_size, theme.MUTED)
                surface.blit(dots, dots.get_rect(midtop=(x + col // 2, dy + size + pad // 2)))
            x += col
            if k == 0 and len(groups) == 2:
                vs = assets.text("vs", "heading", title_size, theme.GOLD)
                surface.blit(vs, vs.get_rect(center=(x + sep // 2, dy + size // 2)))
                x += sep
        if self.notes and not self._rolling:
            note = assets.text(" · ".join(self.notes), "italic", max(theme.MIN_TEXT_PX, px(15, scale)),
                               theme.GOLD_LIGHT)
            surface.blit(note, note.get_rect(bottomleft=(inner.x + pad, inner.bottom - pad // 2)))

    def _draw_die(self, surface: pygame.Surface, assets: Assets, index: int, face: int, rect: pygame.Rect) -> None:
        die = self.dice[index]
        image = self.die_image(assets, die, face, rect.width)
        self.die_rects[index] = rect
        if self.landed(index):
            surface.blit(image, image.get_rect(center=rect.center))
            return
        t = self.elapsed / max(1e-6, self._landing_time(index))
        wobble = (1 - t) ** 1.5
        angle = 28 * wobble * math.sin(self.elapsed * 31 + index * 1.7)
        hop = -abs(math.sin(self.elapsed * 19 + index)) * rect.height * 0.22 * wobble
        turned = pygame.transform.rotate(image, angle)
        surface.blit(turned, turned.get_rect(center=(rect.centerx, rect.centery + int(hop))))

    def die_image(self, assets: Assets, die: Die, face_index: int, size: int) -> pygame.Surface:
        key = (die, face_index, size, self.looks.get(die.id))
        image = self._cache.get(key)
        if image is not None:
            return image
        if len(self._cache) > 300:
            self._cache.clear()
        image = pygame.Surface((size + 4, size + 5), pygame.SRCALPHA)
        body = pygame.Rect(1, 0, size, size)
        look = self.looks.get(die.id)
        colour = die_colour(die, look)
        radius = max(4, size // 5)
        pygame.draw.rect(image, (0, 0, 0, 110), body.move(2, 4), border_radius=radius)
        pygame.draw.rect(image, _shade(colour, 0.62), body, border_radius=radius)
        top = body.inflate(-max(2, size // 14), -max(2, size // 14)).move(0, -max(1, size // 30))
        pygame.draw.rect(image, colour, top, border_radius=radius - 1)
        pygame.draw.rect(image, _shade(colour, 1.25), top, max(1, size // 28), border_radius=radius - 1)
        pygame.draw.rect(image, (10, 8, 6), body, 1, border_radius=radius)
        ink = _ink_for(colour)
        # Light glyphs get a dark outline; dark glyphs a light one (the shield's rib shows).
        outline = (10, 8, 6) if ink != theme.INK else _shade(colour, 1.32)
        face = die.face(face_index)
        c = top.center
        if face.get("miss"):
            draw_miss(image, c, size * 0.62, (226, 52, 44), (250, 246, 236))
        elif face.get("shields") or is_defense_die(die, look):
            self._shields(image, assets, face.get("shields", 0), top, colour, ink, outline)
        else:
            rng, hearts, surge = face.get("range", 0), face.get("hearts", 0), face.get("surge", 0)
            glyphs = [draw_heart] * min(hearts, 3) + [draw_surge] * min(surge, 2)
            g = size * 0.27
            if rng:
                number = assets.text(str(rng), "title", max(theme.MIN_TEXT_PX, int(size * 0.4)), ink)
                nr = number.get_rect(center=(c[0] + int(g * 0.25), top.y + int(top.height * 0.3)))
                if outline is not None:
                    shadow = assets.text(str(rng), "title", max(theme.MIN_TEXT_PX, int(size * 0.4)), outline)
                    image.blit(shadow, nr.move(1, 1))
                image.blit(number, nr)
                draw_range(image, (nr.x - g * 0.55, nr.centery + 1), g * 0.95, ink, outline)
                row_y = top.y + top.height * 0.72
            else:
                row_y = c[1]
            if hearts > 3:
                glyphs = [draw_heart, draw_surge] if surge else [draw_heart]
                label = assets.text(str(hearts), "title", max(theme.MIN_TEXT_PX, int(size * 0.34)), ink)
                image.blit(label, label.get_rect(midright=(c[0] - g * 0.2, row_y)))
            if glyphs:
                rows = [glyphs]
                if not rng:
                    g = size * {1: 0.44, 2: 0.32}.get(len(glyphs), 0.32)
                    if len(glyphs) >= 3:  # two rows, bigger glyphs
                        rows = [glyphs[:2], glyphs[2:]]
                g = min(g, top.width * 0.88 / (max(len(r) for r in rows) * 1.05))
                step = g * 1.05
                for j, row in enumerate(rows):
                    y = row_y + (j - (len(rows) - 1) / 2) * g * 1.05
                    x0 = c[0] - step * (len(row) - 1) / 2
                    for k, glyph in enumerate(row):
                        glyph(image, (x0 + k * step, y), g, ink, outline)
            elif not rng:
                self._blank(image, top, ink)
        self._cache[key] = image
        return image

    def _shields(self, image: pygame.Surface, assets: Assets, count: int, area: pygame.Rect, body: Colour,
                 ink: Colour, outline: Colour | None) -> None:
        """A defense face: one big shield with the number of shields on it (blank: a dash)."""
        if count <= 0:
            self._blank(image, area, ink)
            return
        s = area.width
        centre = (area.centerx, area.centery + s * 0.02)
        draw_shield(image, centre, s * 0.8, ink, outline, rib=False)
        number_colour = _shade(body, 0.55) if ink != theme.INK else (250, 246, 236)
        label = assets.text(str(count), "title", max(theme.MIN_TEXT_PX, int(s * 0.42)), number_colour)
        image.blit(label, label.get_rect(center=(centre[0], centre[1] - s * 0.03)))

    @staticmethod
    def _blank(image: pygame.Surface, area: pygame.Rect, ink: Colour) -> None:
        """A blank face: a short faint dash, so it reads as 'nothing' and not as 'not drawn'."""
        w = max(4, area.width // 5)
        colour = mix(ink, (128, 128, 128), 0.5)
        pygame.draw.line(image, colour, (area.centerx - w, area.centery), (area.centerx + w, area.centery),
                         max(2, area.width // 16))

    def _totals_line(self, assets: Assets, totals: dict[str, int], attack: bool, size: int,
                     symbols: frozenset[str] = frozenset(SYMBOL_ORDER)) -> pygame.Surface:
        """Glyph + number for each symbol of the group, and MISS on a miss."""
        key = ("totals", tuple(sorted(totals.items())), attack, size, symbols)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        parts: list[tuple[str, object]] = []
        if attack:
            if totals.get("miss"):
                parts.append(("miss", None))
            parts += [(sym, totals.get(sym, 0)) for sym in ("range", "hearts", "surge")
                      if sym in symbols or totals.get(sym)]
        else:
            parts.append(("shields", totals.get("shields", 0)))
        g = int(size * 1.05)
        pieces: list[tuple[str, pygame.Surface | None]] = []
        for symbol, value in parts:
            if symbol == "miss":
                pieces.append(("miss", assets.text("MISS", "heading", size, (240, 96, 80))))
                continue
            pieces.append((symbol, assets.text(str(value), "bold", size, theme.PARCHMENT)))
        spacing = int(size * 0.7)
        width = sum(g + 3 + (p.get_width() if p else 0) for _, p in pieces) + spacing * (len(pieces) - 1)
        height = max(g, max((p.get_height() for _, p in pieces if p), default=g))
        line = pygame.Surface((width + 2, height + 2), pygame.SRCALPHA)
        x = 0
        for symbol, label in pieces:
            cy = height // 2 + 1
            GLYPHS[symbol](line, (x + g / 2, cy), g * (0.8 if symbol == "miss" else 0.9), GLYPH_COLOURS[symbol],
                           (10, 8, 6))
            x += g + 3
            if label is not None:
                line.blit(label, (x, (height - label.get_height()) // 2 + 1))
                x += label.get_width()
            x += spacing
        self._cache[key] = line
        return line


PIP_SPOTS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
"""Where a six-sided die's pips stand, by count, in steps from its centre."""


def pip_die(size: int, pips: int, body: Colour, edge: Colour, outline: Colour, pip: Colour,
            pip_grow: int = 0) -> pygame.Surface:
    """A six-sided die showing ``pips`` as a picture ``size`` px wide (and its shadow): its
    ``edge`` under a ``body``-coloured top, an ``outline``, pips ``pip_grow`` px larger than
    usual (a red single pip)."""
    image = pygame.Surface((size + 4, size + 5), pygame.SRCALPHA)
    rect = pygame.Rect(1, 0, size, size)
    radius = max(4, size // 5)
    pygame.draw.rect(image, (0, 0, 0, 110), rect.move(2, 4), border_radius=radius)
    pygame.draw.rect(image, edge, rect, border_radius=radius)
    top = rect.inflate(-max(2, size // 14), -max(2, size // 14)).move(0, -max(1, size // 30))
    pygame.draw.rect(image, body, top, border_radius=radius - 1)
    pygame.draw.rect(image, outline, rect, 1, border_radius=radius)
    step = top.width * 0.27
    r = max(2, int(size * 0.085)) + pip_grow
    for dx, dy in PIP_SPOTS.get(pips, []):
        pygame.draw.circle(image, pip, (int(top.centerx + dx * step), int(top.centery + dy * step)), r)
    return image


def _describe(face: dict[str, int]) -> str:
    if face.get("miss"):
        return "X (miss)"
    parts = []
    if face.get("range"):
        parts.append(f"range {face['range']}")
    for symbol in ("hearts", "surge", "shields"):
        n = face.get(symbol, 0)
        if n:
            word = {"hearts": "heart", "surge": "surge", "shields": "shield"}[symbol]
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts) if parts else "blank"


def _shade(c: Colour, t: float) -> Colour:
    return (max(0, min(255, int(c[0] * t))), max(0, min(255, int(c[1] * t))), max(0, min(255, int(c[2] * t))))


def all_faces(dice: Iterable[Die]) -> list[tuple[Die, int]]:
    """Every (die, face index) pair, for previews and tests."""
    return [(die, i) for die in dice for i in range(len(die.faces))]
