"""The side column of the Champions of Albion table: the fate star, the main enemy card and
the champion cards (tracks, attributes, gold and tokens, attached resources and banes as
chips); and the helpers every panel shares (``PanelBase``).

Each panel measures itself first (``*_height``) and then draws into the rect the table
gives it; everything clickable is registered with the table (``Table.mark``), which
records the hit, lights it when it is an option and says it is shown on the table.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping

import pygame

from game.rulesets.champions_of_albion.vocabulary import ATTRIBUTES
from game.rulesets.champions_of_albion.view_types import CAView
from game.ui import theme
from game.ui.tables.champions_of_albion_art import (
    ATTR_SHORT,
    BANE_COLOURS,
    BANE_ICONS,
    CHAMPION_ICONS,
    LIFE_RED,
    MAIN_ENEMY_ICONS,
    PHASES,
    RESOURCE_COLOURS,
    RESOURCE_ICONS,
    WILL_BLUE,
    bane_id,
    content,
    seat_colour,
)
from game.ui.theme import Colour, px
from game.ui.widgets.dice_tray import draw_heart

if TYPE_CHECKING:
    from game.ui.tables.champions_of_albion import ChampionsOfAlbionTable

MIN = theme.MIN_TEXT_PX
GREEN: Colour = (44, 112, 52)
AID_BLUE: Colour = (62, 118, 170)
QUEST_IVORY: Colour = (246, 242, 230)


def acting(view: CAView) -> str | None:
    """The champion acting now: the story's reader, else the champion whose turn it is."""
    turn = view.get("turn")
    story = view.get("story")
    if story:
        return str(story["champion"])
    if turn:
        return next((c["id"] for c in view.get("champions", []) if c["seat"] == turn["seat"]), None)
    return None


class PanelBase:
    """What every panel of the table needs: its assets, scale and text helpers, and the
    table to register hits with (``Table.mark``)."""

    def __init__(self, table: "ChampionsOfAlbionTable") -> None:
        self.t = table
        self.a = table.assets
        self._star_cache: dict[tuple[Any, ...], pygame.Surface] = {}

    @property
    def s(self) -> float:
        return self.t.scale

    def size(self, base: float) -> int:
        return max(MIN, px(base, self.s))

    @property
    def fs(self) -> int:
        """The body text size: 15 px at 1280x720 and below, larger on larger windows."""
        return max(MIN, px(15, self.s))

    def line_h(self, role: str = "body", size: int | None = None) -> int:
        return self.a.font(role, size or self.fs).get_linesize() - 1

    def blit_text(self, surface: pygame.Surface | None, text: str, role: str, size: int, colour: Colour,
                  pos: tuple[int, int], anchor: str = "topleft") -> pygame.Rect:
        label = self.a.text(text, role, size, colour)
        rect = label.get_rect(**{anchor: pos})
        if surface is not None:
            surface.blit(label, rect)
        return rect

    def fit(self, text: str, role: str, size: int, width: int) -> str:
        return self.a.fit(text, role, size, width)

    def paragraph(self, surface: pygame.Surface | None, text: str, role: str, size: int, colour: Colour,
                  x: int, y: int, width: int, max_lines: int | None = None) -> int:
        """Wrapped text from (x, y); returns the y below it. With ``max_lines`` the last
        line shown ends in an ellipsis when text is left over."""
        lines = self.a.wrap(text, role, size, width)
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            if lines:
                lines[-1] = self.fit(lines[-1] + " …", role, size, width)
        lh = self.line_h(role, size)
        for line in lines:
            if surface is not None:
                surface.blit(self.a.text(line, role, size, colour), (x, y))
            y += lh
        return y

    def card(self, surface: pygame.Surface, rect: pygame.Rect, frame: Colour, fill: Colour = theme.PARCHMENT,
             width: int = 2) -> None:
        radius = px(8, self.s)
        shadow = rect.move(2, 3)
        pygame.draw.rect(surface, (10, 16, 12), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, frame, rect, width=width, border_radius=radius)

    def _token(self, surface: pygame.Surface, kind: str, value: Any, rect: pygame.Rect, dense: bool) -> None:
        s = self.s
        h = rect.height
        if kind == "gold":
            icon = self.a.icon("two-coins", h - 2, (150, 110, 30))
            surface.blit(icon, (rect.x, rect.y + 1))
            self.blit_text(surface, str(value), "bold", self.fs, theme.INK, (rect.x + h + px(2, s), rect.centery), "midleft")
            self.t.mark(surface, rect, ("gold", str(value)), outline=False)
        elif kind == "quest":
            cx, cy, r = rect.x + h // 2, rect.centery, h // 2 - 1
            pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            pygame.draw.polygon(surface, QUEST_IVORY, pts)
            pygame.draw.polygon(surface, (150, 130, 90), pts, 2)
            self.blit_text(surface, str(value), "bold", self.fs, theme.INK, (rect.x + h + px(2, s), rect.centery), "midleft")
            self.t.mark(surface, rect, ("quest", str(value)), outline=False)
        elif kind == "aid":
            pygame.draw.rect(surface, AID_BLUE, rect, border_radius=h // 3)
            pygame.draw.rect(surface, (30, 60, 90), rect, 2, border_radius=h // 3)
            self.blit_text(surface, f"+{value}", "bold", self.fs, (250, 250, 250), rect.center, "center")
            self.t.mark(surface, rect, ("aid", str(value)), small=True)
        else:
            target, name, icon_name, colour = value
            pygame.draw.rect(surface, colour, rect, border_radius=h // 3)
            pygame.draw.rect(surface, theme.INK, rect, 1, border_radius=h // 3)
            icon = self.a.icon(icon_name, h - px(6, s), theme.PARCHMENT)
            surface.blit(icon, icon.get_rect(center=(rect.x + h // 2, rect.centery)))
            if not dense:
                text = self.fit(name, "bold", self.fs, rect.width - h - px(6, s))
                self.blit_text(surface, text, "bold", self.fs, theme.PARCHMENT, (rect.x + h, rect.centery), "midleft")
            self.t.mark(surface, rect, target, small=True)


class SidePanels(PanelBase):
    """The side column: the fate star, the main enemy card and the champion cards."""

    # -- the fate star and the act ------------------------------------------------------------------

    def header_height(self) -> int:
        return max(px(88, self.s), 3 * self.line_h("body", self.fs) + self.line_h("heading", self.size(18)) + px(8, self.s))

    def draw_header(self, surface: pygame.Surface, rect: pygame.Rect, view: CAView) -> None:
        s = self.s
        self.card(surface, rect, theme.GOLD, theme.WALNUT)
        star_d = min(rect.height - px(8, s), px(84, s))
        star_rect = pygame.Rect(rect.x + px(6, s), rect.y + (rect.height - star_d) // 2, star_d, star_d)
        act = int(view.get("act", 1))
        surface.blit(self._star(star_d, int(view.get("fate", 1)), act), star_rect)
        self.t.mark(surface, star_rect, ("fate", str(view.get("fate", 1))), outline=False)
        x = star_rect.right + px(10, s)
        width = rect.right - x - px(8, s)
        y = rect.y + px(5, s)
        heading = self.size(18)
        self.blit_text(surface, f"Act {act} · Round {view['round']}" if view.get("round") else "Setup", "heading",
                       heading,
                       theme.GOLD_LIGHT, (x, y))
        y += self.line_h("heading", heading)
        phase = PHASES.get(str(view.get("phase", "")), str(view.get("phase", "")).capitalize())
        self.blit_text(surface, self.fit(f"{phase} · fate on {view.get('fate', 1)}", "body", self.fs, width), "body", self.fs,
                       theme.PARCHMENT, (x, y))
        y += self.line_h()
        names = {c["seat"]: c["short"] for c in view.get("champions", [])}
        order = [names[seat] for seat in view.get("initiative", []) if seat in names]
        if order:
            # On two lines where one cannot hold it (four champions at 1024x640): the whole order
            # counts for more than the token counts under it, which the map shows too.
            lines = self.a.wrap("Order: " + " › ".join(order), "body", self.fs, width)[:2]
            for line in lines:
                self.blit_text(surface, self.fit(line, "body", self.fs, width), "body", self.fs,
                               theme.PARCHMENT_DARK, (x, y))
                y += self.line_h()
        decks = view.get("world_decks", {})
        if decks and y + self.line_h() <= rect.bottom - 2:
            text = f"Shadows {len(view.get('shadows', []))} · quest tokens {len(view.get('quest_tokens', []))}"
            self.blit_text(surface, self.fit(text, "body", self.fs, width), "body", self.fs, theme.PARCHMENT_DARK, (x, y))

    def _star(self, d: int, fate: int, act: int) -> pygame.Surface:
        key = (d, fate, act)
        cached = self._star_cache.get(key)
        if cached is not None:
            return cached
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        c = (d / 2, d / 2 + d * 0.03)
        r = d * 0.36
        pts = [(c[0] + r * math.cos(-math.pi / 2 + k * 2 * math.pi / 5),
                c[1] + r * math.sin(-math.pi / 2 + k * 2 * math.pi / 5)) for k in range(5)]
        line = (150, 120, 70) if act == 1 else (170, 70, 60)
        pygame.draw.circle(surf, (24, 36, 28), (int(c[0]), int(c[1])), int(r * 1.32))
        pygame.draw.circle(surf, line, (int(c[0]), int(c[1])), int(r * 1.32), 1)
        order = [0, 2, 4, 1, 3, 0]
        for a, b in zip(order, order[1:]):
            pygame.draw.aaline(surf, line, pts[a], pts[b])
        dot = max(8, int(d * 0.13))
        for k, p in enumerate(pts):
            here = k + 1 == fate
            if here:
                for g, alpha in ((6, 60), (4, 110), (2, 170)):
                    pygame.draw.circle(surf, (*theme.GOLD_LIGHT, alpha), (int(p[0]), int(p[1])), dot + g)
            pygame.draw.circle(surf, theme.GOLD if here else theme.WALNUT_LIGHT, (int(p[0]), int(p[1])), dot)
            pygame.draw.circle(surf, theme.INK, (int(p[0]), int(p[1])), dot, 1)
            label = self.a.text(str(k + 1), "heading", self.fs, theme.INK if here else theme.PARCHMENT)
            surf.blit(label, label.get_rect(center=(int(p[0]), int(p[1]) + 1)))
        self._star_cache[key] = surf
        return surf

    # -- the main enemy card ----------------------------------------------------------------------------

    def main_enemy_heights(self, view: CAView, width: int) -> tuple[int, int]:
        """(smallest, with all its text) heights of the main enemy card (as ``draw_main_enemy`` lays it out)."""
        s = self.s
        top = max(px(4, s) + self.line_h("heading", self.size(17)) + self.line_h(), px(8, s) + px(40, s))
        base = top + px(2, s) + px(4, s)
        lines = len(self.a.wrap(self._main_enemy_text(view), "body", self.fs, width - 2 * px(8, s)))
        return base, base + lines * self.line_h()

    @staticmethod
    def _main_enemy_text(view: CAView) -> str:
        m = view["main_enemy"]
        if int(view.get("act", 1)) >= 2:
            return str(m["act2"]["behaviour"])
        return "Combat: " + str(m["act1"]["combat_ability"])

    def draw_main_enemy(self, surface: pygame.Surface, rect: pygame.Rect, view: CAView) -> None:
        s = self.s
        m = view["main_enemy"]
        act2 = int(view.get("act", 1)) >= 2
        frame = (150, 40, 34) if act2 else (110, 70, 50)
        self.card(surface, rect, frame, theme.PARCHMENT, width=3 if act2 else 2)
        self.t.mark(surface, rect, ("main_enemy", m["id"]), outline=False)
        pad = px(8, s)
        heading = self.size(17)
        icon_d = min(px(40, s), rect.height - 2 * pad)
        icon_rect = pygame.Rect(rect.x + pad, rect.y + pad, icon_d, icon_d)
        pygame.draw.circle(surface, (60, 14, 18), icon_rect.center, icon_d // 2)
        pygame.draw.circle(surface, theme.GOLD, icon_rect.center, icon_d // 2, 2)
        icon = self.a.icon(MAIN_ENEMY_ICONS.get(m["id"], "dragon-head"), int(icon_d * 0.72), theme.GOLD_LIGHT)
        surface.blit(icon, icon.get_rect(center=icon_rect.center))
        x = icon_rect.right + pad
        y = rect.y + px(4, s)
        self.blit_text(surface, self.fit(m["name"], "heading", heading, rect.right - x - pad), "heading", heading,
                       theme.INK, (x, y))
        y += self.line_h("heading", heading)
        if act2:
            a2 = m["act2"]
            stats = [("DV", str(a2["dv"]), theme.INK), ("AV", str(a2["av"]), theme.INK),
                     ("Life", str(a2["life"]), theme.DANGER)]
            sx = x
            for label, value, colour in stats:
                r = self.blit_text(surface, label, "body", self.fs, theme.MUTED, (sx, y))
                r = self.blit_text(surface, value, "heading", self.fs, colour, (r.right + px(3, s), y))
                sx = r.right + px(12, s)
            tag = "on the map" if m.get("on_map") else "not on the map"
            self.blit_text(surface, self.fit(tag, "italic", self.fs, max(10, rect.right - sx - pad)), "italic", self.fs,
                           theme.MUTED, (sx, y))
        else:
            self.blit_text(surface, self.fit("Act 1 side · hover for its texts", "italic", self.fs, rect.right - x - pad),
                           "italic", self.fs, theme.MUTED, (x, y))
        y = max(y + self.line_h(), icon_rect.bottom) + px(2, s)
        room = (rect.bottom - px(4, s) - y) // self.line_h()
        if room > 0:
            self.paragraph(surface, self._main_enemy_text(view), "body", self.fs, theme.INK, rect.x + pad, y,
                           rect.width - 2 * pad, max_lines=room)

    # -- champion cards ------------------------------------------------------------------------------------

    def champion_height(self, c: Mapping[str, Any], width: int, dense: bool) -> int:
        return self._champion(None, pygame.Rect(0, 0, width, 0), c, dense, None)

    def draw_champion(self, surface: pygame.Surface, rect: pygame.Rect, c: Mapping[str, Any], dense: bool,
                      view: CAView) -> None:
        self._champion(surface, rect, c, dense, view)

    def _champion(self, surface: pygame.Surface | None, rect: pygame.Rect, c: Mapping[str, Any], dense: bool,
                  view: CAView | None) -> int:
        """Draw (or, with no surface and no view, measure) one champion card; returns its height."""
        s = self.s
        pad = px(7, s)
        gap = px(4, s)
        lh = self.line_h()
        x0, w = rect.x + pad, rect.width - 2 * pad
        target = ("champion", c["id"])
        is_acting = view is not None and acting(view) == c["id"]
        if surface is not None:
            self.card(surface, rect, seat_colour(c["seat"]), theme.PARCHMENT, width=3 if is_acting else 2)
            self.t.mark(surface, rect, target)
        y = rect.y + pad
        # Name row: seat disc with the archetype's icon, the name, the archetype.
        heading = self.size(16)
        row_h = max(self.line_h("heading", heading), px(22, s))
        disc = row_h
        if surface is not None:
            centre = (x0 + disc // 2, y + row_h // 2)
            pygame.draw.circle(surface, theme.INK, centre, disc // 2)
            pygame.draw.circle(surface, seat_colour(c["seat"]), centre, disc // 2 - 1)
            pygame.draw.circle(surface, theme.PARCHMENT, centre, disc // 2 - max(3, disc // 7))
            icon = self.a.icon(CHAMPION_ICONS.get(c["archetype"], "swordman"), int(disc * 0.62), theme.INK)
            surface.blit(icon, icon.get_rect(center=centre))
        nx = x0 + disc + px(6, s)
        right = x0 + w
        if dense:
            right = self._tracks_compact(surface, c, right, y, row_h)
        else:
            arch = c["archetype"] + (", spirit-touched" if c.get("spirit_touched") else "")
            arch_w = self.a.font("italic", self.fs).size(arch)[0]
            name_w = self.a.font("heading", heading).size(c["name"])[0]
            if nx + name_w + px(8, s) + arch_w <= right and surface is not None:
                self.blit_text(surface, arch, "italic", self.fs, theme.MUTED, (right, y + row_h // 2), "midright")
                right -= arch_w + px(8, s)
        if surface is not None:
            # The whole name where it fits, else the name the log calls the champion by ("Gareth",
            # not "Gareth Ston…"); the panel's tooltip has the whole card.
            name = self.a.first_fitting((c["name"], c["short"]), "heading", heading, right - nx)
            self.blit_text(surface, name, "heading", heading,
                           theme.INK, (nx, y + row_h // 2), "midleft")
            if is_acting:
                tag = self.a.text("acting", "italic", self.fs, GREEN)
                if right - nx > self.a.font("heading", heading).size(name)[0] + tag.get_width() + px(10, s):
                    surface.blit(tag, tag.get_rect(midright=(right, y + row_h // 2)))
        y += row_h + gap
        if not dense:
            self._tracks(surface, c, x0, y, w, lh)
            y += lh + gap
        # Attributes (as modified now; green when raised, red when lowered).
        y = self._attributes(surface, c, x0, y, w) + gap
        # Gold, quest tokens, aid tokens; then resources and banes as chips.
        chips = self._chip_specs(c)
        y = self._tokens_and_chips(surface, c, chips, x0, y, w, dense)
        return y + pad - rect.y

    def _tracks(self, surface: pygame.Surface | None, c: Mapping[str, Any], x: int, y: int, w: int, lh: int) -> None:
        half = (w - px(10, self.s)) // 2
        self._track(surface, "life", c["life"], c["max_life"], pygame.Rect(x, y, half, lh))
        self._track(surface, "will", c["will"], c["max_will"], pygame.Rect(x + half + px(10, self.s), y, half, lh))

    def _track(self, surface: pygame.Surface | None, kind: str, value: int, most: int, rect: pygame.Rect) -> None:
        if surface is None:
            return
        s = self.s
        icon_d = rect.height - 2
        centre = (rect.x + icon_d // 2, rect.centery)
        colour = LIFE_RED if kind == "life" else WILL_BLUE
        if kind == "life":
            draw_heart(surface, centre, icon_d * 0.95, colour, theme.INK)
        else:
            pygame.draw.circle(surface, theme.INK, centre, icon_d // 2 - 1)
            pygame.draw.circle(surface, colour, centre, icon_d // 2 - 2)
            pygame.draw.circle(surface, (200, 204, 250), (centre[0] - icon_d // 8, centre[1] - icon_d // 8),
                               max(1, icon_d // 7))
        label = self.a.text(f"{value}/{most}", "bold", self.fs, theme.DANGER if kind == "life" and value <= 2 else theme.INK)
        surface.blit(label, label.get_rect(midright=(rect.right, rect.centery)))
        bar = pygame.Rect(rect.x + icon_d + px(4, s), rect.y + rect.height // 4,
                          rect.width - icon_d - label.get_width() - px(10, s), max(6, rect.height // 2))
        if bar.width < 10 or most <= 0:
            return
        seg = bar.width / most
        for k in range(most):
            box = pygame.Rect(int(bar.x + k * seg), bar.y, max(2, int(seg) - 1), bar.height)
            pygame.draw.rect(surface, colour if k < value else (214, 200, 168), box, border_radius=2)
        pygame.draw.rect(surface, theme.INK, bar.inflate(2, 2), 1, border_radius=3)

    def _tracks_compact(self, surface: pygame.Surface | None, c: Mapping[str, Any], right: int, y: int,
                        row_h: int) -> int:
        """Life and will as numbers at the right of the name row; returns where the name must end."""
        s = self.s
        items = [("will", f"{c['will']}/{c['max_will']}"), ("life", f"{c['life']}/{c['max_life']}")]
        x = right
        for kind, text in items:
            label = self.a.text(text, "bold", self.fs, theme.INK)
            x -= label.get_width()
            icon_d = self.line_h() - 3
            if surface is not None:
                surface.blit(label, (x, y + (row_h - label.get_height()) // 2))
                centre = (x - icon_d // 2 - 2, y + row_h // 2)
                if kind == "life":
                    draw_heart(surface, centre, icon_d * 0.95, LIFE_RED, theme.INK)
                else:
                    pygame.draw.circle(surface, theme.INK, centre, icon_d // 2 - 1)
                    pygame.draw.circle(surface, WILL_BLUE, centre, icon_d // 2 - 2)
            x -= icon_d + px(10, s)
        return x - px(2, s)

    def _attributes(self, surface: pygame.Surface | None, c: Mapping[str, Any], x0: int, y: int, w: int) -> int:
        s = self.s
        lh = self.line_h()
        x = x0
        gap = px(9, s)
        for a in ATTRIBUTES:
            value, printed = c["attributes"].get(a, 0), c["printed"].get(a, 0)
            label_w = self.a.font("body", self.fs).size(ATTR_SHORT[a])[0]
            value_w = self.a.font("bold", self.fs).size(str(value))[0]
            item_w = label_w + px(3, s) + value_w
            if x > x0 and x + item_w > x0 + w:
                x, y = x0, y + lh
            if surface is not None:
                colour = GREEN if value > printed else theme.DANGER if value < printed else theme.INK
                self.blit_text(surface, ATTR_SHORT[a], "body", self.fs, theme.MUTED, (x, y))
                self.blit_text(surface, str(value), "bold", self.fs, colour, (x + label_w + px(3, s), y))
            x += item_w + gap
        return y + lh

    def _chip_specs(self, c: Mapping[str, Any]) -> list[tuple[tuple[str, str], str, str, Colour]]:
        out = []
        for rid in c.get("resources", []):
            r = content().resources.get(rid)
            if r is not None:
                out.append((("resource", rid), r.name, RESOURCE_ICONS.get(r.kind, "card-draw"),
                            RESOURCE_COLOURS.get(r.kind, theme.MUTED)))
        for bane in c.get("banes", []):
            b = content().banes.get(bane_id(bane))
            if b is not None:
                out.append((("bane", bane), b.name, BANE_ICONS.get(b.kind, "devil-mask"),
                            BANE_COLOURS.get(b.kind, theme.DANGER)))
        return out

    def _tokens_and_chips(self, surface: pygame.Surface | None, c: Mapping[str, Any],
                          chips: list[tuple[tuple[str, str], str, str, Colour]], x0: int, y: int, w: int,
                          dense: bool) -> int:
        s = self.s
        h = self.line_h() + px(4, s)
        gap = px(5, s)
        x = x0
        # Gold and quest tokens, then one square per aid token.
        items: list[tuple[str, Any]] = [("gold", c.get("gold", 0))]
        if c.get("quest_tokens"):
            items.append(("quest", c["quest_tokens"]))
        for value in c.get("aid", []):
            items.append(("aid", value))
        items += [("chip", chip) for chip in chips]
        for kind, value in items:
            if kind == "chip":
                target, name, icon, colour = value
                if dense:
                    width = h
                else:
                    text_w = self.a.font("bold", self.fs).size(name)[0]
                    width = min(h + text_w + px(8, s), max(h * 3, w // 2 - gap))
            elif kind == "aid":
                width = h + px(6, s)
            else:
                width = h + px(4, s) + self.a.font("bold", self.fs).size(str(value))[0] + px(2, s)
            if x > x0 and x + width > x0 + w:
                x, y = x0, y + h + gap
            rect = pygame.Rect(x, y, width, h)
            if surface is not None:
                self._token(surface, kind, value, rect, dense)
            x += width + gap
        return y + h
